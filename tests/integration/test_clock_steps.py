"""The computer's clock corrected while orders are watched: the checks keep their pace
and the sale its time (issue 21, item 2).

The records take the wall clock; the schedule of checks and the countdowns the steady
one (domain/clock.py), here over a wall clock and a monotonic clock the test moves.
The real client, the real sandbox on loopback, the buyer on its payment page.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from held_requests import HeldRequests, Monotonic

from paydesk.core.counter.views import can_be_shown_to_buyer
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.engine import WatchEngine
from paydesk.core.watch.events import Event, OrderPaid, WatchEvent
from paydesk.domain.clock import SteadyClock, utc_now
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.gateway import GatewayClient
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore

from fake_time import FakeClock
from payment_page import decide
from test_values import TEST_CLIENT_ID, TEST_SECRET


class Counter:
    """A desk and its watch engine on a wall clock and a monotonic clock the test moves."""

    def __init__(self, store: OrderStore, client: GatewayClient, wall: FakeClock) -> None:
        self.wall, self.monotonic = wall, Monotonic()
        self.desk = OrderDesk(store, TEST_CLIENT_ID, clock=wall,
                              steady=SteadyClock(wall, self.monotonic))
        self.runner = HeldRequests()
        self.engine = WatchEngine(self.desk, lambda: client, self.runner,
                                  monotonic=self.monotonic)
        self.heard: list[Event] = []
        self.engine.hub.subscribe(WatchEvent, self.heard.append)

    def sell(self, amount: str) -> Order:
        order = self.engine.create(amount)
        assert order is not None
        self.runner.finish(self.engine)
        sale = self.desk.get(order.order_id)
        assert sale is not None and sale.url is not None
        return sale

    def wait(self, seconds: float) -> None:
        """Time passes: both clocks move on together."""
        self.wall.now += timedelta(seconds=seconds)
        self.monotonic.now += seconds

    def checks_out(self) -> list[str]:
        self.engine.tick()
        return self.runner.ids()


@pytest.fixture
def client(sandbox: SandboxServer) -> Iterator[GatewayClient]:
    with GatewayClient(sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET) as gateway:
        yield gateway


@pytest.fixture
def store(tmp_path: Path) -> Iterator[OrderStore]:
    with OrderStore.open(tmp_path / "orders.sqlite3") as opened:
        yield opened


def test_a_clock_set_back_two_hours_with_the_sale_on_screen_keeps_it_checked(
    store: OrderStore, client: GatewayClient,
) -> None:
    counter = Counter(store, client, FakeClock(utc_now() + timedelta(hours=2)))
    sale = counter.sell("321")
    counter.wall.now -= timedelta(hours=2)  # corrected to the true time
    counter.wait(counter.desk.policy.focus_interval.total_seconds())
    assert counter.checks_out() == [sale.order_id]

    assert sale.url is not None
    paid = decide(sale.url, "approve", "buyer@example.com")  # the buyer pays on the page
    assert paid.ok
    counter.runner.finish(counter.engine)
    assert [e.order.order_id for e in counter.heard if isinstance(e, OrderPaid)] == [
        sale.order_id]


def test_a_clock_corrected_forward_leaves_the_sale_payable_at_its_pace(
    store: OrderStore, client: GatewayClient,
) -> None:
    counter = Counter(store, client, FakeClock(utc_now()))
    sale = counter.sell("321")
    counter.wall.now += timedelta(minutes=20)  # corrected forward, the sale on screen
    counter.wait(1)
    desk = counter.desk
    now, expires = desk.steady_now(), desk.expires_at(sale)
    lifetime = desk.policy.order_lifetime
    assert lifetime - timedelta(seconds=2) < expires - now < lifetime
    assert phase_of(sale, expires_at=expires, now=now) is OrderPhase.PENDING
    assert can_be_shown_to_buyer(sale, now=now, expires_at=expires)
    # A slip's "pay before" is for people: the wall clock's reading of the same moment.
    assert desk.pay_before(sale) - desk.now() == expires - now

    assert counter.checks_out() == []  # the pace kept: no burst of checks either
    counter.wait(1)
    assert counter.checks_out() == [sale.order_id]


def test_a_check_written_on_another_clock_is_due(store: OrderStore) -> None:
    """Another process's clock (a command run while the computer's clock was two hours
    ahead) scheduled the check: no wait is that long, so it is due now."""
    start = utc_now()
    desk = OrderDesk(store, TEST_CLIENT_ID, clock=FakeClock(start))
    for order_id, minutes in (("far", 120), ("near", 4), ("now", 0)):
        store.add_unconfirmed(TEST_CLIENT_ID, order_id, 100, None, "", start)
        store.confirm_creation(TEST_CLIENT_ID, order_id, f"https://pay.example/{order_id}",
                               start, start + timedelta(minutes=minutes))
    assert [o.order_id for o in desk.due_for_check()] == ["now", "far"]
    far, near = (store.get(TEST_CLIENT_ID, i) for i in ("far", "near"))
    assert far is not None and near is not None
    assert desk.is_due(far) and not desk.is_due(near)
