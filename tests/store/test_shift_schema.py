"""Schema step 11: cashiers, shifts and their reports; each order's cashier and shift.

A book of every older schema reaches step 11 with its orders whole and valid with no
cashier and no shift; the book refuses an order for a shift that is not open, and
keeps one report per shift.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from paydesk.store import OrderStore
from paydesk.store.database import migrate
from paydesk.store.migrations import LATEST_SCHEMA_VERSION
from paydesk.store.shift_tables import ShiftNotOpenError

from store_support import CLIENT, at


def _make_old_book(path: Path, version: int) -> None:
    """A real book of ``version`` (the shipped steps only) with a paid and an open order,
    written with the first schema's columns (every later one has a default)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.create_function("paydesk_lower", 1, str.lower)
        migrate(conn, path, target_version=version)
        conn.execute(
            "INSERT INTO orders (client_id, order_id, amount, note, url, status, creation,"
            " created_at, paid_at) VALUES"
            " (?, 'old-paid', 15050, 'кофе', 'https://pay.example/pay/1', 'approve',"
            " 'confirmed', 1772355600000, 1772355660000),"
            " (?, 'old-open', 300, '', 'https://pay.example/pay/2', 'pending', 'confirmed',"
            " 1772355720000, NULL)",
            (CLIENT, CLIENT),
        )
    finally:
        conn.close()


@pytest.mark.parametrize("version", range(1, LATEST_SCHEMA_VERSION))
def test_a_book_of_each_older_schema_keeps_its_orders_with_no_cashier_or_shift(
    db_path: Path, version: int,
) -> None:
    _make_old_book(db_path, version)

    with OrderStore.open(db_path) as store:
        paid, still_open = store.get(CLIENT, "old-paid"), store.get(CLIENT, "old-open")
        assert paid is not None and still_open is not None
        assert (paid.amount, paid.note, paid.cashier, paid.shift) == (15050, "кофе", "", None)
        assert (still_open.cashier, still_open.shift) == ("", None)
        assert store.cashiers() == [] and store.shift_rows() == []
        # The book takes shifts from now on.
        shift = store.insert_shift("Till 1", "Anna", at(0))
        assert shift is not None
        order = store.add_unconfirmed(CLIENT, "new-1", 100, None, "", at(1), till="Till 1",
                                      cashier="Anna", shift=shift.number)
        assert (order.cashier, order.shift) == ("Anna", shift.number)
    assert db_path.with_name(f"{db_path.name}.v{version}.bak").is_file()


def test_no_order_is_written_into_a_shift_that_is_not_open(store: OrderStore) -> None:
    shift = store.insert_shift("Till 1", "Anna", at(0))
    assert shift is not None
    store.freeze_shift(shift.number, "Anna", at(5), lambda _closed: "{}")

    with pytest.raises(ShiftNotOpenError):
        store.add_unconfirmed(CLIENT, "late-1", 100, None, "", at(6), till="Till 1",
                              cashier="Anna", shift=shift.number)
    with pytest.raises(ShiftNotOpenError):
        store.add_unconfirmed(CLIENT, "nowhere-1", 100, None, "", at(6), shift=999)
    assert store.get(CLIENT, "late-1") is None and store.get(CLIENT, "nowhere-1") is None


def test_one_open_shift_per_till_and_one_report_per_shift(store: OrderStore) -> None:
    first = store.insert_shift("Till 1", "Anna", at(0))
    assert first is not None
    assert store.insert_shift("Till 1", "Boris", at(1)) is None  # one open at a time
    other = store.insert_shift("Till 2", "Boris", at(1))  # another till's is its own
    assert other is not None

    calls: list[int] = []

    def report(closed: object) -> str:
        calls.append(1)
        return f'{{"n": {len(calls)}}}'

    closed, text = store.freeze_shift(first.number, "Anna", at(9), report)
    again, kept = store.freeze_shift(first.number, "Anna", at(10), report)
    assert (text, kept, len(calls)) == ('{"n": 1}', '{"n": 1}', 1)
    assert closed.closed_at == again.closed_at == at(9)
    assert store.frozen_report(first.number) == '{"n": 1}'
    assert store.open_shift_row("Till 1") is None
    assert store.insert_shift("Till 1", "Boris", at(11)) is not None


def test_a_failed_report_leaves_the_shift_open_with_nothing_written(store: OrderStore) -> None:
    shift = store.insert_shift("Till 1", "Anna", at(0))
    assert shift is not None

    def broken(_closed: object) -> str:
        raise RuntimeError("the report could not be made")

    with pytest.raises(RuntimeError):
        store.freeze_shift(shift.number, "Anna", at(5), broken)
    row = store.shift_row(shift.number)
    assert row is not None and row.is_open and store.frozen_report(shift.number) is None
