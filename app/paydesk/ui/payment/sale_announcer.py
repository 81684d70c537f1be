"""The sale's outcome, said to screen readers: paid, refused, expired, not sent.

A cashier who cannot see the panel's colour or badge hears what became of the
sale the moment it happens, once per outcome, through Qt's accessibility
announcement (the screen reader speaks it; nothing moves on the screen). A
refusal or a payment that never reached the service interrupts; a payment or
an expiry waits for a pause in what is being read.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget

from paydesk.core.counter.views import CounterScreens
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.domain.phase_looks import LOOKS
from paydesk.ui.shell.formatting import money, tr

_Politeness = QAccessible.AnnouncementPoliteness

#: The outcomes worth telling, and how urgently (said in the phase's short word:
#: paydesk.domain.phase_looks).
_POLITENESS: dict[OrderPhase, _Politeness] = {
    OrderPhase.PAID: _Politeness.Polite,
    OrderPhase.REFUSED: _Politeness.Assertive,
    OrderPhase.EXPIRED: _Politeness.Polite,
    OrderPhase.NOT_SENT: _Politeness.Assertive,
}


class SaleAnnouncer(QObject):
    """Hears the sale after each change of the counter's screens; speaks from ``widget``."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget
        self._told: tuple[str, OrderPhase] | None = None

    def on_sale(self, screens: CounterScreens) -> None:
        order = screens.sale
        if order is None:
            return
        phase = phase_of(order)
        if phase not in _POLITENESS or self._told == (order.order_id, phase):
            return
        if phase is OrderPhase.NOT_SENT and screens.creating:
            return  # still out: "not sent" only once the service failed to take it
        self._told = (order.order_id, phase)
        word = tr(str(LOOKS[phase].word))
        announce(self._widget, f"{word}: {money(order.amount)}", _POLITENESS[phase])


def announce(widget: QWidget, message: str, politeness: _Politeness) -> None:
    """Ask the screen reader to say ``message`` (Qt 6.8's announcement event)."""
    event = QAccessibleAnnouncementEvent(widget, message)
    event.setPoliteness(politeness)
    QAccessible.updateAccessibility(event)
