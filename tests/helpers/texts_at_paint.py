"""What labels said each time a widget was painted (what a person saw with it), and in
which order a widget's children were painted."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel, QWidget


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


class PaintOrder(QObject):
    """The widgets inside ``root`` (not ``root`` itself) in the order they are painted."""

    def __init__(self, root: QWidget) -> None:
        super().__init__(root)
        self.painted: list[QWidget] = []
        self._root = root
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Paint and isinstance(watched, QWidget)
                and watched is not self._root and self._root.isAncestorOf(watched)):
            self.painted.append(watched)
        return False

    def close(self) -> None:
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
