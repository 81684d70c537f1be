"""The sandbox's orders in SQLite: creation, lookups, and the one-way status moves.

A sqlite3 connection belongs to one thread, so every thread gets its own
connection (``threading.local``) to the same file; WAL lets readers run while a
writer commits. Writes that read first (idempotent create, final moves) run
under ``BEGIN IMMEDIATE`` so two threads cannot both decide "not there yet".
Writers in this process also queue on a lock first: SQLite's own busy wait
sleeps in whole seconds on builds without usleep, which would make two
simultaneous creates take a second.
Expiry is lazy: whoever reads a pending order past its deadline marks it expired.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path

from paydesk.domain.clock import from_ms, to_ms
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox.clock import SandboxClock

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE orders (
    client_id      INTEGER NOT NULL,
    order_id       TEXT    NOT NULL,
    amount         INTEGER NOT NULL CHECK (amount > 0),
    email          TEXT,
    token          TEXT    NOT NULL UNIQUE,
    status         TEXT    NOT NULL,
    created_at_ms  INTEGER NOT NULL,
    expires_at_ms  INTEGER NOT NULL,
    finished_at_ms INTEGER,
    payer_email    TEXT,
    PRIMARY KEY (client_id, order_id)
) STRICT
"""
# Lazy expiry marks every due order at once; this keeps that cheap on big ledgers.
_DUE_INDEX = "CREATE INDEX orders_due ON orders (status, expires_at_ms)"

_COLUMNS = (
    "client_id, order_id, amount, email, token, status, "
    "created_at_ms, expires_at_ms, finished_at_ms, payer_email"
)
_Row = tuple[int, str, int, str | None, str, str, int, int, int | None, str | None]

_PENDING = OrderStatus.PENDING.value


@dataclass(frozen=True, slots=True)
class SandboxOrder:
    """An order as the sandbox holds it. Times are aware UTC datetimes.

    ``email`` is the one given to create_order (what idempotency compares);
    ``payer_email`` is the one a buyer typed on the payment page.
    """

    client_id: int
    order_id: str
    amount: int
    email: str | None
    url: str
    token: str
    status: OrderStatus
    created_at: datetime
    expires_at: datetime
    payer_email: str | None = None
    finished_at: datetime | None = None


class OrderConflictError(Exception):
    """create_order reused an order_id with a different ``field`` (amount or email)."""

    def __init__(self, order: SandboxOrder, field: str) -> None:
        super().__init__(f"order {order.order_id} exists with a different {field}")
        self.order = order
        self.field = field


class AlreadyFinalError(ValueError):
    """A final order (approve, decline, expired) was asked to move again."""

    def __init__(self, order: SandboxOrder) -> None:
        super().__init__(f"order {order.order_id} is already {order.status.value}")
        self.order = order


