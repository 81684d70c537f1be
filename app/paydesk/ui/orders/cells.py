"""How an order reads in the orders list: its phase as words and a colour, and local days."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QDate, QDateTime, QTime, QTimeZone
from PySide6.QtGui import QColor

from paydesk.domain.clock import to_ms
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.ui.shell.formatting import tr


@dataclass(frozen=True, slots=True)
class RowLook:
    """How the orders list shows one phase: short words and a colour."""

    words: object  # marked for lupdate here (the marker is typed as returning object)
    hex_colour: str

    @property
    def label(self) -> str:
        return tr(str(self.words))

    @property
    def colour(self) -> QColor:
        colour = _COLOURS.get(self)
        if colour is None:
            colour = _COLOURS[self] = QColor(self.hex_colour)
        return QColor(colour)  # a copy: the caller may change it


#: Every phase in the orders list: shorter words than the badge's, as a column
#: beside seven others has the room of one or two words. The list reads its rows
#: without a clock (a row is not repainted when a countdown ends), so a pending
#: order reads "Waiting" there until the service answers.
ROWS: dict[OrderPhase, RowLook] = {
    # Stored as not yet confirmed while it is sent: the model knows which are out.
    OrderPhase.CREATING: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Creating…"), "#8e44ad"),
    OrderPhase.NOT_SENT: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Not sent"), "#8e44ad"),
    OrderPhase.PENDING: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Waiting"), "#b36b00"),
    OrderPhase.CHECKING: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Checking…"), "#b36b00"),
    # The badge's "Status unknown — check", cut to what the column holds: the
    # action, since that is what the cashier does about it (F5, Ctrl+R).
    OrderPhase.UNCHECKED: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Check status"), "#b06000"),
    OrderPhase.PAID: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Paid"), "#1b7f3b"),
    OrderPhase.REFUSED: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Refused"), "#c62828"),
    OrderPhase.EXPIRED: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Expired"), "#7b7b7b"),
    OrderPhase.ABANDONED: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Abandoned"), "#7b7b7b"),
    # Followed by the service's own word (status_text).
    OrderPhase.UNKNOWN: RowLook(QT_TRANSLATE_NOOP("PayDesk", "Unknown"), "#5e35b1"),
}

_COLOURS: dict[RowLook, QColor] = {}


def status_text(order: Order) -> str:
    """The phase as words; an unknown service status is shown with its raw value."""
    phase = phase_of(order)
    label = ROWS[phase].label
    return f"{label}: {order.status.value}" if phase is OrderPhase.UNKNOWN else label


def sort_ms(moment: datetime | None) -> int:
    """A time as a sortable int; a missing time sorts first, as NULL does in SQLite."""
    return -1 if moment is None else to_ms(moment)


def local_day(moment: datetime) -> QDate:
    """The local calendar day ``moment`` falls on."""
    return QDateTime.fromMSecsSinceEpoch(to_ms(moment), QTimeZone.systemTimeZone()).date()


def day_start(day: QDate) -> datetime:
    """Local midnight starting ``day`` as an aware UTC datetime (Qt knows the DST rules)."""
    start = QDateTime(day, QTime(0, 0), QTimeZone.systemTimeZone())
    return datetime.fromtimestamp(start.toMSecsSinceEpoch() // 1000, UTC)  # whole seconds
