"""How an order reads in the orders list: its phase as words and a colour, and local days.

The words and colours are paydesk.domain.phase_looks's, which a people's CSV, the day
report and the command line say too. The list reads its rows without a clock (a row is
not repainted when a countdown ends), so a pending order reads "Waiting" there until
the service answers; Creating… is stored as not yet confirmed while it is sent (the
model knows which are out).
"""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QDate, QDateTime, QTime, QTimeZone
from PySide6.QtGui import QColor

from paydesk.domain.clock import to_ms
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.domain.phase_looks import LOOKS, word_of
from paydesk.ui.shell.formatting import tr


def phase_label(phase: OrderPhase) -> str:
    """The phase's short word (paydesk.domain.phase_looks) in the window's language."""
    return tr(str(LOOKS[phase].word))


def phase_colour(phase: OrderPhase) -> QColor:
    """The colour that stands for the phase, for the list's text."""
    return QColor(LOOKS[phase].colour)


def status_text(order: Order) -> str:
    """The phase as words, in the window's language; an unknown service status is shown
    with its raw value."""
    return word_of(phase_of(order), tr, order.status.value)


def local_day(moment: datetime) -> QDate:
    """The local calendar day ``moment`` falls on."""
    return QDateTime.fromMSecsSinceEpoch(to_ms(moment), QTimeZone.systemTimeZone()).date()


def day_start(day: QDate) -> datetime:
    """Local midnight starting ``day`` as an aware UTC datetime (Qt knows the DST rules)."""
    start = QDateTime(day, QTime(0, 0), QTimeZone.systemTimeZone())
    return datetime.fromtimestamp(start.toMSecsSinceEpoch() // 1000, UTC)  # whole seconds
