"""Column widths for the orders table that follow the table's width.

The list sits beside the payment panel, so it is often narrower than its
columns' usual text. Rather than scroll sideways (hiding the paid time and
the last check), the e-mail and note give way first: their full text is in the
tooltip. The order's short id (six characters, as on the slip) keeps its width.
The table asks for no less than its columns at their least (``minimumWidth``),
so the window's splitter gives it that, not the list a sideways scroll.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QStyle, QTableView

from paydesk.ui.orders.cells import ROWS
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
    Column.STATUS: lambda: max((look.label for look in ROWS.values()), key=len),
    Column.PAID_AT: lambda: local_time(_SAMPLE_TIME, with_date=False),
    Column.LAST_CHECKED: lambda: local_time(_SAMPLE_TIME, with_date=False),
    Column.TILL: lambda: "Front counter",
}
# Columns that give way when the table is narrow, down to this many average characters.
_ELASTIC = {Column.EMAIL: 10, Column.NOTE: 14}
_CELL_PADDING = 12  # the cell's margins, and a little air
_SORT_ARROW = 22  # the header's sort indicator


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
        text = table.fontMetrics()
        bold = table.font()
        bold.setBold(True)  # paid statuses are bold
        bold_text = QFontMetrics(bold)
        self._natural: dict[Column, int] = {}
        for column, sample in _SAMPLES.items():
            cell = max(text.horizontalAdvance(sample()), bold_text.horizontalAdvance(sample()))
            title = header.fontMetrics().horizontalAdvance(column.title) + _SORT_ARROW
            self._natural[column] = max(cell + _CELL_PADDING, title)
        char = text.averageCharWidth()
        self._narrowest = {column: chars * char for column, chars in _ELASTIC.items()}
        header.setMinimumSectionSize(char * 4)
        self._table = table
        self._hold_width()
        self.fit(table.viewport().width())
        header.sectionResized.connect(self._section_resized)
        table.viewport().installEventFilter(self)

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
        """The table's least width: its columns shown, the elastic ones at the header's
        least, with the frame and the scroll bar."""
        least = sum(self._header.minimumSectionSize() if column in _ELASTIC else size
                    for column, size in self._natural.items()
                    if not self._header.isSectionHidden(column))
        table = self._table
        bar = table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, table)
        table.setMinimumWidth(least + 2 * table.frameWidth() + bar)

    def fit(self, width: int) -> None:
        """Usual widths, the note taking what is left; when narrow, the elastic ones shrink.

        Only the columns shown count: a hidden one (the till's, with one till) takes
        no room.
        """
        widths = {column: size for column, size in self._natural.items()
                  if not self._header.isSectionHidden(column)}
        narrowest = {column: least for column, least in self._narrowest.items()
                     if column in widths}
        elastic = sum(widths[column] for column in narrowest)
        room = width - (sum(widths.values()) - elastic)
        if room >= elastic:
            widths[Column.NOTE] += room - elastic
        else:
            least_of_all = sum(narrowest.values())
            share = max(0.0, (room - least_of_all) / max(1, elastic - least_of_all))
            for column, least in narrowest.items():
                widths[column] = least + int((widths[column] - least) * share)
            widths[Column.NOTE] += max(0, room - sum(widths[column] for column in narrowest))
            self._give_way(widths, width)
        self._fitting = True
        try:
            for column, size in widths.items():
                self._header.resizeSection(column, size)
        finally:
            self._fitting = False

    def _give_way(self, widths: dict[Column, int], width: int) -> None:
        """Narrower still than the elastic columns' least: they give the rest (the
        note first), down to the header's least, rather than the list scroll sideways."""
        over = sum(widths.values()) - width
        least = self._header.minimumSectionSize()
        for column in (Column.NOTE, Column.EMAIL):
            if over <= 0 or column not in widths:
                return
            taken = min(over, max(0, widths[column] - least))
            widths[column] -= taken
            over -= taken

    def _section_resized(self, *_args: object) -> None:
        if not self._fitting:
            self._auto = False  # the person's widths win from now on

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._auto and watched is self._viewport and event.type() == QEvent.Type.Resize:
            self.fit(self._viewport.width())
        return super().eventFilter(watched, event)

