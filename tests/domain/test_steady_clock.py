"""The steady clock: the wall clock with its steps taken out (domain/clock.py)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

from paydesk.domain.clock import SteadyClock

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
