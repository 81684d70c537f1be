"""The options every start of ``paydesk`` takes, with a command or without (the window)."""

from __future__ import annotations

import argparse


def common_options() -> argparse.ArgumentParser:
    """``--demo``, ``--data-dir`` and ``-v``, as a parent parser (``parents=[...]``)."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--demo", action="store_true",
                        help="run against the built-in sandbox, with the demo's own database")
    parser.add_argument("--data-dir", help="where the database and settings live")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="log each request to the payment service and its reply to "
                        "stderr (masked)")
    return parser
