"""``paydesk terminal token [--rotate] [--json]``: the till program's API token.

The token is a secret like the secret key (core/terminal_token.py): printed only
here, on request, for the person setting the till program up; never logged.
"""

from __future__ import annotations

import argparse
import json

from paydesk.cli import exit_codes
from paydesk.core.runtime import Runtime
from paydesk.core.terminal_token import api_token


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    terminal = sub.add_parser(
        "terminal", help="the API a till program takes payments through",
        description="The till program's API (terminal_api set to local). Exit codes: 0 "
        "done, 2 no keychain to keep the token in.")
    what = terminal.add_subparsers(dest="what", metavar="WHAT", required=True)
    token = what.add_parser(
        "token", help="print the API token the till program sends (Authorization: Bearer); "
        "made the first time")
    token.add_argument("--rotate", action="store_true",
                       help="make a new token: the old one stops working when the API "
                       "starts again")
    token.add_argument("--json", action="store_true", help='print {"token": ...}')
    terminal.set_defaults(run=run_terminal)


def run_terminal(args: argparse.Namespace, runtime: Runtime) -> int:
    token = api_token(runtime.secret_store(), rotate=args.rotate)
    print(json.dumps({"token": token}) if args.json else token)
    return exit_codes.OK
