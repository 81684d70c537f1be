"""OrderBookReader, the read side: one account's orders, totals and report, and changes made
elsewhere; and the book a command reads, as the runtime opens it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from paydesk.core.book.reader import OrderBookReader, OrderQuery
from paydesk.core.book.report import DayReport, Tally, day_bounds
from paydesk.core.events import BookChangedElsewhere
from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.core.shared_book.actions import waiting_count
from paydesk.core.watch.desk import OrderDesk
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import CheckResult, OrderStore, Totals
from paydesk.support.paths import AppPaths

from bulk_orders import bulk_insert

CLIENT = 7
DAY = date(2026, 11, 21)
GENERATED = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)

#: Another process writing to the same file: the order's status, as ``paydesk refresh`` would.
OTHER_PROCESS = """
import sys
from datetime import UTC, datetime
from paydesk.domain.orders import OrderStatus
from paydesk.store import CheckResult, OrderStore, Totals
path, client, order_id = sys.argv[1], int(sys.argv[2]), sys.argv[3]
paid = CheckResult(client, order_id, OrderStatus.APPROVE, datetime.now(UTC), None)
with OrderStore.open(path) as store:
    store.record_checks([paid])
"""


def at(day: date, hour: int) -> datetime:
    """``hour`` o'clock on ``day`` on this computer's clock, as UTC (what the book keeps)."""
    return datetime(day.year, day.month, day.day, hour).astimezone().astimezone(UTC)


def order(order_id: str, amount: int, created: datetime, status: str = "approve", *,
          client_id: int = CLIENT) -> Order:
    paid = created + timedelta(minutes=1) if status == "approve" else None
    return Order(client_id, order_id, amount, None, "", f"https://pay.example/{order_id}",
                 OrderStatus(status), CreationState.CONFIRMED, created, paid)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "orders.sqlite3"


@pytest.fixture
def store(path: Path) -> Iterator[OrderStore]:
    with OrderStore.open(path) as opened:
        bulk_insert(opened, [
            order("paid-1", 15050, at(DAY, 9)),
            order("paid-2", 99999, at(DAY, 10)),
            order("wait", 20000, at(DAY, 11), "pending"),
            order("yesterday", 500, at(DAY - timedelta(days=1), 12)),
            order("other-till", 77700, at(DAY, 12), client_id=CLIENT + 1),
        ])
        yield opened


def change_elsewhere(path: Path, order_id: str, client_id: int = CLIENT) -> None:
    """A real second process changes the order, through the store as the commands do."""
    subprocess.run([sys.executable, "-c", OTHER_PROCESS, str(path), str(client_id), order_id],
                   check=True, timeout=60)


def test_a_book_answers_for_its_own_account(store: OrderStore) -> None:
    book = OrderBookReader(store, CLIENT)
    # Whatever account a query names, this till's book reads this till's orders.
    for query in (OrderQuery(), OrderQuery(client_id=CLIENT + 1)):
        assert {o.order_id for o in book.query(query)} == {"paid-1", "paid-2", "wait", "yesterday"}
    assert book.count(OrderQuery(statuses=frozenset({"approve"}))) == 3
    totals = book.totals(OrderQuery())
    assert (totals.count, totals.amount) == (4, 15050 + 99999 + 20000 + 500)
    assert (totals.paid_count, totals.paid_amount) == (3, 15050 + 99999 + 500)
    # Every account's book (None), as an owner's tool would read it.
    assert len(OrderBookReader(store).query(OrderQuery())) == 5


def test_paid_on_a_day_counts_that_day_by_paid_time(store: OrderStore) -> None:
    paid = OrderBookReader(store, CLIENT).paid_on(DAY)
    assert (paid.count, paid.amount) == (2, 15050 + 99999)


def test_the_day_report_and_its_orders_come_from_the_book(store: OrderStore) -> None:
    book = OrderBookReader(store, CLIENT)
    report = book.day_report(DAY, clock=lambda: GENERATED)
    since, until = day_bounds(DAY)
    assert report == DayReport.build(store, CLIENT, since, until, clock=lambda: GENERATED)
    assert report.paid == Tally(2, 15050 + 99999)
    assert {o.order_id for o in book.report_orders(report)} == {"paid-1", "paid-2", "wait"}
    week = book.day_report(DAY - timedelta(days=6), DAY, clock=lambda: GENERATED)
    assert week.by_day and week.paid == Tally(3, 15050 + 99999 + 500)


def test_a_change_by_another_process_is_announced_once(store: OrderStore, path: Path) -> None:
    book = OrderBookReader(store, CLIENT)
    heard: list[str] = []
    book.hub.subscribe(BookChangedElsewhere, lambda _e: heard.append("changed"))
    assert not book.look_for_changes() and heard == []
    change_elsewhere(path, "wait")
    assert book.look_for_changes()
    assert heard == ["changed"]
    assert book.query(OrderQuery(text="wait"))[0].status is OrderStatus.APPROVE
    assert not book.look_for_changes()  # told once per change
    assert heard == ["changed"]


def test_its_own_writes_are_not_announced(store: OrderStore) -> None:
    """The window says what it writes itself, row by row; only others' changes are news."""
    book = OrderBookReader(store, CLIENT)
    heard: list[str] = []
    book.hub.subscribe(BookChangedElsewhere, lambda _e: heard.append("changed"))
    store.record_checks([CheckResult(CLIENT, "wait", OrderStatus.DECLINE, GENERATED, None)])
    assert not book.look_for_changes() and heard == []


