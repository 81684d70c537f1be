"""Per-client token buckets, for the contract's 429 with Retry-After."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

# Garbage client_ids must not grow the table without bound; when it is this big,
# buckets that have refilled completely (so carry no state) are forgotten.
_MAX_KEYS = 4096


class RateLimiter:
    """``rate`` requests a second per key, with bursts of up to ``max(rate, 1)``.

    Uses a monotonic clock, not the sandbox clock: advancing the sandbox clock to
    expire orders should not also refill everybody's bucket.
    """

    def __init__(self, rate: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        if not rate > 0:
            raise ValueError("rate must be > 0")
        self._rate = float(rate)
        self._capacity = max(self._rate, 1.0)
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)

    def acquire(self, key: str) -> int | None:
        """Take a token for ``key``: None if allowed, else whole seconds to wait (>= 1)."""
        with self._lock:
            now = self._clock()
            tokens, at = self._buckets.get(key, (self._capacity, now))
            tokens = min(self._capacity, tokens + (now - at) * self._rate)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                if len(self._buckets) > _MAX_KEYS:
                    self._forget_full(now)
                return None
            self._buckets[key] = (tokens, now)
            return max(1, math.ceil((1.0 - tokens) / self._rate))

    def _forget_full(self, now: float) -> None:
        for key, (tokens, at) in list(self._buckets.items()):
            if tokens + (now - at) * self._rate >= self._capacity:
                del self._buckets[key]
