"""Shared constants for the order book tests (imported by the tests and conftest)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from paydesk.domain.orders import Order

CLIENT = 1001
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

#: The ``add`` fixture: add an order, confirmed unless ``confirmed=False``.
AddOrder = Callable[..., Order]


def at(minutes: float) -> datetime:
    """A moment ``minutes`` after T0 (whole milliseconds, as the store keeps them)."""
    return T0 + timedelta(minutes=minutes)
