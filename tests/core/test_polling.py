from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from paydesk.core.watch.polling import PollingPolicy
from paydesk.core.watch.rate_limit import RateLimiter
from paydesk.domain.orders import CreationState, Order, OrderStatus

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


def test_the_lifetime_runs_from_the_services_confirmation() -> None:
    # Written at T0, confirmed by a resend 40 s later: the service's clock starts then.
    late = order(confirmed_at=T0 + timedelta(seconds=40))
    assert POLICY.expires_at(late) == T0 + timedelta(minutes=15, seconds=40)
    # Not confirmed yet: the local creation is all there is.
    assert POLICY.expires_at(order()) == T0 + timedelta(minutes=15)


def test_a_prompt_check_just_after_the_expected_expiry() -> None:
    prompt = POLICY.expires_at(order()) + POLICY.expiry_grace
    assert prompt == T0 + timedelta(minutes=15, seconds=30)
    assert POLICY.next_check(order(), prompt - timedelta(seconds=1)) == prompt


def test_past_its_lifetime_it_is_still_watched_more_slowly() -> None:
    """The lifetime is our estimate; a buyer may pay later (the service's own
    lifetime may be longer), so the checks go on, backing off."""
    short = replace(POLICY, order_lifetime=timedelta(minutes=1))
    now = T0 + timedelta(seconds=100)  # the sandbox's 120 s lifetime: still payable
    nxt = short.next_check(order(), now)
    assert nxt is not None and nxt - now == timedelta(seconds=25)  # a quarter of its age
    later = T0 + timedelta(hours=5)
    assert short.next_check(order(), later) == later + POLICY.backoff_max
    # The order in front of the buyer keeps its fast pace: both screens say "checking…".
    assert short.next_check(order(), now, focused=True) == now + POLICY.focus_interval


def test_checks_stop_by_themselves_only_a_day_past_the_expiry() -> None:
    limit = POLICY.watched_until(order())
    assert limit == T0 + timedelta(minutes=15, hours=24)
    assert POLICY.next_check(order(), limit - timedelta(seconds=1)) is not None
    assert POLICY.next_check(order(), limit) is None
    assert POLICY.next_check(order(), limit, focused=True) is None


def test_unknown_status_is_watched_like_pending() -> None:
    odd = order(status=OrderStatus("on_hold"))
    assert POLICY.next_check(odd, T0 + timedelta(minutes=1)) is not None
    assert POLICY.next_check(odd, POLICY.expires_at(odd) + timedelta(hours=1)) is not None
    assert POLICY.next_check(odd, POLICY.watched_until(odd)) is None


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
