"""What the cashier should know about an order: its phase, worked out once.

An order's service status and its creation state are facts; the phase is what
they mean at the counter. A "pending" order the service never confirmed cannot
be paid ("not sent"); one past its expected expiry may still turn out paid
("checking"); one no longer watched must be checked by hand ("unchecked").
Every look of an order (the badge, the orders list, the buyer's screen, the
payment panel, the command line) is a table keyed by :class:`OrderPhase`, so
they cannot disagree and a new phase cannot be left out of one of them.

Plain Python, and no import of :mod:`paydesk.domain.orders` (with ``datetime``): the
window's first frame names the phases before any order exists, so
:func:`phase_of` reads an order's states by their values.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import datetime

    from paydesk.domain.orders import Order

__all__ = ["OrderPhase", "phase_of", "phase_of_status"]


class OrderPhase(enum.StrEnum):
    """What the cashier should know about an order, coarser than its status."""

    #: Written locally and on its way to the service, no answer yet. Only the
    #: part of the program sending it knows this: :func:`phase_of` says NOT_SENT.
    CREATING = "creating"
    #: Written locally; the service has not confirmed it (nobody can pay it yet).
    NOT_SENT = "not_sent"
    #: Confirmed and payable: waiting for the buyer.
    PENDING = "pending"
    #: Pending, but its time is up by PayDesk's estimate: no new scans, and the
    #: service is asked until it says paid or expired.
    CHECKING = "checking"
    #: Open, but no longer checked by itself (a day past its expected expiry):
    #: "status unknown, check", never passed off as waiting.
    UNCHECKED = "unchecked"
    PAID = "paid"
    REFUSED = "refused"
    EXPIRED = "expired"
    #: Never reached the service, and was given up.
    ABANDONED = "abandoned"
    #: The service said a status PayDesk does not know (kept as it came).
    UNKNOWN = "unknown"

# Keyed by the values of CreationState and OrderStatus, which their members (a
# StrEnum's) equal and hash as. A confirmed creation leaves it to the status.
_BY_CREATION = {
    "abandoned": OrderPhase.ABANDONED,
    "unconfirmed": OrderPhase.NOT_SENT,
}
_BY_STATUS = {
    "pending": OrderPhase.PENDING,
    "approve": OrderPhase.PAID,
    "decline": OrderPhase.REFUSED,
    "expired": OrderPhase.EXPIRED,
}


def phase_of_status(status: str) -> OrderPhase:
    """The phase of a confirmed order the service gives ``status`` (its own word), for an
    order known only from the service's answer (``paydesk status`` of another till's)."""
    return _BY_STATUS.get(status, OrderPhase.UNKNOWN)


def phase_of(
    order: Order, *, expires_at: datetime | None = None, now: datetime | None = None
) -> OrderPhase:
    """The phase of ``order`` as its record says, or at the moment ``now``.

    With ``now``, a pending order whose expected expiry ``expires_at`` has come
    is CHECKING until the service says what became of it. Without ``now`` (the
    orders list, the command line: no clock) it stays PENDING.
    """
    if expires_at is not None and now is None:
        raise ValueError("an expiry needs the time it is compared with: pass now")
    phase = _BY_CREATION.get(order.creation) or _BY_STATUS.get(order.status, OrderPhase.UNKNOWN)
    if phase is OrderPhase.PENDING:
        if not order.is_watched:
            return OrderPhase.UNCHECKED
        if expires_at is not None and now is not None and now >= expires_at:
            return OrderPhase.CHECKING
    return phase
