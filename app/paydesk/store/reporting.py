"""The end-of-day report's SQL: a few aggregate queries, never a row per order.

Every query ranges over one of the time indexes (``orders_by_paid`` or
``orders_by_created``) and sums integer kopecks inside SQLite, so a report over
a book of 100 000 orders reads only the day's index entries and the rows they
point to. Reached through :meth:`OrderStore.reporting`, which hands over the
store's connection (and thread) and its error translation.
"""

# The f-strings below interpolate only this module's constants and the
# client filter from paydesk.store.queries; every value is a parameter.
# ruff: noqa: S608

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime

from paydesk.domain.clock import to_ms
from paydesk.domain.orders import PAID_TIME_PRECISION, CreationState, Order, OrderStatus
from paydesk.store.queries import PAID, scope_and
from paydesk.store.rows import ORDER_COLUMNS, order_from_row

#: The store's "turn sqlite3 errors into StoreError" guard, named by its action.
Guard = Callable[[str], AbstractContextManager[None]]

_CONFIRMED = f"creation = '{CreationState.CONFIRMED.value}'"

#: Conditions on orders *created* in the range, by what became of them. Pending
#: means payable: an order the service never confirmed is counted as unsent or
#: abandoned instead, since nobody can pay it.
_CREATED_GROUPS: dict[str, str] = {
    "pending": f"{_CONFIRMED} AND status = '{OrderStatus.PENDING.value}'",
    "refused": f"status = '{OrderStatus.DECLINE.value}'",
    "expired": f"status = '{OrderStatus.EXPIRED.value}'",
    "unsent": f"creation = '{CreationState.UNCONFIRMED.value}'",
    "abandoned": f"creation = '{CreationState.ABANDONED.value}'",
}

#: A paid order whose payment is known only to within more than a minute
#: (Order.paid_time_is_approximate, in SQL).
APPROXIMATE_PAID_TIME = (
    f"(last_pending_at IS NULL OR paid_at - last_pending_at > "
    f"{int(PAID_TIME_PRECISION.total_seconds() * 1000)})"
)

#: Rows per bucket query: three parameters each, well under SQLite's limit of
#: 32 766 bound parameters (a year of days is 366 buckets).
_BUCKETS_PER_QUERY = 2000


@dataclass(frozen=True, slots=True)
class Tally:
    """How many orders and their sum in integer kopecks."""

    count: int = 0
    amount: int = 0


@dataclass(frozen=True, slots=True)
class CreatedTallies:
    """Orders created in a range, grouped by what became of them."""

    created: Tally
    pending: Tally
    refused: Tally
    expired: Tally
    unsent: Tally
    abandoned: Tally


Query = tuple[str, list[object]]


class ReportQueries:
    """The report's queries over one store connection (use it on that store's thread).

    Each takes the account (None: every account's orders) and the till (None: every
    till's)."""

    def __init__(self, db: sqlite3.Connection, guard: Guard) -> None:
        self._db = db
        self._guard = guard

    def paid(
        self, client_id: int | None, since: datetime, until: datetime, till: str | None = None
    ) -> Tally:
        """Orders paid in ``[since, until)`` by paid time, whenever they were created."""
        with self._guard("add up the payments"):
            row = self._db.execute(*paid_query(client_id, since, until, till)).fetchone()
        return Tally(*row)

    def paid_at_approximate_times(
        self, client_id: int | None, since: datetime, until: datetime, till: str | None = None
    ) -> int:
        """How many of the payments in ``[since, until)`` may have been made more
        than a minute before PayDesk saw them (the service does not say when)."""
        where, params = _paid_in(client_id, since, until, till)
        sql = f"SELECT COUNT(*) FROM orders WHERE {where} AND {APPROXIMATE_PAID_TIME}"
        with self._guard("count the payments"):
            found: int = self._db.execute(sql, params).fetchone()[0]
        return found

    def created(
        self, client_id: int | None, since: datetime, until: datetime, till: str | None = None
    ) -> CreatedTallies:
        """Orders created in ``[since, until)``, counted and summed per outcome in one pass."""
        with self._guard("add up the orders"):
            row = self._db.execute(*created_query(client_id, since, until, till)).fetchone()
        return CreatedTallies(*(Tally(row[i], row[i + 1]) for i in range(0, len(row), 2)))

    def paid_in_buckets(
        self, client_id: int | None, bounds: Sequence[tuple[datetime, datetime]],
        till: str | None = None,
    ) -> list[Tally]:
        """Payments per half-open bucket ``[start, end)``, by paid time; one Tally per bucket.

        The caller computes the bounds, because only it knows the local time
        zone's rules (a DST day has 23 or 25 hours).
        """
        tallies = [Tally()] * len(bounds)
        for first in range(0, len(bounds), _BUCKETS_PER_QUERY):
            query = buckets_query(client_id, bounds[first : first + _BUCKETS_PER_QUERY], first,
                                  till)
            with self._guard("add up the payments by hour"):
                rows = self._db.execute(*query).fetchall()
            for number, count, amount in rows:
                tallies[number] = Tally(count, amount)
        return tallies

    def orders(
        self, client_id: int | None, since: datetime, until: datetime, till: str | None = None
    ) -> list[Order]:
        """Orders created or paid in ``[since, until)``: what the report speaks of, oldest first."""
        with self._guard("read the report's orders"):
            rows = self._db.execute(*orders_query(client_id, since, until, till)).fetchall()
        return [order_from_row(row) for row in rows]

    def explain(self, query: Query) -> list[str]:
        """EXPLAIN QUERY PLAN details of ``query`` (the tests check the indexes used)."""
        sql, params = query
        with self._guard("explain a query"):
            rows = self._db.execute(f"EXPLAIN QUERY PLAN {sql}", params).fetchall()
        return [str(row[-1]) for row in rows]


