"""The service's own words about a failure, made safe to show and to store.

The text is read once, where the reply is read, so the order book, the command
line, the logs and the window all get the same clean sentence. The service may
put anything in it: line breaks that forge a second log line or CSV row,
terminal escapes, right-to-left overrides and zero-width marks that make text
read other than it is. Every such character becomes a space, runs of spaces
become one, and the sentence is cut to a length a person reads.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from paydesk.gateway.errors import SERVICE_MESSAGE_MAX

#: Where the text is: the contract's ``message``, else ``error`` (two public clients
#: of the real service read that one).
FIELDS = ("message", "error")


def service_message(fields: Mapping[str, Any]) -> str | None:
    """The first of :data:`FIELDS` that holds visible text, cleaned; else None."""
    for name in FIELDS:
        value = fields.get(name)
        if isinstance(value, str):
            text = clean(value)
            if text:
                return text
    return None


def clean(text: str) -> str:
    """``text`` on one line, without control, format or separator characters, bounded."""
    visible = "".join(" " if _hidden(ch) else ch for ch in text)
    line = " ".join(visible.split())
    if len(line) <= SERVICE_MESSAGE_MAX:
        return line
    return line[: SERVICE_MESSAGE_MAX - 1].rstrip() + "…"


def _hidden(ch: str) -> bool:
    # C*: controls (CR, LF, ESC, NUL...), format marks (bidi overrides and isolates,
    # zero-width), surrogates, private use, unassigned. Zl, Zp: line and paragraph
    # separators. Other spaces (Zs) are folded by split() above.
    category = unicodedata.category(ch)
    return category[0] == "C" or category in ("Zl", "Zp")
