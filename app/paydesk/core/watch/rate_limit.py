"""A token bucket that keeps status requests under a rate, shared by all workers."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class RateLimiter:
    """At most ``rate`` acquisitions per second on average, bursts up to ``burst``.

    Thread-safe. Workers call :meth:`acquire` (it may wait); the GUI thread only
    ever calls :meth:`try_acquire`, which never waits.
    """

    def __init__(
        self,
        rate: float,
        *,
        burst: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self._rate = rate
        self._burst = float(burst if burst is not None else max(1, round(rate)))
        self._clock = clock
        self._sleep = sleep
        self._tokens = self._burst
        self._stamp = clock()
        self._lock = threading.Lock()

    @property
    def rate(self) -> float:
        return self._rate

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now

    def try_acquire(self) -> float:
        """Take a token and return 0.0, or return the seconds until one is free."""
        with self._lock:
            self._refill()
            # The epsilon absorbs float rounding: a sleep of exactly the wait we
            # returned must be enough, or a waiter could spin on ever-smaller waits.
            if self._tokens >= 1 - 1e-9:
                self._tokens = max(self._tokens - 1, 0.0)
                return 0.0
            return (1 - self._tokens) / self._rate

    def acquire(self) -> None:
        while (wait := self.try_acquire()) > 0:
            self._sleep(wait)
