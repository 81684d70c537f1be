"""A choice of tills: every till first, then each till named in the order book.

The orders list filters by it and the day report counts by it. It hides while the
book holds one till's orders or none, when there is nothing to choose, so a single
till's window looks as it always has.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from paydesk.ui.widgets.names import name_widget


class TillChoice(QWidget):
    """A label and its choice, shown or hidden together. ``combo`` holds the till's name
    as each entry's data; the first entry's is None (every till)."""

    def __init__(self, label: str, every_till: str, name: str, accessible: str, *,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox()
        name_widget(self.combo, name, accessible)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        # A till's long name is cut here (whole in the list it opens), not the window widened.
        self.combo.setMaximumWidth(self.combo.fontMetrics().averageCharWidth() * 28)
        self.combo.addItem(every_till, None)
        caption = QLabel(label)
        caption.setBuddy(self.combo)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(caption)
        row.addWidget(self.combo)
        self.setVisible(False)  # one till: nothing to choose

    def current(self) -> str | None:
        """The till chosen; None: every till."""
        data: str | None = self.combo.currentData()
        return data

    def choose(self, till: str | None) -> None:
        """Choose ``till`` if it is offered, else every till."""
        self.combo.setCurrentIndex(max(0, self.combo.findData(till)))

    def tills(self) -> list[str]:
        """The tills offered, in their order (not "every till")."""
        return [self.combo.itemData(i) for i in range(1, self.combo.count())]

    def set_tills(self, names: list[str]) -> bool:
        """Offer ``names`` (the book's named tills), keeping the one chosen, quietly;
        whether the choice changed (the till chosen is gone: every till it is then)."""
        chosen = self.current()
        offered = names if len(names) > 1 else []
        if offered != self.tills():
            blocked = self.combo.blockSignals(True)
            try:
                while self.combo.count() > 1:
                    self.combo.removeItem(1)
                for till in offered:
                    self.combo.addItem(till, till)
                self.choose(chosen)
            finally:
                self.combo.blockSignals(blocked)
        self.setVisible(bool(offered))
        return self.current() != chosen
