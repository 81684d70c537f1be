"""Schema step 7: each order's till, and the journal columns that say what waits to upload.

The journal's own API (store/journal.py) has its tests in test_journal.py; these
check the schema itself: an older book's rows after the step, the triggers that
count local changes, and the poller leaving alone the orders another till watches.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import OrderStatus
from paydesk.store import CheckResult, OrderStore
from paydesk.store.database import migrate

from store_support import CLIENT, AddOrder, at


def _raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def _revs(store: OrderStore, order_id: str) -> tuple[int, int]:
    """``(local_rev, uploaded_rev)`` of an order (white-box: the journal's columns)."""
    row = store._db.execute(
        "SELECT local_rev, uploaded_rev FROM orders WHERE client_id = ? AND order_id = ?",
        (CLIENT, order_id),
    ).fetchone()
    return int(row[0]), int(row[1])


def _make_v6_book(path: Path) -> None:
    """A real version-6 book (the shipped steps only) with two orders in it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = _raw(path)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.create_function("paydesk_lower", 1, str.lower)
        migrate(conn, path, target_version=6)
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


def test_an_older_books_orders_have_no_till_and_wait_to_upload_once(db_path: Path) -> None:
    _make_v6_book(db_path)

    with OrderStore.open(db_path) as store:
        paid = store.get(CLIENT, "old-paid")
        assert paid is not None and paid.till == "" and paid.note == "кофе"
        for order_id in ("old-paid", "old-open"):
            assert _revs(store, order_id) == (1, 0)
        rows = store._db.execute(
            "SELECT remote_seq, elsewhere FROM orders ORDER BY id").fetchall()
        assert rows == [(None, 0), (None, 0)]
        assert store._db.execute("SELECT COUNT(*) FROM sync_state").fetchone() == (0,)
        # The step changes no order: the old open one is still the poller's.
        assert [o.order_id for o in store.pending(CLIENT)] == ["old-open"]
    assert db_path.with_name(db_path.name + ".v6.bak").is_file()


def test_an_order_keeps_the_till_that_took_it(store: OrderStore) -> None:
    written = store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0), till="Till 2")
    unnamed = store.add_unconfirmed(CLIENT, "A-2", 100, None, "", at(0))

    assert written.till == "Till 2"
    assert store.get(CLIENT, "A-1") == written
    assert unnamed.till == ""
    confirmed = store.confirm_creation(CLIENT, "A-1", "https://pay.example/pay/1", at(1), at(2))
    assert confirmed.till == "Till 2"


def test_every_local_change_to_what_a_shared_book_holds_counts(
    store: OrderStore, add: AddOrder
) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0))
    assert _revs(store, "A-1") == (1, 0)  # a new order
    store.record_creation_error(CLIENT, "A-1", Failure(FailureCode.TIMEOUT), at(0.5))
    assert _revs(store, "A-1") == (2, 0)  # its last error
    store.confirm_creation(CLIENT, "A-1", "https://pay.example/pay/1", at(1), at(2))
    assert _revs(store, "A-1") == (3, 0)  # its link
    store.record_checks([CheckResult(CLIENT, "A-1", OrderStatus.APPROVE, at(3), None)])
    assert _revs(store, "A-1") == (4, 0)  # paid


def test_what_only_this_till_cares_about_is_no_change(store: OrderStore, add: AddOrder) -> None:
    add("A-1", next_check=1)
    before = _revs(store, "A-1")

    # "Still pending", and when to ask next: nothing another book needs.
    store.record_checks([CheckResult(CLIENT, "A-1", OrderStatus.PENDING, at(2), at(3))])
    store.schedule(CLIENT, "A-1", at(9))
    store.schedule_open(CLIENT, at(10))

    assert _revs(store, "A-1") == before


def test_a_write_that_moves_remote_seq_is_a_download_not_a_change(
    store: OrderStore, add: AddOrder
) -> None:
    add("A-1", next_check=1)
    before = _revs(store, "A-1")
    store._db.execute(
        "UPDATE orders SET status = 'approve', paid_at = 5, remote_seq = 7"
        " WHERE order_id = 'A-1'")
    assert _revs(store, "A-1") == before
    store._db.execute(
        "INSERT INTO orders (client_id, order_id, amount, status, creation, created_at,"
        " remote_seq) VALUES (?, 'B-1', 100, 'pending', 'confirmed', 0, 8)", (CLIENT,))
    assert _revs(store, "B-1") == (0, 0)


def _watched_elsewhere(store: OrderStore, *order_ids: str) -> None:
    marks = ", ".join("?" * len(order_ids))
    store._db.execute(f"UPDATE orders SET elsewhere = 1 WHERE order_id IN ({marks})", order_ids)


def test_the_poller_leaves_alone_what_another_till_watches(
    store: OrderStore, add: AddOrder
) -> None:
    add("mine", minutes=1, next_check=1)
    add("theirs", minutes=2, next_check=1)
    add("their-unsent", minutes=3, confirmed=False)
    _watched_elsewhere(store, "theirs", "their-unsent")

    assert [o.order_id for o in store.due_for_check(at(5))] == ["mine"]
    assert [o.order_id for o in store.pending(CLIENT)] == ["mine"]
    assert store.unconfirmed(CLIENT) == []  # its own till sends it
    assert store.schedule_open(CLIENT, at(0)) == 1
    assert store.schedule_open(CLIENT, at(0), ["mine", "theirs"]) == 1
    theirs = store.get(CLIENT, "theirs")
    assert theirs is not None and theirs.next_check_at == at(1)
