"""Shared constants for the order book tests (imported by the tests and conftest)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from paydesk.domain.orders import Order
from paydesk.store import OrderStore

CLIENT = 1001
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

#: The ``add`` fixture: add an order, confirmed unless ``confirmed=False``.
AddOrder = Callable[..., Order]


def at(minutes: float) -> datetime:
    """A moment ``minutes`` after T0 (whole milliseconds, as the store keeps them)."""
    return T0 + timedelta(minutes=minutes)


# -- query plans ------------------------------------------------------------------


def plans(
    store: OrderStore, run: Callable[[], object], kinds: tuple[str, ...] = ("SELECT",)
) -> list[str]:
    """The query-plan lines of every SELECT (or other ``kinds`` of statement) that
    ``run`` makes the store execute.

    White-box: it hooks the store's private connection, because the point is
    the plan of the SQL the store really runs.
    """
    statements: list[str] = []
    connection = store._db
    connection.set_trace_callback(statements.append)
    try:
        run()
    finally:
        connection.set_trace_callback(None)
    lines = []
    for sql in statements:
        if sql.lstrip().upper().startswith(kinds):
            plan = connection.execute("EXPLAIN QUERY PLAN " + sql).fetchall()
            lines += [detail for _id, _parent, _unused, detail in plan]
    assert lines, "the call ran no SELECT"
    return lines


def uses(lines: list[str], index: str) -> bool:
    return any(
        f"USING INDEX {index}" in line or f"COVERING INDEX {index}" in line for line in lines
    )


def full_scan(lines: list[str]) -> bool:
    return any(line.startswith("SCAN") and "INDEX" not in line for line in lines)