def test_a_change_made_before_the_first_look_is_not_missed(store: OrderStore, path: Path) -> None:
    """The list reads the book as soon as it is made; a change before the first look counts."""
    book = OrderBookReader(store, CLIENT)
    change_elsewhere(path, "wait")
    assert book.look_for_changes()


def test_a_listener_that_stopped_listening_hears_nothing(store: OrderStore, path: Path) -> None:
    book = OrderBookReader(store, CLIENT)
    heard: list[str] = []
    stop = book.hub.subscribe(BookChangedElsewhere, lambda _e: heard.append("first"))
    book.hub.subscribe(BookChangedElsewhere, lambda _e: heard.append("second"))
    stop()
    stop()  # twice is harmless
    change_elsewhere(path, "wait")
    assert book.look_for_changes()
    assert heard == ["second"]


def test_details_tell_the_creation_attempts_and_every_status_seen(path: Path) -> None:
    t0 = at(DAY, 12)
    with OrderStore.open(path) as store:
        store.add_unconfirmed(CLIENT, "tried", 5000, "b@example.com", "tea", t0)
        store.record_creation_error(CLIENT, "tried", Failure(FailureCode.UNREACHABLE),
                                    t0 + timedelta(seconds=5))
        store.record_creation_error(CLIENT, "tried", Failure(FailureCode.TIMEOUT),
                                    None)  # no time: no row
        store.confirm_creation(CLIENT, "tried", "https://pay.example/tried",
                               t0 + timedelta(seconds=40), None)
        store.record_checks([
            CheckResult(CLIENT, "tried", OrderStatus.PENDING, t0 + timedelta(minutes=1), None),
            CheckResult(CLIENT, "tried", OrderStatus.APPROVE, t0 + timedelta(minutes=2), None),
        ])
        book = OrderBookReader(store, CLIENT)
        details = book.details("tried")
        assert details is not None
        assert details.order.status is OrderStatus.APPROVE
        assert [(c.status, c.observed_at) for c in details.history] == [
            (OrderStatus.PENDING, t0 + timedelta(seconds=40)),
            (OrderStatus.APPROVE, t0 + timedelta(minutes=2)),
        ]
        assert [(a.outcome, a.finished_at, a.error) for a in details.attempts] == [
            ("failed", t0 + timedelta(seconds=5), Failure(FailureCode.UNREACHABLE)),
            ("confirmed", t0 + timedelta(seconds=40), None),
        ]
        assert book.details("nobody") is None
        # Another account's order is not this book's.
        assert OrderBookReader(store, CLIENT + 1).details("tried") is None
        with pytest.raises(ValueError, match="client_id"):
            OrderBookReader(store).details("tried")
        assert OrderBookReader(store).details("tried", CLIENT) == details


