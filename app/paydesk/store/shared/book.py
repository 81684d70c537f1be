"""The shop's shared order book: one PostgreSQL connection, owned by one thread.

A till's sync engine uses it to move orders both ways: :meth:`SharedBook.upload`
sends what its journal (the till's SQLite book) learned, merged into the book by
the merge rule in one transaction; :meth:`SharedBook.changes_since` reads what
changed after a cursor, in the order it was committed; the leases say which
till asks the payment service about which open order; the doorbell
(LISTEN/NOTIFY) says when to read. Every method is one transaction, committed
before it returns, so the connection is idle between calls and notifications
arrive. Any failure is a :class:`SharedBookError` with a code; after one that
broke the connection (:attr:`SharedBook.broken`) the caller connects again.
"""

# The statements below are built from this package's own constants (columns, the
# open-order condition); every value goes in as a parameter.
# ruff: noqa: S608

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

import psycopg

from paydesk.store.records import BookEntry
from paydesk.store.shared import order_rows as rows
from paydesk.store.shared.address import BookAddress
from paydesk.store.shared.errors import SharedBookError, SharedBookNotReady, SharedSchemaTooNew
from paydesk.store.shared.faults import book_error
from paydesk.store.shared.schema import (
    CHANNEL,
    LATEST_SHARED_VERSION,
    OPEN_CONDITION,
    WATCHED_CONDITION,
    init_schema,
    read_meta,
    watched_condition,
)

#: How long a till holds a watched order's lease (open, or not confirmed yet) unless it
#: renews it.
LEASE_SECONDS = 20

_LEASE_UNTIL = "now() + %(seconds)s::double precision * interval '1 second'"

#: The leases of a till's own watched orders among the uploaded ones: taken, whoever held
#: them.
_TAKE_OWN_LEASES = (
    "INSERT INTO leases (client_id, order_id, till, expires_at)"
    f" SELECT o.client_id, o.order_id, %(till)s, {_LEASE_UNTIL}"
    " FROM orders AS o JOIN unnest(%(clients)s::bigint[], %(ids)s::text[]) AS u (c, i)"
    " ON o.client_id = u.c AND o.order_id = u.i"
    f" WHERE o.till = %(till)s AND %(till)s <> '' AND {watched_condition('o')}"
    " ORDER BY o.client_id, o.order_id"
    " ON CONFLICT (client_id, order_id) DO UPDATE"
    " SET till = EXCLUDED.till, expires_at = EXCLUDED.expires_at"
)
#: Every watched order of the account (open, or not confirmed yet): the till's own taken
#: back, its held ones renewed, expired or missing ones taken. In key order, so two tills
#: never deadlock.
_CLAIM = (
    "INSERT INTO leases (client_id, order_id, till, expires_at)"
    f" SELECT client_id, order_id, %(till)s, {_LEASE_UNTIL} FROM orders"
    f" WHERE client_id = %(client)s AND {WATCHED_CONDITION} ORDER BY order_id"
    " ON CONFLICT (client_id, order_id) DO UPDATE"
    " SET till = EXCLUDED.till, expires_at = EXCLUDED.expires_at"
    " WHERE leases.till = EXCLUDED.till OR leases.expires_at <= now()"
    " OR (EXCLUDED.till <> '' AND EXISTS (SELECT 1 FROM orders AS own"
    " WHERE own.client_id = leases.client_id AND own.order_id = leases.order_id"
    " AND own.till = EXCLUDED.till))"
    " RETURNING order_id"
)
#: A till's leases of orders no longer open: nobody needs to ask about them.
_DROP_CLOSED = (
    "DELETE FROM leases WHERE client_id = %(client)s AND till = %(till)s AND NOT EXISTS"
    " (SELECT 1 FROM orders AS o WHERE o.client_id = leases.client_id"
    f" AND o.order_id = leases.order_id AND {watched_condition('o')})"
)


@dataclass(frozen=True, slots=True)
class BookCounts:
    """How many orders an account has in the book, how many are open, how many tills."""

    orders: int
    open: int
    tills: int


