"""Column widths for the orders table that follow the table's width.

The list sits beside the payment panel, so it is often narrower than its
columns' usual text. Rather than scroll sideways (hiding the paid time and
the last check), the e-mail, the note and the till give way first: their full
text is in the tooltip. The order's short id (six characters, as on the slip)
keeps its width. A column's title is never cut: no column is narrower than its
title needs (with the sort arrow, for the column sorted by), in either language.
The table asks for no less than its columns at their least (``minimumWidth``), so
the window's splitter gives it that, not the list a sideways scroll.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QHeaderView, QStyle, QStyleOptionHeader, QTableView

from paydesk.domain.phase import OrderPhase
from paydesk.ui.orders.cells import phase_label
from paydesk.ui.orders.sort_arrow import point_the_rows_way
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.shell.formatting import local_time, money

# The widest text each column usually holds, to size it for the font and language.
_SAMPLE_TIME = datetime(2026, 12, 28, 23, 59, 59, tzinfo=UTC)
_SAMPLES: dict[Column, Callable[[], str]] = {
    Column.CREATED: lambda: local_time(_SAMPLE_TIME),
    Column.ORDER_ID: lambda: "MW8Q0W",  # a short id of wide characters
    Column.AMOUNT: lambda: money(999_999_00),
    Column.EMAIL: lambda: "ivan.petrov@mail.ru",
    Column.NOTE: lambda: "2 coffees and a cake",
    Column.STATUS: lambda: max((phase_label(phase) for phase in OrderPhase), key=len),
    Column.PAID_AT: lambda: local_time(_SAMPLE_TIME, with_date=False),
    Column.LAST_CHECKED: lambda: local_time(_SAMPLE_TIME, with_date=False),
    Column.TILL: lambda: "Front counter",
    Column.CASHIER: lambda: "Alexandra · 123",
}
#: Columns that give way when the table is narrow: first down to this many average
#: characters, then, in this order, down to what their titles need.
_ELASTIC = {Column.NOTE: 14, Column.EMAIL: 10, Column.TILL: 8, Column.CASHIER: 8}
_CELL_PADDING = 12  # the cell's margins, and a little air


def title_overheads(header: QHeaderView) -> tuple[int, int]:
    """What a header section takes besides its title's text, without and with the
    sort arrow: the style's margins and arrow, as the header draws them."""
    option = QStyleOptionHeader()
    option.initFrom(header)
    option.state |= QStyle.StateFlag.State_Horizontal
    width = 400
    option.rect = QRect(0, 0, width, max(header.sizeHint().height(), header.height()))
    style = header.style()
    overheads = []
    for arrow in (QStyleOptionHeader.SortIndicator.None_,
                  QStyleOptionHeader.SortIndicator.SortDown):
        option.sortIndicator = arrow
        label = style.subElementRect(QStyle.SubElement.SE_HeaderLabel, option, header)
        overheads.append(width - label.width())
    return overheads[0], overheads[1]