def test_an_abandoned_creation_is_an_attempt_too(path: Path) -> None:
    t0 = at(DAY, 13)
    with OrderStore.open(path) as store:
        store.add_unconfirmed(CLIENT, "lost", 5000, None, "", t0)
        refused = Failure(FailureCode.REFUSED, "Refused for good.")
        store.abandon(CLIENT, "lost", refused, t0 + timedelta(seconds=3))
        details = OrderBookReader(store, CLIENT).details("lost")
    assert details is not None and details.history == []
    assert [(a.outcome, a.error) for a in details.attempts] == [
        ("abandoned", Failure(FailureCode.REFUSED, "Refused for good."))]


def test_a_desk_writes_its_till_with_every_order(tmp_path: Path) -> None:
    with OrderStore.open(tmp_path / "tills.sqlite3") as opened:
        named = OrderDesk(opened, CLIENT, till="Till 2").start_order("150")
        unnamed = OrderDesk(opened, CLIENT).start_order("150")
        assert (named.till, unnamed.till) == ("Till 2", "")
        stored = opened.get(CLIENT, named.order_id)
        assert stored is not None and stored.till == "Till 2"


def test_totals_and_the_day_report_of_one_till_and_of_the_whole_shop(tmp_path: Path) -> None:
    with OrderStore.open(tmp_path / "tills.sqlite3") as opened:
        bulk_insert(opened, [
            replace(order("a-1", 10000, at(DAY, 9)), till="Till 1"),
            replace(order("a-2", 20000, at(DAY, 10), "pending"), till="Till 1"),
            replace(order("b-1", 30000, at(DAY, 11)), till="Till 2"),
            order("old", 500, at(DAY, 12)),  # from before tills had names
        ])
        book = OrderBookReader(opened, CLIENT)
        assert book.tills() == ["Till 1", "Till 2"]
        one = book.totals(OrderQuery(till="Till 1"))
        assert (one.count, one.amount, one.paid_amount) == (2, 30000, 10000)
        assert book.totals(OrderQuery()).amount == 60500
        assert book.paid_on(DAY, "Till 2") == Totals(1, 30000, 1, 30000)
        assert book.paid_on(DAY).paid_amount == 40500

        report = book.day_report(DAY, clock=lambda: GENERATED, till="Till 1")
        assert (report.till, report.paid, report.pending) == (
            "Till 1", Tally(1, 10000), Tally(1, 20000))
        assert {o.order_id for o in book.report_orders(report)} == {"a-1", "a-2"}
        unnamed = book.day_report(DAY, clock=lambda: GENERATED, till="")
        assert unnamed.paid == Tally(1, 500)
        shop = book.day_report(DAY, clock=lambda: GENERATED)
        assert (shop.till, shop.paid, shop.created.count) == (None, Tally(3, 40500), 4)
        assert sum(bucket.amount for bucket in report.hourly) == 10000


def test_a_command_reads_the_book_the_runtime_opens_for_reading(tmp_path: Path) -> None:
    runtime = Runtime(AppPaths(tmp_path).ensure(), Settings(client_id=CLIENT))
    with runtime.open_store() as opened:
        bulk_insert(opened, [order("mine", 15050, at(DAY, 9)),
                             order("theirs", 77700, at(DAY, 10), client_id=CLIENT + 1)])
    with runtime.reading_book() as book:
        assert book.client_id == CLIENT
        assert [o.order_id for o in book.query(OrderQuery())] == ["mine"]
        assert book.day_report(DAY).paid == Tally(1, 15050)
    with pytest.raises(sqlite3.ProgrammingError, match="closed database"):  # ended with it
        book.count(OrderQuery())

    every_account = Runtime(runtime.paths, Settings())
    with every_account.reading_book() as book:
        assert sorted(o.order_id for o in book.query(OrderQuery())) == ["mine", "theirs"]


def test_what_waits_for_the_shared_book_is_counted_or_said_unknown(tmp_path: Path) -> None:
    runtime = Runtime(AppPaths(tmp_path).ensure(), Settings(client_id=CLIENT))
    with runtime.open_store() as opened:
        OrderDesk(opened, CLIENT).start_order("150")
    assert waiting_count(runtime) == 1
    runtime.paths.database.unlink()
    runtime.paths.database.mkdir()  # no order book can be opened there, even to read
    assert waiting_count(runtime) is None
