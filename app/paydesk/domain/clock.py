"""Time for the core: UTC, injectable, and stored as integer milliseconds.

Two clocks. The wall clock (:func:`utc_now`) dates what is recorded and what people
read: an order's creation, its payment, "paid between". The steady clock
(:class:`SteadyClock`) times what must not jump when the computer's clock is
corrected: when the next status check is due, and how long a buyer has left to
pay. It is the wall clock with its steps taken out, found against the monotonic
clock, which a correction never steps.
"""

from __future__ import annotations

import math
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MS = timedelta(milliseconds=1)

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def seconds_left(until: datetime, now: datetime) -> int:
    """Whole seconds from ``now`` to ``until``, rounded up, so a countdown reads
    0:01 until the moment has passed; 0 after it."""
    return max(0, math.ceil((until - now).total_seconds()))


def to_ms(moment: datetime) -> int:
    """An aware datetime as Unix milliseconds (how the store keeps times)."""
    return (moment - _EPOCH) // _MS


def from_ms(ms: int | None) -> datetime | None:
    if ms is None:
        return None
    seconds, millis = divmod(ms, 1000)
    return datetime.fromtimestamp(seconds, UTC).replace(microsecond=millis * 1000)


def _clock_through_sleep() -> Callable[[], float]:
    """Seconds from a fixed moment, never stepped, counting the time the computer slept.

    Python's ``time.monotonic`` stops while a Linux or macOS computer sleeps, so a
    night in suspend would read as the wall clock stepped forward, and be taken out.
    Linux's ``CLOCK_BOOTTIME`` and macOS's ``CLOCK_MONOTONIC`` go on through sleep;
    Windows' ``time.monotonic`` already does.
    """
    clock_id: int | None = getattr(time, "CLOCK_BOOTTIME", None)
    if clock_id is None and sys.platform == "darwin":
        clock_id = time.CLOCK_MONOTONIC
    if clock_id is None:
        return time.monotonic
    return partial(time.clock_gettime, clock_id)


#: The monotonic clock a SteadyClock checks the wall clock against (see above).
elapsed_seconds = _clock_through_sleep()


class SteadyClock:
    """The wall clock with its steps taken out: never stepped, and otherwise the same.

    Each reading compares how far the wall clock moved with how far the monotonic
    clock did; a difference beyond what the two drift apart by themselves is a step
    (the clock set by hand, or corrected at once by the network's time), and is kept
    in :meth:`offset` instead of passed on. Where the wall clock is never stepped, this
    reads exactly as it does. Schedules and countdowns are kept on it (see the
    module's docstring), so a wall clock set back two hours neither puts the next
    check two hours away nor a correction twenty minutes forward ends a sale the
    service still accepts. Thread-safe: the desk, the sync thread and the window read
    one of these.
    """

    #: A jump smaller than this (seconds) is not a step: the clocks' own drift, a slew.
    STEP_S = 1.0
    #: ... plus this share of the time between two readings (1000 ppm, twice the
    #: fastest slew the network's time service applies).
    DRIFT = 0.001

    def __init__(self, wall: Clock = utc_now,
                 monotonic: Callable[[], float] = elapsed_seconds) -> None:
        self._wall = wall
        self._monotonic = monotonic
        self._lock = threading.Lock()
        self._last_wall = wall()
        self._last_monotonic = monotonic()
        self._offset = timedelta(0)

    def __call__(self) -> datetime:
        with self._lock:
            return self._read() + self._offset

    def offset(self) -> timedelta:
        """What this clock reads ahead of the wall clock (the steps taken out, summed)."""
        with self._lock:
            self._read()
            return self._offset

    def _read(self) -> datetime:
        """The wall clock now, any step since the last reading added to the offset."""
        wall, monotonic = self._wall(), self._monotonic()
        elapsed = monotonic - self._last_monotonic
        jump = (wall - self._last_wall).total_seconds() - elapsed
        if abs(jump) > self.STEP_S + self.DRIFT * abs(elapsed):
            self._offset -= timedelta(seconds=jump)
        self._last_wall, self._last_monotonic = wall, monotonic
        return wall
