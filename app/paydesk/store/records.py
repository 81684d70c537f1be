"""Plain values going into and coming out of the order book."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from paydesk.domain.failures import Failure
from paydesk.domain.orders import Order, OrderStatus


@dataclass(frozen=True, slots=True)
class CheckResult:
    """What one get_order poll found out, to be recorded with others in one batch.

    ``status`` is None when the check itself failed (network, service error);
    ``error`` then says why (its code and detail). ``next_check_at`` None means never check again.
    """

    client_id: int
    order_id: str
    status: OrderStatus | None
    checked_at: datetime
    next_check_at: datetime | None
    error: Failure | None = None
    #: When the request left (a "pending" answer bounds the payment from there).
    asked_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class StatusChange:
    """One row of an order's status history: a status first seen at a time."""

    status: OrderStatus
    observed_at: datetime


@dataclass(frozen=True, slots=True)
class CreationAttempt:
    """One answer to the order's create request: ``outcome`` is "confirmed" (the link
    came), "failed" (to be sent again) or "abandoned" (given up); ``error`` says why."""

    outcome: str
    finished_at: datetime
    error: Failure | None = None


@dataclass(frozen=True, slots=True)
class Totals:
    """Counts and sums (integer kopecks) of a selection of orders."""

    count: int = 0
    amount: int = 0
    paid_count: int = 0
    paid_amount: int = 0


@dataclass(frozen=True, slots=True)
class BookEntry:
    """One order with all the book knows of it: what moves between a till's journal
    (its SQLite book) and the shop's shared book. History and attempts oldest first."""

    order: Order
    history: tuple[StatusChange, ...] = ()
    attempts: tuple[CreationAttempt, ...] = ()


@dataclass(frozen=True, slots=True)
class Upload:
    """An entry of the journal waiting to go to the shared book. ``mark`` is the
    journal's revision of it when read: marking it uploaded clears it only if it
    has not changed since (a change made meanwhile waits for the next upload)."""

    entry: BookEntry
    mark: int
