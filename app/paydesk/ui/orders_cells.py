"""How an order reads in the orders list: its state as words and a colour, and local days."""

from __future__ import annotations

import enum
from datetime import UTC, datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QDate, QDateTime, QTime, QTimeZone
from PySide6.QtGui import QColor

from paydesk.clock import to_ms
from paydesk.orders import Order
from paydesk.ui.badge_kind import BadgeKind
from paydesk.ui.formatting import tr


class Shown(enum.Enum):
    """How an order's state reads in the list: the service status, or why it has none."""

    PAID = (QT_TRANSLATE_NOOP("PayDesk", "Paid"), "#1b7f3b")
    REFUSED = (QT_TRANSLATE_NOOP("PayDesk", "Refused"), "#c62828")
    EXPIRED = (QT_TRANSLATE_NOOP("PayDesk", "Expired"), "#7b7b7b")
    WAITING = (QT_TRANSLATE_NOOP("PayDesk", "Waiting"), "#b36b00")
    UNCHECKED = (QT_TRANSLATE_NOOP("PayDesk", "Check status"), "#b06000")
    NOT_SENT = (QT_TRANSLATE_NOOP("PayDesk", "Not sent"), "#8e44ad")
    ABANDONED = (QT_TRANSLATE_NOOP("PayDesk", "Abandoned"), "#7b7b7b")
    UNKNOWN = (QT_TRANSLATE_NOOP("PayDesk", "Unknown"), "#5e35b1")

    @property
    def label(self) -> str:
        return tr(str(self.value[0]))

    @property
    def colour(self) -> QColor:
        colour = _COLOURS.get(self)
        if colour is None:
            colour = _COLOURS[self] = QColor(self.value[1])
        return QColor(colour)  # a copy: the caller may change it

    @classmethod
    def of(cls, order: Order) -> Shown:
        # The badge's reading (an order the service never confirmed has "pending"
        # stored, but nobody can pay it: "Not sent", not "Waiting"), in the list's words.
        return _SHOWN_KIND.get(BadgeKind.of(order), cls.UNKNOWN)


_COLOURS: dict[Shown, QColor] = {}

_SHOWN_KIND: dict[BadgeKind, Shown] = {
    BadgeKind.PAID: Shown.PAID,
    BadgeKind.REFUSED: Shown.REFUSED,
    BadgeKind.EXPIRED: Shown.EXPIRED,
    BadgeKind.PENDING: Shown.WAITING,
    BadgeKind.UNCHECKED: Shown.UNCHECKED,
    BadgeKind.NOT_SENT: Shown.NOT_SENT,
    BadgeKind.ABANDONED: Shown.ABANDONED,
}


def status_text(order: Order) -> str:
    """The status as words; an unknown service status is shown with its raw value."""
    shown = Shown.of(order)
    if shown is Shown.UNKNOWN:
        return f"{shown.label}: {order.status.value}"
    return shown.label


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
