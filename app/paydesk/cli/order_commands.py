"""``paydesk create | status | list | refresh | export``: the order book from a terminal."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from paydesk.cli import exit_codes
from paydesk.cli.dates import local_text, next_day, parse_local_date, terminal_language
from paydesk.cli.formats import add_format, print_json
from paydesk.cli.output import (
    LINK_UNKNOWN,
    WORDS,
    describe,
    history_text,
    status_text,
    table,
)
from paydesk.cli.words import Words, words_in
from paydesk.core.book_reader import OrderDetails, OrderQuery, StoreError
from paydesk.core.csv_format import CsvFormat
from paydesk.core.export import COLUMNS, details_record, order_record, write_csv, write_json
from paydesk.core.outcomes import CheckOutcome
from paydesk.core.problems import Failure, FailureCode, english
from paydesk.core.refresh import refresh_all
from paydesk.core.remote import fetch_status, send_creation
from paydesk.core.runtime import Runtime
from paydesk.core.saving import record_creation_retrying
from paydesk.core.watch_threads import watch_until_final
from paydesk.domain.catalogue import store_fact
from paydesk.domain.money import parse_amount
from paydesk.domain.orders import CreationState, Order, OrderStatus, validate_order_id
from paydesk.domain.phase import OrderPhase, phase_of, phase_of_status
from paydesk.support.qr import qr_matrix, render_text

STATUS_CHOICES = ("pending", "approve", "decline", "expired", "paid", "refused")
_ALIASES = {"paid": "approve", "refused": "decline"}


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    create = sub.add_parser("create", help="create a payment order and print its link")
    create.add_argument("amount", help="in rubles, as people write it: 150, 150,5, '1 500,00', "
                        "1,500.00 (and 1,500 in an English locale)")
    create.add_argument("--email", help="the buyer's e-mail (the payment page will not ask)")
    create.add_argument("--note", default="", help="a local note, never sent (\"2 coffees\")")
    create.add_argument("--qr", action="store_true", help="also print the QR code")
    create.add_argument("--wait", action="store_true",
                        help="watch the order until it is paid, refused or expired")
    add_format(create, "text", "json", default="text")
    create.set_defaults(run=run_create)

    status = sub.add_parser("status", help="ask the service for an order's status now")
    status.add_argument("order_id")
    status.add_argument("--history", action="store_true",
                        help="also every status seen and every answer to the create request")
    add_format(status, "text", "json", default="text")
    status.set_defaults(run=run_status)

    listing = sub.add_parser("list", help="list orders from the local order book")
    _add_filters(listing)
    listing.add_argument("--limit", type=positive_int, default=None,
                         help="at most this many rows")
    add_format(listing, "table", "csv", "json", default="table")
    add_csv_style(listing)
    listing.set_defaults(run=run_list)

    refresh = sub.add_parser("refresh", help="check every pending order once, resume unsent ones")
    add_format(refresh, "text", "json", default="text")
    refresh.set_defaults(run=run_refresh)

    export = sub.add_parser("export", help="write orders to a CSV (or .json) file, or '-'")
    export.add_argument("file",
                        help="the file to write; '-' writes to standard output")
    _add_filters(export)
    add_format(export, "csv", "json", default=None,
               help="default: json for a *.json file, else csv")
    add_csv_style(export)
    export.set_defaults(run=run_export)


def positive_int(text: str) -> int:
    """A count of at least 1, or argparse's usage error (exit code 2) saying so."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {text!r}")
    return value


def add_csv_style(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--csv-style", choices=("ru", "en"), default=None,
        help="CSV for a spreadsheet in this language: ru is ';' and 1234,50, en is ',' and "
        "1234.50, both with local times and the headings and statuses in words (default: ',', "
        "UTC ISO times, the column names and codes, for programs)",
    )


def csv_format(args: argparse.Namespace) -> CsvFormat:
    return CsvFormat.for_language(args.csv_style) if args.csv_style else CsvFormat()


