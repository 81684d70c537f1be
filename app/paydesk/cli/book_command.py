"""``paydesk book init | copy | status``: the shop's shared order book, from a terminal.

``init URL`` makes (or brings up to date) the shared book's tables on a PostgreSQL
server; ``copy --to URL`` merges this computer's history into it (twice changes
nothing); ``status`` says which book this till uses, whether it answers, and how
many orders wait to go up. The address is always shown with its password masked.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from paydesk.cli import exit_codes
from paydesk.cli.formats import add_format, print_json
from paydesk.core.runtime import Runtime
from paydesk.core.shared_book import actions as shared_book


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    book = sub.add_parser(
        "book", help="the shop's shared order book (several tills, one PostgreSQL book)",
        description="A shop with several tills shares one order book on PostgreSQL; each "
        "till keeps its own book as a journal and a copy. See docs/shop-setup.md.")
    actions = book.add_subparsers(dest="book_action", required=True,
                                  metavar="init|copy|status")
    init = actions.add_parser(
        "init", help="create the shared book's tables, or bring them up to date",
        description="Creates the shared order book's tables in the PostgreSQL database at "
        "URL, or migrates them to this PayDesk's schema. Run once per shop, as a role that "
        "may create tables (docs/shop-setup.md).")
    init.add_argument("url", metavar="URL", help="postgresql://USER@HOST:PORT/DATABASE")
    add_format(init, "text", "json", default="text")
    init.set_defaults(run=run_init)
    copy = actions.add_parser(
        "copy", help="copy this computer's orders into a shared book",
        description="Merges every order of this computer's book (with its status history "
        "and creation attempts) into the shared book at URL. Running it again changes "
        "nothing; an order the shared book knows better (paid at another till) stays so.")
    copy.add_argument("--to", dest="url", metavar="URL", default=None,
                      help="the shared book (default: the order_book setting)")
    add_format(copy, "text", "json", default="text")
    copy.set_defaults(run=run_copy)
    status = actions.add_parser(
        "status", help="which order book this till uses, and whether it is in step",
        description="Says which order book this till uses (this computer's, or a shared "
        "one), whether the shared one answers, and how many orders wait to upload. With a "
        "shared book it also sends what waits and fetches what changed.")
    add_format(status, "text", "json", default="text")
    status.set_defaults(run=run_status)


def run_init(args: argparse.Namespace, runtime: Runtime) -> int:
    done = shared_book.set_up(runtime, args.url)
    if args.format == "json":
        print_json({"order_book": done.address, "schema_version": done.version,
                    "schema_version_before": done.found, "book_id": done.book_id})
    elif done.found == done.version:
        print(f"The shared order book at {done.address} was ready already "
              f"(schema {done.found}); nothing changed.")
    else:
        print(f"Shared order book ready at {done.address} (schema {done.version}"
              f"{'' if not done.found else f', was {done.found}'}).")
    return exit_codes.OK


def run_copy(args: argparse.Namespace, runtime: Runtime) -> int:
    text = args.url or runtime.settings.order_book
    if not text:
        print("paydesk: give the shared book: paydesk book copy --to postgresql://…",
              file=sys.stderr)
        return exit_codes.USAGE
    copied = shared_book.copy_history(runtime, text)
    if args.format == "json":
        print_json({"order_book": copied.address, "copied": copied.orders,
                    "till": copied.till})
    else:
        print(f"{copied.orders} order(s) of this computer are in the shared book at "
              f"{copied.address} (till {copied.till}).")
    return exit_codes.OK


def run_status(args: argparse.Namespace, runtime: Runtime) -> int:
    record = book_status(runtime)
    # Offline is exit 5 in either form: a script reads the code before the record.
    code = exit_codes.STORAGE if record["reachable"] is False else exit_codes.OK
    if args.format == "json":
        print_json(record)
        return code
    if record["kind"] == "local":
        print(f"Order book: this computer's, {record['local_book']}")
        print(f"Till: {record['till']}")
        return exit_codes.OK
    print(f"Order book: shared, {record['order_book']}")
    print(f"Till: {record['till']}")
    print(f"This computer's copy: {record['local_book']}")
    if record["reachable"]:
        print(f"Shared book: online, schema {record['schema_version']}, "
              f"{record['orders']} order(s), {record['open']} open")
        if runtime.settings.client_id is None:
            print("Account: not set yet, so these are every account's orders, and this "
                  "till sends and fetches none ('paydesk config set client_id N')")
    else:
        print(f"Shared book: offline ({record['problem']})")
    print(f"Tills seen: {', '.join(record['tills']) or '-'}")
    print(f"Waiting to upload: {record['waiting']} order(s)")
    return code


def book_status(runtime: Runtime) -> dict[str, Any]:
    """``book status``: the record its JSON prints (docs/command-line.md, "JSON output"). The keys
    are the same whichever book and state; what does not apply is null."""
    state = shared_book.report(runtime)
    return {
        "kind": "shared" if state.shared else "local",
        "order_book": state.address,
        "local_book": state.local_book,
        "till": state.till,
        "reachable": state.reachable,
        "problem": state.problem,
        "schema_version": state.schema_version,
        "orders": state.orders,
        "open": state.open,
        "tills": state.tills,
        "waiting": state.waiting,
    }
