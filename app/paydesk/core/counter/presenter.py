"""The counter: the sale in front of the buyer, the order the cashier views, and what
every screen shows of them.

They are different things. The *sale* is what the buyer's screen shows and what
Esc ends: the order created at the counter, or one the cashier deliberately puts
back in front of the buyer ("Show to buyer"). The *viewed* order is what the
cashier's payment panel shows: the sale, or an order looked up in the list (to
copy its link, print its slip). Looking something up changes only the viewed
order, so a click in the list never shows a buyer someone else's amount and code.

The presenter is the one owner of both, as orders: it hears every fresh copy of
them on the event hub (the watch engine's OrderChecked, SaleAnswered and CreationRecorded), so
nothing is read again to show a poll's answer. After each change it publishes one
immutable :class:`~paydesk.core.counter.views.CounterScreens` on the hub: what the
cashier's panel shows, what the buyer's screen shows, whether "show to buyer" and
"back to the sale" are offered, whether the sale's creation is out, and a payment
seen for an order off the counter. Every front end renders those and decides
nothing. Time passing (the countdown, its end, a result's few seconds on the
buyer's screen) is one :meth:`CounterPresenter.tick`, which a front end calls at
:meth:`~CounterPresenter.next_change`. It also publishes :class:`CounterChanged`
(the ids): the engine checks what someone watches every couple of seconds.

No Qt here: its rules are tested alone (tests/core/test_counter_presenter.py).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from paydesk.core.counter.buyer_memory import RESULT_SECONDS, BuyerScreen
from paydesk.core.counter.views import (
    CounterScreens,
    PanelView,
    Place,
    can_be_shown_to_buyer,
    order_view,
)
from paydesk.core.events import EventHub
from paydesk.core.watch.events import (
    CreationRecorded,
    OrderChecked,
    OrderPaid,
    SaleAnswered,
    SaleCreating,
)
from paydesk.domain.phase import OrderPhase, phase_of

if TYPE_CHECKING:
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.domain.orders import Order


class Change(enum.Flag):
    """What a change touched: the sale, the viewed order, or both."""

    SALE = enum.auto()
    VIEWED = enum.auto()


@dataclass(frozen=True, slots=True)
class CounterChanged:
    """The sale or the viewed order became another order (or none): the ids now."""

    changed: Change
    sale: str | None
    viewed: str | None


class CounterPresenter:
    """The sale and the viewed order, and the screens that show them."""

    def __init__(self, desk: OrderDesk, hub: EventHub | None = None, *,
                 result_seconds: float = RESULT_SECONDS) -> None:
        self._desk = desk
        self._sale: Order | None = None
        self._viewed: Order | None = None
        #: The order whose creation the cashier waits for (its answer not in yet).
        self._awaited: str | None = None
        self._buyer_screens = 0  # the buyer's screens open now
        self._buyer = BuyerScreen(result_seconds)
        self.screens = CounterScreens()
        #: Where each change is published (CounterChanged, CounterScreens).
        self.hub = hub or EventHub()
        self._unsubscribe = [
            self.hub.subscribe(OrderChecked, lambda event: self.fresh(event.order)),
            self.hub.subscribe(SaleAnswered, lambda event: self.fresh(event.order)),
            self.hub.subscribe(CreationRecorded, lambda event: self.fresh(event.order)),
            self.hub.subscribe(OrderPaid, self._paid),
            self.hub.subscribe(SaleCreating, self._creating),
        ]

    def close(self) -> None:
        """Hear nothing more (the book is closing)."""
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()

    # -- what is at the counter ------------------------------------------------------

    @property
    def sale(self) -> Order | None:
        """The order in front of the buyer, or None (the buyer's screen is idle)."""
        return self._sale

    @property
    def viewed(self) -> Order | None:
        """The order on the cashier's panel, or None (idle)."""
        return self._viewed

    @property
    def sale_id(self) -> str | None:
        return None if self._sale is None else self._sale.order_id

    @property
    def viewed_id(self) -> str | None:
        return None if self._viewed is None else self._viewed.order_id

    def focused(self) -> frozenset[str]:
        """The orders someone is watching now: checked every couple of seconds."""
        return frozenset(i for i in (self.sale_id, self.viewed_id) if i is not None)

    # -- what the cashier does --------------------------------------------------------

    def start_sale(self, order: Order) -> None:
        """An order was just created at the counter: it is the sale, and on the panel."""
        self._set(order, order)

    def view(self, order: Order) -> None:
        """The cashier looks at this order (a click or a key in the list): the sale stays."""
        self._set(self._sale, order)

    def back_to_sale(self) -> None:
        """The panel shows the sale again (nothing changes without one)."""
        if self._sale is not None:
            self._set(self._sale, self._sale)

    def show_to_buyer(self) -> bool:
        """Make the viewed order the sale, if it can still be paid; whether it is now.

        Only the order the cashier is looking at can be shown: the action is a
        deliberate one on what is on the panel, never on a row merely selected.
        """
        viewed = self._viewed
        if viewed is None or not self.can_show(viewed):
            return False
        self._set(viewed, viewed)
        return True

    def can_show(self, order: Order) -> bool:
        """Whether ``order`` may be put in front of the buyer now."""
        return can_be_shown_to_buyer(order, now=self._desk.steady_now(),
                                     expires_at=self._desk.expires_at(order))

    def end_sale(self) -> None:
        """Esc / New payment: nothing in front of the buyer, nothing on the panel."""
        self._set(None, None)

    def buyer_screen_opened(self, opened: bool = True) -> None:
        """A buyer's screen opened (or, False, closed): the panel says whether its sale
        is in front of the buyer."""
        self._buyer_screens = max(0, self._buyer_screens + (1 if opened else -1))
        self._publish()

    # -- what the counter hears ---------------------------------------------------------

    def fresh(self, order: Order) -> None:
        """A newer copy of an order: the screens follow, if it is the sale or the viewed."""
        sale = order if order.order_id == self.sale_id else self._sale
        viewed = order if order.order_id == self.viewed_id else self._viewed
        if sale is not self._sale or viewed is not self._viewed:
            self._sale, self._viewed = sale, viewed
            self._publish()

    def tick(self) -> None:
        """Time passed: the countdowns, their end, a result's time on the buyer's screen."""
        self._publish()

    def next_change(self) -> datetime | None:
        """When, on the steady clock, time alone changes a screen next (a countdown's
        next second, a result's end); None: nothing shown runs on time."""
        moments: list[datetime] = []
        for order, left in ((self._viewed, self.screens.panel.seconds_left),
                            (self._sale, self.screens.buyer.seconds_left)):
            if order is not None and left is not None:
                # seconds_left rounds up: it reads one less from this moment on.
                moments.append(self._desk.expires_at(order) - timedelta(seconds=left - 1))
        ends = self._buyer.result_ends()
        if ends is not None:
            moments.append(ends)
        return min(moments, default=None)

    def steady_now(self) -> datetime:
        """The clock :meth:`next_change` is on."""
        return self._desk.steady_now()

    def _paid(self, event: OrderPaid) -> None:
        if event.order.order_id not in self.focused():
            self._publish(paid_elsewhere=event.order)

    def _creating(self, event: SaleCreating) -> None:
        awaited = event.order_id if event.busy else None
        if awaited != self._awaited:
            self._awaited = awaited
            self._publish()

    # -- telling --------------------------------------------------------------------------

    def _set(self, sale: Order | None, viewed: Order | None) -> None:
        changed = Change(0)
        if _id(sale) != self.sale_id:
            changed |= Change.SALE
        if _id(viewed) != self.viewed_id:
            changed |= Change.VIEWED
        self._sale, self._viewed = sale, viewed
        if changed:
            self.hub.publish(CounterChanged(changed, _id(sale), _id(viewed)))
        self._publish()

    def _publish(self, *, paid_elsewhere: Order | None = None) -> None:
        screens = self._compose(paid_elsewhere)
        if screens != self.screens:
            self.screens = screens
            self.hub.publish(screens)

    def _compose(self, paid_elsewhere: Order | None) -> CounterScreens:
        now = self._desk.steady_now()
        sale, viewed = self._sale, self._viewed
        buyer = self._buyer.show(sale, expires_at=self._expiry(sale), now=now)
        looked_up = viewed is not None and _id(viewed) != _id(sale)
        return CounterScreens(
            panel=self._panel(viewed, sale, now, looked_up=looked_up), buyer=buyer, sale=sale,
            creating=self._awaited is not None, can_go_back=looked_up and sale is not None,
            paid_elsewhere=paid_elsewhere)

    def _panel(self, viewed: Order | None, sale: Order | None, now: datetime, *,
               looked_up: bool) -> PanelView:
        if viewed is None:
            return PanelView()
        on_display = self._buyer_screens > 0
        if looked_up:
            place = Place.NOT_SHOWN if on_display else Place.NOT_SALE
        elif on_display and phase_of(viewed) in (OrderPhase.PENDING, OrderPhase.NOT_SENT):
            place = Place.ON_DISPLAY  # its code, or "Preparing payment…"
        else:
            place = Place.SALE
        if viewed.url is None and viewed.order_id == self._awaited:
            return PanelView(creating=viewed.amount, place=place)
        expires_at = self._desk.expires_at(viewed)
        return order_view(
            viewed, expires_at=expires_at, now=now, place=place,
            can_show=looked_up and can_be_shown_to_buyer(viewed, now=now, expires_at=expires_at),
            sale_amount=sale.amount if looked_up and sale is not None else None)

    def _expiry(self, order: Order | None) -> datetime | None:
        return None if order is None else self._desk.expires_at(order)


def _id(order: Order | None) -> str | None:
    return None if order is None else order.order_id

