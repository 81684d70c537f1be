"""The shared book's step 3: each order's cashier and shift go up and come down with it;
a book of step 2 keeps its orders, valid with neither."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import psycopg

from paydesk.store import BookEntry
from paydesk.store.shared.book import SharedBook
from paydesk.store.shared.schema import LATEST_SHARED_VERSION

from merge_cases import base_order

if TYPE_CHECKING:
    from conftest import Connect


def test_an_orders_cashier_and_shift_go_up_and_come_down(book: SharedBook) -> None:
    order = base_order(order_id="S-1", till="Till 1", cashier="Anna", shift=3)
    book.upload([BookEntry(order)], till="Till 1")
    # Another till's record of it from before it knew them takes nothing away.
    book.upload([BookEntry(replace(order, cashier="", shift=None))], till="Till 2")
    entries, _cursor = book.changes_since(order.client_id, 0)
    [entry] = entries
    assert (entry.order.cashier, entry.order.shift, entry.order.till) == ("Anna", 3, "Till 1")


def test_a_book_of_step_2_keeps_its_orders_with_no_cashier_or_shift(
    book_url: str, connect: Connect,
) -> None:
    book = connect()
    book.init_schema()
    old = base_order(order_id="OLD-1", till="Till 1")
    book.upload([BookEntry(old)], till="Till 1")
    book.close()
    with psycopg.connect(book_url) as conn:  # as a PayDesk of step 2 left it
        conn.execute("DROP TABLE shifts")
        conn.execute("DROP TABLE cashiers")
        conn.execute("DROP INDEX orders_by_shift")
        conn.execute("ALTER TABLE orders DROP COLUMN cashier, DROP COLUMN shift")
        conn.execute("UPDATE book_meta SET version = 2")
    again = connect()
    assert again.init_schema() == 2
    again.check_schema()
    [entry], _cursor = again.changes_since(old.client_id, 0)
    assert entry.order == replace(old, cashier="", shift=None)
    assert LATEST_SHARED_VERSION == 3
