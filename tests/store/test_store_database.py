"""The order book file: configuration, migrations, refusals, threads and processes."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import (
    LATEST_SCHEMA_VERSION,
    OrderStore,
    SchemaTooNewError,
    StatusChange,
    StoreError,
)
from paydesk.store.database import migrate
from paydesk.store.migrations import MIGRATIONS

from store_support import CLIENT, AddOrder, at

V2_INDEXES = {
    "orders_by_created",
    "orders_by_paid",
    "orders_by_status",
    "orders_open",
    "status_history_by_order",
}


def _raw(path: Path, *, read_only: bool = False) -> sqlite3.Connection:
    """A plain connection, outside the store, to look at the file as it is."""
    uri = f"file:{path}?mode=ro" if read_only else f"file:{path}"
    return sqlite3.connect(uri, uri=True, isolation_level=None)


def _look(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = _raw(path, read_only=True)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def _indexes(path: Path) -> set[str]:
    rows = _look(path, "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL")
    return {str(name) for (name,) in rows}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


# -- a new book -------------------------------------------------------------------


def test_open_creates_the_folder_and_the_latest_schema(db_path: Path) -> None:
    assert not db_path.parent.exists()

    with OrderStore.open(db_path) as store:
        assert store.path == db_path
        assert _look(db_path, "PRAGMA user_version") == [(LATEST_SCHEMA_VERSION,)]
        assert _look(db_path, "PRAGMA journal_mode") == [("wal",)]
        assert _indexes(db_path) >= V2_INDEXES
        tables = _look(db_path, "SELECT name, sql FROM sqlite_schema WHERE type = 'table'")
        # The search's trigram index: an FTS5 table and the tables FTS5 keeps it in.
        search = {name for name, _ in tables if str(name).startswith("orders_search")}
        assert search == {
            "orders_search", "orders_search_data", "orders_search_idx", "orders_search_config"
        }
        assert {name for name, _ in tables} - search == {
            "orders", "status_history", "order_totals", "creation_attempts", "sync_state",
            "printed_receipts", "cashiers", "shifts", "shift_reports"
        }
        assert all(str(sql).rstrip().endswith("STRICT") for name, sql in tables
                   if name not in search)
    # A new book has nothing to back up.
    assert sorted(p.name for p in db_path.parent.iterdir() if ".bak" in p.name) == []


def test_each_connection_is_configured(store: OrderStore) -> None:
    connection = store._db  # white-box: these pragmas are per connection
    assert connection.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert connection.execute("PRAGMA busy_timeout").fetchone() == (5000,)
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_tables_are_strict_and_checked(store: OrderStore, db_path: Path) -> None:
    conn = _raw(db_path)
    try:
        insert = (
            "INSERT INTO orders (client_id, order_id, amount, status, creation, created_at)"
            " VALUES (?, ?, ?, 'pending', ?, 0)"
        )
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(insert, (CLIENT, "A", "12.50", "unconfirmed"))  # STRICT: not an int
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(insert, (CLIENT, "A", 100, "sent"))  # not a creation state
        conn.execute("PRAGMA foreign_keys = ON")
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(
                "INSERT INTO status_history (order_row, status, observed_at) VALUES (42, 'x', 0)"
            )
    finally:
        conn.close()


def test_reopening_a_current_book_makes_no_backup(db_path: Path) -> None:
    OrderStore.open(db_path).close()
    with OrderStore.open(db_path) as store:
        store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0))
    assert not any(".bak" in p.name for p in db_path.parent.iterdir())


# -- migrating an older book ---------------------------------------------------------


def _make_v1_book(path: Path) -> None:
    """A real version-1 book: only step 1 applied, with orders and history in it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = _raw(path)
    try:
        conn.execute("PRAGMA journal_mode = WAL")  # as PayDesk left it
        migrate(conn, path, target_version=1)
        conn.execute(
            "INSERT INTO orders (id, client_id, order_id, amount, email, note, url, status,"
            " creation, created_at, paid_at, last_checked_at, next_check_at)"
            " VALUES (1, ?, 'old-1', 15050, 'a@b.ru', 'кофе', 'https://pay.example/pay/1',"
            " 'approve', 'confirmed', ?, ?, ?, NULL),"
            " (2, ?, 'old-2', 300, NULL, '', NULL, 'pending', 'unconfirmed', ?, NULL, NULL, NULL)",
            (CLIENT, 1772355600000, 1772355660000, 1772355660000, CLIENT, 1772355720000),
        )
        conn.execute(
            "INSERT INTO status_history (order_row, status, observed_at)"
            " VALUES (1, 'pending', 1772355600000), (1, 'approve', 1772355660000)"
        )
    finally:
        conn.close()


