"""Prints every focus change on the accessibility bus, one JSON line each, for screen_reader.py.

Run by the system's Python (/usr/bin/python3), the one python3-pyatspi is installed
for, never the test's virtual environment: the test reads the lines on its stdout.
A line ``{"ready": true}`` says the listener is registered.
"""

from __future__ import annotations

import json
import sys

import pyatspi  # type: ignore[import-not-found]


def _said(event: object) -> None:
    if not event.detail1:  # type: ignore[attr-defined]  # losing the focus
        return
    source = event.source  # type: ignore[attr-defined]
    try:
        line = {"role": source.getRoleName(), "name": source.name or "",
                "description": source.description or "",
                "app": source.getApplication().name or ""}
    except Exception as gone:  # an object that died on its way here
        line = {"role": "", "name": "", "description": "", "app": "", "error": str(gone)}
    print(json.dumps(line, ensure_ascii=False), flush=True)


def main() -> None:
    pyatspi.Registry.registerEventListener(_said, "object:state-changed:focused")
    print(json.dumps({"ready": True}), flush=True)
    pyatspi.Registry.start()


if __name__ == "__main__":
    sys.exit(main())
