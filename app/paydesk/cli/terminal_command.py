"""``paydesk terminal token [--rotate] [--json]``: the till program's API token;
``paydesk terminal url [--json] [--wait SECONDS]``: the address of the API running for this
data folder (``--wait``: once it has started).

The token is a secret like the secret key (core/terminal/token.py): printed only
here, on request, for the person setting the till program up; never logged.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from paydesk.cli import exit_codes
from paydesk.core.runtime import Runtime
from paydesk.core.terminal.address import running_api_address
from paydesk.core.terminal.token import api_token

#: How often ``url --wait`` looks whether the API has started.
WAIT_STEP = 0.2


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    terminal = sub.add_parser(
        "terminal", help="the API a till program takes payments through",
        description="The till program's API (terminal_api set to local, or paydesk serve). "
        "Exit codes: 0 done, 2 no keychain to keep the token in, 5 (url) nothing serves "
        "the API for this data folder.")
    what = terminal.add_subparsers(dest="what", metavar="WHAT", required=True)
    token = what.add_parser(
        "token", help="print the API token the till program sends (Authorization: Bearer); "
        "made the first time")
    token.add_argument("--rotate", action="store_true",
                       help="make a new token: the running API takes it within seconds, "
                       "and the old one stops working")
    token.add_argument("--json", action="store_true", help='print {"token": ...}')
    url = what.add_parser(
        "url", help="print the base address of the API the window or paydesk serve runs "
        "for this data folder")
    url.add_argument("--json", action="store_true", help='print {"url": ...}')
    url.add_argument("--wait", type=float, default=0.0, metavar="SECONDS",
                     help="wait up to SECONDS for it to start (a paydesk serve just started "
                     "in the background)")
    terminal.set_defaults(run=run_terminal)


def run_terminal(args: argparse.Namespace, runtime: Runtime) -> int:
    if args.what == "url":
        return _print_url(args, runtime)
    token = api_token(runtime.secret_store(), rotate=args.rotate)
    print(json.dumps({"token": token}) if args.json else token)
    return exit_codes.OK


def _print_url(args: argparse.Namespace, runtime: Runtime) -> int:
    deadline = time.monotonic() + max(0.0, args.wait)
    while (base_url := running_api_address(runtime.paths.data_dir)) is None:
        if time.monotonic() >= deadline:
            break
        time.sleep(WAIT_STEP)  # a command, not the window: it has nothing else to do
    if base_url is None:
        print("paydesk: nothing serves the till program's API for this data folder (set "
              "terminal_api to local and start the window, or run paydesk serve).",
              file=sys.stderr)
        return exit_codes.NOT_RUNNING
    url = f"{base_url}/v1"
    print(json.dumps({"url": url}) if args.json else url)
    return exit_codes.OK