def csv_words(args: argparse.Namespace) -> Words | None:
    """A spreadsheet's CSV (``--csv-style``) has its headings and statuses in the style's
    language; the default, for programs, the column names and codes (None)."""
    return words_in(args.csv_style, args.qt.catalogue) if args.csv_style else None


def _add_filters(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--status", choices=STATUS_CHOICES, action="append",
                        help="only orders with this status (repeatable)")
    parser.add_argument("--since", type=parse_local_date, help="created on or after DATE")
    parser.add_argument("--until", type=parse_local_date, help="created on or before DATE")
    parser.add_argument("--search", default=None, help="text in the order id, e-mail or note")
    add_till(parser)
    _add_shift_filters(parser)


def add_till(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--till", metavar="NAME", default=None,
                        help="only the orders this till took (default: every till's)")


def _add_shift_filters(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cashier", metavar="NAME", default=None,
                        help="only the orders this cashier took")
    parser.add_argument("--shift", metavar="N", type=int, default=None,
                        help="only the orders of shift N (with --till for another till's)")


def _query(args: argparse.Namespace, runtime: Runtime, limit: int | None = None) -> OrderQuery:
    statuses = frozenset(_ALIASES.get(s, s) for s in (args.status or ()))
    return OrderQuery(
        client_id=runtime.settings.client_id,
        statuses=statuses,
        created_since=args.since,
        created_until=next_day(args.until) if args.until else None,
        text=args.search or None,
        till=args.till,
        cashier=args.cashier,
        shift=args.shift,
        limit=limit,
    )


def run_create(args: argparse.Namespace, runtime: Runtime) -> int:
    if args.qr and args.format == "json":
        print("paydesk: --qr draws the code as text; with --json the link is in \"url\".",
              file=sys.stderr)
        return exit_codes.USAGE
    written: list[Order] = []  # the order as last known, once it is in the book
    try:
        return _create(args, runtime, written)
    except KeyboardInterrupt as interrupt:  # Ctrl+C: main() says it in one line, with this
        if written:
            interrupt.add_note(_left_behind(written[-1]))
        raise


_NOT_CONFIRMED = ("Order {order_id} is saved but not confirmed: 'paydesk refresh' sends it "
                  "again with the same order id.")
_STAYS = "Order {order_id} stays in the order book: 'paydesk status {order_id}' asks about it."
#: In each phase, what a person must know of an order whose create was interrupted.
LEFT_BEHIND: dict[OrderPhase, str] = {
    OrderPhase.CREATING: _NOT_CONFIRMED,
    OrderPhase.NOT_SENT: _NOT_CONFIRMED,
    OrderPhase.PENDING: _STAYS,
    OrderPhase.CHECKING: _STAYS,
    OrderPhase.UNCHECKED: _STAYS,
    OrderPhase.PAID: _STAYS,
    OrderPhase.REFUSED: _STAYS,
    OrderPhase.EXPIRED: _STAYS,
    OrderPhase.ABANDONED: _NOT_CONFIRMED,
    OrderPhase.UNKNOWN: _STAYS,
}


def _left_behind(order: Order) -> str:
    """What a person must know of an order whose create was interrupted."""
    return LEFT_BEHIND[phase_of(order)].format(order_id=order.order_id)


def _create(args: argparse.Namespace, runtime: Runtime, written: list[Order]) -> int:
    client = runtime.gateway()  # before writing anything: a missing setting is a usage error
    with runtime.open_store() as store:
        desk = runtime.open_desk(store)
        # Typed as the terminal's language writes amounts: in English 1,234 is thousands.
        kopecks = parse_amount(args.amount, ceiling=desk.max_amount, language=terminal_language())
        order = desk.start_order(kopecks, args.email, args.note)
        written.append(order)
        outcome = send_creation(client, order)
        # From here on the service may have the order: a failure to save is never
        # "try again", which would make a second sale.
        try:
            order = record_creation_retrying(
                desk, outcome, on_retry=lambda error: _say_retrying(order, error)
            )
        except StoreError as error:
            if outcome.url is None:
                raise  # the order is in the book, unconfirmed, as it would be anyway
            return _sent_but_not_saved(args, replace(order, url=outcome.url), error)
    _show(order, args)
    if outcome.found is not None:  # the service had it: confirmed, watched, link unknown
        print(f"\nThe order is saved: {english(Failure(FailureCode.LINK_UNKNOWN))}\n"
              f"'paydesk status {order.order_id}' asks about it.", file=sys.stderr)
        return exit_codes.REFUSED
    if outcome.failure is not None:
        print(
            f"\nThe order is saved but not confirmed: {english(outcome.failure)}\n"
            "'paydesk refresh' sends it again with the same order id.",
            file=sys.stderr,
        )
        return exit_codes.for_failure(outcome.failure)
    if args.qr and order.url:
        print()
        print(render_text(qr_matrix(order.url)))
    if args.wait:
        written.append(order)
        return _wait_until_final(runtime, order.order_id, as_json=args.format == "json")
    return exit_codes.OK


