"""``paydesk sandbox`` / ``python -m paydesk.sandbox``: run the sandbox until stopped.

Standard output is for scripts: line 1 is the base URL (flushed at once, so a
parent process can read it and go); line 2, only when the secret was generated
here, is that throwaway secret. Everything for people goes to standard error.
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import signal
import sqlite3
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import TypeVar

from paydesk.sandbox.config import (
    DEFAULT_MERCHANT_NAME,
    DEFAULT_PORT,
    DEFAULT_STALL_SECONDS,
    REFUSAL_STYLES,
    REPEAT_STYLES,
    SandboxConfig,
    check_fail_rate,
    check_latency_ms,
    check_positive,
    check_trickle_ms,
)
from paydesk.sandbox.server import SandboxServer
from paydesk.support.loopback import is_loopback_host

SECRET_ENV = "PAYDESK_SANDBOX_SECRET_KEY"
_T = TypeVar("_T")


def _arg_type(
    convert: Callable[[str], _T], check: Callable[[_T], object], what: str
) -> Callable[[str], _T]:
    """An argparse type: convert, then check; either failing is a usage error."""

    def parse(text: str) -> _T:
        try:
            value = convert(text)
            check(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        return value

    parse.__name__ = what  # argparse names the type in its messages
    return parse


def _port(value: int) -> None:
    if not 0 <= value <= 65535:
        raise ValueError(value)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The sandbox's options, shared by ``paydesk sandbox`` and ``python -m``."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (loopback)")
    parser.add_argument(
        "--port",
        type=_arg_type(int, _port, "a port number (0-65535)"),
        default=DEFAULT_PORT,
        help=f"port to listen on; 0 picks a free one (default {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--client-id", type=int, default=1, help="the merchant client_id (default 1)"
    )
    parser.add_argument(
        "--secret-key",
        help=f"the shared secret; default: ${SECRET_ENV}, else a random one printed on line 2",
    )
    parser.add_argument(
        "--ttl",
        type=_arg_type(float, check_positive, "a positive number of seconds"),
        default=900.0,
        metavar="SECONDS",
        help="order lifetime (default 900)",
    )
    parser.add_argument(
        "--latency-ms",
        type=_arg_type(int, check_latency_ms, "a latency in ms (>= 0)"),
        default=0,
        metavar="N",
        help="delay before each /backend reply",
    )
    parser.add_argument(
        "--latency-jitter-ms",
        type=_arg_type(int, check_latency_ms, "a latency in ms (>= 0)"),
        default=0,
        metavar="N",
        help="add a random 0..N ms to each /backend delay",
    )
    parser.add_argument(
        "--fail-rate",
        type=_arg_type(float, check_fail_rate, "a probability (0-1)"),
        default=0.0,
        metavar="P",
        help="share of /backend requests answered 500/503",
    )
    parser.add_argument(
        "--timeout-rate",
        type=_arg_type(float, check_fail_rate, "a probability (0-1)"),
        default=0.0,
        metavar="P",
        help="share of /backend requests held past the client's timeout (--stall-seconds)",
    )
    parser.add_argument(
        "--stall-seconds",
        type=_arg_type(float, check_positive, "a positive number of seconds"),
        default=DEFAULT_STALL_SECONDS,
        metavar="SECONDS",
        help=f"how long a timed-out request is held (default {DEFAULT_STALL_SECONDS:g})",
    )
    parser.add_argument(
        "--trickle-rate",
        type=_arg_type(float, check_fail_rate, "a probability (0-1)"),
        default=0.0,
        metavar="P",
        help="share of /backend requests carried out, then answered a byte at a time",
    )
    parser.add_argument(
        "--trickle-ms",
        type=_arg_type(int, check_trickle_ms, "a pause in ms (>= 0)"),
        default=1000,
        metavar="N",
        help="pause between two bytes of a trickled reply (default 1000)",
    )
    parser.add_argument(
        "--rate-limit",
        type=_arg_type(float, check_positive, "a positive rate"),
        default=None,
        metavar="N",
        help="requests a second per client before 429 (default: no limit)",
    )
    parser.add_argument(
        "--refusals",
        choices=REFUSAL_STYLES,
        default="codes",
        help="answer refusals with the contract's 4xx codes (default), or with HTTP 200 "
        "as the real service is believed to",
    )
    parser.add_argument(
        "--repeats",
        choices=REPEAT_STYLES,
        default="idempotent",
        help="answer a create_order repeated with the same terms with its link again "
        "(default), or refuse it as 'already exists' with HTTP 200 as the real service is "
        "believed to",
    )
    parser.add_argument("--db", metavar="PATH", help="keep orders in this SQLite file")
    parser.add_argument(
        "--merchant-name", default=DEFAULT_MERCHANT_NAME, help="shown on the payment page"
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="base of the payment links, e.g. https://counter.example for a phone (PayDesk "
        "takes a plain-http link only to this computer itself)",
    )
    parser.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow a non-loopback --host (the sandbox has no real security)",
    )


def run(args: argparse.Namespace) -> int:
    """Serve until SIGINT or SIGTERM; 0 on a clean stop, 2 on refused options."""
    if not args.allow_remote and not is_loopback_host(args.host):
        print(
            f"paydesk sandbox: refusing --host {args.host}: the sandbox accepts any payment "
            "with a throwaway secret and no TLS, so by default it listens on loopback only. "
            "Add --allow-remote if other machines (a test phone) really must reach it.",
            file=sys.stderr,
        )
        return 2
    secret = args.secret_key or os.environ.get(SECRET_ENV) or None
    generated = secret is None
    if secret is None:
        secret = secrets.token_urlsafe(16)
    try:
        config = SandboxConfig(
            client_id=args.client_id,
            secret_key=secret,
            ttl_seconds=args.ttl,
            latency_ms=args.latency_ms,
            latency_jitter_ms=args.latency_jitter_ms,
            fail_rate=args.fail_rate,
            timeout_rate=args.timeout_rate,
            stall_seconds=args.stall_seconds,
            trickle_rate=args.trickle_rate,
            trickle_ms=args.trickle_ms,
            refusals=args.refusals,
            repeats=args.repeats,
            rate_limit_per_second=args.rate_limit,
            db_path=args.db,
            merchant_name=args.merchant_name,
        )
        server = SandboxServer(
            config,
            args.host,
            args.port,
            public_url=args.public_url,
            allow_remote=args.allow_remote,
        )
    except ValueError as err:
        print(f"paydesk sandbox: {err}", file=sys.stderr)
        return 2
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        try:
            server.start()
        except OSError as err:
            print(
                f"paydesk sandbox: cannot listen on {args.host}:{args.port}: {err}", file=sys.stderr
            )
            return 1
        except (sqlite3.Error, RuntimeError) as err:  # unreadable or too new --db file
            print(f"paydesk sandbox: cannot use the database {args.db}: {err}", file=sys.stderr)
            return 1
        try:
            print(server.base_url, flush=True)
            if generated:
                print(secret, flush=True)
            print(
                f"PayDesk sandbox at {server.base_url} for client_id {config.client_id}"
                + (" (generated secret key on line 2 of stdout)" if generated else "")
                + ". Stop with Ctrl+C.",
                file=sys.stderr,
                flush=True,
            )
            # A timeout keeps Ctrl+C working where lock waits are not interruptible.
            while not stop.wait(1.0):
                pass
        finally:
            server.stop()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m paydesk.sandbox",
        description="Run the PayDesk sandbox payment service on this computer.",
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    return run(args)
