"""``paydesk config show | set``: settings and the secret key, the secret never shown."""

from __future__ import annotations

import argparse
import dataclasses
import getpass
import sys
import textwrap
from typing import Any

from paydesk.cli import exit_codes
from paydesk.cli.cashier_command import signed_in
from paydesk.cli.formats import add_format, print_json
from paydesk.core import settings as settings_file
from paydesk.core.runtime import Runtime
from paydesk.core.setting_vars import Applies
from paydesk.core.settings import DECLARED
from paydesk.core.shared_book import BookAddress
from paydesk.core.shifts import Cashiers
from paydesk.core.terminal_address import running_api_address
from paydesk.domain.failures import ShiftFailureCode
from paydesk.domain.shift_errors import ShiftError
from paydesk.gateway.endpoint import parse_base_url
from paydesk.gateway.errors import GatewayConfigError
from paydesk.support.secret_store import FILE_WARNING, SecretStore, SecretStoreError, mask

SECRET_NAME = "secret_key"
#: The shared order book's password: to the keychain, like the secret key.
BOOK_PASSWORD_NAME = "book_password"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    config = sub.add_parser("config", help="show or change the settings")
    actions = config.add_subparsers(dest="config_action", required=True, metavar="show|set")
    show = actions.add_parser("show", help="print the settings (the secret key masked)")
    add_format(show, "text", "json", default="text")
    show.set_defaults(run=run_show)
    change = actions.add_parser(
        "set",
        help="change one setting",
        description=textwrap.fill(
            "Change one setting. The secret key and the shared order book's password are "
            "read from a hidden prompt or standard input, never from the command line, where "
            "the shell history and other users' process lists would see them; both are kept "
            "in the OS keychain, or in a plaintext file readable only by you if you choose "
            "'secret_storage file'.", width=78),
        epilog=settings_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    change.add_argument("name")
    change.add_argument("value", nargs="?")
    change.add_argument("--stdin", action="store_true", help="read the secret key from stdin "
                        "(with --by, the owner's PIN on the line before)")
    change.add_argument("--by", metavar="OWNER", help="with shifts on and cashiers set up: "
                        "the owner changing it, with their PIN (hidden prompt or --stdin)")
    change.set_defaults(run=run_set)


#: The two secrets ``config set`` takes (to the keychain), which are not settings.
SECRETS_HELP = {
    SECRET_NAME: "the key requests are signed with (hidden prompt or --stdin; "
    "PAYDESK_SECRET_KEY; fixed in the demo)",
    BOOK_PASSWORD_NAME: "the password of the shared order book's user (hidden prompt or "
    "--stdin; fixed in the demo)",
}


def settings_help() -> str:
    """``config set --help``: every setting, as declared, and the two secrets."""
    lines = ["settings:"]
    for name, declared in DECLARED.items():
        facts = [declared.help]
        if declared.bounds is not None:
            facts.append(" to ".join(_number(bound) for bound in declared.bounds))
        facts += [declared.env] if declared.env else []
        if declared.applies is not Applies.AT_ONCE:
            facts.append("an open window takes it at its next start")
        facts += ["fixed in the demo"] if declared.fixed_in_demo else []
        lines.append(_help_line(name, f"{facts[0]} ({'; '.join(facts[1:])})"
                                if len(facts) > 1 else facts[0]))
    lines += [_help_line(name, text) for name, text in SECRETS_HELP.items()]
    return "\n".join(lines)


def _number(bound: float) -> str:
    return str(int(bound)) if float(bound).is_integer() else f"{bound:g}"


def _help_line(name: str, text: str) -> str:
    return textwrap.fill(text, width=78, initial_indent=f"  {name:<25} ",
                         subsequent_indent=" " * 28)


def run_show(args: argparse.Namespace, runtime: Runtime) -> int:
    settings = runtime.settings
    if args.format == "json":
        print_json(settings_record(runtime))
        return exit_codes.OK
    print(f"data_dir = {runtime.paths.data_dir}")
    for name in DECLARED:
        value = getattr(settings, name)
        print(f"{name} = {'' if value is None else value}")
    if runtime.is_demo:
        print(f"{SECRET_NAME} = (the demo sandbox's key)")
    else:
        store = runtime.secret_store()
        try:
            secret = store.get(settings.client_id) if settings.client_id is not None else None
            print(f"{SECRET_NAME} = {mask(secret)} in {store.describe()}")
        except SecretStoreError as exc:
            print(f"{SECRET_NAME} = (unavailable) {exc}")
    served = running_api_address(runtime.paths.data_dir)
    # What runs now, whatever terminal_api says: paydesk serve serves the API always.
    print("The till program's API is not served for this data folder now." if served is None
          else f"The till program's API is served at {served}/v1 (by a window or paydesk "
          "serve of this data folder).")
    return exit_codes.OK


def settings_record(runtime: Runtime) -> dict[str, Any]:
    """``config show --json``: the settings in force, and whether a secret key is set
    (never the key, nor a mask of it)."""
    secret: dict[str, Any] = {"set": True, "stored_in": "demo", "problem": None}
    if not runtime.is_demo:
        store = runtime.secret_store()
        client_id = runtime.settings.client_id
        secret["stored_in"] = store.describe()
        try:
            secret["set"] = bool(store.get(client_id)) if client_id is not None else False
        except SecretStoreError as exc:
            secret.update(set=None, problem=str(exc))
    served = running_api_address(runtime.paths.data_dir)
    return {
        "data_dir": str(runtime.paths.data_dir),
        "settings": dataclasses.asdict(runtime.settings),
        SECRET_NAME: secret,
        # The till program's API as it runs now (a window's or paydesk serve's), or null.
        "terminal_api_served": None if served is None else f"{served}/v1",
    }


def run_set(args: argparse.Namespace, runtime: Runtime) -> int:
    if runtime.is_demo:
        return _set_for_the_demo(args, runtime)
    _owner_signs(args, runtime)
    if args.name == SECRET_NAME:
        return _set_secret(args, runtime)
    if args.name == BOOK_PASSWORD_NAME:
        return _set_book_password(args, runtime)
    if args.name == "order_book" and args.value:
        return _set_order_book(args.value, runtime)
    if args.value is None:
        print(f"Give a value: paydesk config set {args.name} VALUE", file=sys.stderr)
        return exit_codes.USAGE
    change = {args.name: settings_file.parse_value(args.name, args.value)}
    current = settings_file.load(runtime.paths.settings_file, environ={})
    updated = current.with_changes(**change)  # checked before anything is moved
    if args.name == "base_url" and updated.base_url:
        problem = address_problem(updated.base_url)
        if problem is not None:  # refused now, not at the next create
            print(f"paydesk: base_url: {problem}", file=sys.stderr)
            return exit_codes.USAGE
    if current.secret_storage == "file" and updated.secret_storage != "file":
        # First: it may refuse (no keychain), and then nothing changes.
        plaintext = SecretStore(runtime.paths.secret_file, use_file=True, environ={})
        for moved in plaintext.move_file_to_keychain(current.client_id):
            print(f"{moved} moved to the OS keychain")
    runtime.save_settings(change)  # the window's path: only this setting changes
    print(f"{args.name} = {getattr(updated, args.name)}")
    return exit_codes.OK


def demo_fixed() -> tuple[str, ...]:
    """What the demo keeps as the sandbox's, whatever is set: the settings declared so
    (as the window's settings show them), and the secrets."""
    return (*(name for name, declared in DECLARED.items() if declared.fixed_in_demo),
            SECRET_NAME, BOOK_PASSWORD_NAME)


def _set_for_the_demo(args: argparse.Namespace, runtime: Runtime) -> int:
    """``paydesk --demo config set``: the demo's own preferences (its shop's name, the
    order lifetime of its sandbox, the language, sounds, polling) are saved for the
    demo through the window's path (an open demo window keeps them and takes them up
    at its next save); the account is the sandbox's."""
    if args.name in demo_fixed():
        print(f"paydesk: {args.name} is fixed in the demo: it pays into the built-in sandbox, "
              "which has an address, client ID and key of its own, and keeps its orders in "
              "a book of its own. Run without --demo to set yours.", file=sys.stderr)
        return exit_codes.USAGE
    if args.value is None:
        print(f"Give a value: paydesk --demo config set {args.name} VALUE", file=sys.stderr)
        return exit_codes.USAGE
    value = settings_file.parse_value(args.name, args.value)
    in_force = runtime.save_settings({args.name: value})
    print(f"{args.name} = {getattr(in_force, args.name)} (for the demo)")
    return exit_codes.OK


def address_problem(base_url: str) -> str | None:
    """Why the payment client would refuse this address (https unless loopback...), or None.

    The rule is the gateway's (paydesk/gateway/endpoint.py), as in the window's settings.
    """
    try:
        parse_base_url(base_url)
    except GatewayConfigError as error:
        return error.user_message
    return None


def _set_secret(args: argparse.Namespace, runtime: Runtime) -> int:
    if args.value is not None:
        print("The secret key is not taken from the command line (shell history and process "
              "lists keep it). Run 'paydesk config set secret_key' and type it at the prompt, "
              "or pipe it in with --stdin.", file=sys.stderr)
        return exit_codes.USAGE
    client_id = runtime.require_client_id()
    secret = _read_hidden(args, "Secret key (not shown): ")
    store = runtime.secret_store()
    store.set(client_id, secret)
    print(f"{SECRET_NAME} saved in {_kept_in(store)}")
    return exit_codes.OK


def _owner_signs(args: argparse.Namespace, runtime: Runtime) -> None:
    """With shifts on and cashiers set up, only an owner changes a setting: ``--by`` and
    their PIN (ShiftError OWNER_ONLY, WRONG_PIN... otherwise). With no cashier yet, anyone
    may (or shifts could never be turned off again)."""
    if not runtime.settings.shifts:
        return
    with runtime.open_store() as store:
        cashiers = Cashiers(store)
        if not cashiers.exist():
            return
        if not args.by:
            raise ShiftError(ShiftFailureCode.OWNER_ONLY)
        cashiers.require_owner(signed_in(cashiers, args.by, args))


def _read_hidden(args: argparse.Namespace, prompt: str) -> str:
    if args.stdin or not sys.stdin.isatty():
        return sys.stdin.readline().strip()
    return getpass.getpass(prompt).strip()


def _set_order_book(value: str, runtime: Runtime) -> int:
    """The shared book's address; a password in it goes where the secret key goes (the
    keychain, or the plaintext file chosen), never the settings file."""
    address = BookAddress.parse(value)
    if address.password:
        store = runtime.secret_store()
        store.set_book_password(address.keychain_user, address.password)
        print(f"{BOOK_PASSWORD_NAME} saved in {_kept_in(store)}, not in the settings file")
        address = address.without_password()
    runtime.save_settings({"order_book": address.url})
    print(f"order_book = {address.masked}")
    return exit_codes.OK


def _set_book_password(args: argparse.Namespace, runtime: Runtime) -> int:
    if args.value is not None:
        print("The password is not taken from the command line (shell history and process "
              f"lists keep it). Run 'paydesk config set {BOOK_PASSWORD_NAME}' and type it at "
              "the prompt, or pipe it in with --stdin.", file=sys.stderr)
        return exit_codes.USAGE
    if not runtime.settings.order_book:
        print("paydesk: set order_book first: the password belongs to its role "
              "(paydesk config set order_book postgresql://till@backoffice/shop).",
              file=sys.stderr)
        return exit_codes.USAGE
    address = runtime.book_address()
    password = _read_hidden(args, f"Password of {address.keychain_user} (not shown): ")
    store = runtime.secret_store()
    store.set_book_password(address.keychain_user, password)
    print(f"{BOOK_PASSWORD_NAME} for {address.keychain_user} saved in {_kept_in(store)}")
    return exit_codes.OK


def _kept_in(store: SecretStore) -> str:
    """Where the store keeps what was just set (the secret key, a book's password): the
    keychain, or the plaintext file with its warning."""
    if store.uses_file:
        return f"plaintext file {store.secret_file} ({FILE_WARNING})"
    return "the OS keychain"
