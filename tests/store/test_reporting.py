"""The report's SQL: right answers, and index range scans (never the whole book) at 100 000."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from paydesk.core.book.report import DayReport
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import OrderStore, StoreError
from paydesk.store.reporting import (
    Tally,
    buckets_query,
    created_query,
    orders_query,
    paid_query,
)

from bulk_orders import bulk_insert
from store_support import CLIENT, T0, at

BIG = 100_000
DAY_START = datetime(2026, 3, 1, tzinfo=UTC)


def made(order_id: str, amount: int, created: datetime, status: str = "approve",
         paid: datetime | None = None, creation: CreationState = CreationState.CONFIRMED,
         client_id: int = CLIENT) -> Order:
    return Order(client_id, order_id, amount, None, "", "https://pay.example/x",
                 OrderStatus(status), creation, created, paid)


@pytest.fixture(scope="module")
def big_book(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[OrderStore, list[Order]]]:
    """A year of trading: 100 000 orders, one every ~5 minutes, most of them paid."""
    rng = random.Random(20260301)
    start = DAY_START - timedelta(days=340)
    orders = []
    for number in range(BIG):
        created = start + timedelta(minutes=number * 5 + rng.random())
        status = rng.choice(("approve", "approve", "approve", "pending", "decline", "expired"))
        paid = created + timedelta(minutes=rng.randrange(1, 20)) if status == "approve" else None
        orders.append(made(f"B{number:06d}", rng.randrange(100, 500_000), created, status, paid))
    path = tmp_path_factory.mktemp("report-book") / "orders.sqlite3"
    with OrderStore.open(path) as store:
        bulk_insert(store, orders)
        yield store, orders


def in_range(moment: datetime | None, since: datetime, until: datetime) -> bool:
    return moment is not None and since <= moment < until


def test_paid_counts_by_paid_time_and_created_by_created_time(store: OrderStore) -> None:
    bulk_insert(store, [
        made("night", 500, at(-600), paid=at(1)),  # created the evening before
        made("day", 700, at(10), paid=at(11)),
        made("refunded", 900, at(12), "refunded", paid=at(13)),  # paid once, not any more
        made("wait", 300, at(20), "pending"),
        made("other", 100, at(10), paid=at(11), client_id=CLIENT + 1),
    ])
    queries = store.reporting()
    since, until = at(0), at(60)
    assert queries.paid(CLIENT, since, until) == Tally(2, 1200)
    assert queries.paid(None, since, until) == Tally(3, 1300)
    created = queries.created(CLIENT, since, until)
    assert created.created == Tally(3, 1900)
    assert (created.pending, created.refused, created.expired) == (Tally(1, 300), Tally(), Tally())


def test_buckets_are_half_open(store: OrderStore) -> None:
    bulk_insert(store, [
        made("edge", 100, at(0), paid=at(60)),  # exactly on a boundary: the later bucket
        made("inside", 200, at(0), paid=at(59.999)),
    ])
    bounds = [(at(0), at(60)), (at(60), at(120)), (at(120), at(180))]
    assert store.reporting().paid_in_buckets(CLIENT, bounds) == [
        Tally(1, 200), Tally(1, 100), Tally()
    ]


def test_many_buckets_go_in_several_queries(store: OrderStore) -> None:
    bulk_insert(store, [made(f"o{n}", 100 + n, T0, paid=at(n * 60)) for n in range(5)])
    bounds = [(at(n * 60), at(n * 60 + 60)) for n in range(4500)]
    tallies = store.reporting().paid_in_buckets(CLIENT, bounds)
    assert tallies[:5] == [Tally(1, 100 + n) for n in range(5)]
    assert sum(t.count for t in tallies) == 5


def test_sqlite_failures_become_store_errors(tmp_path: Path) -> None:
    """A damaged book says what could not be done; a closed store is a bug, left as it is."""
    path = tmp_path / "orders.sqlite3"
    with OrderStore.open(path) as store:
        with sqlite3.connect(path) as other:
            other.execute("DROP TABLE status_history")
            other.execute("DROP TABLE orders")
        with pytest.raises(StoreError, match="Could not add up the payments"):
            store.reporting().paid(CLIENT, at(0), at(60))
        queries = store.reporting()
    with pytest.raises(sqlite3.ProgrammingError):
        queries.paid(CLIENT, at(0), at(60))


@pytest.mark.slow
@pytest.mark.scenario
def test_a_day_of_a_hundred_thousand_order_book(
    big_book: tuple[OrderStore, list[Order]],
) -> None:
    store, orders = big_book
    since, until = DAY_START, DAY_START + timedelta(days=1)
    report = DayReport.build(store, CLIENT, since, until, tz=UTC)
    paid = [o for o in orders if o.status == "approve" and in_range(o.paid_at, since, until)]
    assert report.paid == Tally(len(paid), sum(o.amount for o in paid))
    assert report.paid.count > 100
    created = [o for o in orders if in_range(o.created_at, since, until)]
    assert report.created == Tally(len(created), sum(o.amount for o in created))
    waiting = [o for o in created if o.status == "pending"]
    assert report.pending == Tally(len(waiting), sum(o.amount for o in waiting))
    assert sum(b.amount for b in report.hourly) == report.paid.amount
    shown = {o.order_id for o in report.orders(store)}
    assert shown == {o.order_id for o in paid} | {o.order_id for o in created}


@pytest.mark.slow
@pytest.mark.scenario
def test_a_month_by_day_on_the_big_book(big_book: tuple[OrderStore, list[Order]]) -> None:
    store, orders = big_book
    since, until = DAY_START - timedelta(days=30), DAY_START
    report = DayReport.build(store, CLIENT, since, until, tz=UTC)
    assert report.by_day and len(report.hourly) == 30
    paid = [o for o in orders if o.status == "approve" and in_range(o.paid_at, since, until)]
    assert [b.amount for b in report.hourly] == [
        sum(o.amount for o in paid if in_range(o.paid_at, b.start, b.end))
        for b in report.hourly
    ]


def plan(store: OrderStore, query: tuple[str, list[object]]) -> str:
    return " | ".join(store.reporting().explain(query))


def test_every_query_ranges_over_a_time_index(
    big_book: tuple[OrderStore, list[Order]],
) -> None:
    """The plans SQLite chooses on the big book: index ranges, no scan of the table."""
    store, _orders = big_book
    since, until = DAY_START, DAY_START + timedelta(days=1)
    hours = [(since + timedelta(hours=h), since + timedelta(hours=h + 1)) for h in range(24)]
    paid = plan(store, paid_query(CLIENT, since, until))
    assert "orders_by_paid (paid_at>? AND paid_at<?)" in paid, paid
    created = plan(store, created_query(CLIENT, since, until))
    assert "orders_by_created (created_at>? AND created_at<?)" in created, created
    buckets = plan(store, buckets_query(CLIENT, hours))
    assert "orders_by_paid (paid_at>? AND paid_at<?)" in buckets, buckets
    both = plan(store, orders_query(CLIENT, since, until))
    assert "MULTI-INDEX OR" in both, both
    assert "orders_by_created" in both and "orders_by_paid" in both, both
    for text in (paid, created, buckets, both):
        assert "SCAN orders" not in text, text


def test_the_report_counts_payments_whose_time_is_approximate(store: OrderStore) -> None:
    """The service does not say when a buyer paid; a window over a minute is approximate."""
    exact = made("exact", 500, at(1), paid=at(3))
    late = made("late", 700, at(2), paid=at(30))
    unknown = made("unknown", 900, at(3), paid=at(4))  # an old row: its window is not known
    bulk_insert(store, [
        replace(exact, last_pending_at=at(2.5)),
        replace(late, last_pending_at=at(5)),
        unknown,
    ])
    report = DayReport.build(store, CLIENT, DAY_START, DAY_START + timedelta(days=1))
    assert report.paid == Tally(3, 2100)
    assert report.paid_approximate == 2