class Ledger:
    """Orders in one SQLite file, safe to use from any number of threads."""

    def __init__(
        self,
        path: Path,
        clock: SandboxClock,
        link_for: Callable[[str], str],
        *,
        durable: bool = True,
    ) -> None:
        """``durable=False`` is for a throwaway file deleted at stop: no fsyncs at all
        (synchronous=OFF), which makes starting and stopping a test sandbox ~10x faster."""
        self._path = path
        self._synchronous = "NORMAL" if durable else "OFF"
        self._clock = clock
        self._link_for = link_for
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: dict[int, sqlite3.Connection] = {}  # thread id -> connection
        self._closed = False
        self._write_lock = threading.RLock()
        try:
            self._migrate()
        except BaseException:  # not a database, or a newer one: leave nothing open
            self.close()
            raise

    # -- connections -----------------------------------------------------------------

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is not None:
            return conn
        with self._lock:
            if self._closed:
                raise RuntimeError("the sandbox ledger is closed (the server was stopped)")
            # check_same_thread=False only so close() can close every thread's
            # connection at stop; each connection is still used by its own thread.
            conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA busy_timeout = 5000")
            conn.execute(f"PRAGMA synchronous = {self._synchronous}")
            self._connections[threading.get_ident()] = conn
        self._local.conn = conn
        return conn

    def release_thread(self) -> None:
        """Close the calling thread's connection (its thread is about to end)."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            return
        self._local.conn = None
        with self._lock:
            self._connections.pop(threading.get_ident(), None)
        conn.close()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            connections = list(self._connections.values())
            self._connections.clear()
        for conn in connections:
            conn.close()

    @contextmanager
    def _immediate(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn()
        with self._write_lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def _migrate(self) -> None:
        conn = self._conn()
        conn.execute("PRAGMA journal_mode = WAL")
        with self._immediate() as conn:
            (version,) = conn.execute("PRAGMA user_version").fetchone()
            if version > SCHEMA_VERSION:
                raise RuntimeError(
                    f"{self._path} was written by a newer sandbox (schema {version}); "
                    "use another --db file"
                )
            if version == 0:
                conn.execute(_SCHEMA)
                conn.execute(_DUE_INDEX)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    # -- reading ---------------------------------------------------------------------

    def _order(self, row: _Row) -> SandboxOrder:
        created, expires, finished = from_ms(row[6]), from_ms(row[7]), from_ms(row[8])
        assert created is not None
        assert expires is not None
        return SandboxOrder(
            client_id=row[0],
            order_id=row[1],
            amount=row[2],
            email=row[3],
            url=self._link_for(row[4]),
            token=row[4],
            status=OrderStatus(row[5]),
            created_at=created,
            expires_at=expires,
            payer_email=row[9],
            finished_at=finished,
        )

    def _select(
        self, conn: sqlite3.Connection, where: str, args: tuple[object, ...]
    ) -> _Row | None:
        row: _Row | None = conn.execute(
            f"SELECT {_COLUMNS} FROM orders WHERE {where}",  # noqa: S608 - constant SQL
            args,
        ).fetchone()
        return row

    def _read(self, where: str, args: tuple[object, ...]) -> SandboxOrder | None:
        conn = self._conn()
        row = self._select(conn, where, args)
        if row is None:
            return None
        if row[5] == _PENDING and to_ms(self._clock.now()) >= row[7]:
            self._expire_due(conn)
            row = self._select(conn, where, args)
            assert row is not None
        return self._order(row)

    def _expire_due(self, conn: sqlite3.Connection) -> None:
        with self._write_lock:
            conn.execute(
                "UPDATE orders SET status = 'expired', finished_at_ms = expires_at_ms "
                "WHERE status = ? AND expires_at_ms <= ?",
                (_PENDING, to_ms(self._clock.now())),
            )

    def get(self, client_id: int, order_id: str) -> SandboxOrder | None:
        return self._read("client_id = ? AND order_id = ?", (client_id, order_id))

    def by_token(self, token: str) -> SandboxOrder | None:
        return self._read("token = ?", (token,))

    def all(self, client_id: int) -> list[SandboxOrder]:
        conn = self._conn()
        self._expire_due(conn)
        rows: list[_Row] = conn.execute(
            f"SELECT {_COLUMNS} FROM orders WHERE client_id = ? "  # noqa: S608 - constant SQL
            "ORDER BY created_at_ms, order_id",
            (client_id,),
        ).fetchall()
        return [self._order(row) for row in rows]

    # -- writing ---------------------------------------------------------------------

    def create(
        self, client_id: int, order_id: str, amount: int, email: str | None, ttl_seconds: float
    ) -> tuple[SandboxOrder, bool]:
        """Create the order, or return the identical existing one (``created`` False).

        Raises :class:`OrderConflictError` when the order_id exists with other terms.
        """
        with self._immediate() as conn:
            row = self._select(conn, "client_id = ? AND order_id = ?", (client_id, order_id))
            if row is not None:
                existing = self._order(row)
                if existing.amount != amount:
                    raise OrderConflictError(existing, "amount")
                if existing.email != email:
                    raise OrderConflictError(existing, "email")
                return existing, False
            created_at = self._clock.now()
            expires_at = created_at + timedelta(seconds=ttl_seconds)
            # 24 random bytes = 192 bits; nothing about the order or secret is in it.
            token = secrets.token_urlsafe(24)
            conn.execute(
                "INSERT INTO orders (client_id, order_id, amount, email, token, status, "
                "created_at_ms, expires_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    client_id,
                    order_id,
                    amount,
                    email,
                    token,
                    _PENDING,
                    to_ms(created_at),
                    to_ms(expires_at),
                ),
            )
            row = self._select(conn, "token = ?", (token,))
        assert row is not None
        return self._order(row), True

    def _finish(
        self,
        where: str,
        args: tuple[object, ...],
        status: OrderStatus,
        payer_email: str | None = None,
    ) -> SandboxOrder:
        """Move a pending order to a final ``status``; only ever once.

        Raises KeyError when there is no such order and :class:`AlreadyFinalError`
        when it is final already (including just now by expiry, which is kept).
        """
        if not status.is_final:
            raise ValueError(f"{status.value} is not a final status")
        with self._immediate() as conn:
            row = self._select(conn, where, args)
            if row is None:
                raise KeyError(args[-1])
            now_ms = to_ms(self._clock.now())
            if row[5] == _PENDING and now_ms >= row[7]:
                self._expire_due(conn)
                row = self._select(conn, where, args)
                assert row is not None
            current = self._order(row)
            if not current.status.is_final:
                conn.execute(
                    "UPDATE orders SET status = ?, finished_at_ms = ?, payer_email = ? "
                    "WHERE token = ?",
                    (status.value, now_ms, payer_email, current.token),
                )
        if current.status.is_final:
            raise AlreadyFinalError(current)
        return replace(current, status=status, finished_at=from_ms(now_ms), payer_email=payer_email)

    def finish_order(self, client_id: int, order_id: str, status: OrderStatus) -> SandboxOrder:
        return self._finish("client_id = ? AND order_id = ?", (client_id, order_id), status)

    def finish_token(
        self, token: str, status: OrderStatus, payer_email: str | None = None
    ) -> SandboxOrder:
        return self._finish("token = ?", (token,), status, payer_email)
