"""The sale in front of the buyer and the order the cashier views: one owner, its rules."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from paydesk.core.counter_state import Change, CounterChanged, CounterState, can_be_shown_to_buyer
from paydesk.domain.orders import CreationState, Order, OrderStatus

T0 = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
LATER = T0 + timedelta(minutes=3)
EXPIRES = T0 + timedelta(minutes=15)


def order(order_id: str, **changes: object) -> Order:
    base = Order(
        client_id=1, order_id=order_id, amount=7700, email=None, note="",
        url=f"https://pay.example.com/pay/{order_id}", status=OrderStatus.PENDING,
        creation=CreationState.CONFIRMED, created_at=T0,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


@pytest.fixture
def heard() -> list[Change]:
    return []


@pytest.fixture
def state(heard: list[Change]) -> CounterState:
    counter = CounterState()
    counter.hub.subscribe(CounterChanged, lambda event: heard.append(event.changed))
    return counter


def test_nothing_at_first(state: CounterState) -> None:
    assert state.sale is None and state.viewed is None and state.focused() == frozenset()


def test_an_order_created_at_the_counter_is_the_sale_and_on_the_panel(
    state: CounterState, heard: list[Change]
) -> None:
    state.start_sale("A")
    assert (state.sale, state.viewed) == ("A", "A")
    assert heard == [Change.SALE | Change.VIEWED]
    assert state.focused() == {"A"}


def test_viewing_another_order_changes_only_the_viewed_one(
    state: CounterState, heard: list[Change]
) -> None:
    state.start_sale("A")
    heard.clear()
    state.view("B")
    state.view("B")  # the same order again: no news
    state.view("C")
    assert (state.sale, state.viewed) == ("A", "C")
    assert heard == [Change.VIEWED, Change.VIEWED]
    assert state.focused() == {"A", "C"}  # both are checked every couple of seconds


def test_viewing_with_no_sale_puts_nothing_in_front_of_the_buyer(
    state: CounterState, heard: list[Change]
) -> None:
    state.view("B")
    assert (state.sale, state.viewed) == (None, "B")
    assert heard == [Change.VIEWED]


def test_back_to_the_sale_is_one_step(state: CounterState, heard: list[Change]) -> None:
    state.back_to_sale()  # no sale: nothing happens
    assert heard == []
    state.start_sale("A")
    state.view("B")
    heard.clear()
    state.back_to_sale()
    assert (state.sale, state.viewed) == ("A", "A")
    assert heard == [Change.VIEWED]


def test_show_to_buyer_makes_the_viewed_order_the_sale(
    state: CounterState, heard: list[Change]
) -> None:
    state.start_sale("A")
    state.view("B")
    heard.clear()
    assert state.show_to_buyer(order("B"), now=LATER, expires_at=EXPIRES)
    assert (state.sale, state.viewed) == ("B", "B")
    assert heard == [Change.SALE]
    # Shown already: asking again changes nothing.
    assert state.show_to_buyer(order("B"), now=LATER, expires_at=EXPIRES)
    assert heard == [Change.SALE]


def test_show_to_buyer_only_for_the_order_on_the_panel(state: CounterState) -> None:
    state.start_sale("A")
    state.view("B")
    assert not state.show_to_buyer(order("C"), now=LATER, expires_at=EXPIRES)
    assert (state.sale, state.viewed) == ("A", "B")


@pytest.mark.parametrize(
    ("changes", "now"),
    [
        pytest.param({"status": OrderStatus.APPROVE}, LATER, id="paid"),
        pytest.param({"status": OrderStatus.DECLINE}, LATER, id="refused"),
        pytest.param({"status": OrderStatus.EXPIRED}, LATER, id="expired"),
        pytest.param({"status": OrderStatus("refunded")}, LATER, id="unknown-status"),
        pytest.param({"creation": CreationState.UNCONFIRMED, "url": None}, LATER, id="not-sent"),
        pytest.param({"creation": CreationState.ABANDONED, "url": None}, LATER, id="abandoned"),
        pytest.param({}, EXPIRES, id="time-ran-out-here"),
    ],
)
def test_never_shows_an_order_that_cannot_be_paid(
    state: CounterState, heard: list[Change], changes: dict[str, object], now: datetime
) -> None:
    state.start_sale("A")
    state.view("B")
    heard.clear()
    unpayable = order("B", **changes)
    assert not can_be_shown_to_buyer(unpayable, now=now, expires_at=EXPIRES)
    assert not state.show_to_buyer(unpayable, now=now, expires_at=EXPIRES)
    assert (state.sale, state.viewed) == ("A", "B") and heard == []


def test_ending_the_sale_clears_both(state: CounterState, heard: list[Change]) -> None:
    state.start_sale("A")
    state.view("B")
    heard.clear()
    state.end_sale()
    assert (state.sale, state.viewed) == (None, None)
    assert heard == [Change.SALE | Change.VIEWED]
    state.end_sale()
    assert heard == [Change.SALE | Change.VIEWED]  # idle already: no news


def test_a_new_sale_replaces_the_old_one_and_what_was_viewed(
    state: CounterState, heard: list[Change]
) -> None:
    state.start_sale("A")
    state.view("B")
    heard.clear()
    state.start_sale("C")
    assert (state.sale, state.viewed) == ("C", "C")
    assert heard == [Change.SALE | Change.VIEWED]


def test_listeners_read_the_new_state_and_can_leave(state: CounterState) -> None:
    seen: list[tuple[str | None, str | None]] = []

    def read(_event: CounterChanged) -> None:
        seen.append((state.sale, state.viewed))

    stop = state.hub.subscribe(CounterChanged, read)
    state.start_sale("A")
    state.view("B")
    stop()
    state.end_sale()
    assert seen == [("A", "A"), ("A", "B")]
