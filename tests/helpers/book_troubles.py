"""The order book's failures as the real store raises them, for the tests of their words.

Each is made the way it happens at a counter: another program holding the write
lock, a book written by a newer PayDesk, a file that is not a book, a damaged
book (which the store moves aside). Only what cannot be made here as root (a
read-only file, a full or failing disk) is left to the tests that fake the disk.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

from paydesk.store import OrderStore, StoreError, connection
from paydesk.store.errors import StoreProblem

from test_values import TEST_CLIENT_ID

_T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _raised_by_opening(path: Path) -> StoreError:
    with pytest.raises(StoreError) as raised:
        OrderStore.open(path)
    return raised.value


def give_up_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    """A book opened from now on gives up waiting for a lock after 0.2 s, not 5."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 200)


@contextmanager
def write_lock_held(path: Path) -> Iterator[None]:
    """Another program writing to the book at ``path`` until the block ends: the
    book's own writes are refused as LOCKED (its reads go on)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def _locked(folder: Path, monkeypatch: pytest.MonkeyPatch) -> StoreError:
    path = folder / "paydesk.sqlite3"
    give_up_soon(monkeypatch)
    with (OrderStore.open(path) as store, write_lock_held(path),
          pytest.raises(StoreError) as raised):
        store.add_unconfirmed(TEST_CLIENT_ID, "B-1", 100, None, "", _T0)
    return raised.value


def _too_new(folder: Path) -> StoreError:
    path = folder / "paydesk.sqlite3"
    OrderStore.open(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    return _raised_by_opening(path)


def _not_a_book(folder: Path) -> StoreError:
    path = folder / "paydesk.sqlite3"
    path.write_text("shopping list: milk, bread\n", encoding="utf-8")
    return _raised_by_opening(path)


def _damaged(folder: Path) -> StoreError:
    path = folder / "paydesk.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4080)
    return _raised_by_opening(path)


def book_troubles(folder: Path, monkeypatch: pytest.MonkeyPatch) -> dict[StoreProblem, StoreError]:
    """One real StoreError per problem that can be made here, each in its own folder."""
    makers = {
        StoreProblem.LOCKED: lambda where: _locked(where, monkeypatch),
        StoreProblem.TOO_NEW: _too_new,
        StoreProblem.NOT_A_BOOK: _not_a_book,
        StoreProblem.DAMAGED: _damaged,
    }
    troubles = {}
    for problem, make in makers.items():
        where = folder / problem.name.lower()
        where.mkdir()
        error = make(where)
        assert error.problem is problem, (problem, error)
        troubles[problem] = error
    return troubles
