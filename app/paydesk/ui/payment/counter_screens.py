"""The counter presenter's screens, rendered in the window.

The presenter (core/counter/presenter.py) publishes one CounterScreens per change on
the event hub, in the GUI thread (its engine runs there); the window's one bridge
(ui/shell/event_bridge.py) hands it here. This renders each one on
the window's parts, each part only when its own view changed: the payment panel,
the buyer's window while it is open, the list's current row, the actions "Show to
buyer" and "Back to the sale", the form's "Creating…", the notice of a payment
seen for an order off the counter, and the screen reader's word on the sale's
outcome. It also runs the counter's one clock: a single timer that ticks the
presenter when time alone changes a screen (a countdown's next second, its end, a
result's few seconds on the buyer's screen), at the moment each snapshot names
(``next_change``), and at no other moment. It renders what it is given and asks the
presenter nothing.

Each screens is rendered as it comes, in the call that published it: Enter's own
screens say a creation is out, so the form refuses a second Enter (and its button says
"Creating…") before the request has left; the answer's screens, once the book has the
order, bring its code to the panel and the buyer's window.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer

from paydesk.core.counter.views import CounterScreens

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from paydesk.core.counter.presenter import CounterPresenter
    from paydesk.domain.orders import Order
    from paydesk.ui.payment.customer_display import CustomerDisplay
    from paydesk.ui.payment.form import PaymentForm
    from paydesk.ui.payment.panel import PaymentPanel
    from paydesk.ui.shell.event_bridge import EventBridge

#: A tick lands this long after the moment it is for, never a hair before it.
_LATE_MS = 5


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

    def __init__(self, presenter: CounterPresenter, bridge: EventBridge, parts: ScreenParts,
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
        self._unsubscribe = bridge.subscribe(CounterScreens, self.render)
        self.render(presenter.screens)

    def stop(self) -> None:
        self._unsubscribe()
        self._timer.stop()

    def render(self, screens: CounterScreens) -> None:
        """Show ``screens``: each part whose view changed, the buyer's first (it waits)."""
        shown, self._shown = self._shown, screens
        parts = self._parts
        if screens.creating != shown.creating:  # first: no second sale from Enter
            parts.form.set_busy(screens.creating)
        if screens.panel != shown.panel:
            parts.panel.show_view(screens.panel)
            viewed = screens.panel.order
            if screens.panel.creating is None:
                parts.follow_viewed(None if viewed is None else viewed.order_id)
            # else: the list's row stays while the order is on its way, so that its
            # highlight does not leave and come back a moment later; the answer's order,
            # or the "Creating…" card, moves it (creating_card_shown).
        if self._display is not None and screens.buyer != shown.buyer:
            self._display.show_view(screens.buyer)
        parts.show_to_buyer.setEnabled(screens.panel.can_show)
        parts.back_to_sale.setEnabled(screens.can_go_back)
        if screens.paid_elsewhere is not None:
            parts.paid_elsewhere(screens.paid_elsewhere)
        if (screens.sale != shown.sale or screens.creating != shown.creating
                or screens.buyer.state != shown.buyer.state):  # its time up: "checking"
            parts.sale(screens)
        parts.keep_only(screens.focused)
        self._schedule(screens)

    # -- the buyer's window ---------------------------------------------------------

    def attach_display(self, display: CustomerDisplay) -> None:
        """The buyer's window is open: it shows the sale from now on."""
        if self._display is display:
            return
        self._display = display
        display.show_view(self._shown.buyer)
        self._presenter.buyer_screen_opened(True)

    def detach_display(self) -> None:
        """The buyer's window closed."""
        if self._display is not None:
            self._display = None
            self._presenter.buyer_screen_opened(False)

    # -- the counter's clock --------------------------------------------------------

    def _schedule(self, screens: CounterScreens) -> None:
        """The next tick at the moment the snapshot says time alone changes a screen."""
        moment, at = screens.next_change, screens.at
        if moment is None or at is None:
            self._timer.stop()
            return
        seconds = (moment - at).total_seconds()
        self._timer.start(max(0, math.ceil(seconds * 1000)) + _LATE_MS)

    def _tick(self) -> None:
        self._presenter.tick()  # a snapshot if a screen changed (rendered: the next tick)
        if self._timer.isActive():
            return
        # Nothing changed (a tick a little early): the presenter's screens as of now.
        self._schedule(self._presenter.screens)
