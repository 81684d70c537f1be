"""What the cashier needs to know about an order, coarser than its status (no Qt here).

The payment panel's first frame needs these names before any badge is drawn;
the badge itself (ui/status_badge.py) comes with the first order.
"""

from __future__ import annotations

import enum

from paydesk.orders import CreationState, Order, OrderStatus


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
        if order.creation is CreationState.ABANDONED:
            return cls.ABANDONED
        if order.creation is CreationState.UNCONFIRMED:
            return cls.NOT_SENT
        return _BY_STATUS.get(order.status, cls.UNKNOWN)


_BY_STATUS = {
    OrderStatus.PENDING: BadgeKind.PENDING,
    OrderStatus.APPROVE: BadgeKind.PAID,
    OrderStatus.DECLINE: BadgeKind.REFUSED,
    OrderStatus.EXPIRED: BadgeKind.EXPIRED,
}
