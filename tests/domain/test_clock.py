"""The core's clock: integer milliseconds, and the seconds a countdown shows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from paydesk.domain.clock import from_ms, seconds_left, to_ms

MOMENT = datetime(2026, 11, 21, 12, 0, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("before_the_end", "shown"),
    [
        (timedelta(minutes=15), 900),
        (timedelta(seconds=59, milliseconds=1), 60),  # a started second counts whole
        (timedelta(milliseconds=1), 1),  # 0:01 until the moment itself
        (timedelta(0), 0),
        (-timedelta(seconds=5), 0),  # past: none left, never negative
    ],
)
def test_seconds_left_round_up_and_stop_at_zero(before_the_end: timedelta, shown: int) -> None:
    assert seconds_left(MOMENT, MOMENT - before_the_end) == shown


def test_milliseconds_round_trip() -> None:
    moment = MOMENT + timedelta(milliseconds=123)
    assert from_ms(to_ms(moment)) == moment
    assert from_ms(None) is None
