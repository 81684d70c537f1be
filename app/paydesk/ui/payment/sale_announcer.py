"""The sale's outcome, said to screen readers: paid, refused, expired, not sent.

A cashier who cannot see the panel's colour or badge hears what became of the
sale the moment it happens, once per outcome, through Qt's accessibility
announcement (the screen reader speaks it; nothing moves on the screen). A
refusal or a payment that never reached the service interrupts; a payment or
an expiry waits for a pause in what is being read.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget

from paydesk.core.counter.views import CounterScreens
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.ui.shell.formatting import money, tr

_Politeness = QAccessible.AnnouncementPoliteness

#: The outcomes worth telling, in the words of the orders list's status filter.
_WORDS: dict[OrderPhase, tuple[object, _Politeness]] = {
    OrderPhase.PAID: (QT_TRANSLATE_NOOP("PayDesk", "Paid"), _Politeness.Polite),
    OrderPhase.REFUSED: (QT_TRANSLATE_NOOP("PayDesk", "Refused"), _Politeness.Assertive),
    OrderPhase.EXPIRED: (QT_TRANSLATE_NOOP("PayDesk", "Expired"), _Politeness.Polite),
    OrderPhase.NOT_SENT: (QT_TRANSLATE_NOOP("PayDesk", "Not sent"), _Politeness.Assertive),
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
        if phase not in _WORDS or self._told == (order.order_id, phase):
            return
        if phase is OrderPhase.NOT_SENT and screens.creating:
            return  # still out: "not sent" only once the service failed to take it
        self._told = (order.order_id, phase)
        word, politeness = _WORDS[phase]
        announce(self._widget, f"{tr(str(word))}: {money(order.amount)}", politeness)


def announce(widget: QWidget, message: str, politeness: _Politeness) -> None:
    """Ask the screen reader to say ``message`` (Qt 6.8's announcement event)."""
    event = QAccessibleAnnouncementEvent(widget, message)
    event.setPoliteness(politeness)
    QAccessible.updateAccessibility(event)
