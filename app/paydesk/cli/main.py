"""The ``paydesk`` command: the window by default, the same core from a terminal."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from paydesk import __version__
from paydesk.cli import exit_codes
from paydesk.cli.stdout import OutputError, guarded_stdout, silence_stdout

if TYPE_CHECKING:
    import argparse

# The commands' modules (and what they import: the order book, the payment
# client, the sandbox) are imported when the parser is built, which `paydesk`
# with no command (the window) skips: see _window_options.


def _add_global_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--demo", action="store_true",
                        help="run against the built-in sandbox, with the demo's own database")
    parser.add_argument("--data-dir", help="where the database and settings live")
    parser.add_argument("-v", "--verbose", action="store_true", help="log requests to stderr")


def build_parser() -> argparse.ArgumentParser:
    import argparse

    from paydesk.cli import about_command, config_command, order_commands, report_command

    parser = argparse.ArgumentParser(
        prog="paydesk",
        description="QR payments at a shop counter. With no command, opens the window.",
        epilog="Environment: PAYDESK_BASE_URL, PAYDESK_CLIENT_ID, PAYDESK_SECRET_KEY, "
        "PAYDESK_DATA_DIR. Exit codes: 0 ok, 1 unexpected error, 2 usage, input or "
        "configuration, 3 refused by the service, 4 service unreachable or faulty, "
        "5 local storage (nothing sent), 6 the service has the order but it could not "
        "be saved (never create it again: 'paydesk refresh' finishes it).",
    )
    parser.add_argument("--version", action="version", version=f"PayDesk {__version__}")
    _add_global_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    order_commands.add_parsers(sub)
    report_command.add_parser(sub)
    config_command.add_parser(sub)
    about_command.add_parser(sub)
    sandbox = sub.add_parser("sandbox", help="run the local sandbox payment service")
    from paydesk.sandbox.cli import add_arguments, run

    add_arguments(sandbox)
    sandbox.set_defaults(run_sandbox=run)
    return parser


class WindowOptions(NamedTuple):
    """What ``paydesk`` with no command was given: the window's own options."""

    data_dir: str | None = None
    demo: bool = False
    verbose: bool = False


def _window_options(argv: Sequence[str]) -> WindowOptions | None:
    """The options, when ``argv`` holds nothing but the window's own, spelled out; else None.

    The window is what `paydesk` opens every morning, so it starts without
    importing every command (~30 ms of the first frame) or argparse (~3 ms). Anything
    else (a command, --help, --version, an abbreviation, a typo) goes through
    the full parser, which accepts every form this does, and more.
    """
    options = WindowOptions()
    tokens = list(argv)
    while tokens:
        token = tokens.pop(0)
        if token == "--demo":
            options = options._replace(demo=True)
        elif token in ("-v", "--verbose"):
            options = options._replace(verbose=True)
        elif token.startswith("--data-dir="):
            options = options._replace(data_dir=token.partition("=")[2])
        elif token == "--data-dir" and tokens and not tokens[0].startswith("-"):
            options = options._replace(data_dir=tokens.pop(0))
        else:
            return None
    return options


def main(argv: Sequence[str] | None = None) -> int:
    from paydesk.secret_store import take_environment_secret

    take_environment_secret()  # first: no child process may inherit it
    tokens = sys.argv[1:] if argv is None else list(argv)
    from paydesk.logs import setup_command_logging

    window = _window_options(tokens)
    if window is not None:
        setup_command_logging(window.data_dir, demo=window.demo, verbose=window.verbose,
                              command=None)
        return _open_window(window.data_dir, window.demo)
    try:
        with guarded_stdout():
            return _run(tokens)
    except OutputError as exc:
        return _output_failed(exc)


def _run(tokens: list[str]) -> int:
    from paydesk.logs import setup_command_logging

    args = build_parser().parse_args(tokens)
    setup_command_logging(args.data_dir, demo=args.demo, verbose=args.verbose,
                          command=args.command)
    if args.command is None:
        return _open_window(args.data_dir, args.demo)
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
    return _fail(f"the output could not be written ({reason}). What the command did is "
                 "done: an order it created is in the order book ('paydesk list').",
                 exit_codes.FAILURE)


def _open_window(data_dir: str | None, demo: bool) -> int:
    try:
        from paydesk.ui.app import run_window
    except ImportError as exc:
        # Most often a system library Qt needs (libEGL, libxkbcommon) is missing.
        return _fail(
            f"The window cannot start because Qt could not be loaded ({exc}). The commands "
            "(paydesk --help) work without it.",
            exit_codes.FAILURE,
        )
    return int(run_window(data_dir=data_dir, demo=demo))


def _run_command(args: argparse.Namespace) -> int:
    from paydesk.errors import InputError
    from paydesk.gateway import GatewayError
    from paydesk.runtime import NotConfiguredError, open_runtime
    from paydesk.secret_store import SecretStoreError
    from paydesk.settings import SettingsError
    from paydesk.store import StoreError

    runtime = None
    try:
        runtime = open_runtime(args.data_dir, demo=args.demo)
        return int(args.run(args, runtime))
    except InputError as exc:
        return _fail(f"{exc.field}: {exc}", exit_codes.USAGE)
    except (NotConfiguredError, SettingsError, SecretStoreError) as exc:
        return _fail(str(exc), exit_codes.USAGE)
    except GatewayError as exc:
        return _fail(exc.user_message, exit_codes.for_gateway_error(exc))
    except StoreError as exc:
        return _fail(str(exc), exit_codes.STORAGE)
    except KeyboardInterrupt:
        return _fail("Interrupted.", exit_codes.FAILURE)
    finally:
        if runtime is not None:
            runtime.close()


def _fail(message: str, code: int) -> int:
    print(f"paydesk: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
