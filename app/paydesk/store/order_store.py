"""The local order book: every order PayDesk ever created, and what happened to it."""

# S608 flags every f-string holding SQL. Here the interpolated parts are only
# this package's constants (column lists, fixed conditions) and the output of
# paydesk.store.queries, which builds SQL from whitelists; every value is a
# parameter.
# ruff: noqa: S608

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType

from paydesk.domain.clock import to_ms
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store.checks import apply_check
from paydesk.store.database import is_damage, open_database, open_read_only, store_error
from paydesk.store.errors import DuplicateOrderError, StoreError, StoreProblem, UnknownOrderError
from paydesk.store.migrations import OPEN_ORDERS_CONDITION
from paydesk.store.quarantine import set_aside
from paydesk.store.queries import (
    OrderQuery,
    client_and,
    order_by_clause,
    page_clause,
    search_text,
    totals_query,
    where_clause,
)
from paydesk.store.records import CheckResult, StatusChange, Totals
from paydesk.store.reporting import ReportQueries
from paydesk.store.rows import (
    ORDER_COLUMNS,
    moment,
    ms_or_none,
    order_from_row,
    status_from_text,
)

_FIND = "WHERE client_id = ? AND order_id = ?"

#: A book that fails to open for these reasons may still be read (open_for_reading).
_CANNOT_WRITE = frozenset({
    StoreProblem.READ_ONLY, StoreProblem.FULL, StoreProblem.DISK, StoreProblem.CANNOT_OPEN,
})

log = logging.getLogger(__name__)


