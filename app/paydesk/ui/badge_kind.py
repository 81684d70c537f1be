"""What the cashier needs to know about an order, coarser than its status (no Qt here).

The payment panel's first frame needs these names before any badge is drawn;
the badge itself (ui/status_badge.py) comes with the first order, and so does
the order model that ``of`` reads (paydesk.orders, with datetime: ~2 ms of the
window's start, tests/perf/bench.py).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paydesk.orders import Order


class BadgeKind(enum.StrEnum):
    """What the cashier needs to know about an order, coarser than its status."""

    NONE = "none"
    NOT_SENT = "not_sent"
    CREATING = "creating"
    PENDING = "pending"
    PAID = "paid"
    REFUSED = "refused"
    EXPIRED = "expired"
    ABANDONED = "abandoned"
    UNKNOWN = "unknown"

    @classmethod
    def of(cls, order: Order | None) -> BadgeKind:
        if order is None:
            return cls.NONE
        from paydesk.orders import CreationState  # an order exists: it is loaded

        if order.creation is CreationState.ABANDONED:
            return cls.ABANDONED
        if order.creation is CreationState.UNCONFIRMED:
            return cls.NOT_SENT
        return _BY_STATUS.get(order.status, cls.UNKNOWN)


# Keyed by the statuses' values, which their members (a StrEnum's) equal and hash as.
_BY_STATUS = {
    "pending": BadgeKind.PENDING,
    "approve": BadgeKind.PAID,
    "decline": BadgeKind.REFUSED,
    "expired": BadgeKind.EXPIRED,
}
