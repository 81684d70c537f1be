"""The counter presenter's screens, rendered in the window.

The presenter (core/counter_presenter.py) publishes one CounterScreens per change on
the event hub, in the GUI thread (its engine runs there). This renders each one on
the window's parts, each part only when its own view changed: the payment panel,
the buyer's window while it is open, the list's current row, the actions "Show to
buyer" and "Back to the sale", the form's "Creating…", the notice of a payment
seen for an order off the counter, and the screen reader's word on the sale's
outcome. It also runs the counter's one clock: a single timer that ticks the
presenter when time alone changes a screen (a countdown's next second, its end, a
result's few seconds on the buyer's screen), and at no other moment.

The screens of a sale whose creation has just gone out (Enter, the till program's
payment, a creation sent again) wait for its answer, or one frame of the screen
(SALE_SCREENS_WAIT_MS), whichever comes first; they are not rendered in the call that
sent it. A window that changes paints, and its paint runs Python (its event filters,
the widgets it draws itself), which needs the interpreter lock; the request's thread
needs the same lock to send the request, read the answer and make its QR. Each wait
for the lock costs both threads, so the window keeps still while they work:
- a service that answers within the frame goes straight to its code: the screens held
  for it are superseded, never shown (only a payment noticed meanwhile for an order
  off the counter, which they may carry, is still said);
- a slower one gets the covered panel and the form's "Creating…" one frame after the
  creation went out, which no one can tell from at once.
The form refuses a second Enter at once, and keeps still too (what was typed in it
is kept and painted with the screens). Any screens that are not of the creation on
its way end the wait and supersede what was held: Esc, a look at another order,
"Show to buyer", a failed creation; the buyer's window opened shows the sale as it is
now.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer

from paydesk.core.counter_views import CounterScreens

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from paydesk.core.counter_presenter import CounterPresenter
    from paydesk.core.events import EventHub
    from paydesk.domain.orders import Order
    from paydesk.ui.payment.customer_display import CustomerDisplay
    from paydesk.ui.payment.form import PaymentForm
    from paydesk.ui.payment.panel import PaymentPanel

#: A tick lands this long after the moment it is for, never a hair before it.
_LATE_MS = 5

#: How long a sale's screens wait for its answer: one frame of a 60 Hz screen.
SALE_SCREENS_WAIT_MS = 16


@dataclass(frozen=True, slots=True)
class ScreenParts:
    """What renders the screens: the window's parts, and what follows the sale."""

    panel: PaymentPanel
    form: PaymentForm
    show_to_buyer: QAction
    back_to_sale: QAction
    #: The orders list's current row follows the viewed order (its id, or None).
    follow_viewed: Callable[[str | None], None]
    #: The banner keeps only the notices about these orders (the ones at the counter).
    keep_only: Callable[[frozenset[str]], None]
    #: An order off the counter was paid (the buyer paid late): a notice over the list.
    paid_elsewhere: Callable[[Order], None]
    #: The sale, after each change (the screen reader's word on its outcome).
    sale: Callable[[CounterScreens], None]


