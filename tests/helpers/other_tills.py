"""Orders another till took, arriving in a window's book the way a download from the
shop's shared book brings them: from a second connection to the same SQLite file,
through ``OrderStore.merge_downloaded`` (another till's open orders are marked as
watched there, so this window's poller leaves them alone)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta
from pathlib import Path

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import BookEntry, OrderStore

_CURSOR = itertools.count(1)


def till_order(
    client_id: int,
    order_id: str,
    till: str,
    amount: int,
    *,
    paid: bool = True,
    minutes_ago: float = 2,
    now: datetime | None = None,
) -> Order:
    """A confirmed order ``till`` took ``minutes_ago`` (paid a minute later, if ``paid``)."""
    created = (now or datetime.now(UTC)) - timedelta(minutes=minutes_ago)
    paid_at = created + timedelta(minutes=1) if paid else None
    return Order(
        client_id=client_id,
        order_id=order_id,
        amount=amount,
        email=None,
        note=f"at {till}",
        url=f"https://pay.example.com/pay/{order_id}",
        status=OrderStatus.APPROVE if paid else OrderStatus.PENDING,
        creation=CreationState.CONFIRMED,
        created_at=created,
        paid_at=paid_at,
        last_checked_at=paid_at or created,
        # Watched at that till: due again soon.
        next_check_at=None if paid else created + timedelta(minutes=minutes_ago + 1),
        confirmed_at=created,
        last_pending_at=created,
        till=till,
    )


def download(book: Path, orders: list[Order], *, own_till: str = "") -> None:
    """Write ``orders`` into the book at ``book`` as a download from the shared book."""
    with OrderStore.open(book, check_whole_file=False) as store:
        store.merge_downloaded([BookEntry(order) for order in orders], next(_CURSOR), own_till)