class SharedBook:
    """A connection to the shared book. Build it with :meth:`connect`; :meth:`close` it."""

    def __init__(self, conn: psycopg.Connection[Any], address: BookAddress,
                 password: str | None) -> None:
        self._conn = conn
        self.address = address
        self._password = password
        self._owner = threading.get_ident()
        self._book_id: str | None = None

    @classmethod
    def connect(cls, address: BookAddress | str, *, password: str | None = None,
                connect_timeout: float = 5, application_name: str = "paydesk") -> SharedBook:
        """Connect to the book (the password: given, else one in the URL, else libpq's
        own places: ~/.pgpass, a service file, PGPASSWORD)."""
        if isinstance(address, str):
            address = BookAddress.parse(address)
        if password is None:
            password = address.password
        settings: dict[str, Any] = {"connect_timeout": max(1, round(connect_timeout)),
                                    "application_name": application_name}
        if password is not None:
            settings["password"] = password
        try:
            conn = psycopg.connect(address.conninfo, autocommit=False, **settings)
        except psycopg.Error as error:
            raise book_error(error, address.masked, password=password) from None
        return cls(conn, address, password)

    def close(self) -> None:
        """Close the connection (from any thread)."""
        self._conn.close()

    def __enter__(self) -> SharedBook:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def broken(self) -> bool:
        """Whether the connection is gone (closed, cut, the server down)."""
        return self._conn.closed or self._conn.broken

    # -- the schema ----------------------------------------------------------------
    def init_schema(self) -> int:
        """Set the book up, or migrate it; the schema version found before (0: new).

        Raises :class:`SharedSchemaTooNew` (nothing changed) for a newer book."""
        with self._transaction() as conn:
            self._book_id, found = init_schema(conn, self.address.masked)
        return found

    def check_schema(self) -> None:
        """Raise :class:`SharedBookNotReady` unless the book is set up at this version,
        :class:`SharedSchemaTooNew` if a newer PayDesk set it up."""
        with self._transaction() as conn:
            meta = read_meta(conn)
        found = 0 if meta is None else meta[1]
        if found > LATEST_SHARED_VERSION:
            raise SharedSchemaTooNew(self.address.masked, found, LATEST_SHARED_VERSION)
        if meta is None or found < LATEST_SHARED_VERSION:
            raise SharedBookNotReady(self.address.masked, found, LATEST_SHARED_VERSION)
        self._book_id = meta[0]

    @property
    def book_id(self) -> str:
        """The book's id (a uuid made when it was set up); checks the schema once."""
        if self._book_id is None:
            self.check_schema()
        assert self._book_id is not None
        return self._book_id

    # -- orders both ways ------------------------------------------------------------
    def upload(self, entries: Iterable[BookEntry], *, till: str,
               lease_seconds: float = LEASE_SECONDS) -> None:
        """Merge ``entries`` into the book, in one transaction; the leases of ``till``'s
        own watched orders among them are taken. Uploading them again changes nothing."""
        entries = list(entries)
        if not entries:
            return
        with self._transaction() as conn, conn.cursor() as cursor:
            cursor.executemany(rows.UPSERT_ORDER,
                               [rows.order_params(entry.order) for entry in entries],
                               returning=True)
            changed: set[tuple[int, str]] = set()
            while True:
                changed.update((int(c), str(o)) for c, o in cursor.fetchall())
                if not cursor.nextset():
                    break
            grown: set[tuple[int, str]] = set()
            for statement, arrays in ((rows.INSERT_HISTORY, rows.history_arrays(entries)),
                                      (rows.INSERT_ATTEMPTS, rows.attempt_arrays(entries))):
                if arrays[0]:
                    cursor.execute(statement, arrays)
                    grown.update((int(c), str(o)) for c, o in cursor.fetchall())
            touched = sorted(grown - changed)
            if touched:
                cursor.execute(rows.TOUCH_ORDERS, ([c for c, _o in touched],
                                                   [o for _c, o in touched]))
            keys = sorted({(entry.order.client_id, entry.order.order_id) for entry in entries
                           if entry.order.till == till})
            if keys and till:
                cursor.execute(_TAKE_OWN_LEASES, {
                    "till": till, "seconds": lease_seconds,
                    "clients": [c for c, _o in keys], "ids": [o for _c, o in keys]})

    def changes_since(self, client_id: int, cursor: int,
                      limit: int = 1000) -> tuple[list[BookEntry], int]:
        """The account's orders changed after ``cursor``, in the order the changes were
        committed (at most ``limit``), with the cursor to ask from next time."""
        with self._transaction() as conn:
            found = conn.execute(
                f"SELECT {rows.SELECT_COLUMNS}, change_seq FROM orders"
                " WHERE client_id = %s AND change_seq > %s ORDER BY change_seq LIMIT %s",
                (client_id, cursor, limit)).fetchall()
            if not found:
                return [], cursor
            ids = [row[1] for row in found]
            history = conn.execute(
                "SELECT order_id, status, observed_at FROM status_history"
                " WHERE client_id = %s AND order_id = ANY(%s) ORDER BY observed_at, status",
                (client_id, ids)).fetchall()
            attempts = conn.execute(
                "SELECT order_id, outcome, error, error_detail, finished_at"
                " FROM creation_attempts WHERE client_id = %s AND order_id = ANY(%s)"
                " ORDER BY finished_at, outcome", (client_id, ids)).fetchall()
        changes: dict[str, list[Any]] = {order_id: [] for order_id in ids}
        tries: dict[str, list[Any]] = {order_id: [] for order_id in ids}
        for order_id, status, observed_at in history:
            changes[order_id].append(rows.status_change(status, observed_at))
        for order_id, outcome, error, detail, finished_at in attempts:
            tries[order_id].append(rows.creation_attempt(outcome, error, detail, finished_at))
        entries = [BookEntry(rows.order_from_row(row), tuple(changes[row[1]]),
                             tuple(tries[row[1]])) for row in found]
        return entries, int(found[-1][-1])

    # -- leases ----------------------------------------------------------------------
    def claim_leases(self, client_id: int, till: str,
                     lease_seconds: float = LEASE_SECONDS) -> set[str]:
        """Renew ``till``'s leases, take its own watched orders back and any watched
        order's lease that expired or is missing; the ids of the watched orders (open,
        or not confirmed yet) it now holds."""
        params = {"client": client_id, "till": till, "seconds": lease_seconds}
        with self._transaction() as conn:
            conn.execute(_DROP_CLOSED, params)
            held = conn.execute(_CLAIM, params).fetchall()
        return {str(order_id) for (order_id,) in held}

    def release_leases(self, client_id: int, till: str) -> None:
        """Give up ``till``'s leases (a clean exit): other tills take over at once."""
        with self._transaction() as conn:
            conn.execute("DELETE FROM leases WHERE client_id = %s AND till = %s",
                         (client_id, till))

    def counts(self, client_id: int | None) -> BookCounts:
        """How many orders the account (None: every account) has in the book, how many
        are open, how many tills."""
        with self._transaction() as conn:
            row = conn.execute(
                f"SELECT count(*), count(*) FILTER (WHERE {OPEN_CONDITION}),"
                " count(DISTINCT till) FILTER (WHERE till <> '')"
                " FROM orders WHERE %(client)s::bigint IS NULL OR client_id = %(client)s",
                {"client": client_id}).fetchone()
        assert row is not None
        return BookCounts(int(row[0]), int(row[1]), int(row[2]))

    # -- the doorbell ----------------------------------------------------------------
    def listen(self) -> None:
        """Hear the book's doorbell: a NOTIFY on every change of an order."""
        with self._transaction() as conn:
            conn.execute(f"LISTEN {CHANNEL}")

    def fileno(self) -> int:
        """The connection's socket, for a select() that waits on the doorbell and more."""
        return self._conn.fileno()

    def doorbell(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a change; True if the doorbell rang since
        the last call (several rings count as one; one heard during another call counts)."""
        self._check_thread()
        rang = False
        try:
            for _notify in self._conn.notifies(timeout=timeout, stop_after=1):
                rang = True
            if rang:  # drain what else came, so it rings once
                for _notify in self._conn.notifies(timeout=0):
                    pass
        except psycopg.Error as error:
            raise book_error(error, self.address.masked, broken=self.broken,
                             password=self._password) from None
        return rang

    # -- transactions ----------------------------------------------------------------
    def _check_thread(self) -> None:
        if threading.get_ident() != self._owner:
            raise RuntimeError("A SharedBook is used only by the thread that connected it.")

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """The connection for one transaction, committed at the end (rolled back on
        an error); the driver's errors become :class:`SharedBookError`."""
        self._check_thread()
        try:
            yield self._conn
            self._conn.commit()
        except psycopg.Error as error:
            self._rollback()
            raise book_error(error, self.address.masked, broken=self.broken,
                             password=self._password) from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        if self.broken:
            return
        with suppress(psycopg.Error):  # it broke meanwhile: the caller connects again
            self._conn.rollback()


__all__ = ["BookCounts", "SharedBook", "SharedBookError"]
