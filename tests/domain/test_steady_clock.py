"""The steady clock: the wall clock with its steps taken out (domain/clock.py)."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta
from functools import partial

import pytest

from paydesk.domain.clock import SteadyClock, elapsed_seconds

from fake_time import FakeClock, FakeTime

START = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)


def clocks() -> tuple[FakeClock, FakeTime, SteadyClock]:
    wall, monotonic = FakeClock(START), FakeTime(1000.0)
    return wall, monotonic, SteadyClock(wall, monotonic.clock)


def _both_move(wall: FakeClock, monotonic: FakeTime, seconds: float) -> None:
    wall.now += timedelta(seconds=seconds)
    monotonic.now += seconds


def test_a_clock_never_stepped_reads_exactly_as_the_wall_clock() -> None:
    wall, monotonic, steady = clocks()
    for seconds in (0.25, 1.0, 3600.0, 0.001):
        _both_move(wall, monotonic, seconds)
        assert steady() == wall()
        assert steady.offset() == timedelta(0)


def test_a_clock_set_back_two_hours_does_not_move_it_back() -> None:
    wall, monotonic, steady = clocks()
    _both_move(wall, monotonic, 10)
    before = steady()
    wall.now -= timedelta(hours=2)  # the correction
    _both_move(wall, monotonic, 2)
    assert steady() == before + timedelta(seconds=2)
    assert steady.offset() == timedelta(hours=2)


def test_a_clock_corrected_twenty_minutes_forward_does_not_move_it_on() -> None:
    wall, monotonic, steady = clocks()
    before = steady()
    wall.now += timedelta(minutes=20)  # the correction
    _both_move(wall, monotonic, 1)
    assert steady() == before + timedelta(seconds=1)
    wall.now += timedelta(minutes=5)  # a second correction adds to the first
    assert steady() == before + timedelta(seconds=1)
    assert steady.offset() == -timedelta(minutes=25)


def test_a_slew_and_the_clocks_own_drift_are_not_steps() -> None:
    """The network's time slews the wall clock by up to 500 ppm; that is passed on."""
    wall, monotonic, steady = clocks()
    wall.now += timedelta(seconds=3600.5)  # 0.5 s slewed in an hour between readings
    monotonic.now += 3600
    assert steady() == wall()
    wall.now += timedelta(seconds=0.3)
    monotonic.now += 0.25
    assert steady() == wall()


def test_threads_reading_it_at_once_see_one_offset() -> None:
    wall, _monotonic, steady = clocks()
    wall.now -= timedelta(hours=2)
    seen: list[timedelta] = []
    readers = [threading.Thread(target=lambda: seen.append(steady.offset())) for _ in range(8)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    assert seen == [timedelta(hours=2)] * 8


def test_by_default_it_counts_the_time_the_computer_slept() -> None:
    """A night in suspend is time that passed, not a step of the wall clock: the clock
    it checks against goes on through sleep. On Linux that is CLOCK_BOOTTIME (Python's
    time.monotonic is CLOCK_MONOTONIC there, which stops while the computer sleeps;
    the two differ by the time slept, which no test can make here, so the clock read
    is checked by its identity)."""
    if not hasattr(time, "CLOCK_BOOTTIME"):
        pytest.skip("Linux's CLOCK_BOOTTIME")
    assert isinstance(elapsed_seconds, partial)
    assert elapsed_seconds.func is time.clock_gettime
    assert elapsed_seconds.args == (time.CLOCK_BOOTTIME,)
    before = time.clock_gettime(time.CLOCK_BOOTTIME)
    assert before <= elapsed_seconds() <= time.clock_gettime(time.CLOCK_BOOTTIME)
