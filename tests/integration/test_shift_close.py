"""Closing a shift on the service's own answers: the real client, the real sandbox on
loopback, the real order book. The open orders are asked about again before the report
is frozen; what the service could not answer is reported unanswered, with its last check."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC
from pathlib import Path

import pytest

from paydesk.core.shifts import (
    Cashier,
    Cashiers,
    CloseProgress,
    CloseStage,
    ShiftError,
    TillShifts,
    close_shift,
)
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.refresh import refresh_all
from paydesk.core.watch.remote import send_creation
from paydesk.domain.clock import utc_now
from paydesk.domain.failures import ShiftFailureCode as Code
from paydesk.domain.orders import Order, OrderStatus
from paydesk.gateway import GatewayClient
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore
from paydesk.store.reporting import Tally

from test_values import TEST_CLIENT_ID, TEST_SECRET

TILL = "Till 1"


@pytest.fixture
def client(sandbox: SandboxServer) -> Iterator[GatewayClient]:
    with GatewayClient(sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET, max_attempts=1,
                       read_timeout=2.0, deadline=5.0) as gateway:
        yield gateway


@pytest.fixture
def store(tmp_path: Path) -> Iterator[OrderStore]:
    with OrderStore.open(tmp_path / "orders.sqlite3") as opened:
        yield opened


@pytest.fixture
def shifts(store: OrderStore) -> TillShifts:
    return TillShifts(store, TEST_CLIENT_ID, TILL, tz=UTC)


@pytest.fixture
def desk(store: OrderStore, shifts: TillShifts) -> OrderDesk:
    return OrderDesk(store, TEST_CLIENT_ID, till=TILL, shifts=shifts)


@pytest.fixture
def cashiers(store: OrderStore) -> Cashiers:
    return Cashiers(store)


@pytest.fixture
def owner(cashiers: Cashiers) -> Cashier:
    return cashiers.add("Olga", "739164", owner=True)


@pytest.fixture
def anna(cashiers: Cashiers, owner: Cashier) -> Cashier:
    return cashiers.add("Anna", "582031", by=owner)


def sales(desk: OrderDesk, client: GatewayClient, *amounts: int) -> list[Order]:
    """Sales taken at the counter and confirmed by the service (their links known)."""
    return [desk.record_creation(send_creation(client, desk.start_order(amount)),
                                 focused=False) for amount in amounts]


def test_the_close_asks_the_service_about_every_open_order_first(
    desk: OrderDesk, client: GatewayClient, sandbox: SandboxServer, shifts: TillShifts,
    cashiers: Cashiers, anna: Cashier,
) -> None:
    shift = shifts.open(anna)
    paid, refused, waiting = sales(desk, client, 15050, 300, 777)
    sandbox.approve(paid.order_id)
    sandbox.decline(refused.order_id)
    heard: list[CloseProgress] = []
    before = sandbox.request_count("get_order")

    report = close_shift(shifts, desk, client, anna, cashiers, on_progress=heard.append)

    assert sandbox.request_count("get_order") - before == 3  # each open order once
    assert report.frozen and report.number == shift.number
    assert (report.paid, report.refused, report.unanswered) == (
        Tally(1, 15050), Tally(1, 300), Tally(1, 777))
    [still] = report.still_open
    assert still.order_id == waiting.order_id and still.last_checked_at is not None
    assert [p.stage for p in heard] == [CloseStage.CHECKING] * 4 + [
        CloseStage.FREEZING, CloseStage.FROZEN]
    assert [p.checked for p in heard[:4]] == [0, 1, 2, 3]
    assert shifts.current() is None
    # Closed: a second close gives the same report, and no sale is taken.
    assert close_shift(shifts, desk, client, anna, cashiers, number=shift.number) == report
    with pytest.raises(ShiftError, check=lambda e: e.code is Code.SHIFT_REQUIRED):
        desk.start_order("1")


def test_paid_after_the_close_is_in_the_next_shifts_report(
    desk: OrderDesk, client: GatewayClient, sandbox: SandboxServer, shifts: TillShifts,
    cashiers: Cashiers, anna: Cashier, owner: Cashier, store: OrderStore,
) -> None:
    first = shifts.open(anna)
    [late] = sales(desk, client, 4200)
    frozen = close_shift(shifts, desk, client, anna, cashiers)
    assert frozen.unanswered == Tally(1, 4200)
    second = shifts.open(owner)
    sandbox.approve(late.order_id)
    refresh_all(desk, client)  # the watch goes on asking after the close
    assert desk.get(late.order_id).status is OrderStatus.APPROVE  # type: ignore[union-attr]

    report = close_shift(shifts, desk, client, owner, cashiers)

    assert report.number == second.number
    assert [(p.order_id, p.shift, p.amount) for p in report.late_payments] == [
        (late.order_id, first.number, 4200)]
    assert shifts.report(first.number) == frozen  # never changed
    assert late.shift == first.number and store.get(TEST_CLIENT_ID, late.order_id)


def test_a_close_while_the_service_is_down_names_the_unanswered_orders(
    desk: OrderDesk, client: GatewayClient, sandbox: SandboxServer, shifts: TillShifts,
    cashiers: Cashiers, anna: Cashier,
) -> None:
    shifts.open(anna)
    orders = sales(desk, client, 100, 200)
    sandbox.stop()

    report = close_shift(shifts, desk, client, anna, cashiers)

    assert report.unanswered == Tally(2, 300)
    assert sorted(o.order_id for o in report.still_open) == sorted(o.order_id for o in orders)


def test_the_checks_are_bounded_in_time(
    desk: OrderDesk, client: GatewayClient, sandbox: SandboxServer, shifts: TillShifts,
    cashiers: Cashiers, anna: Cashier,
) -> None:
    shifts.open(anna)
    [order] = sales(desk, client, 100)
    sandbox.approve(order.order_id)
    sandbox.set_latency(1500)  # the answer would say paid, but not before the deadline

    report = close_shift(shifts, desk, client, anna, cashiers, deadline_s=0.1)

    assert report.unanswered == Tally(1, 100) and report.paid == Tally(0, 0)


def test_only_the_cashier_who_opened_it_or_an_owner_closes_a_shift(
    desk: OrderDesk, client: GatewayClient, shifts: TillShifts, cashiers: Cashiers,
    anna: Cashier, owner: Cashier,
) -> None:
    boris = cashiers.add("Boris", "1234", by=owner)
    shifts.open(anna)
    with pytest.raises(ShiftError, check=lambda e: e.code is Code.NOT_YOUR_SHIFT):
        close_shift(shifts, desk, client, boris, cashiers)
    assert shifts.current() is not None
    report = close_shift(shifts, desk, client, owner, cashiers)
    assert report.closed_by == "Olga" and report.cashier == "Anna"
    assert utc_now() >= report.closed_at  # type: ignore[operator]
