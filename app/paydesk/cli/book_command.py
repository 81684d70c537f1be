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
from paydesk.core.book_sync import copy_entries, sync_once
from paydesk.core.runtime import Runtime
from paydesk.store import StoreError


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
    from paydesk.store.shared import BookAddress
    from paydesk.store.shared.book import SharedBook
    from paydesk.store.shared.schema import LATEST_SHARED_VERSION

    address = BookAddress.parse(args.url)
    password = address.password or runtime.secret_store().get_book_password(
        address.keychain_user)
    book = SharedBook.connect(address, password=password)
    try:
        found = book.init_schema()
        book_id = book.book_id
    finally:
        book.close()
    if args.format == "json":
        print_json({"order_book": address.masked, "schema_version": LATEST_SHARED_VERSION,
                    "schema_version_before": found, "book_id": book_id})
    elif found == LATEST_SHARED_VERSION:
        print(f"The shared order book at {address.masked} was ready already "
              f"(schema {found}); nothing changed.")
    else:
        print(f"Shared order book ready at {address.masked} (schema {LATEST_SHARED_VERSION}"
              f"{'' if not found else f', was {found}'}).")
    return exit_codes.OK


def run_copy(args: argparse.Namespace, runtime: Runtime) -> int:
    from paydesk.store.shared import BookAddress

    text = args.url or runtime.settings.order_book
    if not text:
        print("paydesk: give the shared book: paydesk book copy --to postgresql://…",
              file=sys.stderr)
        return exit_codes.USAGE
    address = BookAddress.parse(text)
    till = runtime.settings.till_name
    client_id = runtime.require_client_id()
    book = runtime.connect_shared_book(address)
    journal = runtime.open_store()
    try:
        copied, after = 0, 0
        while True:
            entries, after = journal.entries_page(client_id, after)
            if not entries:
                break
            copied += copy_entries(entries, book, till)
        if journal.sync_book_id() == book.book_id:
            sync_once(journal, book, client_id, till)  # marks what went up as sent
    finally:
        journal.close()
        book.close()
    if args.format == "json":
        print_json({"order_book": address.masked, "copied": copied, "till": till})
    else:
        print(f"{copied} order(s) of this computer are in the shared book at {address.masked}"
              f" (till {till}).")
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
    else:
        print(f"Shared book: offline ({record['problem']})")
    print(f"Tills seen: {', '.join(record['tills']) or '-'}")
    print(f"Waiting to upload: {record['waiting']} order(s)")
    return code


def book_status(runtime: Runtime) -> dict[str, Any]:
    """``book status``: the record its JSON prints (README.md, "Command line"). The keys
    are the same whichever book and state; what does not apply is null."""
    from paydesk.store.shared.schema import LATEST_SHARED_VERSION

    record: dict[str, Any] = {
        "kind": "shared" if runtime.shares_a_book else "local",
        "order_book": "",
        "local_book": str(runtime.paths.database),
        "till": runtime.settings.till_name,
        "reachable": None, "problem": None, "schema_version": None, "orders": None,
        "open": None, "tills": [], "waiting": None,
    }
    if not runtime.shares_a_book:
        return record
    client_id = runtime.require_client_id()
    address = runtime.book_address()
    record.update(order_book=address.masked, reachable=False)
    journal = runtime.open_store()
    try:
        try:
            book = runtime.connect_shared_book(address, connect_timeout=5.0)
        except StoreError as exc:
            record["problem"] = str(exc)
        else:
            try:
                sync_once(journal, book, client_id, record["till"])
                counts = book.counts(client_id)
                record.update(reachable=True, schema_version=LATEST_SHARED_VERSION,
                              orders=counts.orders, open=counts.open)
            except StoreError as exc:
                record["problem"] = str(exc)
            finally:
                book.close()
        record["waiting"] = journal.waiting_count()
        record["tills"] = journal.tills(client_id)
    finally:
        journal.close()
    return record