def _show(order: Order, args: argparse.Namespace) -> None:
    """An order as create prints it: the lines for people, or its JSON record."""
    if args.format == "json":
        print_json(order_record(order))
    else:
        print(describe(order))


def _say_retrying(order: Order, error: StoreError) -> None:
    problem = store_fact(error.problem) or "it failed"
    print(f"paydesk: order {order.order_id} was sent, but saving the answer failed "
          f"({problem}); trying again for a few seconds...", file=sys.stderr, flush=True)


def _sent_but_not_saved(args: argparse.Namespace, order: Order, error: StoreError) -> int:
    """The service has the order (``order.url``); the book could not take its link."""
    problem = store_fact(error.problem) or str(error)
    print(  # first: this must be said even if the output below cannot be written
        f"paydesk: order {order.order_id} was sent, and the payment service has it, but it "
        f"could not be saved in the order book: {problem}. Do not create it again: the "
        "buyer can pay it with its link. 'paydesk refresh' (or the next start of PayDesk) "
        "finishes it under the same order id once the order book can be written."
        + ("\nNot waiting for the payment: it could not be recorded." if args.wait else ""),
        file=sys.stderr,
    )
    _show(replace(order, creation=CreationState.CONFIRMED), args)
    if args.qr:
        print()
        print(render_text(qr_matrix(order.url or "")))
    return exit_codes.SENT_NOT_SAVED


def _wait_until_final(runtime: Runtime, order_id: str, *, as_json: bool) -> int:
    """Watch the order as the window watches the order in front of the cashier.

    With JSON, the progress goes to stderr and the order's last record to stdout."""
    client = runtime.gateway()
    progress = sys.stderr if as_json else sys.stdout
    print("\nWaiting for the payment (Ctrl+C stops waiting; the order stays)...", flush=True,
          file=progress)
    with runtime.open_store(check_whole_file=False) as store:  # create checked it just now
        final = watch_until_final(
            runtime.open_desk(store), client, order_id, limiter=runtime.limiter(),
            on_change=lambda order: print(
                f"{local_text(order.last_checked_at)}  {status_text(order)}", flush=True,
                file=progress,
            ),
        )
    if as_json and final is not None:
        print_json(order_record(final))
    return exit_codes.OK


def run_status(args: argparse.Namespace, runtime: Runtime) -> int:
    order_id = validate_order_id(args.order_id)
    client = runtime.gateway()
    with runtime.open_store() as store:  # first: a damaged book stops it before any request
        outcome: CheckOutcome = fetch_status(client, order_id)
        desk = runtime.open_desk(store)
        local = desk.get(order_id)
        if local is not None and local.creation is CreationState.CONFIRMED:
            [(local, _changed)] = desk.record_checks([outcome])
        details = desk.reader.details(order_id) if args.history and local is not None else None
    if outcome.failure is not None:
        print(f"{order_id}: {english(outcome.failure)}", file=sys.stderr)
        return exit_codes.for_failure(outcome.failure)
    if args.format == "json":
        record = status_record(order_id, local, outcome.status or OrderStatus.PENDING)
        if args.history:
            record.update(_details_or_none(details))
        print_json(record)
    elif local is not None:
        print(describe(local))
        if details is not None:
            print(history_text(details))
    else:
        status = outcome.status or OrderStatus.PENDING
        words = WORDS[phase_of_status(status.value)].format(raw=status.value)
        print(f"Order   {order_id}\nStatus  {words} (not in this order book)")
    return exit_codes.OK


