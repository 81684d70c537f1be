"""What labels said each time a widget was painted: what a person saw with it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLabel, QWidget


class TextsAtPaint(QObject):
    """The texts of ``labels`` each time ``widget`` is painted."""

    def __init__(self, widget: QWidget, labels: tuple[QLabel, ...]) -> None:
        super().__init__(widget)
        self.seen: list[list[str]] = []
        self._labels = labels
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.seen.append([label.text() for label in self._labels])
        return False