def paid_query(
    client_id: int | None, since: datetime, until: datetime, till: str | None = None
) -> Query:
    where, params = _paid_in(client_id, since, until, till)
    return f"SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM orders WHERE {where}", params


def _paid_in(
    client_id: int | None, since: datetime, until: datetime, till: str | None = None
) -> Query:
    """Orders paid in ``[since, until)``. ``+status`` keeps the planner off
    ``orders_by_status``: "approve" matches most of the book, while the paid_at
    range matches one day of it."""
    client, params = scope_and(client_id, till)
    return f"paid_at >= ? AND paid_at < ? AND +{PAID}{client}", [
        to_ms(since), to_ms(until), *params]


def created_query(
    client_id: int | None, since: datetime, until: datetime, till: str | None = None
) -> Query:
    """Every outcome's count and sum as FILTERed aggregates over one created_at range."""
    client, params = scope_and(client_id, till)
    columns = ", ".join(
        f"COUNT(*) FILTER (WHERE {condition}), COALESCE(SUM(amount) FILTER (WHERE {condition}), 0)"
        for condition in _CREATED_GROUPS.values()
    )
    sql = (
        f"SELECT COUNT(*), COALESCE(SUM(amount), 0), {columns} FROM orders"
        f" WHERE created_at >= ? AND created_at < ?{client}"
    )
    return sql, [to_ms(since), to_ms(until), *params]


def buckets_query(
    client_id: int | None, bounds: Sequence[tuple[datetime, datetime]], first: int = 0,
    till: str | None = None,
) -> Query:
    """The buckets travel as a VALUES table joined to the paid_at index, so SQLite does
    one small range scan per bucket; rows come back only for buckets with payments."""
    client, client_params = scope_and(client_id, till)
    params: list[object] = []
    for number, (start, end) in enumerate(bounds, start=first):
        params += [number, to_ms(start), to_ms(end)]
    values = ", ".join(["(?, ?, ?)"] * len(bounds))
    sql = (
        f"WITH bucket (n, lo, hi) AS (VALUES {values})"
        " SELECT bucket.n, COUNT(*), SUM(amount) FROM bucket"
        " JOIN orders ON paid_at >= bucket.lo AND paid_at < bucket.hi"
        f" WHERE +{PAID}{client} GROUP BY bucket.n"
    )
    return sql, [*params, *client_params]


def orders_query(
    client_id: int | None, since: datetime, until: datetime, till: str | None = None
) -> Query:
    """The OR of two indexed ranges lets SQLite read both indexes (a "MULTI-INDEX OR")
    instead of the whole table."""
    client, params = scope_and(client_id, till)
    lo, hi = to_ms(since), to_ms(until)
    sql = (
        f"SELECT {ORDER_COLUMNS} FROM orders"
        " WHERE ((created_at >= ? AND created_at < ?) OR (paid_at >= ? AND paid_at < ?))"
        f"{client} ORDER BY created_at, id"
    )
    return sql, [lo, hi, lo, hi, *params]