def test_a_version_1_book_is_migrated_after_a_backup(db_path: Path) -> None:
    _make_v1_book(db_path)
    assert _look(db_path, "PRAGMA user_version") == [(1,)]
    assert not V2_INDEXES & _indexes(db_path)

    with OrderStore.open(db_path) as store:
        paid = store.get(CLIENT, "old-1")
        assert paid is not None
        assert (paid.amount, paid.note, paid.status, paid.creation) == (
            15050,
            "кофе",
            OrderStatus.APPROVE,
            CreationState.CONFIRMED,
        )
        assert paid.paid_at == at(1)
        # Step 4 reads the confirmation and the last "pending" seen from the history.
        assert (paid.confirmed_at, paid.last_pending_at) == (at(0), at(0))
        assert not paid.paid_time_is_approximate  # seen paid a minute after: within it
        assert [c.status for c in store.history(CLIENT, "old-1")] == [
            OrderStatus.PENDING,
            OrderStatus.APPROVE,
        ]
        assert [o.order_id for o in store.unconfirmed()] == ["old-2"]
        store.add_unconfirmed(CLIENT, "new-1", 100, None, "", at(5))

    assert _look(db_path, "PRAGMA user_version") == [(LATEST_SCHEMA_VERSION,)]
    assert _indexes(db_path) >= V2_INDEXES

    backup = db_path.with_name(db_path.name + ".v1.bak")
    assert backup.is_file()
    assert _look(backup, "PRAGMA user_version") == [(1,)]
    assert _look(backup, "PRAGMA journal_mode") == [("delete",)]  # one self-contained file
    assert _look(backup, "SELECT order_id FROM orders ORDER BY id") == [("old-1",), ("old-2",)]
    assert _look(backup, "SELECT COUNT(*) FROM status_history") == [(2,)]
    assert not V2_INDEXES & _indexes(backup)
    assert not backup.with_name(backup.name + ".partial").exists()


def test_every_step_is_numbered_in_order() -> None:
    assert [step.version for step in MIGRATIONS] == list(range(1, LATEST_SCHEMA_VERSION + 1))


# -- files the store must not touch --------------------------------------------------


def test_a_book_from_a_newer_paydesk_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "orders.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, future TEXT)")
    conn.execute("INSERT INTO orders (future) VALUES ('x')")
    conn.execute("PRAGMA user_version = 999")
    conn.commit()
    conn.close()
    before = _files(tmp_path)

    with pytest.raises(SchemaTooNewError) as caught:
        OrderStore.open(path)

    assert (caught.value.found, caught.value.supported) == (999, LATEST_SCHEMA_VERSION)
    assert "newer version of PayDesk" in str(caught.value)
    assert isinstance(caught.value, StoreError)
    assert _files(tmp_path) == before  # byte-identical, and no -wal or -shm left behind


def test_a_newer_book_already_in_wal_mode_is_untouched(db_path: Path) -> None:
    OrderStore.open(db_path).close()
    conn = _raw(db_path)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    before = db_path.read_bytes()

    with pytest.raises(SchemaTooNewError):
        OrderStore.open(db_path)

    assert db_path.read_bytes() == before


@pytest.mark.parametrize(
    "content",
    [
        b"order_id,amount\nA-1,150.50\n" * 50,  # a CSV export picked by mistake
        # (The right header with the rest damaged is a damaged book, moved aside:
        # tests/reliability/test_damaged_book.py.)
        b"short",
    ],
)
def test_a_file_that_is_not_a_database_is_refused_and_untouched(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "orders.sqlite3"
    path.write_bytes(content)

    with pytest.raises(StoreError, match="not a PayDesk order book"):
        OrderStore.open(path)

    assert _files(tmp_path) == {"orders.sqlite3": content}


def test_another_programs_database_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "contacts.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.commit()
    conn.close()
    before = _files(tmp_path)

    with pytest.raises(StoreError, match="another program"):
        OrderStore.open(path)

    assert _files(tmp_path)["contacts.db"] == before["contacts.db"]
    assert _look(path, "SELECT name FROM sqlite_schema") == [("contacts",)]


def test_a_folder_in_place_of_the_file_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "orders.sqlite3").mkdir()
    with pytest.raises(StoreError):
        OrderStore.open(tmp_path / "orders.sqlite3")


# -- threads and processes -------------------------------------------------------------


