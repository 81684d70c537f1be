"""A cashier's PIN from a hidden prompt, or a line of standard input (``--stdin``).

Never from the command line (the shell's history and other users' process lists would
see it), never echoed, never printed or logged: what is read is handed to the core and
dropped.
"""

from __future__ import annotations

import argparse
import getpass
import sys


def add_stdin(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--stdin", action="store_true",
                        help="read the PIN(s) from standard input, one a line, instead of a "
                        "hidden prompt")


def read_pin(args: argparse.Namespace, prompt: str) -> str:
    """One PIN: a line of standard input (``--stdin`` or not a terminal), else typed at a
    prompt that does not show it."""
    if args.stdin or not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    return getpass.getpass(prompt)
