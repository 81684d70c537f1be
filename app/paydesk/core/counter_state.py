"""The counter's two orders: the sale in front of the buyer, and the order the cashier views.

They are different things. The *sale* is what the buyer's screen shows and what
Esc ends: the order created at the counter, or one the cashier deliberately
puts back in front of the buyer ("Show to buyer"). The *viewed* order is what
the cashier's payment panel shows: the sale, or an order looked up in the list
(to copy its link, print its slip). Looking something up changes only the
viewed order, so a click in the list never shows a buyer someone else's amount
and code.

This is the one owner of both. It holds order ids, not orders (the order book
has the orders), and publishes :class:`CounterChanged` on its event hub after
each change; the window's controller relays that as Qt signals, and the payment panel, the customer
display and the orders list read it. No Qt here: the rules are tested alone.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from paydesk.core.events import EventHub

if TYPE_CHECKING:
    from datetime import datetime

    from paydesk.domain.orders import Order


class Change(enum.Flag):
    """What a change touched: the sale, the viewed order, or both."""

    SALE = enum.auto()
    VIEWED = enum.auto()


@dataclass(frozen=True, slots=True)
class CounterChanged:
    """The sale or the viewed order changed: what changed, and the ids now."""

    changed: Change
    sale: str | None
    viewed: str | None


def can_be_shown_to_buyer(order: Order, *, now: datetime, expires_at: datetime) -> bool:
    """Whether ``order`` may be put in front of a buyer: a link that can still be paid.

    Never a final order, one the service has not confirmed (no link), or one
    whose time has run out here, even if the service has yet to say "expired".
    """
    return order.is_payable and now < expires_at


class CounterState:
    """Which order is the sale (``sale``) and which one the cashier views (``viewed``)."""

    def __init__(self, hub: EventHub | None = None) -> None:
        self._sale: str | None = None
        self._viewed: str | None = None
        #: Where each change is published (CounterChanged): one counter per hub.
        self.hub = hub or EventHub()

    @property
    def sale(self) -> str | None:
        """The order id in front of the buyer, or None (the buyer's screen is idle)."""
        return self._sale

    @property
    def viewed(self) -> str | None:
        """The order id on the cashier's payment panel, or None (idle)."""
        return self._viewed

    def focused(self) -> frozenset[str]:
        """The orders someone is watching now: checked every couple of seconds."""
        return frozenset(i for i in (self._sale, self._viewed) if i is not None)

    # -- what the cashier does --------------------------------------------------

    def start_sale(self, order_id: str) -> None:
        """An order was just created at the counter: it is the sale, and on the panel."""
        self._set(order_id, order_id)

    def view(self, order_id: str) -> None:
        """The cashier looks at this order (a click or a key in the list): the sale stays."""
        self._set(self._sale, order_id)

    def back_to_sale(self) -> None:
        """The panel shows the sale again (nothing changes without one)."""
        if self._sale is not None:
            self._set(self._sale, self._sale)

    def show_to_buyer(self, order: Order, *, now: datetime, expires_at: datetime) -> bool:
        """Make the viewed ``order`` the sale, if it can still be paid; whether it is now.

        Only the order the cashier is looking at can be shown: the action is a
        deliberate one on what is on the panel, never on a row merely selected.
        """
        if order.order_id != self._viewed:
            return False
        if not can_be_shown_to_buyer(order, now=now, expires_at=expires_at):
            return False
        self._set(order.order_id, order.order_id)
        return True

    def end_sale(self) -> None:
        """Esc / New payment: nothing in front of the buyer, nothing on the panel."""
        self._set(None, None)

    # -- telling ------------------------------------------------------------------

    def _set(self, sale: str | None, viewed: str | None) -> None:
        changed = Change(0)
        if sale != self._sale:
            changed |= Change.SALE
        if viewed != self._viewed:
            changed |= Change.VIEWED
        self._sale, self._viewed = sale, viewed
        if changed:
            self.hub.publish(CounterChanged(changed, sale, viewed))
