"""The options every start of ``paydesk`` takes, with a command or without (the window)."""

from __future__ import annotations

import argparse

#: What each of them is when not given.
DEFAULTS = {"demo": False, "data_dir": None, "verbose": False}


def no_options() -> argparse.Namespace:
    """The options of a start that gives none (``paydesk`` alone, as its icon starts it),
    without building a parser: argparse looks its own words up in gettext's catalogues
    as it builds one, which loads the locale module first."""
    return argparse.Namespace(**DEFAULTS)


def common_options() -> argparse.ArgumentParser:
    """``--demo``, ``--data-dir`` and ``-v``, as a parent parser (``parents=[...]``)."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.set_defaults(**DEFAULTS)
    parser.add_argument("--demo", action="store_true",
                        help="run against the built-in sandbox, with the demo's own database")
    parser.add_argument("--data-dir", help="where the database and settings live")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="log each request to the payment service and its reply to "
                        "stderr (masked)")
    return parser
