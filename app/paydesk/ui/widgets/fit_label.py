"""A label whose font follows the room it has: the customer display's big texts."""

from __future__ import annotations

import math

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QLabel, QSizePolicy

#: The smallest text size, in pixels: below it a text is elided instead.
MIN_PIXELS = 14


class FitLabel(QLabel):
    """Centred text whose font follows the window: as large as asked, never wider
    than its room. A ``wrap`` label takes two lines rather than shrink much (the
    Russian "Scan to pay" is three times as long); a line that cannot fit even
    at the smallest size is elided (a merchant name no screen could hold).

    A screen reader is told the whole text, as one line, whatever the label shows."""

    def __init__(self, name: str, text: str = "", *, bold: bool = False,
                 muted: bool = False, wrap: bool = False) -> None:
        super().__init__(text)
        self.setObjectName(name)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setProperty("muted", muted)
        # The window gives the room; a long text must not widen the window.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._bold, self._wrap = bold, wrap
        self._full = text
        self.setAccessibleName(text)
        self._pixels = float(MIN_PIXELS)
        self._room = 0

    def minimumSizeHint(self) -> QSize:
        return QSize(0, 0)  # a font sized for a larger window must not hold it large

    def set_full_text(self, text: str) -> None:
        if text != self._full:
            self._full = text
            self.setAccessibleName(text)  # a new name is an event Qt passes on
            self.fit(self._pixels, self._room)

    def fit(self, pixels: float, room: int) -> None:
        self._pixels, self._room = pixels, room
        font = QFont(self.font())
        font.setBold(self._bold)
        lines = [self._full]
        size = self._size_for(font, lines, round(pixels), room)
        if self._wrap and size < 0.8 * pixels and " " in self._full.strip():
            halves = _halves(self._full)
            size_halved = self._size_for(font, halves, round(pixels), room)
            if size_halved > size:
                lines, size = halves, size_halved
        font.setPixelSize(size)
        self.setFont(font)
        if room > 0 and len(lines) == 1:
            lines = [QFontMetricsF(font).elidedText(lines[0], Qt.TextElideMode.ElideRight, room)]
        self.setText("\n".join(lines))

    @staticmethod
    def _size_for(font: QFont, lines: list[str], pixels: int, room: int) -> int:
        """The largest pixel size up to ``pixels`` at which every line fits ``room``."""
        size = max(MIN_PIXELS, pixels)
        probe = QFont(font)
        probe.setPixelSize(size)
        advance = max(QFontMetricsF(probe).horizontalAdvance(line) for line in lines)
        if room > 0 and advance > room:
            size = max(MIN_PIXELS, math.floor(size * room / advance))
        return size


def _halves(text: str) -> list[str]:
    """``text`` as two lines broken at the space that makes them most even."""
    words = text.split()
    cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = min(cuts, key=lambda cut: max(len(cut[0]), len(cut[1])))
    return [first, second]