class OrderStore:
    """One connection to the order book, owned by the thread that opened it.

    Open one store per thread (the window's, a worker's, a command's): sqlite3
    refuses a connection used from another thread, and several stores may share
    the file. Every write is its own transaction, committed before the method
    returns.

    Damage a query comes upon sets the book aside (store/quarantine.py) at once:
    from then on this store refuses everything, and no later command or window
    writes into that file or sends an order it could not keep.
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
    def open(cls, path: Path, *, check_whole_file: bool = True) -> OrderStore:
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
            raise store_error(f"Could not open the order book {path}", exc) from exc

    @classmethod
    def open_for_reading(cls, path: Path) -> OrderStore:
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

    def __enter__(self) -> OrderStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- creating an order -------------------------------------------------

    def add_unconfirmed(
        self,
        client_id: int,
        order_id: str,
        amount: int,
        email: str | None,
        note: str,
        created_at: datetime,
    ) -> Order:
        """Record a new order before its create request is sent (so it is never lost)."""
        with self._write("save the new order") as db:
            try:
                row = db.execute(
                    "INSERT INTO orders (client_id, order_id, amount, email, note, status,"
                    " creation, created_at, search_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    f" RETURNING {ORDER_COLUMNS}",
                    (
                        client_id,
                        order_id,
                        amount,
                        email,
                        note,
                        OrderStatus.PENDING.value,
                        CreationState.UNCONFIRMED.value,
                        to_ms(created_at),
                        search_text(order_id, email, note),
                    ),
                ).fetchall()[0]
            except sqlite3.IntegrityError as exc:
                if "UNIQUE" in str(exc):
                    raise DuplicateOrderError(client_id, order_id) from exc
                raise
        return order_from_row(row)

    def confirm_creation(
        self,
        client_id: int,
        order_id: str,
        url: str,
        confirmed_at: datetime,
        next_check_at: datetime | None,
    ) -> Order:
        """The service answered with the payment link: the order is live.

        Also starts the status history (its first status, at confirmation) so
        the history shows when the order became payable. The first confirmation's
        time stays: the order's lifetime runs from it. The payment's window opens
        at the order's creation: nobody can pay before that, whereas a link may be
        in a buyer's hands before it is stored (``create`` prints the link of an
        order it could not save). Confirming an
        abandoned order is allowed: the service's word outranks our guess.
        """
        with self._write("save the payment link") as db:
            row_id, order = self._update(
                db,
                client_id,
                order_id,
                "creation = ?, url = ?, last_error = NULL, next_check_at = ?,"
                " confirmed_at = coalesce(confirmed_at, ?),"
                " last_pending_at = coalesce(last_pending_at, created_at)",
                (CreationState.CONFIRMED.value, url, ms_or_none(next_check_at),
                 to_ms(confirmed_at)),
            )
            db.execute(
                "INSERT INTO status_history (order_row, status, observed_at)"
                " SELECT ?, ?, ? WHERE NOT EXISTS"
                " (SELECT 1 FROM status_history WHERE order_row = ?)",
                (row_id, order.status.value, to_ms(confirmed_at), row_id),
            )
        return order

    def record_creation_error(self, client_id: int, order_id: str, message: str) -> Order:
        """The create request failed; the order stays as it was, to be retried."""
        with self._write("save the error") as db:
            return self._update(db, client_id, order_id, "last_error = ?", (message,))[1]

    def abandon(self, client_id: int, order_id: str, message: str) -> Order:
        """Give up an order that never reached the service.

        A confirmed order exists at the service and may be paid, so it cannot
        be abandoned: that raises :class:`StoreError` and changes nothing.
        """
        with self._write("abandon the order") as db:
            found = db.execute(f"SELECT creation FROM orders {_FIND}", (client_id, order_id))
            row = found.fetchone()
            if row is None:
                raise UnknownOrderError(client_id, order_id)
            if row[0] == CreationState.CONFIRMED.value:
                raise StoreError(
                    f"Order {order_id} has reached the payment service and cannot be abandoned."
                )
            return self._update(
                db,
                client_id,
                order_id,
                "creation = ?, last_error = ?, next_check_at = NULL",
                (CreationState.ABANDONED.value, message),
            )[1]

    # -- watching statuses -------------------------------------------------

    def record_checks(self, results: Sequence[CheckResult]) -> list[tuple[Order, bool]]:
        """Record a batch of polls in ONE transaction (one fsync for the batch).

        Returns, per result, the order after the update and whether its status
        changed. A status history row is added on a change, or when the order
        has no history yet. Raises :class:`UnknownOrderError` for an order not
        in the book before writing anything.
        """
        if not results:
            return []
        with self._write("save the status checks") as db:
            row_ids = [self._row_id(db, r.client_id, r.order_id) for r in results]
            return [
                apply_check(db, row_id, r) for row_id, r in zip(row_ids, results, strict=True)
            ]

    def schedule(self, client_id: int, order_id: str, next_check_at: datetime | None) -> Order:
        """Set when the order is next polled (now for "check now"; None for never)."""
        with self._write("schedule the check") as db:
            return self._update(
                db, client_id, order_id, "next_check_at = ?", (ms_or_none(next_check_at),)
            )[1]

    def schedule_open(
        self, client_id: int, when: datetime, order_ids: Sequence[str] | None = None
    ) -> int:
        """Make open orders due at ``when`` ("check now"), all of them or those listed,
        in one transaction (a "check all" over a thousand orders is one fsync).

        Returns how many orders were scheduled; final and unconfirmed ones are left.
        """
        client, values = client_and(client_id)
        sql = f"UPDATE orders SET next_check_at = ? WHERE {OPEN_ORDERS_CONDITION}{client}"
        params: list[object] = [to_ms(when), *values]
        with self._write("schedule checks") as db:
            if order_ids is None:
                return db.execute(sql, params).rowcount
            ids = list(order_ids)
            count = 0
            for start in range(0, len(ids), 500):  # SQLite's bound-parameter limit
                chunk = ids[start:start + 500]
                marks = ",".join("?" * len(chunk))
                count += db.execute(f"{sql} AND order_id IN ({marks})", [*params, *chunk]).rowcount
            return count

    def due_for_check(
        self, now: datetime, limit: int = 100, client_id: int | None = None
    ) -> list[Order]:
        """Open orders whose next check is due, soonest first."""
        # OPEN_ORDERS_CONDITION repeated verbatim lets SQLite use the small
        # orders_open index instead of scanning every order.
        client, values = client_and(client_id)
        sql = (
            f"SELECT {ORDER_COLUMNS} FROM orders WHERE {OPEN_ORDERS_CONDITION}"
            f" AND next_check_at <= ?{client} ORDER BY next_check_at, id LIMIT ?"
        )
        return self._orders(sql, [to_ms(now), *values, limit])

    def pending(self, client_id: int | None = None) -> list[Order]:
        """Confirmed orders that are not final yet, oldest first."""
        client, params = client_and(client_id)
        sql = f"SELECT {ORDER_COLUMNS} FROM orders WHERE {OPEN_ORDERS_CONDITION}{client}"
        # "+created_at" keeps SQLite from walking the whole created_at index to
        # avoid a sort; reading the small orders_open index and sorting is cheaper.
        return self._orders(sql + " ORDER BY +created_at, id", params)

    def unconfirmed(self, client_id: int | None = None) -> list[Order]:
        """Orders the service has not confirmed yet, oldest first (to resume them)."""
        client, values = client_and(client_id)
        sql = f"SELECT {ORDER_COLUMNS} FROM orders WHERE creation = ?{client}"
        return self._orders(sql + " ORDER BY created_at, id",
                            [CreationState.UNCONFIRMED.value, *values])

    # -- reading -----------------------------------------------------------

    def get(self, client_id: int, order_id: str) -> Order | None:
        found = self._orders(f"SELECT {ORDER_COLUMNS} FROM orders {_FIND}", [client_id, order_id])
        return found[0] if found else None

    def history(self, client_id: int, order_id: str) -> list[StatusChange]:
        """The order's statuses in the order they were seen (empty for an unknown order)."""
        with self._read("read the status history"):
            rows = self._db.execute(
                "SELECT h.status, h.observed_at FROM status_history AS h"
                " JOIN orders AS o ON o.id = h.order_row"
                " WHERE o.client_id = ? AND o.order_id = ?"
                " ORDER BY h.observed_at, h.id",
                (client_id, order_id),
            ).fetchall()
        return [StatusChange(status_from_text(status), moment(at)) for status, at in rows]

    def query(self, q: OrderQuery) -> list[Order]:
        where, params = where_clause(q)
        page, page_params = page_clause(q)
        sql = f"SELECT {ORDER_COLUMNS} FROM orders {where} {order_by_clause(q)} {page}"
        return self._orders(sql, [*params, *page_params])

    def count(self, q: OrderQuery) -> int:
        """How many orders match ``q``'s filters (its sort and page are ignored)."""
        where, params = where_clause(q)
        with self._read("count the orders"):
            found: int = self._db.execute(
                f"SELECT COUNT(*) FROM orders {where}", params
            ).fetchone()[0]
        return found

    def totals(self, q: OrderQuery) -> Totals:
        """Counts and kopeck sums of everything matching ``q``'s filters (page ignored)."""
        with self._read("add up the orders"):
            row = self._db.execute(*totals_query(q)).fetchone()
        return Totals(*row)

    def paid_totals(self, since: datetime, until: datetime, client_id: int | None = None) -> Totals:
        """What was paid in ``[since, until)``, by paid time (not creation time): the
        report's query (every order it counts is paid)."""
        paid = self.reporting().paid(client_id, since, until)
        return Totals(paid.count, paid.amount, paid.count, paid.amount)

    def reporting(self) -> ReportQueries:
        """The end-of-day report's aggregate queries, on this store's connection."""
        return ReportQueries(self._db, self._read)

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version``: it moves when another connection (another
        process) commits to the book, never for this store's own writes. Reads no page."""
        with self._read("look for changes"):
            version: int = self._db.execute("PRAGMA data_version").fetchone()[0]
        return version

    # -- tests and benchmarks ----------------------------------------------

    def bulk_insert_for_tests(self, orders: Iterable[Order]) -> int:
        """Insert finished ``Order`` values in one transaction, without history.

        For tests, benchmarks and demo data; the app itself goes through
        :meth:`add_unconfirmed` and the methods after it. Returns the count.
        """
        rows = (
            (
                o.client_id,
                o.order_id,
                o.amount,
                o.email,
                o.note,
                o.url,
                o.status.value,
                o.creation.value,
                to_ms(o.created_at),
                ms_or_none(o.paid_at),
                ms_or_none(o.last_checked_at),
                ms_or_none(o.next_check_at),
                o.last_error,
                ms_or_none(o.confirmed_at),
                ms_or_none(o.last_pending_at),
                search_text(o.order_id, o.email, o.note),
            )
            for o in orders
        )
        with self._write("insert the orders") as db:
            cursor = db.executemany(
                f"INSERT INTO orders ({ORDER_COLUMNS}, search_text)"
                f" VALUES ({', '.join('?' * 16)})",
                rows,
            )
            return cursor.rowcount

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
            raise StoreError(str(self._set_aside), StoreProblem.DAMAGED)
        try:
            yield
        except (StoreError, sqlite3.ProgrammingError):
            raise
        except sqlite3.Error as exc:
            if is_damage(exc) and not self._immutable:
                raise self._set_book_aside(str(exc)) from exc
            raise store_error(f"Could not {action}", exc) from exc

    def _set_book_aside(self, reason: str) -> StoreError:
        """Close this connection (nothing more goes through it) and move the book aside."""
        self._db.close()
        self._set_aside = set_aside(self._path, reason)
        return self._set_aside

    def _orders(self, sql: str, params: Sequence[object]) -> list[Order]:
        with self._read("read the orders"):
            rows = self._db.execute(sql, params).fetchall()
        return [order_from_row(row) for row in rows]

    @staticmethod
    def _row_id(db: sqlite3.Connection, client_id: int, order_id: str) -> int:
        row = db.execute(f"SELECT id FROM orders {_FIND}", (client_id, order_id)).fetchone()
        if row is None:
            raise UnknownOrderError(client_id, order_id)
        row_id: int = row[0]
        return row_id

    @staticmethod
    def _update(
        db: sqlite3.Connection,
        client_id: int,
        order_id: str,
        assignments: str,
        params: tuple[object, ...],
    ) -> tuple[int, Order]:
        """``UPDATE orders SET <assignments>`` for one order; its row id and new value.

        ``assignments`` is always a constant from this module, never input.
        """
        rows = db.execute(
            f"UPDATE orders SET {assignments} {_FIND} RETURNING id, {ORDER_COLUMNS}",
            (*params, client_id, order_id),
        ).fetchall()
        if not rows:
            raise UnknownOrderError(client_id, order_id)
        return rows[0][0], order_from_row(rows[0][1:])

