"""The command line: ``paydesk COMMAND``, the same core as the window, from a terminal.

paydesk/launch.py starts this when the command line holds more than the
window's own options. With no command after all (``paydesk --dem``, an
abbreviation), what was read goes back to the launcher, which opens the window:
this package never loads the window.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from paydesk.cli import (
    about_command,
    book_command,
    book_step,
    cashier_command,
    completion_command,
    config_command,
    dates,
    display_command,
    exit_codes,
    order_commands,
    print_command,
    report_command,
    shift_command,
    terminal_command,
)
from paydesk.cli.options import common_options
from paydesk.cli.qt_side import QtSide
from paydesk.cli.stdout import OutputError, guarded_stdout, silence_stdout
from paydesk.cli.version import version_text
from paydesk.core.book_reader import StoreError
from paydesk.core.runtime import NotConfiguredError, open_runtime
from paydesk.core.settings import DECLARED, SettingsError
from paydesk.domain.errors import InputError
from paydesk.domain.shift_errors import ShiftError
from paydesk.gateway import GatewayError
from paydesk.sandbox import cli as sandbox_cli
from paydesk.support.logs import setup_command_logging
from paydesk.support.paths import DATA_DIR_ENV
from paydesk.support.secret_store import SECRET_ENV, SecretStoreError

#: Opens the window with what was read (``data_dir``, ``demo``); returns its exit code.
OpenWindow = Callable[[argparse.Namespace], int]
#: Runs PayDesk without a window (``paydesk serve``) with what was read; its exit code.
Serve = Callable[[argparse.Namespace], int]


def environment_variables() -> list[str]:
    """What the environment may set: the settings declared with a variable, the secret
    key, the data folder."""
    declared = [setting.env for setting in DECLARED.values() if setting.env]
    return [*declared, SECRET_ENV, DATA_DIR_ENV]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="paydesk",
        description="QR payments at a shop counter. With no command, opens the window.",
        epilog=f"Environment: {', '.join(environment_variables())}. "
        "Exit codes: 0 ok, 1 unexpected error, "
        "2 usage, input or configuration, 3 refused by the service, 4 service unreachable "
        "or faulty, 5 local storage (nothing sent) or the shared order book (paydesk book), "
        "6 the service has the order but it could not be saved (never create it again: "
        "'paydesk refresh' finishes it), 8 the receipt printer failed (paydesk print), "
        "9 refused by the shifts or cashiers (no open shift, a wrong or locked PIN, not an "
        "owner), "
        "130 interrupted (Ctrl+C). --json is --format json on every command that prints a "
        "result.",
        parents=[common_options()],
    )
    parser.add_argument("--version", action="version", version=version_text())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    order_commands.add_parsers(sub)
    report_command.add_parser(sub)
    print_command.add_parser(sub)
    config_command.add_parser(sub)
    book_command.add_parser(sub)
    about_command.add_parser(sub)
    display_command.add_parser(sub)
    terminal_command.add_parser(sub)
    cashier_command.add_parser(sub)
    shift_command.add_parser(sub)
    sub.add_parser(
        "serve", help="run PayDesk without a window: the watching, the till program's API "
        "and the buyer's web screen, until Ctrl+C or SIGTERM",
        description="PayDesk without a window, for a counter with only a tablet or a back "
        "office machine: watches the orders, serves the till program's API on 127.0.0.1 "
        "(whatever terminal_api says: serving it is what this is for) and the buyer's web "
        "screen (as web_display says). Logs to the data folder's log. One PayDesk per data "
        "folder: with a window open there, the window serves the API. Exit codes: 0 stopped, "
        "2 not set up, no keychain for the API's token, or already running on this data "
        "folder, 5 the order book cannot be opened, 1 the API could not start.")
    completion_command.add_parser(sub)
    sandbox = sub.add_parser("sandbox", help="run the local sandbox payment service")
    sandbox_cli.add_arguments(sandbox)
    sandbox.set_defaults(run_sandbox=sandbox_cli.run)
    return parser


def main(tokens: Sequence[str], *, open_window: OpenWindow, serve: Serve, qt: QtSide) -> int:
    """Read ``tokens`` and run the command they name; with none, ``open_window``;
    ``serve`` for ``paydesk serve`` (the launcher's: it needs Qt, as the window does);
    ``qt``: what a command asks of Qt (paydesk/cli/qt_side.py), as ``args.qt``."""
    try:
        with guarded_stdout():
            args = build_parser().parse_args(tokens)
            args.qt = qt
            if args.command == "serve":
                return serve(args)
            if args.command is not None:
                return _run(args)
    except OutputError as exc:
        return _output_failed(exc)
    except KeyboardInterrupt as exc:
        return _interrupted(exc)
    return open_window(args)


def _run(args: argparse.Namespace) -> int:
    if args.command == "completion":  # text made from the parser: no data folder, no log
        return completion_command.run(args, build_parser())
    setup_command_logging(args.data_dir, demo=args.demo, verbose=args.verbose,
                          command=args.command)
    if args.command == "sandbox":
        return int(args.run_sandbox(args))
    return _run_command(args)


def _output_failed(exc: OutputError) -> int:
    """The command's output could not be written: a reader that left, a full disk."""
    silence_stdout()
    if exc.reader_left:
        return exit_codes.FAILURE  # as Python's advice for a closed pipe; nobody to tell
    # Not 5 (the order book): commands print once their work is done, and an order
    # create made must not look unmade to a script that would then make it again.
    reason = exc.error.strerror or str(exc.error)
    return fail(f"the output could not be written ({reason}). What the command did is "
                "done: an order it created is in the order book ('paydesk list').",
                exit_codes.FAILURE)


def _interrupted(exc: KeyboardInterrupt) -> int:
    """Ctrl+C: one line, no traceback, and what a person must know about work half done
    (the command's notes on the exception: a created order that is saved but unconfirmed)."""
    notes = getattr(exc, "__notes__", [])
    return fail(" ".join(["Interrupted.", *notes]), exit_codes.INTERRUPTED)


def _run_command(args: argparse.Namespace) -> int:
    runtime = None
    try:
        runtime = open_runtime(args.data_dir, demo=args.demo, share_demo=True)
        dates.follow_language_setting(runtime.settings.language)
        with book_step.kept_in_step(runtime, args.command):
            return int(args.run(args, runtime))
    except InputError as exc:
        return fail(f"{exc.field}: {exc}", exit_codes.USAGE)
    except ShiftError as exc:
        return fail(str(exc), exit_codes.SHIFT)
    except (NotConfiguredError, SettingsError, SecretStoreError) as exc:
        return fail(str(exc), exit_codes.USAGE)
    except GatewayError as exc:
        return fail(exc.user_message, exit_codes.for_failure(exc.failure))
    except StoreError as exc:
        return fail(str(exc), exit_codes.STORAGE)
    finally:
        if runtime is not None:
            runtime.close()


def fail(message: str, code: int) -> int:
    """Say ``message`` on stderr as ``paydesk: ...``; return ``code``."""
    print(f"paydesk: {message}", file=sys.stderr)
    return code
