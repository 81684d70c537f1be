"""``paydesk display link [--name NAME] [--json]``: a fresh pairing address of the
running buyer's web screen (``NAME``: the device's, as Settings lists it).

How it reaches the running window (or ``paydesk serve``): through the data folder, as
``paydesk --demo create`` finds the demo's sandbox (core/demo.py). The server holds
``web-display.lock`` while it runs and writes its address beside it; the pairing code
goes into the devices' file (core/buyer_devices/devices.py), where the server reads it when
the device opens the address. No socket between the two programs, nothing to answer
in the window's thread, and a command never gets a code the server cannot see: the
file is the one place codes are kept. A free lock means nobody serves this folder's
screen: exit 5 with one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime

from paydesk.cli import exit_codes
from paydesk.core.buyer_devices.devices import DeviceBook, pairing_address, running_address
from paydesk.core.runtime import Runtime


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    display = sub.add_parser(
        "display", help="the buyer's screen on a tablet or phone",
        description="The buyer's web screen of the running window (web_display set to "
        "local or network). Exit codes: 0 done, 5 no window of this data folder serves it.")
    what = display.add_subparsers(dest="what", metavar="WHAT", required=True)
    link = what.add_parser(
        "link", help="print a fresh pairing address (single use, 5 minutes): open it on the "
        "tablet or phone to pair it")
    link.add_argument("--json", action="store_true",
                      help='print {"url": ..., "expires_at": ...}')
    link.add_argument("--name", default="",
                      help='the name the device is listed by in Settings ("Counter tablet"; '
                      'default: its kind and a number, "Android tablet 2")')
    display.set_defaults(run=run_display)


def run_display(args: argparse.Namespace, runtime: Runtime) -> int:
    data_dir = runtime.paths.data_dir
    base_url = running_address(data_dir)
    if base_url is None:
        print("paydesk: no PayDesk window serves the buyer's web screen for this data folder "
              "(set web_display to local or network, and start the window).", file=sys.stderr)
        return exit_codes.NOT_RUNNING
    url, expires_at = pairing_address(DeviceBook(data_dir), base_url, datetime.now(UTC),
                                      args.name)
    if args.json:
        print(json.dumps({"url": url, "expires_at": expires_at.isoformat()}))
    else:
        print(url)
        print(f"Open it on the tablet or phone before {expires_at:%H:%M:%S} UTC; it works once.")
    return exit_codes.OK
