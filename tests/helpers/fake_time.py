"""Clocks for tests: time moves only when a test (or an injected sleep) moves it."""

from __future__ import annotations

from datetime import datetime, timedelta

from paydesk.domain.clock import utc_now


class FakeClock:
    """A wall clock (aware datetime) that a test sets: ``clock.now += timedelta(...)``."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class MovableClock:
    """The real time plus however far the test has moved it (``clock.offset += ...``)."""

    def __init__(self) -> None:
        self.offset = timedelta(0)

    def __call__(self) -> datetime:
        return utc_now() + self.offset


class FakeTime:
    """A monotonic clock plus a sleep that records the wait and moves the clock."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start
        self.sleeps: list[float] = []
        self.woke_at: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        assert seconds >= 0
        self.sleeps.append(seconds)
        self.now += seconds
        self.woke_at.append(self.now)