class ColumnFitter(QObject):
    """Fits the columns to the table's width until the person sizes one by hand."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        # Kept as wrappers: the filter sees the viewport's events while the table is
        # being destroyed, when asking the table for them would fail.
        self._viewport = table.viewport()
        self._header = table.horizontalHeader()
        self._auto = True
        self._fitting = False
        header = table.horizontalHeader()
        # ▼ over the newest order on top: drawn, and measured here, with that style.
        point_the_rows_way(header)
        text = table.fontMetrics()
        bold = table.font()
        bold.setBold(True)  # paid statuses are bold
        bold_text = QFontMetrics(bold)
        plain, sorted_ = title_overheads(header)
        titles = header.fontMetrics()
        #: Each column's title's least width, and what the sort arrow adds to it.
        self._title = {column: titles.horizontalAdvance(column.title) + plain
                       for column in Column}
        self._arrow = sorted_ - plain
        self._cell: dict[Column, int] = {}
        for column, sample in _SAMPLES.items():
            metrics = bold_text if column is Column.STATUS else text
            self._cell[column] = metrics.horizontalAdvance(sample()) + _CELL_PADDING
        char = text.averageCharWidth()
        self._comfortable = {column: chars * char for column, chars in _ELASTIC.items()}
        header.setMinimumSectionSize(char * 4)
        self._table = table
        self._hold_width()
        self.fit(table.viewport().width())
        header.sectionResized.connect(self._section_resized)
        # The arrow moves to the column sorted by, which then needs room for it.
        header.sortIndicatorChanged.connect(self._sort_changed)
        table.viewport().installEventFilter(self)

    def title_width(self, column: Column) -> int:
        """The least width ``column`` has: its whole title, and the arrow if sorted by it."""
        arrow = self._arrow if self._header.sortIndicatorSection() == column else 0
        return self._title[column] + arrow

    @property
    def automatic(self) -> bool:
        return self._auto

    def set_shown(self, column: Column, shown: bool) -> None:
        """Show or hide ``column``, and fit again unless the person sized them by hand
        (hiding a section resizes it, which is not the person's doing)."""
        self._fitting = True
        try:
            self._header.setSectionHidden(column, not shown)
        finally:
            self._fitting = False
        self._hold_width()
        if self._auto:
            self.fit(self._viewport.width())

    def _hold_width(self) -> None:
        """The table's least width: its columns shown, the elastic ones at their titles'
        least (the sorted one's arrow included), with the frame and the scroll bar."""
        least = sum(self.title_width(column) if column in _ELASTIC
                    else max(self._cell[column], self.title_width(column))
                    for column in Column if not self._header.isSectionHidden(column))
        table = self._table
        bar = table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, table)
        table.setMinimumWidth(least + 2 * table.frameWidth() + bar)

    def fit(self, width: int) -> None:
        """Usual widths, the note taking what is left; when narrow, the elastic ones
        shrink, never below their titles.

        Only the columns shown count: a hidden one (the till's, with one till) takes
        no room.
        """
        shown = [column for column in Column if not self._header.isSectionHidden(column)]
        least = {column: self.title_width(column) for column in shown}
        widths = {column: max(self._cell[column], least[column]) for column in shown}
        elastic = [column for column in _ELASTIC if column in widths]
        comfortable = {column: min(widths[column], max(least[column],
                                                       self._comfortable[column]))
                       for column in elastic}
        over = sum(widths.values()) - width
        if over <= 0:
            if Column.NOTE in widths:
                widths[Column.NOTE] -= over  # the note takes what is left
        else:
            give = sum(widths[column] - comfortable[column] for column in elastic)
            share = min(1.0, over / give) if give else 0.0
            for column in elastic:
                widths[column] -= int((widths[column] - comfortable[column]) * share + 0.999)
            self._give_way(widths, least, width)
        self._fitting = True
        try:
            for column, size in widths.items():
                self._header.resizeSection(column, size)
        finally:
            self._fitting = False

    def _give_way(self, widths: dict[Column, int], least: dict[Column, int],
                  width: int) -> None:
        """Narrower still: the elastic columns give the rest, in turn, down to what their
        titles need (a list too narrow even for that scrolls sideways); the note takes
        any pixel left over by rounding."""
        over = sum(widths.values()) - width
        for column in _ELASTIC:
            if column not in widths:
                continue
            taken = min(max(0, over), max(0, widths[column] - least[column]))
            widths[column] -= taken
            over -= taken
        if over < 0 and Column.NOTE in widths:
            widths[Column.NOTE] -= over

    def _sort_changed(self, *_args: object) -> None:
        self._hold_width()
        if self._auto:
            self.fit(self._viewport.width())

    def _section_resized(self, *_args: object) -> None:
        if not self._fitting:
            self._auto = False  # the person's widths win from now on

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._auto and watched is self._viewport and event.type() == QEvent.Type.Resize:
            self.fit(self._viewport.width())
        return super().eventFilter(watched, event)

