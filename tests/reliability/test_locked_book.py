"""The order book locked by another program: said plainly, waited out once the
service has the order, and never taken for a damaged book (which would be moved aside).

As for every trouble of the book's file (tests/helpers/storage_faults.py): a StoreError
whose text says what happened and what to do (the command line: that text and exit
code 5), never a crash, and never a changed or lost file.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.remote import send_creation
from paydesk.core.watch.saving import record_creation_retrying
from paydesk.domain.orders import CreationState
from paydesk.gateway import GatewayClient
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderQuery, OrderStore, StoreError, connection, quarantine
from paydesk.store.errors import StoreProblem

from cli_process import Paydesk, service_env
from storage_faults import CLIENT, T0, assert_storage_failure, book_with_orders, order_ids
from test_values import TEST_SECRET


@pytest.fixture
def quick_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process only: give up on a lock after 0.2 s instead of 5."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 200)


def test_a_write_lock_held_past_the_busy_timeout_is_said_plainly(
    tmp_path: Path, quick_busy_timeout: None
) -> None:
    path = tmp_path / "book.sqlite3"
    book_with_orders(path)
    other = sqlite3.connect(path, isolation_level=None)  # another program, writing
    other.execute("BEGIN EXCLUSIVE")
    try:
        with OrderStore.open(path) as store:
            assert len(store.query(OrderQuery())) == 3  # WAL: reading goes on
            with pytest.raises(StoreError, match="locked by another program") as caught:
                store.add_unconfirmed(CLIENT, "B-1", 100, None, "", T0)
            assert "Nothing was changed" in str(caught.value)
    finally:
        other.execute("ROLLBACK")
        other.close()
    with OrderStore.open(path) as store:  # the lock is gone: business as usual
        store.add_unconfirmed(CLIENT, "B-1", 100, None, "", T0)
    assert order_ids(path) == ["A-0", "A-1", "A-2", "B-1"]


def test_a_lock_after_sending_is_waited_out_not_reported(
    tmp_path: Path, sandbox: SandboxServer, quick_busy_timeout: None
) -> None:
    """The service has the order when another program locks the book: the save is tried
    again (here the program lets go during the pause, instead of a real wait)."""
    path = tmp_path / "book.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    heard: list[StoreError] = []

    def pause(seconds: float) -> None:
        assert heard and 0 < seconds <= 1
        other.execute("ROLLBACK")

    with (
        OrderStore.open(path) as store,
        GatewayClient(sandbox.base_url, CLIENT, TEST_SECRET) as client,
    ):
        desk = OrderDesk(store, CLIENT)
        outcome = send_creation(client, desk.start_order("150"))
        other.execute("BEGIN EXCLUSIVE")
        saved = record_creation_retrying(desk, outcome, on_retry=heard.append, pause=pause)
    other.close()

    assert [error.problem for error in heard] == [StoreProblem.LOCKED]
    [remote] = sandbox.orders()
    assert saved.creation is CreationState.CONFIRMED and saved.url == remote.url


def test_a_lock_that_stays_ends_the_retries_with_its_error(
    tmp_path: Path, sandbox: SandboxServer, quick_busy_timeout: None
) -> None:
    path = tmp_path / "book.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    pauses: list[float] = []
    with (
        OrderStore.open(path) as store,
        GatewayClient(sandbox.base_url, CLIENT, TEST_SECRET) as client,
    ):
        desk = OrderDesk(store, CLIENT)
        outcome = send_creation(client, desk.start_order("150"))
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreError, match="locked") as caught:
                record_creation_retrying(desk, outcome, pause=pauses.append, retry_for=0.5)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert caught.value.problem is StoreProblem.LOCKED
        assert len(pauses) >= 1 and max(pauses) <= 1  # bounded: each try waits 0.2 s
        [order] = store.query(OrderQuery())
    assert order.creation is CreationState.UNCONFIRMED  # for refresh, under its order id


def test_a_book_locked_even_for_reading_is_locked_not_damaged(
    tmp_path: Path, quick_busy_timeout: None
) -> None:
    """A locked file must never be taken for a damaged one (and moved aside)."""
    path = tmp_path / "book.sqlite3"
    book_with_orders(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")  # holds the file itself, readers too
    other.execute("BEGIN EXCLUSIVE")
    other.execute("UPDATE orders SET note = note")
    try:
        with pytest.raises(StoreError, match="locked by another program") as caught:
            OrderStore.open(path)
        assert "damaged" not in str(caught.value)
        assert path.exists() and quarantine.damaged_copies(path) == []
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert order_ids(path) == ["A-0", "A-1", "A-2"]


def test_the_switch_to_wal_waits_out_busy_in_its_extended_kinds_too() -> None:
    # A connection recovering the WAL makes SQLite answer SQLITE_BUSY_RECOVERY, an
    # extended code of BUSY; it passes like plain BUSY. Which kind comes when is up
    # to the race, so the connection here answers them in turn.
    class RacingConnection:
        def __init__(self) -> None:
            self.answers = [sqlite3.SQLITE_BUSY, sqlite3.SQLITE_BUSY_RECOVERY,
                            sqlite3.SQLITE_BUSY_SNAPSHOT]
            self.tries = 0

        def execute(self, sql: str) -> None:
            self.tries += 1
            if self.answers:
                busy = sqlite3.OperationalError("database is locked")
                busy.sqlite_errorcode = self.answers.pop(0)
                raise busy

    racing = RacingConnection()
    connection.use_wal(racing)  # type: ignore[arg-type]
    assert racing.tries == 4


@pytest.mark.slow
def test_cli_locked_book_sends_nothing(
    paydesk: Paydesk, existing_book: Path, sandbox: SandboxServer
) -> None:
    """Waits out the real busy timeout (5 s) in the child: a lock that does not go away."""
    other = sqlite3.connect(existing_book, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        run = paydesk.run("create", "20", env=service_env(sandbox))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert_storage_failure(run.code, run.err, "locked by another program", "try again")
    assert len(sandbox.orders()) == 1 and sandbox.request_count("create_order") == 1
    assert len(order_ids(existing_book)) == 1
