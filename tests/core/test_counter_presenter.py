"""The counter presenter: the sale, the viewed order, and the screens it publishes.

Orders are the book's (a real desk on a real SQLite file); they are handed to the
presenter as the watch engine hands them, once the book holds them; time is a test's
clock.
No Qt: a whole sale's snapshots are checked as values, and a child process shows
that none of this imports Qt.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from paydesk.core.counter.presenter import CounterPresenter
from paydesk.core.counter.views import BuyerState, BuyerView, CounterScreens, PanelView, Place
from paydesk.core.events import EventHub
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.outcomes import CheckOutcome, CreationOutcome
from paydesk.domain.clock import utc_now
from paydesk.domain.orders import Order, OrderStatus
from paydesk.domain.phase import OrderPhase
from paydesk.store import OrderStore

from fake_time import FakeClock
from test_values import TEST_CLIENT_ID

LIFETIME = 900  # the policy's default order lifetime, seconds


class Counter:
    """A real desk, its hub, the presenter on them, and every snapshot it published."""

    def __init__(self, desk: OrderDesk, clock: FakeClock) -> None:
        self.desk, self.clock = desk, clock
        self.hub = EventHub()
        self.presenter = CounterPresenter(desk, self.hub)
        self.screens: list[CounterScreens] = []
        self.hub.subscribe(CounterScreens, self.screens.append)

    @property
    def last(self) -> CounterScreens:
        return self.screens[-1]

    def take(self, amount: int) -> Order:
        """Enter at the counter: written, the sale, and sent."""
        order = self.desk.start_order(amount)
        self.presenter.start_sale(order)
        return order

    def answered(self, order: Order) -> Order:
        """The service gave the link: recorded, then handed over as the engine does."""
        outcome = CreationOutcome(order.order_id, self.clock.now,
                                  url=f"https://pay.example/{order.order_id}")
        recorded = self.desk.record_creation(outcome)
        self.presenter.fresh([recorded], answered=order.order_id)
        return recorded

    def checked(self, order: Order, status: OrderStatus) -> Order:
        outcome = CheckOutcome(order.order_id, self.clock.now, status=status,
                               asked_at=self.clock.now)
        [(fresh, changed)] = self.desk.record_checks([outcome])
        paid = [fresh] if changed and status is OrderStatus.APPROVE else []
        self.presenter.fresh([fresh], paid=paid)
        return fresh

    def wait(self, seconds: float) -> None:
        """Time passes; the front end ticks the presenter at the moment it asked for."""
        self.clock.now += timedelta(seconds=seconds)
        self.presenter.tick()


@pytest.fixture
def counter(tmp_path: Path) -> Iterator[Counter]:
    clock = FakeClock(utc_now().replace(microsecond=0))  # the book keeps milliseconds
    with OrderStore.open(tmp_path / "orders.sqlite3") as store:
        yield Counter(OrderDesk(store, TEST_CLIENT_ID, clock=clock), clock)


def test_a_whole_sale_as_the_screens_show_it(counter: Counter) -> None:
    presenter = counter.presenter
    assert presenter.screens == CounterScreens()  # idle: nothing on either screen

    sale = counter.take(15_000)
    assert counter.last.creating and counter.last.panel == PanelView(creating=15_000)
    assert counter.last.buyer == BuyerView(BuyerState.PREPARING, 15_000)

    sale = counter.answered(sale)
    assert sale.url is not None
    screens = counter.last
    assert not screens.creating
    assert screens.panel.phase is OrderPhase.PENDING and screens.panel.order == sale
    assert screens.panel.seconds_left == LIFETIME and screens.panel.place is Place.SALE
    assert screens.buyer == BuyerView(BuyerState.PENDING, 15_000, sale.url, LIFETIME)

    presenter.buyer_screen_opened()  # the buyer's window opens: the panel says so
    assert counter.last.panel.place is Place.ON_DISPLAY

    earlier = counter.answered(counter.desk.start_order(700))  # taken before, still payable
    presenter.view(earlier)  # looked up in the list
    screens = counter.last
    assert screens.panel.order == earlier and screens.panel.place is Place.NOT_SHOWN
    assert screens.panel.can_show and screens.can_go_back and screens.panel.sale_amount == 15_000
    assert screens.buyer == BuyerView(BuyerState.PENDING, 15_000, sale.url, LIFETIME)
    presenter.back_to_sale()
    assert counter.last.panel.order == sale and not counter.last.can_go_back

    counter.wait(LIFETIME - 61.5)  # the countdown: one snapshot per second that shows
    assert counter.last.panel.seconds_left == counter.last.buyer.seconds_left == 62
    assert presenter.next_change() == counter.clock.now + timedelta(seconds=0.5)
    counter.wait(61.5)  # its end, by this clock: checking, no code for the buyer
    screens = counter.last
    assert screens.panel.phase is OrderPhase.CHECKING and screens.panel.seconds_left is None
    assert screens.buyer == BuyerView(BuyerState.CHECKING, 15_000)

    paid = counter.checked(sale, OrderStatus.APPROVE)
    assert counter.last.panel.phase is OrderPhase.PAID and counter.last.panel.order == paid
    assert counter.last.buyer == BuyerView(BuyerState.PAID, 15_000)
    assert counter.last.paid_elsewhere is None  # the sale's own payment: on its screens

    presenter.end_sale()  # Esc right after "Paid": the thank-you keeps its time
    assert counter.last.panel.is_idle and counter.last.buyer.state is BuyerState.PAID
    counter.wait(5.9)
    assert counter.last.buyer.state is BuyerState.PAID
    counter.wait(0.1)
    assert counter.last.buyer == BuyerView()
    assert presenter.next_change() is None  # nothing runs on time: no tick


def test_one_snapshot_per_change_and_none_without_one(counter: Counter) -> None:
    sale = counter.answered(counter.take(500))
    published = len(counter.screens)
    counter.wait(0.2)  # the same second left: nothing new to show
    counter.presenter.fresh([sale])  # the same copy again
    assert len(counter.screens) == published
    counter.wait(0.9)
    assert len(counter.screens) == published + 1


def test_a_payment_off_the_counter_is_said_once(counter: Counter) -> None:
    earlier = counter.answered(counter.take(300))
    counter.answered(counter.take(400))  # the next sale: the earlier one left the counter
    counter.checked(earlier, OrderStatus.APPROVE)
    assert counter.last.paid_elsewhere is not None
    assert counter.last.paid_elsewhere.order_id == earlier.order_id
    assert counter.last.buyer.state is BuyerState.PENDING  # this buyer's code stays
    counter.wait(1.0)
    assert counter.last.paid_elsewhere is None


def test_another_buyers_result_is_never_shown(counter: Counter) -> None:
    yesterday = counter.checked(counter.answered(counter.take(100)), OrderStatus.APPROVE)
    counter.presenter.end_sale()
    counter.wait(10)
    assert counter.last.buyer == BuyerView()
    counter.presenter.view(yesterday)
    assert not counter.presenter.show_to_buyer()  # paid: it cannot be shown
    assert counter.last.buyer == BuyerView() and counter.presenter.sale is None


def test_show_to_buyer_makes_the_viewed_order_the_sale(counter: Counter) -> None:
    first = counter.answered(counter.take(100))
    second = counter.answered(counter.desk.start_order(200))
    counter.presenter.view(second)
    assert counter.presenter.show_to_buyer()
    assert counter.last.sale == second
    assert counter.last.buyer.amount == 200 and counter.last.buyer.link == second.url
    assert counter.presenter.focused() == {second.order_id}
    assert first.order_id not in counter.presenter.focused()


def test_an_order_whose_time_ran_out_here_cannot_be_shown(counter: Counter) -> None:
    sale = counter.answered(counter.take(100))
    other = counter.answered(counter.desk.start_order(200))
    counter.presenter.view(other)
    counter.wait(LIFETIME)
    assert not counter.last.panel.can_show and not counter.presenter.show_to_buyer()
    assert counter.presenter.sale == sale


def test_a_new_payment_cuts_the_result_short(counter: Counter) -> None:
    counter.checked(counter.answered(counter.take(100)), OrderStatus.DECLINE)
    assert counter.last.buyer.state is BuyerState.REFUSED
    counter.take(200)
    assert counter.last.buyer == BuyerView(BuyerState.PREPARING, 200)


def test_no_qt_is_imported() -> None:
    script = textwrap.dedent("""
        import sys
        from paydesk.core.counter import presenter as counter_presenter
        from paydesk.core.counter import views as counter_views
        from paydesk.core.counter import buyer_memory as buyer_screen
        from paydesk.core.watch import engine as watch
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6")))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
