"""Orders as rows for people and programs: CSV and JSON exports, one column list.

A CSV for programs (the default) has the column names and the codes; one for people's
spreadsheets (the window's, ``--csv-style``) has its headings and each order's status
in words in its language. The words are marked here for the one catalogue
(paydesk.support.translations) and translated by the front end that writes the file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import IO, Any

from paydesk.core.book_reader import OrderDetails
from paydesk.core.csv_format import CsvFormat, defuse
from paydesk.core.problems import english
from paydesk.domain.catalogue import QT_TRANSLATE_NOOP
from paydesk.domain.failures import Failure
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of, phase_of_status

#: The plain form, for programs (and JSON): ``1234.50``, ISO 8601 UTC times.
_PLAIN = CsvFormat()

#: The CSV's columns. A new one goes at the end, so a script reading the columns by
#: position reads the old ones where they were. ``status`` is the service's word
#: (``approve``...), kept for programs in every CSV; ``phase`` is PayDesk's reading of it,
#: a code for programs and the orders list's word for people.
COLUMNS = (
    "created_at", "order_id", "amount", "email", "note", "status", "creation",
    "paid_at", "paid_time_approximate", "paid_after", "last_checked_at", "url", "till",
    "phase", "cashier", "shift",
)

#: A people's CSV's headings, in English (each translated where the file is written).
HEADINGS: dict[str, str] = {
    "created_at": QT_TRANSLATE_NOOP("PayDesk", "Created"),
    "order_id": QT_TRANSLATE_NOOP("PayDesk", "Order id"),
    "amount": QT_TRANSLATE_NOOP("PayDesk", "Amount, ₽"),
    "email": QT_TRANSLATE_NOOP("PayDesk", "E-mail"),
    "note": QT_TRANSLATE_NOOP("PayDesk", "Note"),
    "status": QT_TRANSLATE_NOOP("PayDesk", "Service status"),
    "creation": QT_TRANSLATE_NOOP("PayDesk", "Creation"),
    "paid_at": QT_TRANSLATE_NOOP("PayDesk", "Paid"),
    "paid_time_approximate": QT_TRANSLATE_NOOP("PayDesk", "Paid time approximate"),
    "paid_after": QT_TRANSLATE_NOOP("PayDesk", "Paid after"),
    "last_checked_at": QT_TRANSLATE_NOOP("PayDesk", "Last checked"),
    "url": QT_TRANSLATE_NOOP("PayDesk", "Payment link"),
    "till": QT_TRANSLATE_NOOP("PayDesk", "Till"),
    "phase": QT_TRANSLATE_NOOP("PayDesk", "Status"),
    "cashier": QT_TRANSLATE_NOOP("PayDesk", "Cashier"),
    "shift": QT_TRANSLATE_NOOP("PayDesk", "Shift"),
}

#: Every phase in the orders list's words (the window's list, a people's CSV, the day
#: report's lines), in English; the list's rows (ui/orders/cells.py) take them from here.
PHASE_WORDS: dict[OrderPhase, str] = {
    OrderPhase.CREATING: QT_TRANSLATE_NOOP("PayDesk", "Creating…"),
    OrderPhase.NOT_SENT: QT_TRANSLATE_NOOP("PayDesk", "Not sent"),
    OrderPhase.PENDING: QT_TRANSLATE_NOOP("PayDesk", "Waiting"),
    OrderPhase.CHECKING: QT_TRANSLATE_NOOP("PayDesk", "Checking…"),
    OrderPhase.UNCHECKED: QT_TRANSLATE_NOOP("PayDesk", "Check status"),
    OrderPhase.PAID: QT_TRANSLATE_NOOP("PayDesk", "Paid"),
    OrderPhase.REFUSED: QT_TRANSLATE_NOOP("PayDesk", "Refused"),
    OrderPhase.EXPIRED: QT_TRANSLATE_NOOP("PayDesk", "Expired"),
    OrderPhase.ABANDONED: QT_TRANSLATE_NOOP("PayDesk", "Abandoned"),
    OrderPhase.UNKNOWN: QT_TRANSLATE_NOOP("PayDesk", "Unknown"),
}

#: How a front end puts an English text into its language (``tr``, the command line's).
Words = Callable[[str], str]


def order_record(order: Order, fmt: CsvFormat = _PLAIN) -> dict[str, Any]:
    """One order as plain values: the amount as exact decimal rubles text (``1234.50``)
    and times in ISO 8601 UTC, or as ``fmt`` writes them."""
    return {
        "created_at": fmt.time(order.created_at),
        "order_id": order.order_id,
        # The till (counter) that took it; "" for an order from before tills had names.
        "till": order.till,
        "amount": fmt.amount(order.amount),
        "amount_kopecks": order.amount,
        "email": order.email or "",
        "note": order.note,
        "status": order.status.value,
        # What PayDesk makes of it (paydesk.domain.phase), beside the service's word:
        # JSON only, the CSV keeps its columns for the spreadsheets reading them.
        "phase": phase_of(order).value,
        "creation": order.creation.value,
        "paid_at": fmt.time(order.paid_at),
        # The service does not say when a buyer paid: paid_at is when PayDesk first
        # saw it paid, paid_after the last time it saw it unpaid.
        "paid_time_approximate": order.paid_time_is_approximate,
        "paid_after": fmt.time(order.last_pending_at if order.paid_at else None),
        "last_checked_at": fmt.time(order.last_checked_at),
        "url": order.url or "",
        # Who took it and in which of its till's shifts (with shifts on; else "" and
        # empty, as for every order from before).
        "cashier": order.cashier,
        "shift": "" if order.shift is None else order.shift,
    }


def details_record(details: OrderDetails) -> dict[str, Any]:
    """What ``status --history --json`` adds to the order's record: every status seen and
    every answer to the create request, oldest first, and the last error stored."""
    return {
        "confirmed_at": _PLAIN.time(details.order.confirmed_at),
        "history": [
            {"status": change.status.value,
             "phase": phase_of_status(change.status.value).value,
             "observed_at": _PLAIN.time(change.observed_at)}
            for change in details.history
        ],
        "creation_attempts": [
            {"outcome": attempt.outcome, "finished_at": _PLAIN.time(attempt.finished_at),
             "error": failure_record(attempt.error)}
            for attempt in details.attempts
        ],
        "last_error": failure_record(details.order.last_error),
    }


def failure_record(failure: Failure | None) -> dict[str, str | None] | None:
    """A stored failure for a program: its stable code, its detail (the service's own
    words, a ceiling...), and the English sentence the command line says."""
    if failure is None:
        return None
    return {"code": str(failure.code), "detail": failure.detail, "text": english(failure)}


def phase_words(order: Order, words: Words) -> str:
    """The order's status as the orders list says it; an unknown service status with
    the service's own word."""
    phase = phase_of(order)
    said = words(PHASE_WORDS[phase])
    return f"{said}: {order.status.value}" if phase is OrderPhase.UNKNOWN else said


