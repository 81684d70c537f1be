"""A row of widgets that goes on to a second row when it is too narrow for one.

A row of buttons or filters in a box layout holds its window at least as wide as
all of them side by side: a longer word in Russian, a till's long name or a large
amount on a button then widens the window past a small screen. Here the row asks
only for its widest widget; given less than the whole row, the rest goes on to
the next line (Qt's flow layout example, with each line centred or its spare
width given to the widgets that expand, such as a search field).
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Widgets left to right, as many lines as the width needs.

    ``centred``: a line's spare width is split on both sides of it, unless one of its
    widgets expands horizontally (then that one takes it).
    """

    def __init__(self, parent: QWidget | None = None, *, spacing: int = 8,
                 line_spacing: int = 4, centred: bool = False) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self._line_spacing = line_spacing
        self._centred = centred
        # The height for a width, until the items or their sizes change (invalidate):
        # a layout pass asks it of every width it tries, many times over.
        self._heights: dict[int, int] = {}
        self.setContentsMargins(0, 0, 0, 0)

    # -- QLayout's item list --------------------------------------------------------

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        item = self._items.pop(index)
        self.invalidate()
        return item

    # -- sizes --------------------------------------------------------------------------

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation.Horizontal  # as wide as it is given; its lines' height is its own

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = self._lay_out(QRect(0, 0, width, 0), place=False)
        return height

    def invalidate(self) -> None:
        """An item came, went, showed, hid or changed its size hint: measure again."""
        self._heights.clear()
        super().invalidate()

    def sizeHint(self) -> QSize:
        """Everything on one line."""
        shown = self._shown()
        width = sum(item.sizeHint().width() for item in shown)
        width += self._spacing * max(0, len(shown) - 1)
        height = max((item.sizeHint().height() for item in shown), default=0)
        return _with_margins(QSize(width, height), self.contentsMargins())

    def minimumSize(self) -> QSize:
        """The widest widget (each on a line of its own, at worst), one line high: the
        height the width really needs comes from heightForWidth."""
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        return _with_margins(size, self.contentsMargins())

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._lay_out(rect, place=True)

    # -- laying out ---------------------------------------------------------------------

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _lines(self, width: int) -> list[list[QLayoutItem]]:
        lines: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._shown():
            wanted = item.sizeHint().width()
            if lines[-1] and used + self._spacing + wanted > width:
                lines.append([])
                used = 0
            used += (self._spacing if lines[-1] else 0) + wanted
            lines[-1].append(item)
        return [line for line in lines if line]

    def _lay_out(self, rect: QRect, *, place: bool) -> int:
        """Place the items in ``rect`` (``place``), or only measure; the height used."""
        inner = rect.marginsRemoved(self.contentsMargins())
        y = inner.y()
        for line in self._lines(inner.width()):
            widths = [min(item.sizeHint().width(), inner.width()) for item in line]
            spare = max(0, inner.width() - sum(widths) - self._spacing * (len(line) - 1))
            growing = [i for i, item in enumerate(line) if _expands(item)]
            for i in growing:
                widths[i] += spare // len(growing)
            x = inner.x() + (spare // 2 if self._centred and not growing else 0)
            height = max(item.sizeHint().height() for item in line)
            for item, width in zip(line, widths, strict=True):
                if place:
                    item.setGeometry(QRect(QPoint(x, y), QSize(width, height)))
                x += width + self._spacing
            y += height + self._line_spacing
        margins = self.contentsMargins()
        return y - self._line_spacing - inner.y() + margins.top() + margins.bottom()


def _expands(item: QLayoutItem) -> bool:
    widget = item.widget()
    return widget is not None and bool(
        widget.sizePolicy().expandingDirections() & Qt.Orientation.Horizontal)


def _with_margins(size: QSize, margins: QMargins) -> QSize:
    return QSize(size.width() + margins.left() + margins.right(),
                 size.height() + margins.top() + margins.bottom())
