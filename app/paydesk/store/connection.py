"""Each connection to the order book: how it is made and set up, and what its failures mean.

Several connections may use one file at once (the window, a command-line
command, a worker thread), each in its own thread. WAL lets readers go on while
one writer commits; the busy timeout makes a writer wait its turn instead of
failing at once; ``synchronous = FULL`` makes a committed order survive a power
cut.

What goes wrong with the file is said in words a person can act on
(:func:`explain`): locked by another program (for longer than the busy timeout
set here), read-only, disk full, damaged.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from paydesk.store import held_files
from paydesk.store.errors import StoreError, StoreProblem

#: How long a writer waits for another connection's write to finish.
BUSY_TIMEOUT_MS = 5000

#: The SQL function for case-insensitive search beyond ASCII (SQLite's own
#: ``lower()`` and ``LIKE`` fold only A-Z, and notes are often in Russian).
LOWER_FUNCTION = "paydesk_lower"


def connect(path: Path) -> sqlite3.Connection:
    """A connection for reading and writing, to be set up with :func:`configure`."""
    try:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so every
        # transaction's extent is visible in the code. timeout is SQLite's
        # busy_timeout, in case another process is switching the file to WAL or
        # migrating it. check_same_thread keeps its default (True): sqlite3
        # itself refuses use from any other thread.
        held_files.note(path)
        return sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    except sqlite3.Error as exc:
        raise store_error(f"Cannot open the order book {path}", exc, path) from exc


def connect_read_only(path: Path, options: str) -> sqlite3.Connection:
    """A connection through a URI with ``options`` (``mode=ro``, ``immutable=1``)."""
    try:
        held_files.note(path)
        return sqlite3.connect(
            f"{path.absolute().as_uri()}?{options}",
            uri=True,
            timeout=BUSY_TIMEOUT_MS / 1000,
            isolation_level=None,
        )
    except sqlite3.Error as exc:
        raise store_error(f"Cannot open the order book {path}", exc, path) from exc


def configure(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    use_wal(conn)
    # FULL: fsync the WAL on every commit. An order is committed before its
    # create request is sent, and that row must survive a power cut, or a sale
    # could be paid and never recorded. The cost is one fsync per transaction,
    # which is why the poller's results are written as one batch.
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    add_functions(conn)


def add_functions(conn: sqlite3.Connection) -> None:
    """The SQL functions the store's queries use (:data:`LOWER_FUNCTION`)."""
    conn.create_function(LOWER_FUNCTION, 1, _lower, deterministic=True)


def use_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL, waiting out others doing the same.

    WAL lets the window keep reading while a command-line process or a worker
    commits. The switch (made once, when the book is new) needs the file to
    itself, and SQLite reports "locked" at once rather than calling the busy
    handler when several connections race to make it, so we wait here up to
    the busy timeout. (On filesystems without shared memory SQLite keeps its
    rollback journal: slower to share, still safe, so we carry on.)
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if _primary_code(exc) == sqlite3.SQLITE_READONLY:
                return  # a read-only book: it can still be read; writing says why not
            if _primary_code(exc) != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def _lower(value: str | None) -> str | None:
    return None if value is None else value.lower()


# -- what went wrong, in words --------------------------------------------------------

_PROBLEMS = {
    sqlite3.SQLITE_BUSY: StoreProblem.LOCKED,
    sqlite3.SQLITE_LOCKED: StoreProblem.LOCKED,
    sqlite3.SQLITE_READONLY: StoreProblem.READ_ONLY,
    sqlite3.SQLITE_FULL: StoreProblem.FULL,
    sqlite3.SQLITE_IOERR: StoreProblem.DISK,
    sqlite3.SQLITE_CANTOPEN: StoreProblem.CANNOT_OPEN,
    sqlite3.SQLITE_CORRUPT: StoreProblem.DAMAGED,
    sqlite3.SQLITE_NOTADB: StoreProblem.DAMAGED,
}


def _primary_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF  # extended codes keep the primary below


def problem_of(exc: sqlite3.Error) -> StoreProblem | None:
    """What kind of trouble SQLite reports, or None for anything else."""
    code = _primary_code(exc)
    if code is None and str(exc).startswith(_UNDECODABLE):
        # PayDesk writes only Python text (valid UTF-8): text that is not was changed
        # in the file, on a page SQLite's own structure checks let through.
        return StoreProblem.DAMAGED
    return None if code is None else _PROBLEMS.get(code)


#: Python's sqlite3 module's words for a TEXT value that is not UTF-8.
_UNDECODABLE = "Could not decode to UTF-8"


def is_damage(exc: sqlite3.Error) -> bool:
    """Whether SQLite says the file itself is broken (not locked, full or unreadable)."""
    return problem_of(exc) is StoreProblem.DAMAGED


def store_error(doing: str, exc: sqlite3.Error, path: Path) -> StoreError:
    """``doing`` with the book at ``path``: SQLite's failure explained, as the StoreError
    to raise."""
    return StoreError(f"{doing}: {explain(exc)}", problem_of(exc), path=path)


def explain(exc: sqlite3.Error) -> str:
    """SQLite's failure as a sentence a cashier or support can act on.

    SQLite's own words stay at the end, in brackets, for support.
    """
    problem = problem_of(exc)
    if problem is StoreProblem.LOCKED:
        text = (
            "the order book is locked by another program (another PayDesk window or "
            f"command, or a backup tool) and stayed locked for {BUSY_TIMEOUT_MS // 1000} s. "
            "Nothing was changed; close the other program or wait, then try again"
        )
    elif problem is StoreProblem.READ_ONLY:
        text = (
            "the order book is read-only, so nothing can be saved in it. Check that the "
            "file and its folder may be written by this user"
        )
    elif problem is StoreProblem.FULL:
        text = (
            "the disk is full, so nothing was saved. Free some space and try again; the "
            "orders already saved are safe"
        )
    elif problem is StoreProblem.DISK:
        text = (
            "the disk refused to read or write the order book (it may be full, removed or "
            "failing), so nothing was saved. Check the disk and try again"
        )
    elif problem is StoreProblem.CANNOT_OPEN:
        text = (
            "the order book file cannot be opened or created. Check that its folder exists "
            "and may be written by this user"
        )
    elif problem is StoreProblem.DAMAGED:
        text = (
            "the order book is damaged. Stop taking payments with it and contact support "
            "with the file; it has not been changed"
        )
    else:
        return str(exc)
    return f"{text} ({exc})."
