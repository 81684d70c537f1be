"""What one order becomes when two books' records of it meet.

A till writes its orders to its own journal first and uploads them to the
shop's shared book later; meanwhile another till may have checked the same
order and recorded a newer answer. Both records are true as far as they go, so
the merge keeps the most each side knows and never goes back:

- a final status is never undone: the first final status either side saw stays
  (the service never changes a final status, so two finals can only disagree
  through an error, and the earlier one is the service's word);
- creation only moves forward: unconfirmed, then abandoned, then confirmed
  (the service's link outranks a till's guess that it never arrived);
- the link, the first confirmation, the first time seen paid are kept once known;
- the latest check and the latest "still unpaid" answer are the later of the two;
- what the cashier typed (amount, e-mail, note), the order id, the account, the
  creation time and the till never change after the order is written.

The same rule is written once more in SQL for the shared book's upsert
(``store/shared``); the tests run the same cases through both.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from paydesk.domain.orders import CreationState, Order

#: How far each creation state has come; a merge keeps the furthest.
CREATION_RANK = {
    CreationState.UNCONFIRMED: 0,
    CreationState.ABANDONED: 1,
    CreationState.CONFIRMED: 2,
}


def merge_orders(current: Order, incoming: Order) -> Order:
    """``current`` (the record kept) updated with what ``incoming`` knows more.

    Both must be the same order (same account and order id). The result is the
    same whichever side is ``current`` for every field but two: the last error is
    ``incoming``'s when it checked later (or as late), else ``current``'s; and when
    the two sides saw different final statuses, ``current``'s stays. Local fields
    (when this till checks next) are ``current``'s.
    """
    if (current.client_id, current.order_id) != (incoming.client_id, incoming.order_id):
        raise ValueError("merge_orders: two different orders")
    if current.status.is_final:
        status = current.status
    elif incoming.status.is_final:
        status = incoming.status
    else:
        status = incoming.status if incoming.status.is_known else current.status
    creation = max(current.creation, incoming.creation, key=CREATION_RANK.__getitem__)
    return replace(
        current,
        status=status,
        creation=creation,
        url=current.url or incoming.url,
        paid_at=_earlier(current.paid_at, incoming.paid_at),
        confirmed_at=_earlier(current.confirmed_at, incoming.confirmed_at),
        last_checked_at=_when_shown(current.last_checked_at, incoming.last_checked_at),
        last_pending_at=_when_shown(current.last_pending_at, incoming.last_pending_at),
        last_error=(incoming if _checked_as_late(incoming, current) else current).last_error,
        till=current.till or incoming.till,
        cashier=current.cashier or incoming.cashier,
        shift=current.shift if current.shift is not None else incoming.shift,
    )


def _checked_as_late(incoming: Order, current: Order) -> bool:
    """Whether ``incoming`` was checked at least as late as ``current`` (both never: yes)."""
    if incoming.last_checked_at is None:
        return current.last_checked_at is None
    return current.last_checked_at is None or incoming.last_checked_at >= current.last_checked_at


def _earlier(a: datetime | None, b: datetime | None) -> datetime | None:
    if a is None or b is None:
        return a if b is None else b
    return min(a, b)


def _when_shown(a: datetime | None, b: datetime | None) -> datetime | None:
    if a is None or b is None:
        return a if b is None else b
    return max(a, b)
