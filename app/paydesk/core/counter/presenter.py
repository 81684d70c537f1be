"""The counter: the sale in front of the buyer, the order the cashier views, and what
every screen shows of them.

They are different things. The *sale* is what the buyer's screen shows and what
Esc ends: the order created at the counter, or one the cashier deliberately puts
back in front of the buyer ("Show to buyer"). The *viewed* order is what the
cashier's payment panel shows: the sale, or an order looked up in the list (to
copy its link, print its slip). Looking something up changes only the viewed
order, so a click in the list never shows a buyer someone else's amount and code.

The presenter is the one owner of both, as orders. It listens to nobody: the watch
engine, which owns it, hands it every fresh copy of them once the book holds it
(:meth:`CounterPresenter.fresh`, one batch of checks at a time), so nothing is read
again to show a poll's answer. After each change it publishes one
immutable :class:`~paydesk.core.counter.views.CounterScreens` on the hub: what the
cashier's panel shows, what the buyer's screen shows, whether "show to buyer" and
"back to the sale" are offered, whether the sale's creation is out, and a payment
seen for an order off the counter. Every front end renders those and decides
nothing. Time passing (the countdown, its end, a result's few seconds on the
buyer's screen) is one :meth:`CounterPresenter.tick`, which a front end calls at
:meth:`~CounterPresenter.next_change`. The engine asks it what someone watches
(:meth:`CounterPresenter.focused`): those are checked every couple of seconds.

No Qt here: its rules are tested alone (tests/core/test_counter_presenter.py).
"""

from __future__ import annotations

from collections.abc import Iterable
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
from paydesk.domain.phase import OrderPhase, phase_of

if TYPE_CHECKING:
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.domain.orders import Order


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
        #: Where each change's CounterScreens is published.
        self.hub = hub or EventHub()

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

    @property
    def awaited(self) -> str | None:
        """The sale's creation the cashier waits for (its answer not in yet), or None."""
        return self._awaited

    def focused(self) -> frozenset[str]:
        """The orders someone is watching now: checked every couple of seconds."""
        return frozenset(i for i in (self.sale_id, self.viewed_id) if i is not None)

    # -- what the cashier does --------------------------------------------------------

    def start_sale(self, order: Order) -> None:
        """An order was just written at the counter and is being sent: it is the sale,
        and on the panel, "Creating…" until :meth:`fresh` brings its answer."""
        self._awaited = order.order_id
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

    def fresh(self, orders: Iterable[Order], *, paid: Iterable[Order] = (),
              answered: str | None = None) -> None:
        """Newer copies of orders, as the book now holds them (a creation's answer, a
        batch of checks): the screens follow, once, if the sale or the viewed is among
        them. ``paid``: those that just became paid (one off the counter is said in a
        notice); ``answered``: the sale's creation whose wait is over."""
        sale, viewed = self._sale, self._viewed
        for order in orders:
            if order.order_id == self.sale_id:
                sale = order
            if order.order_id == self.viewed_id:
                viewed = order
        elsewhere = next((o for o in paid if o.order_id not in self.focused()), None)
        waits = self._awaited is not None and answered == self._awaited
        if sale is not self._sale or viewed is not self._viewed or elsewhere or waits:
            self._sale, self._viewed = sale, viewed
            if waits:
                self._awaited = None
            self._publish(paid_elsewhere=elsewhere)

    def awaiting(self, order_id: str) -> None:
        """The sale's creation is sent again, and the cashier waits for it."""
        if order_id == self.sale_id and self._awaited != order_id:
            self._awaited = order_id
            self._publish()

    def tick(self) -> None:
        """Time passed: the countdowns, their end, a result's time on the buyer's screen."""
        self._publish()

    def next_change(self) -> datetime | None:
        """When, on the steady clock, time alone changes a screen next (a countdown's
        next second, a result's end); None: nothing shown runs on time. The screens
        carry it (CounterScreens.next_change)."""
        return self.screens.next_change

    def _next_change(self, panel: PanelView, buyer_left: int | None) -> datetime | None:
        moments: list[datetime] = []
        for order, left in ((self._viewed, panel.seconds_left),
                            (self._sale, buyer_left)):
            if order is not None and left is not None:
                # seconds_left rounds up: it reads one less from this moment on.
                moments.append(self._desk.expires_at(order) - timedelta(seconds=left - 1))
        ends = self._buyer.result_ends()
        if ends is not None:
            moments.append(ends)
        return min(moments, default=None)

    # -- telling --------------------------------------------------------------------------

    def _set(self, sale: Order | None, viewed: Order | None) -> None:
        if self._awaited is not None and self._awaited != _id(sale):
            self._awaited = None  # set aside: it goes on, but is shown to nobody
        self._sale, self._viewed = sale, viewed
        self._publish()

    def _publish(self, *, paid_elsewhere: Order | None = None) -> None:
        """Publish the screens if they changed; kept either way, as of now (``at``)."""
        screens, shown = self._compose(paid_elsewhere), self.screens
        self.screens = screens
        if screens != shown:
            self.hub.publish(screens)

    def _compose(self, paid_elsewhere: Order | None) -> CounterScreens:
        now = self._desk.steady_now()
        sale, viewed = self._sale, self._viewed
        buyer = self._buyer.show(sale, expires_at=self._expiry(sale), now=now)
        looked_up = viewed is not None and _id(viewed) != _id(sale)
        panel = self._panel(viewed, sale, now, looked_up=looked_up)
        return CounterScreens(
            panel=panel, buyer=buyer, sale=sale,
            creating=self._awaited is not None, can_go_back=looked_up and sale is not None,
            paid_elsewhere=paid_elsewhere, focused=self.focused(),
            next_change=self._next_change(panel, buyer.seconds_left), at=now)

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

