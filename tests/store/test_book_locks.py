"""A second opening of a book this process holds keeps SQLite's locks on it.

On POSIX, closing any descriptor of a file drops all of the process's fcntl locks on
it: a header read with ``open()`` beside a live connection let another process delete
the book's ``-wal`` under the window (issue 21, item 1). Another process asks the
kernel who holds SQLite's lock (``fcntl(F_GETLK)``, which never reports the asker's
own locks), after each kind of opening the store does.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from paydesk.store import OrderStore
from paydesk.store.book_connection import BookConnection
from paydesk.store.database import open_database, open_read_only

from store_support import CLIENT, at

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX advisory locks")

#: Who holds a lock on SQLite's SHARED range (the PENDING byte 0x40000000 + 2, 510
#: bytes: SQLite's "File Locking And Concurrency" page), as another process sees it:
#: 0 for nobody.
_WHO_HOLDS = r"""
import fcntl, os, struct, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
asked = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, 0x40000002, 510, 0)
kind, _whence, _start, _length, pid = struct.unpack(
    "hhqqi", fcntl.fcntl(fd, fcntl.F_GETLK, asked))
print(0 if kind == fcntl.F_UNLCK else pid)
"""


def lock_holder(path: Path) -> int:
    """The pid holding SQLite's shared lock on ``path``, as another process sees it."""
    done = subprocess.run([sys.executable, "-c", _WHO_HOLDS, str(path)],
                          capture_output=True, text=True, check=True)
    return int(done.stdout)


OPENINGS: dict[str, Callable[[Path], object]] = {
    "open for writing, whole file checked": lambda p: BookConnection.open(p),
    "open for writing, header only": lambda p: BookConnection.open(p, check_whole_file=False),
    "open for reading": BookConnection.open_for_reading,
    "the order store": OrderStore.open,
    "open_database": open_database,
    "open_read_only": lambda p: open_read_only(p)[0],
}


@pytest.fixture
def held_book(db_path: Path) -> tuple[OrderStore, Path]:
    """A book this process holds open, with one order in it, read once."""
    store = OrderStore.open(db_path)
    store.add_unconfirmed(CLIENT, "held-1", 15050, None, "", at(0))
    assert store.get(CLIENT, "held-1") is not None
    return store, db_path


def _close(opened: object) -> None:
    close = opened.close
    close()


@pytest.mark.parametrize("opening", sorted(OPENINGS))
def test_a_second_opening_and_its_closing_keep_the_first_connections_lock(
    held_book: tuple[OrderStore, Path], opening: str
) -> None:
    store, path = held_book
    assert lock_holder(path) == os.getpid()
    second = OPENINGS[opening](path)
    assert lock_holder(path) == os.getpid(), f"{opening} dropped the lock"
    _close(second)
    assert lock_holder(path) == os.getpid(), f"closing after {opening} dropped the lock"
    store.close()


def _deleted_files_held() -> list[str]:
    """What this process holds open that has been deleted (Linux's /proc)."""
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue  # the listing's own descriptor, gone already
        if target.endswith("(deleted)"):
            found.append(target)
    return found


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="Linux's /proc")
def test_another_process_ending_beside_two_connections_leaves_the_wal_alone(
    held_book: tuple[OrderStore, Path],
) -> None:
    """The window's connection and the sync thread's; a command opens the book, writes
    and ends, as the last user it believes itself to be only if our locks went."""
    store, path = held_book
    second = OrderStore.open(path)
    command = (
        "import sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute(\"UPDATE orders SET note = 'from the command'\")\n"
        "c.close()\n"
    )
    subprocess.run([sys.executable, "-c", command, str(path)], check=True)
    wal = path.with_name(path.name + "-wal")
    assert wal.exists()
    assert not [held for held in _deleted_files_held() if str(path) in held]
    store.add_unconfirmed(CLIENT, "held-2", 2000, None, "", at(1))
    second.close()
    store.close()
    with sqlite3.connect(path) as reader:
        rows = reader.execute("SELECT order_id, note FROM orders ORDER BY order_id").fetchall()
    assert rows == [("held-1", "from the command"), ("held-2", "")]
