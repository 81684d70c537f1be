"""Orders as rows for people and programs: CSV and JSON exports, one column list."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from datetime import datetime
from typing import IO, Any

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


def write_csv(orders: Iterable[Order], stream: IO[str]) -> int:
    """Write a header and one row per order; returns the number of rows.

    Cells that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``
    first) get a leading apostrophe: notes and e-mails are typed by people.
    """
    writer = csv.writer(stream, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    count = 0
    for order in orders:
        record = order_record(order)
        writer.writerow([_defuse(str(record[column])) for column in COLUMNS])
        count += 1
    return count


def write_json(orders: Iterable[Order], stream: IO[str]) -> int:
    records = [order_record(order) for order in orders]
    json.dump(records, stream, ensure_ascii=False, indent=2)
    stream.write("\n")
    return len(records)


def _defuse(cell: str) -> str:
    return "'" + cell if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell
