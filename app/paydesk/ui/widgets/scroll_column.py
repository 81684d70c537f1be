"""A column of sections that scrolls when the screen is too short for it.

A long dialog (the settings: four sections, and a note on the keychain at the
first start) is taller than a 1280×800 screen, and its Save and Cancel would sit
below the edge. Put in this, its sections scroll and the buttons under it stay
in sight. Unlike a plain QScrollArea, it asks for the whole column's height (a
plain one asks for a few lines), so a screen with room shows it all, unscrolled.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QStyle, QWidget


class ScrollColumn(QScrollArea):
    """Holds ``content`` at the width it is given, scrolling it up and down only."""

    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(content)
        content.installEventFilter(self)

    def _bar_width(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)

    def sizeHint(self) -> QSize:
        """The whole column at the width it has: wrapped lines as tall as they are."""
        content = self.widget()
        if content is None:
            return super().sizeHint()
        hint = content.sizeHint()
        width = max(hint.width(), self.viewport().width())
        height = content.heightForWidth(width) if content.hasHeightForWidth() else -1
        return QSize(hint.width() + self._bar_width(), max(height, hint.height()))

    def minimumSizeHint(self) -> QSize:
        """As narrow as the column can be; a few lines high (the rest scrolls)."""
        content = self.widget()
        if content is None:
            return super().minimumSizeHint()
        lines = self.fontMetrics().height() * 6
        return QSize(content.minimumSizeHint().width() + self._bar_width(),
                     min(lines, content.minimumSizeHint().height()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest and watched is self.widget():
            # A message came or went: the column takes its new height (QScrollArea sizes
            # it at its own layout pass), and the window fits itself again.
            QCoreApplication.postEvent(self, QEvent(QEvent.Type.LayoutRequest))
            self.updateGeometry()
        return super().eventFilter(watched, event)