class ScreensRenderer(QObject):
    """Renders the presenter's screens on ``parts``; see the module's doc."""

    def __init__(self, presenter: CounterPresenter, hub: EventHub, parts: ScreenParts,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._presenter = presenter
        self._parts = parts
        self._shown = CounterScreens()
        self._display: CustomerDisplay | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._tick)
        #: Screens published since a creation went out, while its answer is awaited.
        self._held: list[CounterScreens] = []
        #: The form refuses Enter for the creation held, and keeps still until its screens.
        self._refusing = False
        self._wait = QTimer(self)
        self._wait.setSingleShot(True)
        self._wait.setTimerType(Qt.TimerType.PreciseTimer)
        self._wait.setInterval(SALE_SCREENS_WAIT_MS)
        self._wait.timeout.connect(self._render_held)
        self._unsubscribe = hub.subscribe(CounterScreens, self.render)
        self.render(presenter.screens)

    def stop(self) -> None:
        self._unsubscribe()
        self._timer.stop()
        self._wait.stop()
        self._held.clear()
        if self._refusing:
            self._refusing = False
            self._parts.form.set_busy(False)

    def render(self, screens: CounterScreens) -> None:
        """Show ``screens`` (see the module's doc for a sale just gone out)."""
        if self._on_its_way(screens):
            if not self._held:
                self._parts.form.hold_for_sale()  # at once: no second sale from Enter
                self._refusing = True
                self._wait.start()
            self._held.append(screens)
            return
        self._supersede_held()
        self._show(screens)

    def _on_its_way(self, screens: CounterScreens) -> bool:
        """Whether ``screens`` are of a creation gone out and not answered yet: from the
        first that says a creation is out (the sale may not be on the panel yet), while
        they say so, until the panel awaits the answer; then while it still does."""
        if not self._held:
            return screens.creating and not self._shown.creating
        awaited = any(held.panel.creating is not None for held in self._held)
        return screens.panel.creating is not None or (screens.creating and not awaited)

    def _render_held(self) -> None:
        """The answer is late (or the buyer's window opened): the sale as it is now."""
        held = self._take_held()
        if held:
            self._say_notices(held[:-1])
            self._show(held[-1])

    def _supersede_held(self) -> None:
        """Screens came that replace the held ones (the answer, Esc, another order)."""
        self._say_notices(self._take_held())

    def _say_notices(self, superseded: list[CounterScreens]) -> None:
        """A payment noticed in screens that are never shown is still said."""
        for screens in superseded:
            if screens.paid_elsewhere is not None:
                self._parts.paid_elsewhere(screens.paid_elsewhere)

    def _take_held(self) -> list[CounterScreens]:
        self._wait.stop()
        held, self._held = self._held, []
        return held

    def _show(self, screens: CounterScreens) -> None:
        """Each part whose view changed, the buyer's first (it waits)."""
        shown, self._shown = self._shown, screens
        parts = self._parts
        try:
            if screens.panel != shown.panel:
                parts.panel.show_view(screens.panel)
                viewed = screens.panel.order
                if screens.panel.creating is None:
                    parts.follow_viewed(None if viewed is None else viewed.order_id)
                # else: the list's row stays as it is while the answer is awaited (a
                # repaint there holds the answer up); the answer's order, or the
                # "Creating…" card, moves it (creating_card_shown).
            if self._display is not None and screens.buyer != shown.buyer:
                self._display.show_view(screens.buyer)
        finally:  # the form follows whatever happened above: never left still
            if screens.creating != shown.creating or self._refusing:
                self._refusing = False
                parts.form.set_busy(screens.creating)
        parts.show_to_buyer.setEnabled(screens.panel.can_show)
        parts.back_to_sale.setEnabled(screens.can_go_back)
        if screens.paid_elsewhere is not None:
            parts.paid_elsewhere(screens.paid_elsewhere)
        if screens.sale != shown.sale or screens.creating != shown.creating:
            parts.sale(screens)
        parts.keep_only(self._presenter.focused())
        self._schedule()

    # -- the buyer's window ---------------------------------------------------------

    def attach_display(self, display: CustomerDisplay) -> None:
        """The buyer's window is open: it shows the sale from now on."""
        if self._display is display:
            return
        self._render_held()  # the sale as it is now, not as it was before its Enter
        self._display = display
        display.show_view(self._shown.buyer)
        self._presenter.buyer_screen_opened(True)

    def detach_display(self) -> None:
        """The buyer's window closed."""
        if self._display is not None:
            self._display = None
            self._presenter.buyer_screen_opened(False)

    # -- the counter's clock --------------------------------------------------------

    def _schedule(self) -> None:
        moment = self._presenter.next_change()
        if moment is None:
            self._timer.stop()
            return
        seconds = (moment - self._presenter.steady_now()).total_seconds()
        self._timer.start(max(0, math.ceil(seconds * 1000)) + _LATE_MS)

    def _tick(self) -> None:
        self._presenter.tick()
        self._schedule()  # nothing changed (a tick a little early): the next moment
