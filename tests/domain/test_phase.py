"""The order's phase: what the cashier should know, from its status, creation and watch."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.domain.phase import OrderPhase, phase_of

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def an_order(
    status: str = "pending",
    creation: CreationState = CreationState.CONFIRMED,
    *,
    watched: bool = True,
) -> Order:
    return Order(
        client_id=1, order_id="A-1", amount=15000, email=None, note="",
        url="http://127.0.0.1/pay/A-1", status=OrderStatus(status), creation=creation,
        created_at=NOW - timedelta(minutes=5),
        next_check_at=NOW + timedelta(seconds=2) if watched else None,
    )


@pytest.mark.parametrize(
    ("status", "creation", "phase"),
    [
        ("pending", CreationState.CONFIRMED, OrderPhase.PENDING),
        ("approve", CreationState.CONFIRMED, OrderPhase.PAID),
        ("decline", CreationState.CONFIRMED, OrderPhase.REFUSED),
        ("expired", CreationState.CONFIRMED, OrderPhase.EXPIRED),
        ("refunded", CreationState.CONFIRMED, OrderPhase.UNKNOWN),
        # "pending" is stored for an order the service never confirmed, but nobody can pay it.
        ("pending", CreationState.UNCONFIRMED, OrderPhase.NOT_SENT),
        ("pending", CreationState.ABANDONED, OrderPhase.ABANDONED),
    ],
)
def test_the_phase_of_a_record(status: str, creation: CreationState, phase: OrderPhase) -> None:
    assert phase_of(an_order(status, creation)) is phase


def test_every_known_status_has_a_phase_of_its_own() -> None:
    # phase_of keys the statuses by value (it imports no order model): none may fall through.
    for status in OrderStatus:
        assert phase_of(an_order(status.value)) is not OrderPhase.UNKNOWN


def test_an_open_order_no_longer_watched_is_unchecked_not_waiting() -> None:
    assert phase_of(an_order(watched=False)) is OrderPhase.UNCHECKED
    assert phase_of(an_order(watched=False), expires_at=NOW, now=NOW) is OrderPhase.UNCHECKED
    # A final order is not watched either, and is what it is.
    assert phase_of(an_order("approve", watched=False)) is OrderPhase.PAID


def test_a_pending_order_is_checking_once_its_time_is_up() -> None:
    order = an_order()
    expires_at = NOW + timedelta(seconds=30)
    assert phase_of(order, expires_at=expires_at, now=NOW) is OrderPhase.PENDING
    assert phase_of(order, expires_at=expires_at, now=expires_at) is OrderPhase.CHECKING
    assert phase_of(order, expires_at=None, now=expires_at) is OrderPhase.PENDING
    # Only a pending order: the others have their answer.
    paid = an_order("approve")
    assert phase_of(paid, expires_at=expires_at, now=expires_at) is OrderPhase.PAID
    unsent = an_order(creation=CreationState.UNCONFIRMED)
    assert phase_of(unsent, expires_at=expires_at, now=expires_at) is OrderPhase.NOT_SENT


def test_an_expiry_without_the_time_to_compare_it_with_is_refused() -> None:
    with pytest.raises(ValueError, match="now"):
        phase_of(an_order(), expires_at=NOW)


def test_the_phase_loads_no_order_model() -> None:
    # The window's first frame names the phases; the order model (datetime) comes later.
    code = ("import sys, paydesk.domain.phase; "
            "print(sorted(m for m in ('paydesk.domain.orders', 'datetime') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.strip() == "[]"
