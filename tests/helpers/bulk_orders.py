"""Finished orders put straight into a book, for the tests and the benchmark.

The app itself only ever writes an order through ``OrderStore.add_unconfirmed`` and
the methods after it; a test that needs a thousand paid, refused or old orders puts
them in here in one transaction, through the store's own write transaction and row
helpers, without a status history.
"""

# The one f-string below interpolates only ORDER_COLUMNS; every value is a parameter.

from __future__ import annotations

from collections.abc import Iterable

from paydesk.domain.clock import to_ms
from paydesk.domain.orders import Order
from paydesk.store import OrderStore
from paydesk.store.queries import search_text
from paydesk.store.rows import ORDER_COLUMNS, failure_columns, ms_or_none


def bulk_insert(store: OrderStore, orders: Iterable[Order]) -> int:
    """Insert finished ``Order`` values in one transaction, without history; the count."""
    rows = (
        (
            o.client_id,
            o.order_id,
            o.amount,
            o.email,
            o.note,
            o.url,
            o.status.value,
            o.creation.value,
            to_ms(o.created_at),
            ms_or_none(o.paid_at),
            ms_or_none(o.last_checked_at),
            ms_or_none(o.next_check_at),
            *failure_columns(o.last_error),
            ms_or_none(o.confirmed_at),
            ms_or_none(o.last_pending_at),
            o.till,
            o.reference,
            o.cashier,
            o.shift,
            search_text(o.order_id, o.email, o.note),
        )
        for o in orders
    )
    with store._write("insert the orders") as db:  # white-box: the store's own transaction
        cursor = db.executemany(
            f"INSERT INTO orders ({ORDER_COLUMNS}, search_text)"
            f" VALUES ({', '.join('?' * 21)})",
            rows,
        )
        return cursor.rowcount
