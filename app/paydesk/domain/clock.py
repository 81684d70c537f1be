"""Time for the core: UTC, injectable, and stored as integer milliseconds."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

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
