"""DayReport against a real order book: which day an order counts on, and the hour buckets."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from paydesk.core.book.report import DayReport, Tally, day_bounds, local_midnight
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import CheckResult, OrderStore

from bulk_orders import bulk_insert

CLIENT = 7
SHOP = ZoneInfo("Europe/Moscow")  # UTC+3 all year
DAY = date(2026, 11, 21)
GENERATED = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)


def local(day: date, hour: int, minute: int = 0, tz: ZoneInfo = SHOP) -> datetime:
    """A wall-clock time in the shop, as UTC (what the store keeps)."""
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=tz).astimezone(UTC)


def order(
    order_id: str,
    amount: int,
    created: datetime,
    status: str = "approve",
    *,
    paid: datetime | None = None,
    creation: CreationState = CreationState.CONFIRMED,
    client_id: int = CLIENT,
) -> Order:
    if status == "approve" and paid is None:
        paid = created + timedelta(minutes=1)
    return Order(client_id, order_id, amount, None, "", "https://pay.example/x",
                 OrderStatus(status), creation, created, paid)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[OrderStore]:
    with OrderStore.open(tmp_path / "orders.sqlite3") as opened:
        yield opened


def build(store: OrderStore, first: date = DAY, last: date | None = None,
          tz: ZoneInfo = SHOP) -> DayReport:
    since, until = day_bounds(first, last, tz)
    return DayReport.build(store, CLIENT, since, until, tz=tz, clock=lambda: GENERATED)


def test_each_outcome_is_counted_and_summed_in_kopecks(store: OrderStore) -> None:
    yesterday, today = DAY - timedelta(days=1), DAY
    bulk_insert(store, [
        order("paid-1", 15050, local(today, 9, 5)),
        order("paid-2", 99999, local(today, 9, 40)),
        order("paid-3", 1, local(today, 14, 0)),
        order("wait-1", 20000, local(today, 10, 0), "pending"),
        order("wait-2", 30000, local(today, 11, 0), "pending"),
        order("refused", 4500, local(today, 12, 0), "decline"),
        order("expired-1", 700, local(today, 13, 0), "expired"),
        order("expired-2", 800, local(today, 13, 30), "expired"),
        order("unsent", 1200, local(today, 15, 0), "pending", creation=CreationState.UNCONFIRMED),
        order("gave-up", 1300, local(today, 15, 5), "pending", creation=CreationState.ABANDONED),
        # Another day, and another merchant's book: not in this report.
        order("old", 50000, local(yesterday, 12, 0)),
        order("old-wait", 50000, local(yesterday, 12, 0), "pending"),
        order("other", 77700, local(today, 12, 0), client_id=CLIENT + 1),
    ])
    report = build(store)
    assert report.paid == Tally(3, 15050 + 99999 + 1)
    assert report.pending == Tally(2, 50000)
    assert report.refused == Tally(1, 4500)
    assert report.expired == Tally(2, 1500)
    assert report.unsent == Tally(1, 1200)
    assert report.abandoned == Tally(1, 1300)
    assert report.created.count == 10
    assert (report.first_day, report.last_day, report.by_day) == (DAY, DAY, False)
    assert report.generated_at == GENERATED
    assert isinstance(report.paid.amount, int)


def test_an_order_paid_after_midnight_counts_on_the_day_it_was_paid(store: OrderStore) -> None:
    """Through the store's real path: created at 23:58, seen paid by a check at 00:01."""
    yesterday = DAY - timedelta(days=1)
    created = local(yesterday, 23, 58)
    store.add_unconfirmed(CLIENT, "late-coffee", 25000, None, "", created)
    store.confirm_creation(CLIENT, "late-coffee", "https://pay.example/l", created, None)
    store.record_checks([
        CheckResult(CLIENT, "late-coffee", OrderStatus.APPROVE, local(DAY, 0, 1), None)
    ])
    today, before = build(store), build(store, yesterday)
    assert today.paid == Tally(1, 25000)
    assert today.created.count == 0  # it was created the day before
    assert [(b.start.hour, b.count, b.amount) for b in today.hourly] == [(0, 1, 25000)]
    assert before.paid == Tally()
    assert before.created == Tally(1, 25000)
    assert before.pending == Tally()  # paid by now, so no longer waiting
    assert before.hourly == ()


def test_hours_run_from_the_first_paid_hour_to_the_last_with_quiet_hours_as_zeros(
    store: OrderStore,
) -> None:
    bulk_insert(store, [
        order("a", 10000, local(DAY, 8, 10)),
        order("b", 20000, local(DAY, 8, 50)),
        order("c", 5000, local(DAY, 11, 20)),
        order("d", 100, local(DAY, 11, 59), paid=local(DAY, 12, 0)),  # the hour it is paid
        order("e", 999, local(DAY, 10, 0), "pending"),  # not a payment
    ])
    report = build(store)
    assert [(b.start.hour, b.end.hour, b.count, b.amount) for b in report.hourly] == [
        (8, 9, 2, 30000), (9, 10, 0, 0), (10, 11, 0, 0), (11, 12, 1, 5000), (12, 13, 1, 100),
    ]
    assert all(b.start.utcoffset() == timedelta(hours=3) for b in report.hourly)
    assert sum(b.amount for b in report.hourly) == report.paid.amount
    assert sum(b.count for b in report.hourly) == report.paid.count
    assert report.peak is not None and report.peak.start.hour == 8


