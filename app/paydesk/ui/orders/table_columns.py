"""The orders table's columns and what each shows of an order.

Each column's title, its text for an order, what the book sorts it by, its
tooltip and its alignment live here, apart from :class:`OrdersModel` (which pages the
orders in from the book and answers Qt's questions with these), so that a column
reads as a whole and the model stays about loading. Their widths are
:mod:`paydesk.ui.orders.columns`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QDate, Qt

from paydesk.core.book.reader import SortColumn
from paydesk.domain.order_ids import short_id
from paydesk.domain.orders import Order
from paydesk.ui.orders.cells import local_day, status_text
from paydesk.ui.shell.formatting import local_day as local_day_text
from paydesk.ui.shell.formatting import local_time, money, tr


class Column(enum.IntEnum):
    CREATED = 0
    ORDER_ID = 1
    AMOUNT = 2
    EMAIL = 3
    NOTE = 4
    STATUS = 5
    PAID_AT = 6
    LAST_CHECKED = 7
    #: The till (counter) that took the order; shown only in a shop of several tills
    #: (the panel decides), so a single till's list reads as it always has.
    TILL = 8
    #: Who took the order, and in which shift ("Anna · 3"); shown only with the
    #: ``shifts`` setting on (the panel decides).
    CASHIER = 9

    @property
    def sort_column(self) -> SortColumn | None:
        """What the book sorts by for this column; None: the book cannot sort by it."""
        return _SORT_COLUMNS.get(self)

    @property
    def title(self) -> str:
        return tr(str(_TITLES[self]))


_SORT_COLUMNS: dict[Column, SortColumn] = {
    Column.CREATED: SortColumn.CREATED_AT,
    Column.ORDER_ID: SortColumn.ORDER_ID,
    Column.AMOUNT: SortColumn.AMOUNT,
    Column.EMAIL: SortColumn.EMAIL,
    Column.NOTE: SortColumn.NOTE,
    Column.STATUS: SortColumn.STATUS,
    Column.PAID_AT: SortColumn.PAID_AT,
    Column.LAST_CHECKED: SortColumn.LAST_CHECKED_AT,
}
COLUMN_OF_SORT = {sort: column for column, sort in _SORT_COLUMNS.items()}

# Marked for lupdate here (the marker is typed as returning object); tr() when shown.
_TITLES: dict[Column, object] = {
    Column.CREATED: QT_TRANSLATE_NOOP("PayDesk", "Created"),
    Column.ORDER_ID: QT_TRANSLATE_NOOP("PayDesk", "Order"),
    Column.AMOUNT: QT_TRANSLATE_NOOP("PayDesk", "Amount"),
    Column.EMAIL: QT_TRANSLATE_NOOP("PayDesk", "E-mail"),
    Column.NOTE: QT_TRANSLATE_NOOP("PayDesk", "Note"),
    Column.STATUS: QT_TRANSLATE_NOOP("PayDesk", "Status"),
    Column.PAID_AT: QT_TRANSLATE_NOOP("PayDesk", "Paid"),
    Column.LAST_CHECKED: QT_TRANSLATE_NOOP("PayDesk", "Last checked"),
    Column.TILL: QT_TRANSLATE_NOOP("PayDesk", "Till"),
    Column.CASHIER: QT_TRANSLATE_NOOP("PayDesk", "Cashier · shift"),
}


def _paid_text(order: Order) -> str:
    """The time alone when paid on the day it was created: the Created cell has the date.

    "≈" marks a time PayDesk saw more than a minute after the payment could have
    happened (the service does not say when a buyer paid).
    """
    if order.paid_at is None:
        return ""
    same_day = local_day(order.paid_at) == local_day(order.created_at)
    text = local_time(order.paid_at, with_date=not same_day)
    return f"≈ {text}" if order.paid_time_is_approximate else text


def _paid_tooltip(order: Order) -> str:
    paid_at = local_time(order.paid_at)
    if not order.paid_time_is_approximate:
        return paid_at
    if order.last_pending_at is None:
        return tr("Paid by {0}; when exactly is not known").format(paid_at)
    return tr("Paid between {0} and {1}").format(local_time(order.last_pending_at), paid_at)


def _checked_text(moment: datetime | None) -> str:
    """The time of a check made today (how fresh the status is); the day of an older one.

    Both fit a narrow column; the tooltip has the full date and time.
    """
    if moment is None:
        return ""
    day = local_day(moment)
    if day == QDate.currentDate():
        return local_time(moment, with_date=False)
    return local_day_text(moment.astimezone().date())


def cashier_text(order: Order) -> str:
    """"Anna · 3": the cashier and the shift; empty for an order taken without shifts."""
    if order.shift is None:
        return order.cashier
    return f"{order.cashier} · {order.shift}" if order.cashier else str(order.shift)


DISPLAY: dict[Column, Callable[[Order], str]] = {
    Column.CREATED: lambda o: local_time(o.created_at),
    Column.ORDER_ID: lambda o: short_id(o.order_id),  # the whole id in the tooltip
    Column.AMOUNT: lambda o: money(o.amount),
    Column.EMAIL: lambda o: o.email or "",
    # A note may hold line breaks; a table cell shows one line.
    Column.NOTE: lambda o: " ".join(o.note.split()),
    Column.STATUS: status_text,
    Column.PAID_AT: _paid_text,
    Column.LAST_CHECKED: lambda o: _checked_text(o.last_checked_at),
    Column.TILL: lambda o: o.till,  # empty for an order from before tills had names
    Column.CASHIER: lambda o: cashier_text(o),
}

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
ALIGNMENTS = tuple(RIGHT if column is Column.AMOUNT else LEFT for column in Column)


def tooltip(order: Order, column: Column) -> str | None:
    """Full text where the cell may be cut short or shows only the time."""
    if column is Column.ORDER_ID:
        return order.order_id  # the cell shows its short form
    if column is Column.NOTE and order.note:
        return order.note
    if column is Column.EMAIL and order.email:
        return order.email
    if column is Column.TILL and order.till:
        return order.till  # a long name may be cut short
    if column is Column.LAST_CHECKED and order.last_checked_at is not None:
        return local_time(order.last_checked_at)
    if column is Column.PAID_AT and order.paid_at is not None:
        return _paid_tooltip(order)
    return None
