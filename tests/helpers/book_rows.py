"""What a shared book holds, read straight from its tables (as a superuser, over the
throwaway server's socket), for the tests that check nothing was lost or doubled; and
a gate that stops uploads inside their transaction, for the fault tests.

Reading the tables, not PayDesk's own queries, so a test does not take the code
under test's word for what went up.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass

import psycopg

from paydesk.store.shared.schema import CHANGE_LOCK

from postgres import PostgresServer


@dataclass(frozen=True, slots=True)
class BookMarks:
    """Enough to tell whether anything in the shared book changed."""

    max_change_seq: int
    orders: int
    history: int
    attempts: int


def shared_orders(server: PostgresServer, dbname: str) -> dict[str, tuple[str, str]]:
    """Every order in the shared book: order id -> (till, status)."""
    with server.admin(dbname) as admin:
        rows = admin.execute("SELECT order_id, till, status FROM orders").fetchall()
    found: dict[str, tuple[str, str]] = {}
    for order_id, till, status in rows:
        assert str(order_id) not in found  # the primary key says so; doubled is a failure
        found[str(order_id)] = (str(till), str(status))
    return found


def shared_count(server: PostgresServer, dbname: str) -> int:
    """How many order rows the shared book has (the server may be partway into an upload)."""
    with server.admin(dbname) as admin:
        row = admin.execute("SELECT count(*) FROM orders").fetchone()
    assert row is not None
    return int(str(row[0]))


def book_marks(server: PostgresServer, dbname: str) -> BookMarks:
    with server.admin(dbname) as admin:
        row = admin.execute(
            "SELECT (SELECT coalesce(max(change_seq), 0) FROM orders),"
            " (SELECT count(*) FROM orders), (SELECT count(*) FROM status_history),"
            " (SELECT count(*) FROM creation_attempts)").fetchone()
    assert row is not None
    seq, orders, history, attempts = (int(str(value)) for value in row)
    return BookMarks(seq, orders, history, attempts)


class ChangeGate:
    """Uploads to the shared book stopped inside their transaction, let through one at a
    time: a condition to act on mid-upload, never a race with a sleep.

    Every insert or update of an order row takes the book's change lock (the trigger's
    ``pg_advisory_xact_lock``) and holds it to commit. The gate holds that lock from a
    connection of its own, so an upload blocks inside its transaction, with nothing of
    its batch visible. :meth:`let_one_through` queues a second connection behind the
    blocked upload and lets go: the server grants waiters in order, so that upload
    commits and the next one blocks behind the new holder.
    """

    def __init__(self, server: PostgresServer, dbname: str, wait: Callable[..., None]) -> None:
        self._server = server
        self._dbname = dbname
        self._wait = wait
        self._holder = server.admin(dbname)
        self._holder.execute("SELECT pg_advisory_lock(%s)", (CHANGE_LOCK,))

    def wait_for_blocked(self, count: int = 1, timeout: float = 60.0) -> None:
        """Until ``count`` connections of the book wait for a lock."""
        self._wait(lambda: self._server.waiting_for_lock(self._dbname) >= count, timeout=timeout)

    def let_one_through(self) -> None:
        """The blocked upload commits; the next one blocks again (wait_for_blocked)."""
        self.wait_for_blocked(1)
        queued = self._server.admin(self._dbname)
        taken = threading.Thread(target=queued.execute,
                                 args=("SELECT pg_advisory_lock(%s)", (CHANGE_LOCK,)))
        taken.start()
        self.wait_for_blocked(2)
        self._holder.execute("SELECT pg_advisory_unlock(%s)", (CHANGE_LOCK,))
        self._holder.close()
        taken.join(timeout=60)
        assert not taken.is_alive(), "the queued connection never got the change lock"
        self._holder = queued

    def open(self) -> None:
        """Let every upload through (the server may have been stopped under the gate)."""
        with contextlib.suppress(psycopg.Error):
            self._holder.close()