def test_a_busy_day_buckets_add_up_to_the_paid_total(store: OrderStore) -> None:
    orders = [order(f"o-{n}", 1000 + n * 37, local(DAY, 7 + n % 13, (n * 7) % 58))
              for n in range(200)]
    bulk_insert(store, orders)
    report = build(store)
    assert report.paid == Tally(200, sum(o.amount for o in orders))
    assert sum(b.amount for b in report.hourly) == report.paid.amount
    assert [b.start.hour for b in report.hourly] == list(range(7, 20))


def test_an_empty_day(store: OrderStore) -> None:
    report = build(store)
    assert report.paid == Tally() and report.hourly == () and report.peak is None


def test_a_range_has_one_bucket_per_day_every_day_shown(store: OrderStore) -> None:
    first = DAY - timedelta(days=6)
    bulk_insert(store, [
        order("mon", 10000, local(first + timedelta(days=1), 23, 59)),  # paid on Tuesday
        order("tue", 5000, local(first + timedelta(days=2), 12, 0)),
        order("sat", 7000, local(DAY, 18, 0)),
    ])
    report = build(store, first, DAY)
    assert report.by_day and (report.first_day, report.last_day) == (first, DAY)
    assert [b.start.date() for b in report.hourly] == [
        first + timedelta(days=n) for n in range(7)
    ]
    assert [b.amount for b in report.hourly] == [0, 0, 15000, 0, 0, 0, 7000]
    assert report.paid == Tally(3, 22000)
    assert report.peak is not None and report.peak.start.date() == first + timedelta(days=2)


def test_hours_follow_the_shops_clock_across_a_dst_change(store: OrderStore) -> None:
    """Berlin's clocks go back at 03:00 on 25 October 2026: that day has 25 hours."""
    berlin = ZoneInfo("Europe/Berlin")
    day = date(2026, 10, 25)
    since, until = day_bounds(day, tz=berlin)
    assert until - since == timedelta(hours=25)
    bulk_insert(store, [
        order("early", 100, local(day, 1, 30, berlin)),
        order("late", 200, local(day, 22, 30, berlin)),
    ])
    report = DayReport.build(store, CLIENT, since, until, tz=berlin)
    hours = [b.start.hour for b in report.hourly]
    assert hours[:4] == [1, 2, 2, 3]  # 02:00 happens twice
    assert len(hours) == 23 and hours[-1] == 22
    assert sum(b.amount for b in report.hourly) == 300


def test_half_hour_time_zones_still_get_clock_hours(store: OrderStore) -> None:
    india = ZoneInfo("Asia/Kolkata")
    bulk_insert(store, [order("chai", 3000, local(DAY, 9, 45, india))])
    report = build(store, tz=india)
    [bucket] = report.hourly
    assert (bucket.start.hour, bucket.start.minute, bucket.end.hour) == (9, 0, 10)


def test_orders_are_those_created_or_paid_in_the_range(store: OrderStore) -> None:
    yesterday = DAY - timedelta(days=1)
    bulk_insert(store, [
        order("late", 100, local(yesterday, 23, 58), paid=local(DAY, 0, 1)),
        order("today-wait", 200, local(DAY, 9, 0), "pending"),
        order("today-paid", 300, local(DAY, 10, 0)),
        order("old", 400, local(yesterday, 10, 0)),
        order("other", 500, local(DAY, 10, 0), client_id=CLIENT + 1),
    ])
    report = build(store)
    assert [o.order_id for o in report.orders(store)] == ["late", "today-wait", "today-paid"]


def test_day_bounds_are_local_midnights() -> None:
    since, until = day_bounds(DAY, tz=SHOP)
    assert since == datetime(2026, 11, 20, 21, 0, tzinfo=UTC)
    assert until - since == timedelta(days=1)
    assert local_midnight(DAY, SHOP) == since
    week = day_bounds(DAY - timedelta(days=6), DAY, SHOP)
    assert week == (since - timedelta(days=6), until)
    with pytest.raises(ValueError, match="before"):
        day_bounds(DAY, DAY - timedelta(days=1))


def test_bad_bounds_are_refused(store: OrderStore) -> None:
    since, until = day_bounds(DAY, tz=SHOP)
    with pytest.raises(ValueError, match="empty"):
        DayReport.build(store, CLIENT, until, since)
    with pytest.raises(ValueError, match="aware"):
        DayReport.build(store, CLIENT, since.replace(tzinfo=None), until)


def test_every_client_when_client_id_is_none(store: OrderStore) -> None:
    bulk_insert(store, [
        order("mine", 100, local(DAY, 10, 0)),
        order("theirs", 200, local(DAY, 10, 0), client_id=CLIENT + 1),
    ])
    since, until = day_bounds(DAY, tz=SHOP)
    report = DayReport.build(store, None, since, until, tz=SHOP)
    assert report.paid == Tally(2, 300)
