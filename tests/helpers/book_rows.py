"""What a shared book holds, read straight from its tables (as a superuser, over the
throwaway server's socket), for the tests that check nothing was lost or doubled.

Reading the tables, not PayDesk's own queries, so a test does not take the code
under test's word for what went up.
"""

from __future__ import annotations

from dataclasses import dataclass

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
