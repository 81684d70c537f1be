"""The merge rule's cases, shared by every place that merges two records of one order.

Each case: the record one book holds, the record another book brings, and what the
merged record must say. tests/domain/test_merging.py runs them through
``merge_orders``; the local journal's download and the shared book's upload run the
same cases, so the three never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from paydesk.domain.failures import Failure
from paydesk.domain.orders import CreationState, Order, OrderStatus

T0 = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def at(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


def base_order(**changes: Any) -> Order:
    """A confirmed, pending order taken at till "A"."""
    order = Order(
        client_id=1,
        order_id="20261124-120000000-MERGE1",
        amount=15000,
        email="buyer@example.com",
        note="2 coffees",
        url="https://pay.example.com/pay/abc",
        status=OrderStatus.PENDING,
        creation=CreationState.CONFIRMED,
        created_at=T0,
        confirmed_at=at(1),
        last_pending_at=at(1),
        till="A",
    )
    return replace(order, **changes)


@dataclass(frozen=True)
class MergeCase:
    name: str
    current: Order
    incoming: Order
    expected: Order


def _case(name: str, current: dict[str, Any], incoming: dict[str, Any],
          expected: dict[str, Any]) -> MergeCase:
    return MergeCase(name, base_order(**current), base_order(**incoming), base_order(**expected))


PAID = {"status": OrderStatus.APPROVE, "paid_at": at(30), "last_checked_at": at(30),
        "last_pending_at": at(20)}
STILL_PENDING = {"status": OrderStatus.PENDING, "last_checked_at": at(40),
                 "last_pending_at": at(40)}

CASES = [
    _case("the same record twice changes nothing", {}, {}, {}),
    _case("a payment seen elsewhere comes in", {}, PAID, PAID),
    _case("a late 'pending' never undoes 'paid'", PAID, STILL_PENDING,
          {**PAID, "last_checked_at": at(40), "last_pending_at": at(40)}),
    _case("a refusal stays a refusal",
          {"status": OrderStatus.DECLINE, "last_checked_at": at(30)},
          {"status": OrderStatus.PENDING, "last_checked_at": at(10)},
          {"status": OrderStatus.DECLINE, "last_checked_at": at(30)}),
    _case("the first final status stays when two disagree",
          {"status": OrderStatus.EXPIRED, "last_checked_at": at(50)},
          {"status": OrderStatus.APPROVE, "paid_at": at(60), "last_checked_at": at(60)},
          {"status": OrderStatus.EXPIRED, "paid_at": at(60), "last_checked_at": at(60)}),
    _case("the link and its confirmation arrive from the till that sent it",
          {"creation": CreationState.UNCONFIRMED, "url": None, "confirmed_at": None},
          {},
          {}),
    _case("a confirmation outranks a guess that the order never arrived",
          {"creation": CreationState.ABANDONED, "url": None, "confirmed_at": None},
          {},
          {}),
    _case("an abandoned order never goes back to unconfirmed",
          {"creation": CreationState.ABANDONED, "url": None, "confirmed_at": None},
          {"creation": CreationState.UNCONFIRMED, "url": None, "confirmed_at": None},
          {"creation": CreationState.ABANDONED, "url": None, "confirmed_at": None}),
    _case("the first time seen paid is kept",
          {**PAID, "paid_at": at(25)}, PAID, {**PAID, "paid_at": at(25)}),
    _case("the later check's error is the last error",
          {"last_checked_at": at(10), "last_error": Failure("timeout", "")},
          {"last_checked_at": at(20), "last_error": Failure("server_error", "HTTP 502")},
          {"last_checked_at": at(20), "last_error": Failure("server_error", "HTTP 502")}),
    _case("an older check's error does not replace a newer answer",
          {"last_checked_at": at(20), "last_error": None},
          {"last_checked_at": at(10), "last_error": Failure("timeout", "")},
          {"last_checked_at": at(20), "last_error": None}),
]
