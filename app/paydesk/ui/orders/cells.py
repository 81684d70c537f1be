"""How an order reads in the orders list: its phase as words and a colour, and local days."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from PySide6.QtCore import QDate, QDateTime, QTime, QTimeZone
from PySide6.QtGui import QColor

from paydesk.core.book.export import PHASE_WORDS, phase_words
from paydesk.domain.clock import to_ms
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase
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


#: Every phase in the orders list: its words (core/book/export.py's PHASE_WORDS, which the
#: people's CSV and the day report say too: shorter than the badge's, as a column
#: beside seven others has the room of one or two words) and its colour. The list
#: reads its rows without a clock (a row is not repainted when a countdown ends), so a
#: pending order reads "Waiting" there until the service answers. Creating… is stored
#: as not yet confirmed while it is sent (the model knows which are out); "Check
#: status" is the badge's "Status unknown — check" cut to the action (F5, Ctrl+R);
#: Unknown is followed by the service's own word (status_text).
_ROW_COLOURS: dict[OrderPhase, str] = {
    OrderPhase.CREATING: "#8e44ad",
    OrderPhase.NOT_SENT: "#8e44ad",
    OrderPhase.PENDING: "#b36b00",
    OrderPhase.CHECKING: "#b36b00",
    OrderPhase.UNCHECKED: "#b06000",
    OrderPhase.PAID: "#1b7f3b",
    OrderPhase.REFUSED: "#c62828",
    OrderPhase.EXPIRED: "#7b7b7b",
    OrderPhase.ABANDONED: "#7b7b7b",
    OrderPhase.UNKNOWN: "#5e35b1",
}
ROWS: dict[OrderPhase, RowLook] = {
    phase: RowLook(PHASE_WORDS[phase], colour) for phase, colour in _ROW_COLOURS.items()
}

_COLOURS: dict[RowLook, QColor] = {}


def status_text(order: Order) -> str:
    """The phase as words, in the window's language; an unknown service status is shown
    with its raw value."""
    return phase_words(order, tr)


def local_day(moment: datetime) -> QDate:
    """The local calendar day ``moment`` falls on."""
    return QDateTime.fromMSecsSinceEpoch(to_ms(moment), QTimeZone.systemTimeZone()).date()


def day_start(day: QDate) -> datetime:
    """Local midnight starting ``day`` as an aware UTC datetime (Qt knows the DST rules)."""
    start = QDateTime(day, QTime(0, 0), QTimeZone.systemTimeZone())
    return datetime.fromtimestamp(start.toMSecsSinceEpoch() // 1000, UTC)  # whole seconds
