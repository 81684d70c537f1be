"""What the cashier needs to know about an order, coarser than its status (no Qt here).

The payment panel's first frame needs these names before any badge is drawn.
The badge itself (ui/status_badge.py) comes after the first frame, and so does
the order model (paydesk.orders, with datetime: ~2 ms of the window's start,
tests/perf/bench.py): ``of`` reads an order's states by their values, so this
module does without it.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import datetime

    from paydesk.orders import Order


class BadgeKind(enum.StrEnum):
    """What the cashier needs to know about an order, coarser than its status."""

    NONE = "none"
    NOT_SENT = "not_sent"
    CREATING = "creating"
    PENDING = "pending"
    #: Pending, but its time is up by PayDesk's estimate: no new scans, and the
    #: service is asked until it says paid or expired (both screens say so).
    CHECKING = "checking"
    #: Open, but no longer checked by itself (a day past its expected expiry):
    #: "status unknown — check", never passed off as waiting.
    UNCHECKED = "unchecked"
    PAID = "paid"
    REFUSED = "refused"
    EXPIRED = "expired"
    ABANDONED = "abandoned"
    UNKNOWN = "unknown"

    @classmethod
    def of(cls, order: Order | None) -> BadgeKind:
        if order is None:
            return cls.NONE
        kind = _BY_CREATION.get(order.creation) or _BY_STATUS.get(order.status, cls.UNKNOWN)
        if kind is cls.PENDING and not order.is_watched:
            return cls.UNCHECKED
        return kind


    @classmethod
    def at(cls, order: Order | None, expires_at: datetime | None, now: datetime) -> BadgeKind:
        """``of`` at the moment ``now``: a pending order whose expected expiry
        has come is CHECKING until the service says what became of it."""
        kind = cls.of(order)
        if kind is cls.PENDING and expires_at is not None and now >= expires_at:
            return cls.CHECKING
        return kind


# Keyed by the values of CreationState and OrderStatus, which their members (a
# StrEnum's) equal and hash as. A confirmed creation leaves it to the status.
_BY_CREATION = {
    "abandoned": BadgeKind.ABANDONED,
    "unconfirmed": BadgeKind.NOT_SENT,
}
_BY_STATUS = {
    "pending": BadgeKind.PENDING,
    "approve": BadgeKind.PAID,
    "decline": BadgeKind.REFUSED,
    "expired": BadgeKind.EXPIRED,
}