def test_two_stores_in_two_threads_see_each_others_writes(store: OrderStore) -> None:
    with ThreadPoolExecutor(max_workers=1) as worker:  # one thread: the other store's owner
        other = worker.submit(OrderStore.open, store.path).result()
        try:
            worker.submit(
                other.add_unconfirmed, CLIENT, "from-worker", 100, None, "", at(0)
            ).result()
            seen_here = store.get(CLIENT, "from-worker")
            assert seen_here is not None

            store.add_unconfirmed(CLIENT, "from-main", 200, None, "", at(1))
            seen_there = worker.submit(other.get, CLIENT, "from-main").result()
            assert seen_there is not None
            assert seen_there.amount == 200

            store.confirm_creation(CLIENT, "from-worker", "https://pay.example/pay/w", at(2), None)
            updated = worker.submit(other.get, CLIENT, "from-worker").result()
            assert updated is not None
            assert updated.creation is CreationState.CONFIRMED
        finally:
            worker.submit(other.close).result()


def test_a_store_belongs_to_the_thread_that_opened_it(store: OrderStore, add: AddOrder) -> None:
    add("A-1")

    with ThreadPoolExecutor(max_workers=1) as worker:
        with pytest.raises(sqlite3.ProgrammingError, match="thread"):
            worker.submit(store.get, CLIENT, "A-1").result()
        with pytest.raises(sqlite3.ProgrammingError, match="thread"):
            worker.submit(store.schedule, CLIENT, "A-1", at(1)).result()

    assert store.get(CLIENT, "A-1") is not None  # still fine in its own thread


def test_many_threads_opening_a_new_file_at_once_migrate_it_once(db_path: Path) -> None:
    count = 8
    start = threading.Barrier(count, timeout=30)

    def open_and_write(n: int) -> Order:
        start.wait()  # all open together, to race on creating the schema
        with OrderStore.open(db_path) as store:
            return store.add_unconfirmed(CLIENT, f"t-{n}", 100 + n, None, "", at(n))

    with ThreadPoolExecutor(max_workers=count) as pool:
        orders = list(pool.map(open_and_write, range(count)))

    assert [o.order_id for o in orders] == [f"t-{n}" for n in range(count)]
    assert _look(db_path, "PRAGMA user_version") == [(LATEST_SCHEMA_VERSION,)]
    assert _look(db_path, "SELECT COUNT(*) FROM orders") == [(count,)]
    assert not any(".bak" in p.name for p in db_path.parent.iterdir())


_OTHER_PROCESS = """
import sys
from datetime import UTC, datetime
from pathlib import Path
from paydesk.store import OrderStore

with OrderStore.open(Path(sys.argv[1])) as store:
    store.add_unconfirmed(int(sys.argv[2]), "from-cli", 4200, None, "cli",
                          datetime(2026, 3, 1, tzinfo=UTC))
    print(store.get(int(sys.argv[2]), "from-window").amount)
"""


def test_a_command_line_process_shares_the_book_with_the_window(
    store: OrderStore, add: AddOrder
) -> None:
    add("from-window", 1234)

    done = subprocess.run(
        [sys.executable, "-c", _OTHER_PROCESS, str(store.path), str(CLIENT)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1234"
    from_cli = store.get(CLIENT, "from-cli")
    assert from_cli is not None
    assert from_cli.note == "cli"


# -- resuming ---------------------------------------------------------------------------


def test_an_unconfirmed_order_survives_a_restart(db_path: Path) -> None:
    with OrderStore.open(db_path) as store:
        written = store.add_unconfirmed(CLIENT, "20260301-090000000-K3QX9A", 15050, None, "", at(0))

    with OrderStore.open(db_path) as store:
        assert store.unconfirmed(CLIENT) == [written]
        resumed = store.confirm_creation(
            CLIENT, written.order_id, "https://pay.example/pay/r", at(1), at(1)
        )
        assert resumed.order_id == "20260301-090000000-K3QX9A"
        assert store.history(CLIENT, written.order_id) == [StatusChange(OrderStatus.PENDING, at(1))]


def test_a_closed_store_cannot_be_used(db_path: Path) -> None:
    with OrderStore.open(db_path) as store:
        pass
    with pytest.raises(sqlite3.ProgrammingError):
        store.get(CLIENT, "A-1")
    store.close()  # closing twice is harmless


def test_a_failed_backup_leaves_the_old_book_as_it_was(db_path: Path) -> None:
    _make_v1_book(db_path)
    before = db_path.read_bytes()
    db_path.with_name(db_path.name + ".v1.bak").mkdir()  # the copy cannot be put there

    with pytest.raises(StoreError, match="Could not back up"):
        OrderStore.open(db_path)

    assert _look(db_path, "PRAGMA user_version") == [(1,)]
    assert _look(db_path, "SELECT COUNT(*) FROM orders") == [(2,)]
    assert not V2_INDEXES & _indexes(db_path)
    assert db_path.read_bytes() == before
