"""One connection to the order book, owned by one thread: opening it, and its transactions.

The part of :class:`~paydesk.store.order_store.OrderStore` that is about the
connection rather than the orders: opening the book for writing, or for reading
only when it cannot be written; each write as one transaction; SQLite's failures
turned into :class:`StoreError`; and damage a query comes upon setting the book
aside (store/quarantine.py) at once.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Self

from paydesk.domain.orders import Order
from paydesk.store.connection import is_damage, store_error
from paydesk.store.database import open_database, open_read_only
from paydesk.store.errors import StoreError, StoreProblem
from paydesk.store.quarantine import set_aside
from paydesk.store.rows import order_from_row

#: A book that fails to open for these reasons may still be read (open_for_reading).
_CANNOT_WRITE = frozenset({
    StoreProblem.READ_ONLY, StoreProblem.FULL, StoreProblem.DISK, StoreProblem.CANNOT_OPEN,
})

log = logging.getLogger(__name__)


class BookConnection:
    """One connection to the order book, owned by the thread that opened it.

    sqlite3 refuses a connection used from another thread, and several of these
    may share the file. Every write is its own transaction (:meth:`_write`),
    committed before the method using it returns.

    Damage a query comes upon sets the book aside (store/quarantine.py) at once:
    from then on this connection refuses everything, and no later command or
    window writes into that file or sends an order it could not keep.
    """

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        *,
        cannot_write: StoreError | None = None,
        immutable: bool = False,
    ) -> None:
        """Use :meth:`open` or :meth:`open_for_reading`; this wraps an open connection.

        ``cannot_write``: why the book was opened for reading only (writes refuse
        with it). ``immutable``: read without locks (see database.open_read_only),
        where a failed read may be another program's write, not damage.
        """
        self._db = connection
        self._path = path
        self._cannot_write = cannot_write
        self._immutable = immutable
        self._set_aside: StoreError | None = None

    @classmethod
    def open(cls, path: Path, *, check_whole_file: bool = True) -> Self:
        """Open (creating and migrating as needed) the order book at ``path``.

        ``check_whole_file``: read every page first and set a damaged book aside
        (database.open_database). Anything that writes an order and sends it
        needs that; only a front end that must not wait so long (the window's
        GUI thread) opts out, and relies on its queries coming upon the damage.
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"Cannot create the folder for the order book {path}: {exc}") from exc
        try:
            return cls(open_database(path, check_whole_file=check_whole_file), path)
        except (StoreError, sqlite3.ProgrammingError):
            raise
        except sqlite3.Error as exc:
            raise store_error(f"Could not open the order book {path}", exc, path) from exc

    @classmethod
    def open_for_reading(cls, path: Path) -> Self:
        """The book for listing, exporting and reports: for writing when it can be,
        else read-only (a read-only folder or disk, a full disk), so it can still
        be read; its writes then refuse with the reason."""
        path = Path(path)
        try:
            return cls.open(path, check_whole_file=False)
        except StoreError as cannot_write:
            if cannot_write.problem not in _CANNOT_WRITE or not path.is_file():
                raise
            try:
                connection, immutable = open_read_only(path)
            except StoreError as cannot_read:
                raise cannot_read from cannot_write
            log.warning("The order book cannot be written, so it is only read: %s", cannot_write)
            return cls(connection, path, cannot_write=cannot_write, immutable=immutable)

    @property
    def path(self) -> Path:
        return self._path

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- plumbing ----------------------------------------------------------

    @contextmanager
    def _write(self, action: str) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed on success and rolled back on any error.

        BEGIN IMMEDIATE takes the write lock up front: a transaction that starts
        as a read and later writes can fail at once in WAL mode if another
        connection committed meanwhile, without waiting out the busy timeout.
        """
        if self._cannot_write is not None:
            raise StoreError(
                f"Could not {action}: the order book can only be read here. {self._cannot_write}",
                self._cannot_write.problem,
                path=self._path,
            )
        db = self._db
        with self._read(action):
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    @contextmanager
    def _read(self, action: str) -> Iterator[None]:
        """Turn SQLite's failures (locked, disk full, damaged file) into a StoreError;
        damage sets the book aside.

        ProgrammingError (wrong thread, closed store) is a bug, not a condition to
        show a person, so it is left as it is.
        """
        if self._set_aside is not None:
            aside = self._set_aside
            raise StoreError(str(aside), StoreProblem.DAMAGED, path=aside.path,
                             moved_to=aside.moved_to)
        try:
            yield
        except (StoreError, sqlite3.ProgrammingError):
            raise
        except sqlite3.Error as exc:
            if is_damage(exc) and not self._immutable:
                raise self._set_book_aside(str(exc)) from exc
            raise store_error(f"Could not {action}", exc, self._path) from exc

    def _set_book_aside(self, reason: str) -> StoreError:
        """Close this connection (nothing more goes through it) and move the book aside."""
        self._db.close()
        self._set_aside = set_aside(self._path, reason)
        return self._set_aside

    def _orders(self, sql: str, params: Sequence[object]) -> list[Order]:
        with self._read("read the orders"):
            rows = self._db.execute(sql, params).fetchall()
        return [order_from_row(row) for row in rows]