def _details_or_none(details: OrderDetails | None) -> dict[str, Any]:
    """``--history``'s fields; for another book's order, empty lists (nothing was seen)."""
    if details is not None:
        return details_record(details)
    return {"confirmed_at": None, "history": [], "creation_attempts": [], "last_error": None}


def status_record(order_id: str, local: Order | None, status: OrderStatus) -> dict[str, Any]:
    """``status --json``: the order's record as ``list`` gives it, and whether it is in
    this order book; for another book's order only what the service said (the rest null)."""
    if local is not None:
        return {**order_record(local), "in_order_book": True}
    record: dict[str, Any] = dict.fromkeys((*COLUMNS, "amount_kopecks", "phase"))
    record.update(order_id=order_id, status=status.value,
                  phase=phase_of_status(status.value).value, in_order_book=False)
    return record


def run_list(args: argparse.Namespace, runtime: Runtime) -> int:
    with runtime.reading_book() as book:
        orders = book.query(_query(args, runtime, args.limit))
    if args.format == "csv":
        write_csv(orders, sys.stdout, csv_format(args), csv_words(args))
    elif args.format == "json":
        write_json(orders, sys.stdout)
    else:
        print(table(orders) if orders else "No orders.")
    return exit_codes.OK


def run_refresh(args: argparse.Namespace, runtime: Runtime) -> int:
    client = runtime.gateway()
    with runtime.open_store() as store:
        desk = runtime.open_desk(store)
        report = refresh_all(
            desk, client, max_in_flight=runtime.settings.max_in_flight, limiter=runtime.limiter()
        )
    if args.format == "json":
        print_json({
            "checked": report.checked,
            "sent_again": [order_record(order) for order in report.resumed],
            "given_up": [order_record(order) for order in report.abandoned],
            "changed": [order_record(order) for order in report.changed],
            "failed": [{"order_id": order_id, "message": message}
                       for order_id, message in report.failures],
        })
        return exit_codes.UNAVAILABLE if report.failures else exit_codes.OK
    for order in report.resumed:
        unknown = f"  (link {LINK_UNKNOWN})" if order.link_unknown else ""
        print(f"sent again  {order.order_id}  {status_text(order)}{unknown}")
    for order in report.abandoned:
        print(f"given up    {order.order_id}  never reached the service; its time ran out")
    for order in report.changed:
        print(f"changed     {order.order_id}  {status_text(order)}")
    for order_id, message in report.failures:
        print(f"failed      {order_id}  {message}", file=sys.stderr)
    print(f"Checked {report.checked} pending orders; {len(report.changed)} changed; "
          f"{len(report.failures)} failed.")
    return exit_codes.UNAVAILABLE if report.failures else exit_codes.OK


def run_export(args: argparse.Namespace, runtime: Runtime) -> int:
    with runtime.reading_book() as book:
        orders = book.query(_query(args, runtime))
    fmt = csv_format(args)
    if args.file == "-":  # standard output, as git and pip read it: the data and nothing else
        if args.format == "json":
            write_json(orders, sys.stdout)
        else:
            write_csv(orders, sys.stdout, fmt, csv_words(args))
        return exit_codes.OK
    path = Path(args.file)
    as_json = (args.format or ("json" if path.suffix.lower() == ".json" else "csv")) == "json"
    try:
        if as_json:
            with path.open("w", encoding="utf-8", newline="") as stream:
                count = write_json(orders, stream)
        else:
            with fmt.open(path) as stream:  # the format's encoding and line endings
                count = write_csv(orders, stream, fmt, csv_words(args))
    except OSError as exc:
        print(f"Cannot write {args.file}: {exc.strerror}", file=sys.stderr)
        return exit_codes.STORAGE
    print(f"Exported {count} orders to {args.file}")
    return exit_codes.OK
