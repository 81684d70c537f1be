"""``--format`` and its shorthand ``--json``: every command that prints a result has both.

The JSON a command prints is its documented schema (docs/command-line.md, "JSON output"):
orders as ``list --format json`` gives them (paydesk/core/book/export.py), with the
service's word (``status``) beside PayDesk's (``phase``); never the secret.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_format(parser: argparse.ArgumentParser, *choices: str, default: str | None,
               help: str | None = None) -> None:
    """``--format CHOICE`` and ``--json``, the same as ``--format json``."""
    parser.add_argument("--format", choices=choices, default=default,
                        help=help or f"how to print the result (default: {default})")
    parser.add_argument("--json", dest="format", action="store_const", const="json",
                        help="the same as --format json")


def print_json(value: Any) -> None:
    """``value`` on standard output as indented UTF-8 JSON, with a final newline."""
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
