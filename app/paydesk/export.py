"""Orders as rows for people and programs: CSV and JSON exports, one column list."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from typing import IO, Any

from paydesk.csv_format import CsvFormat, defuse
from paydesk.money import kopecks_to_decimal_text
from paydesk.orders import Order

COLUMNS = (
    "created_at", "order_id", "amount", "email", "note", "status", "creation",
    "paid_at", "last_checked_at", "url",
)


def _time(moment: datetime | None) -> str:
    return moment.isoformat(timespec="seconds") if moment is not None else ""


def order_record(order: Order) -> dict[str, Any]:
    """One order as plain values; the amount as exact decimal rubles text (``1234.50``)."""
    return {
        "created_at": _time(order.created_at),
        "order_id": order.order_id,
        "amount": kopecks_to_decimal_text(order.amount),
        "amount_kopecks": order.amount,
        "email": order.email or "",
        "note": order.note,
        "status": order.status.value,
        "creation": order.creation.value,
        "paid_at": _time(order.paid_at),
        "last_checked_at": _time(order.last_checked_at),
        "url": order.url or "",
    }


def write_csv(orders: Iterable[Order], stream: IO[str], fmt: CsvFormat | None = None) -> int:
    """Write a header and one row per order; returns the number of rows.

    ``fmt`` chooses delimiter, decimal separator and time style (the default is
    the plain form for programs; :meth:`CsvFormat.for_language` gives the one a
    spreadsheet expects). Cells that a spreadsheet would run as a formula
    (``=``, ``+``, ``-``, ``@`` first) get a leading apostrophe: notes and
    e-mails are typed by people.
    """
    fmt = fmt or CsvFormat()
    writer = fmt.writer(stream)
    if fmt.header:
        writer.writerow(COLUMNS)
    count = 0
    for order in orders:
        record = order_record(order)
        record["amount"] = fmt.amount(order.amount)
        for column, moment in (
            ("created_at", order.created_at),
            ("paid_at", order.paid_at),
            ("last_checked_at", order.last_checked_at),
        ):
            record[column] = fmt.time(moment)
        writer.writerow([defuse(str(record[column])) for column in COLUMNS])
        count += 1
    return count


def write_json(orders: Iterable[Order], stream: IO[str]) -> int:
    records = [order_record(order) for order in orders]
    json.dump(records, stream, ensure_ascii=False, indent=2)
    stream.write("\n")
    return len(records)
