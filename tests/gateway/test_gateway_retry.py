"""The retry, backoff and deadline policy, on a fake clock: no real waiting."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from paydesk.domain.errors import OrderIdError
from paydesk.gateway.errors import (
    CredentialsRefused,
    GatewayConnectionError,
    GatewayError,
    GatewayTimeout,
    InvalidRequestError,
    OrderNotFound,
    ProtocolError,
    RateLimited,
    ServiceRefused,
    ServiceUnavailable,
    TlsError,
)
from paydesk.gateway.retry import RetryPolicy, call_with_retries

from fake_time import FakeTime


class Script:
    """An attempt that fails with the given errors in turn, then returns "ok"."""

    def __init__(
        self, time: FakeTime, errors: Sequence[GatewayError], *, takes: float = 0.0
    ) -> None:
        self.time = time
        self.errors = list(errors)
        self.takes = takes
        self.calls: list[tuple[int, float]] = []

    def __call__(self, number: int, remaining: float) -> str:
        self.calls.append((number, remaining))
        self.time.now += self.takes
        if self.errors:
            raise self.errors.pop(0)
        return "ok"


def upper(low: float, high: float) -> float:
    """A 'random' draw that always takes the top of the range."""
    return high


def run(
    script: Script,
    time: FakeTime,
    policy: RetryPolicy,
    uniform: Callable[[float, float], float] = upper,
) -> str:
    return call_with_retries(
        script, policy=policy, clock=time.clock, sleep=time.sleep, uniform=uniform
    )


def unavailable() -> ServiceUnavailable:
    return ServiceUnavailable("get_order: fault", http_status=503)


def test_success_first_time_does_not_sleep() -> None:
    time = FakeTime(1000.0)
    script = Script(time, [])
    assert run(script, time, RetryPolicy()) == "ok"
    assert script.calls == [(1, 20.0)]
    assert time.sleeps == []


@pytest.mark.parametrize(
    "error",
    [
        GatewayConnectionError("x"),
        GatewayTimeout("x"),
        RateLimited("x"),
        ServiceUnavailable("x", http_status=500),
        ProtocolError("x", http_status=502, retryable=True),
    ],
    ids=lambda e: type(e).__name__,
)
def test_retryable_errors_are_retried_then_succeed(error: GatewayError) -> None:
    time = FakeTime(1000.0)
    script = Script(time, [error, error])
    assert run(script, time, RetryPolicy()) == "ok"
    assert [number for number, _ in script.calls] == [1, 2, 3]
    assert len(time.sleeps) == 2


@pytest.mark.parametrize(
    "error",
    [
        TlsError("x"),
        ServiceRefused("x", http_status=200),
        CredentialsRefused("x", http_status=403),
        OrderNotFound("x", http_status=404),
        ProtocolError("x", http_status=200),
        InvalidRequestError(OrderIdError("colon", "no colon")),
        GatewayError("x"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_non_retryable_errors_are_raised_after_one_attempt(error: GatewayError) -> None:
    time = FakeTime(1000.0)
    script = Script(time, [error])
    with pytest.raises(type(error)) as caught:
        run(script, time, RetryPolicy())
    assert caught.value is error
    assert len(script.calls) == 1
    assert time.sleeps == []


def test_tls_error_is_not_retried_even_after_a_retryable_one() -> None:
    time = FakeTime(1000.0)
    script = Script(time, [GatewayConnectionError("x"), TlsError("bad cert")])
    with pytest.raises(TlsError):
        run(script, time, RetryPolicy())
    assert len(script.calls) == 2
    assert len(time.sleeps) == 1


def test_gives_up_after_max_attempts_with_the_last_error() -> None:
    time = FakeTime(1000.0)
    errors = [unavailable() for _ in range(10)]
    script = Script(time, errors)
    with pytest.raises(ServiceUnavailable) as caught:
        run(script, time, RetryPolicy(max_attempts=4))
    assert len(script.calls) == 4
    assert len(time.sleeps) == 3  # no sleep after the last attempt
    assert caught.value is errors[3]


def test_backoff_is_exponential_and_capped() -> None:
    time = FakeTime(1000.0)
    script = Script(time, [unavailable() for _ in range(10)])
    policy = RetryPolicy(max_attempts=7, deadline=1000.0, backoff_base=0.25, backoff_cap=1.5)
    with pytest.raises(ServiceUnavailable):
        run(script, time, policy)
    assert time.sleeps == [0.25, 0.5, 1.0, 1.5, 1.5, 1.5]


def test_backoff_is_full_jitter_within_bounds() -> None:
    policy = RetryPolicy(max_attempts=8, deadline=1000.0, backoff_base=0.25, backoff_cap=4.0)
    rng = random.Random(1234)
    all_sleeps: list[float] = []
    for _ in range(50):
        time = FakeTime(1000.0)
        script = Script(time, [unavailable() for _ in range(10)])
        with pytest.raises(ServiceUnavailable):
            run(script, time, policy, uniform=rng.uniform)
        for index, wait in enumerate(time.sleeps):
            assert 0.0 <= wait <= min(4.0, 0.25 * 2**index)
        all_sleeps.extend(time.sleeps)
    # Jittered: the waits spread over the range rather than sit at its top.
    assert len(set(all_sleeps)) == len(all_sleeps)
    assert min(all_sleeps) < 0.1


def test_backoff_ceiling_does_not_overflow_for_large_retry_index() -> None:
    assert RetryPolicy(backoff_cap=4.0).backoff_ceiling(10_000) == 4.0


def test_retry_after_is_honoured_when_longer_than_backoff() -> None:
    time = FakeTime(1000.0)
    script = Script(time, [RateLimited("x", retry_after=3.0)])
    assert run(script, time, RetryPolicy()) == "ok"
    assert time.sleeps == [3.0]


def test_backoff_is_used_when_longer_than_retry_after() -> None:
    time = FakeTime(1000.0)
    script = Script(time, [RateLimited("x", retry_after=0.1)])
    policy = RetryPolicy(backoff_base=2.0, backoff_cap=4.0)
    assert run(script, time, policy) == "ok"
    assert time.sleeps == [2.0]


def test_rate_limited_without_retry_after_uses_backoff() -> None:
    time = FakeTime(1000.0)
    script = Script(time, [RateLimited("x", retry_after=None)])
    assert run(script, time, RetryPolicy(backoff_base=0.25)) == "ok"
    assert time.sleeps == [0.25]


def test_retry_after_past_the_deadline_raises_at_once() -> None:
    time = FakeTime(1000.0)
    limited = RateLimited("x", retry_after=60.0)
    script = Script(time, [limited])
    with pytest.raises(RateLimited) as caught:
        run(script, time, RetryPolicy(deadline=20.0))
    assert caught.value is limited
    assert caught.value.retry_after == 60.0
    assert time.sleeps == []
    assert len(script.calls) == 1


def test_no_wait_goes_past_the_deadline() -> None:
    time = FakeTime(1000.0)
    start = time.now
    # Each attempt takes 6 s; backoff at its top is 4 s: 6 + 4 + 6 + 4 = 20 leaves nothing.
    script = Script(time, [GatewayTimeout("x") for _ in range(10)], takes=6.0)
    policy = RetryPolicy(max_attempts=10, deadline=20.0, backoff_base=4.0, backoff_cap=4.0)
    with pytest.raises(GatewayTimeout):
        run(script, time, policy)
    assert time.sleeps == [4.0]  # the second wait would have ended at the deadline
    assert len(script.calls) == 2
    assert time.now - start <= 20.0


def test_attempts_get_the_time_left_before_the_deadline() -> None:
    time = FakeTime(1000.0)
    script = Script(time, [GatewayTimeout("x"), GatewayTimeout("x")], takes=5.0)
    policy = RetryPolicy(max_attempts=4, deadline=20.0, backoff_base=1.0, backoff_cap=1.0)
    assert run(script, time, policy) == "ok"
    remaining = [left for _, left in script.calls]
    assert remaining == [20.0, 14.0, 8.0]


def test_deadline_bounds_the_whole_call_under_random_jitter() -> None:
    rng = random.Random(99)
    for _ in range(200):
        time = FakeTime(1000.0)
        deadline_at = time.now + 5.0
        script = Script(time, [unavailable() for _ in range(20)], takes=rng.uniform(0, 3))
        policy = RetryPolicy(max_attempts=20, deadline=5.0, backoff_base=0.5, backoff_cap=4.0)
        with pytest.raises(ServiceUnavailable):
            run(script, time, policy, uniform=rng.uniform)
        # Every attempt starts with time left, and every wait ends before the
        # deadline; only a running attempt can overrun it (the client clips its
        # timeouts to the time left, so there it cannot either).
        assert all(left > 0 for _, left in script.calls)
        assert all(woke < deadline_at for woke in time.woke_at)


def test_max_attempts_one_means_no_retry() -> None:
    time = FakeTime(1000.0)
    script = Script(time, [GatewayConnectionError("x")])
    with pytest.raises(GatewayConnectionError):
        run(script, time, RetryPolicy(max_attempts=1))
    assert len(script.calls) == 1
    assert time.sleeps == []
