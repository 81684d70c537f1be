"""What the tests of the order book's file in trouble share (tests/reliability).

A small book on disk, its order ids and its files read back without changing them,
and the look of a command that failed on its book: exit code 5, the words, no crash.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from paydesk.store import OrderStore

from test_values import TEST_CLIENT_ID

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
CLIENT = TEST_CLIENT_ID


def book_with_orders(path: Path, count: int = 3) -> None:
    with OrderStore.open(path) as store:
        for n in range(count):
            store.add_unconfirmed(CLIENT, f"A-{n}", 100 + n, None, f"note {n}", T0)


def order_ids(path: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [row[0] for row in conn.execute("SELECT order_id FROM orders ORDER BY id")]
    finally:
        conn.close()


def snapshot(folder: Path) -> dict[str, bytes]:
    """The files' bytes; an empty -wal and any -shm are SQLite's bookkeeping of a reader
    (a read-only look may leave them), never data."""
    return {
        p.name: p.read_bytes()
        for p in sorted(folder.iterdir())
        if p.is_file()
        and not p.name.endswith("-shm")
        and not (p.name.endswith("-wal") and p.stat().st_size == 0)
    }


# logging's own report when a handler cannot write (its file is on the same full or
# read-only disk): noise from the log file, not a crash of the command.
_LOGGING_ERROR = re.compile(r"--- Logging error ---\n.*?\nArguments: [^\n]*\n", re.DOTALL)


def assert_storage_failure(run_code: int, err: str, *words: str) -> None:
    """Exit 5, the words, and no crash (no traceback of the command's own)."""
    assert run_code == 5, err
    assert "Traceback" not in _LOGGING_ERROR.sub("", err), err
    for word in words:
        assert word in err, err
