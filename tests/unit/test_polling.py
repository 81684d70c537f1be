from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from paydesk.orders import CreationState, Order, OrderStatus
from paydesk.polling import PollingPolicy
from paydesk.rate_limit import RateLimiter

from fake_time import FakeTime

T0 = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
POLICY = PollingPolicy()


def order(**changes: object) -> Order:
    base = Order(
        client_id=1, order_id="A-1", amount=100, email=None, note="", url="http://127.0.0.1/pay/x",
        status=OrderStatus.PENDING, creation=CreationState.CONFIRMED, created_at=T0,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_the_order_in_front_of_the_cashier_every_two_seconds() -> None:
    now = T0 + timedelta(minutes=3)
    assert POLICY.next_check(order(), now, focused=True) == now + timedelta(seconds=2)


def test_background_orders_back_off_from_5s_to_5min() -> None:
    long_lived = replace(POLICY, order_lifetime=timedelta(hours=2))
    waits = []
    now = T0
    while now < T0 + timedelta(hours=1):
        nxt = long_lived.next_check(order(), now)
        assert nxt is not None
        waits.append(nxt - now)
        now = nxt
    assert waits[0] == timedelta(seconds=5)
    assert waits == sorted(waits)  # never shorter than the one before
    assert max(waits) == timedelta(minutes=5)
    assert len(waits) < 40  # an hour of a forgotten order costs a few dozen requests


@pytest.mark.parametrize("status", [OrderStatus.APPROVE, OrderStatus.DECLINE, OrderStatus.EXPIRED])
def test_final_orders_never_again(status: OrderStatus) -> None:
    assert POLICY.next_check(order(status=status), T0, focused=True) is None


def test_unconfirmed_orders_are_not_polled() -> None:
    assert POLICY.next_check(order(creation=CreationState.UNCONFIRMED), T0) is None


def test_past_its_lifetime_one_last_check_then_none() -> None:
    last = POLICY.last_check_at(order())
    assert last == T0 + timedelta(minutes=15, seconds=30)
    just_before = last - timedelta(seconds=1)
    assert POLICY.next_check(order(), just_before) == last  # clipped to the last check
    assert POLICY.next_check(order(), last) is None
    assert POLICY.next_check(order(), last + timedelta(hours=1), focused=True) is None


def test_unknown_status_is_polled_like_pending_until_its_lifetime() -> None:
    odd = order(status=OrderStatus("on_hold"))
    assert POLICY.next_check(odd, T0 + timedelta(minutes=1)) is not None
    assert POLICY.next_check(odd, POLICY.last_check_at(odd)) is None


def test_retry_after_is_a_floor() -> None:
    now = T0 + timedelta(minutes=1)
    later = now + timedelta(seconds=30)
    assert POLICY.next_check(order(), now, focused=True, not_before=later) == later


def test_rate_limiter_bounds_the_rate() -> None:
    fake = FakeTime()
    limiter = RateLimiter(10, burst=5, clock=fake.clock, sleep=fake.sleep)
    for _ in range(25):
        limiter.acquire()
    # 5 from the burst, then 20 more at 10 per second.
    assert fake.now == pytest.approx(2.0)


def test_try_acquire_never_waits() -> None:
    fake = FakeTime()
    limiter = RateLimiter(2, burst=1, clock=fake.clock, sleep=fake.sleep)
    assert limiter.try_acquire() == 0.0
    assert limiter.try_acquire() == pytest.approx(0.5)
    assert fake.sleeps == []
