"""What the counter's screens show, as values: the cashier's panel and the buyer's screen.

The counter presenter (counter_presenter.py) publishes one :class:`CounterScreens`
per change; every front end renders it and decides nothing: the window's payment
panel and buyer's window, and the buyer's screens still to come (a tablet's page,
the till program's API). A view holds facts (the order, its phase, the seconds
left, where it stands with the buyer); the words, colours and sizes are each
front end's own. Plain values, equal when they show the same thing, so a front end
repaints a screen only when its view changed.

The rules here are the ones that need no memory: which phase of the sale gives
which buyer's screen, where an order on the panel stands with the buyer, and what
the panel shows for an order at a moment. The buyer's screen's memory (whose
result it shows, and for how long) is buyer_screen.py's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from paydesk.domain.clock import seconds_left
from paydesk.domain.phase import OrderPhase, phase_of

if TYPE_CHECKING:
    from datetime import datetime

    from paydesk.domain.orders import Order


class Place(enum.StrEnum):
    """Where the order on the cashier's panel stands with the buyer."""

    ON_DISPLAY = "on_display"  # the sale, on a buyer's screen now
    SALE = "sale"  # the sale (no buyer's screen open, or the sale is over)
    NOT_SHOWN = "not_shown"  # looked up; the buyer's screen shows the sale, not this
    NOT_SALE = "not_sale"  # looked up; no buyer's screen open

    @property
    def is_sale(self) -> bool:
        return self in (Place.ON_DISPLAY, Place.SALE)


class BuyerState(enum.StrEnum):
    """What the buyer sees, coarser than the order's phase."""

    IDLE = "idle"
    PREPARING = "preparing"
    PENDING = "pending"
    #: The countdown has ended; the service has yet to say paid or expired. No code
    #: is shown (no new scans); the cashier's panel says the same.
    CHECKING = "checking"
    PAID = "paid"
    REFUSED = "refused"
    EXPIRED = "expired"


#: Every phase of the sale on the buyer's screen. IDLE: nothing for the buyer.
BUYER_STATES: dict[OrderPhase, BuyerState] = {
    OrderPhase.CREATING: BuyerState.PREPARING,
    OrderPhase.NOT_SENT: BuyerState.PREPARING,  # it is sent again shortly
    OrderPhase.PENDING: BuyerState.PENDING,
    OrderPhase.CHECKING: BuyerState.CHECKING,
    # A day past its time, the sale is long gone from the counter: nothing to show.
    OrderPhase.UNCHECKED: BuyerState.IDLE,
    OrderPhase.PAID: BuyerState.PAID,
    OrderPhase.REFUSED: BuyerState.REFUSED,
    OrderPhase.EXPIRED: BuyerState.EXPIRED,
    OrderPhase.ABANDONED: BuyerState.IDLE,
    OrderPhase.UNKNOWN: BuyerState.IDLE,  # the cashier sorts it out
}
#: The screens that show how a sale ended (and go back to idle after a while).
RESULTS = frozenset({BuyerState.PAID, BuyerState.REFUSED, BuyerState.EXPIRED})


@dataclass(frozen=True, slots=True)
class BuyerView:
    """The buyer's screen: deliberately little, as anyone in the queue can read it.

    Never an e-mail, a note, an order id or another order: the amount (kopecks),
    the code's link while it can be scanned, the whole seconds left (None: no
    countdown), and the state."""

    state: BuyerState = BuyerState.IDLE
    amount: int | None = None
    link: str | None = None
    seconds_left: int | None = None


@dataclass(frozen=True, slots=True)
class PanelView:
    """The cashier's payment panel: idle (no order), an order on its way (``creating``:
    its amount, no link yet), or an order in its phase at the moment of the view."""

    order: Order | None = None
    phase: OrderPhase | None = None
    #: The amount of the sale on its way to the service (the order has no link yet).
    creating: int | None = None
    #: The whole seconds left while its code can be paid (None: no countdown runs).
    seconds_left: int | None = None
    place: Place = Place.SALE
    #: "Show to buyer" is offered: a looked-up order that can still be paid.
    can_show: bool = False
    #: The sale's amount while another order is looked up (the way back names it).
    sale_amount: int | None = None

    @property
    def is_idle(self) -> bool:
        return self.order is None and self.creating is None

    @property
    def link_payable(self) -> bool:
        """The link on the panel can still be paid: it is offered to copy and to open
        (a paid, refused or expired order's is shown for the record only)."""
        return self.phase is OrderPhase.PENDING and self.order is not None \
            and self.order.url is not None


@dataclass(frozen=True, slots=True)
class CounterScreens:
    """Everything the counter shows, at one moment, after one change."""

    panel: PanelView = PanelView()
    buyer: BuyerView = BuyerView()
    #: The sale in front of the buyer (None: nobody is paying).
    sale: Order | None = None
    #: The sale's creation is out and unanswered: the form waits ("Creating…").
    creating: bool = False
    #: The viewed order is another than the sale, and there is a sale to go back to.
    can_go_back: bool = False
    #: An order off the counter became paid with this change (the buyer paid late):
    #: said in a notice, once; None in every other snapshot.
    paid_elsewhere: Order | None = None
    #: The orders someone watches now (the sale, the viewed): notices about others go.
    focused: frozenset[str] = frozenset()
    #: When, on the steady clock, time alone changes a screen next (a countdown's next
    #: second, a result's end); None: nothing shown runs on time.
    next_change: datetime | None = None
    #: The steady clock's moment of this snapshot (what ``next_change`` is counted from).
    at: datetime | None = field(default=None, compare=False)


def can_be_shown_to_buyer(order: Order, *, now: datetime, expires_at: datetime) -> bool:
    """Whether ``order`` may be put in front of a buyer: a link that can still be paid.

    Never a final order, one the service has not confirmed (no link), or one
    whose time has run out here, even if the service has yet to say "expired".
    """
    return order.is_payable and now < expires_at


def order_view(order: Order, *, expires_at: datetime | None, now: datetime,
               place: Place = Place.SALE, can_show: bool = False,
               sale_amount: int | None = None) -> PanelView:
    """The panel's view of ``order`` at ``now``: its phase, and the seconds left while
    its code is live (pending, with a link and an expected expiry)."""
    phase = phase_of(order, expires_at=expires_at, now=now)
    live = phase is OrderPhase.PENDING and order.url is not None and expires_at is not None
    left = seconds_left(expires_at, now) if live and expires_at is not None else None
    return PanelView(order=order, phase=phase, seconds_left=left, place=place,
                     can_show=can_show, sale_amount=sale_amount)
