"""When to try a call again, how long to wait, and when to give up.

Retries are ours, not urllib3's (``Retry`` mounted on the adapter), because the
decision needs the reply's body (``status: false`` with a 5xx is a fault, with a
4xx a refusal) and one deadline has to bound the whole call, attempts and waits
together. The shape follows stripe-python's ``_http_client.py::_should_retry``:
connection trouble, timeouts, 429 and 5xx are retried with capped full-jitter
backoff; TLS failures and refusals never are.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from paydesk.gateway.errors import GatewayError, GatewayTimeout, RateLimited

log = logging.getLogger("paydesk.gateway")

T = TypeVar("T")

#: An attempt is given its number (from 1) and the seconds left before the deadline.
Attempt = Callable[[int, float], T]


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    max_attempts: int = 4
    deadline: float = 20.0
    backoff_base: float = 0.25
    backoff_cap: float = 4.0

    def backoff_ceiling(self, retry_index: int) -> float:
        """The longest jittered wait before retry ``retry_index`` (0 for the first)."""
        return min(self.backoff_cap, self.backoff_base * 2.0 ** min(retry_index, 64))

    def delay(
        self,
        error: GatewayError,
        retry_index: int,
        uniform: Callable[[float, float], float] = random.uniform,
    ) -> float:
        """Full jitter, or the service's ``Retry-After`` when that asks for longer."""
        wait = uniform(0.0, self.backoff_ceiling(retry_index))
        if isinstance(error, RateLimited) and error.retry_after is not None:
            wait = max(wait, error.retry_after)
        return wait


def call_with_retries(
    attempt: Attempt[T],
    *,
    policy: RetryPolicy,
    clock: Callable[[], float],
    sleep: Callable[[float], None],
    uniform: Callable[[float, float], float] = random.uniform,
    label: str = "call",
) -> T:
    """Run ``attempt`` until it returns, a non-retryable error, ``max_attempts`` or the deadline.

    A wait that would end at or past the deadline is not started: the last error
    is raised at once, so a caller never waits for a try that could not happen.
    """
    deadline_at = clock() + policy.deadline
    last_error: GatewayError | None = None
    for number in range(1, policy.max_attempts + 1):
        remaining = deadline_at - clock()
        if remaining <= 0:
            break
        try:
            return attempt(number, remaining)
        except GatewayError as error:
            last_error = error
        if not last_error.retryable or number >= policy.max_attempts:
            break
        wait = policy.delay(last_error, number - 1, uniform)
        if clock() + wait >= deadline_at:
            log.info(
                "%s attempt=%d: giving up, a wait of %.0f ms would pass the deadline",
                label,
                number,
                wait * 1000,
            )
            break
        log.info(
            "%s attempt=%d failed (%s); retrying in %.0f ms",
            label,
            number,
            type(last_error).__name__,
            wait * 1000,
        )
        sleep(wait)
    if last_error is None:
        last_error = GatewayTimeout(f"{label}: the deadline passed before any attempt")
    raise last_error
