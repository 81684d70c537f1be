"""Time for the core: UTC, injectable, and stored as integer milliseconds."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MS = timedelta(milliseconds=1)

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def to_ms(moment: datetime) -> int:
    """An aware datetime as Unix milliseconds (how the store keeps times)."""
    return (moment - _EPOCH) // _MS


def from_ms(ms: int | None) -> datetime | None:
    if ms is None:
        return None
    seconds, millis = divmod(ms, 1000)
    return datetime.fromtimestamp(seconds, UTC).replace(microsecond=millis * 1000)
