"""With shifts on, every sale carries its shift and cashier and none is taken outside an
open shift; with shifts off, nothing changes."""

from __future__ import annotations

import pytest
from shift_orders import ANNA_PIN, CLIENT, TILL

from paydesk.core.shifts import Cashier, Cashiers, ShiftError, TillShifts
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.engine import WatchEngine
from paydesk.core.watch.events import Event, Problem, ProblemCode, WatchEvent
from paydesk.domain.failures import Failure
from paydesk.domain.failures import ShiftFailureCode as Code
from paydesk.gateway import GatewayClient
from paydesk.store import OrderStore

from fake_time import FakeClock


def _desk(store: OrderStore, clock: FakeClock, shifts: TillShifts | None) -> OrderDesk:
    return OrderDesk(store, CLIENT, clock=clock, till=TILL, shifts=shifts)


def test_shifts_off_a_sale_has_no_shift_or_cashier(store: OrderStore, clock: FakeClock) -> None:
    order = _desk(store, clock, None).start_order("150")
    assert (order.shift, order.cashier) == (None, "")
    assert store.shift_rows() == []


def test_shifts_on_no_sale_is_taken_outside_an_open_shift(
    store: OrderStore, clock: FakeClock, shifts: TillShifts, anna: Cashier, owner: Cashier,
    cashiers: Cashiers,
) -> None:
    desk = _desk(store, clock, shifts)
    with pytest.raises(ShiftError, check=lambda e: e.code is Code.SHIFT_REQUIRED):
        desk.start_order("150")
    assert store.pending(CLIENT) == [] and store.unconfirmed(CLIENT) == []

    shift = shifts.open(cashiers.sign_in("Anna", ANNA_PIN))
    first = desk.start_order("150")
    shifts.hand_over(owner)  # the owner takes the counter
    second = desk.start_order("2")
    assert (first.shift, first.cashier) == (shift.number, "Anna")
    assert (second.shift, second.cashier) == (shift.number, "Olga")
    assert store.get(CLIENT, first.order_id) == first

    with pytest.raises(ShiftError, check=lambda e: e.code is Code.SHIFT_ALREADY_OPEN):
        shifts.open(owner)


def test_a_shift_closed_between_the_stamp_and_the_insert_takes_no_sale(
    store: OrderStore, clock: FakeClock, shifts: TillShifts, anna: Cashier,
) -> None:
    shift = shifts.open(anna)

    class Stale:
        """A stamp read just before another program closed the shift."""

        def stamp(self) -> object:
            stamp = shifts.stamp()
            store.freeze_shift(shift.number, "Anna", clock(), lambda _closed: "{}")
            return stamp

    desk = OrderDesk(store, CLIENT, clock=clock, till=TILL, shifts=Stale())  # type: ignore[arg-type]
    with pytest.raises(ShiftError, check=lambda e: e.code is Code.SHIFT_REQUIRED):
        desk.start_order("150")
    assert store.shift_order_rows(CLIENT, TILL, shift.number) == []


def test_the_watch_says_a_sale_outside_a_shift_as_a_problem_with_its_code(
    store: OrderStore, clock: FakeClock, shifts: TillShifts,
) -> None:
    heard: list[Event] = []
    client = GatewayClient("http://127.0.0.1:9", CLIENT, "unused-secret-key")
    try:
        engine = WatchEngine(_desk(store, clock, shifts), lambda: client, lambda _r: None)
        engine.hub.subscribe(WatchEvent, heard.append)
        assert engine.create("150") is None
    finally:
        client.close()
    assert Problem(ProblemCode.SALE_NOT_WRITTEN, Failure(Code.SHIFT_REQUIRED)) in heard
    assert store.shift_rows() == []
