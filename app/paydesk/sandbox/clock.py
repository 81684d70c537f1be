"""The sandbox's own clock, so tests and demos can make orders expire without waiting."""

from __future__ import annotations

import math
import threading
from datetime import datetime, timedelta

from paydesk.domain.clock import Clock, utc_now


class SandboxClock:
    """Real UTC time plus an offset that only ever moves forward (thread-safe).

    Moving time backwards could un-expire an order in the eyes of a reader, so
    :meth:`advance` refuses negative steps.
    """

    def __init__(self, now: Clock = utc_now) -> None:
        self._now = now
        self._lock = threading.Lock()
        self._offset = timedelta(0)

    def now(self) -> datetime:
        with self._lock:
            offset = self._offset
        return self._now() + offset

    def advance(self, seconds: float) -> None:
        if not isinstance(seconds, int | float) or not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"the sandbox clock only moves forward, not by {seconds!r} s")
        with self._lock:
            self._offset += timedelta(seconds=seconds)