def write_csv(orders: Iterable[Order], stream: IO[str], fmt: CsvFormat | None = None,
              words: Words | None = None) -> int:
    """Write a header and one row per order; returns the number of rows.

    ``fmt`` chooses delimiter, decimal separator and time style (the default is
    the plain form for programs; :meth:`CsvFormat.for_language` gives the one a
    spreadsheet expects). ``words`` makes it a people's CSV: the headings and each
    order's status (``phase``) in words, through it (None: the column names and the
    codes, for programs). Cells that a spreadsheet would run as a formula
    (``=``, ``+``, ``-``, ``@`` first) get a leading apostrophe: notes and
    e-mails are typed by people.
    """
    fmt = fmt or CsvFormat()
    writer = fmt.writer(stream)
    if fmt.header:
        writer.writerow(COLUMNS if words is None else [words(HEADINGS[c]) for c in COLUMNS])
    count = 0
    for order in orders:
        record = order_record(order, fmt)
        if words is not None:
            record["phase"] = phase_words(order, words)
        writer.writerow([defuse(fmt.cell(record[column])) for column in COLUMNS])
        count += 1
    return count


def write_json(orders: Iterable[Order], stream: IO[str]) -> int:
    records = [order_record(order) for order in orders]
    json.dump(records, stream, ensure_ascii=False, indent=2)
    stream.write("\n")
    return len(records)
