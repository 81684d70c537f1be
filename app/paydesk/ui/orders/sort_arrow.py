"""The orders list's sort arrow, pointing the way the rows run.

Qt's header marks an ascending sort "SortDown" and a descending one "SortUp", and
Fusion draws them as ▼ and ▲: the newest order on top read "Created ▲". The
cashier reads the arrow as the list's direction (▲ smallest first, ▼ largest
first, as spreadsheets and web tables show it), so the header's style draws each
as the other.
"""

from __future__ import annotations

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QHeaderView,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionHeader,
    QWidget,
)

#: What Qt calls each sort, as the rows run.
_SWAPPED = {
    QStyleOptionHeader.SortIndicator.SortUp: QStyleOptionHeader.SortIndicator.SortDown,
    QStyleOptionHeader.SortIndicator.SortDown: QStyleOptionHeader.SortIndicator.SortUp,
}


class SortArrowStyle(QProxyStyle):
    """The application's style, with the header's sort arrows turned the rows' way."""

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption,
                      painter: QPainter, widget: QWidget | None = None) -> None:
        if (element is QStyle.PrimitiveElement.PE_IndicatorHeaderArrow
                and isinstance(option, QStyleOptionHeader)
                and option.sortIndicator in _SWAPPED):
            turned = QStyleOptionHeader(option)
            turned.sortIndicator = _SWAPPED[option.sortIndicator]
            option = turned
        super().drawPrimitive(element, option, painter, widget)


def point_the_rows_way(header: QHeaderView) -> None:
    """Draw ``header``'s sort arrow the rows' way (the style lives as long as it does)."""
    style = SortArrowStyle()
    style.setParent(header)
    header.setStyle(style)
