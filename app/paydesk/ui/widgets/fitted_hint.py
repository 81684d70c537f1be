"""A field's hint (its placeholder) that is never cut short: the longest of its
wordings that fits.

Qt cuts a placeholder that does not fit with "…" ("например, 150 или 1 …",
"Поиск: н…"), which says less than a shorter wording would. The field gets its
wordings, longest first; the first that fits the room its text has is shown,
chosen again whenever the field is resized or its font changes. The longest is
also the field's tooltip, so nothing the hint says is lost.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLineEdit, QStyle, QStyleOptionFrame

#: Qt's own space between a line edit's frame and its text (QLineEditPrivate).
_TEXT_MARGIN = 2
#: Qt cuts a hint exactly as wide as that room (measured: one pixel more draws it whole).
_ROUNDING = 1


class FittedHint(QObject):
    """Keeps ``edit``'s placeholder the longest of ``wordings`` that fits it whole."""

    def __init__(self, edit: QLineEdit, wordings: Sequence[str]) -> None:
        super().__init__(edit)
        self._edit = edit
        self._wordings: tuple[str, ...] = ()
        edit.installEventFilter(self)
        self.set_wordings(wordings)

    @property
    def wordings(self) -> tuple[str, ...]:
        return self._wordings

    def set_wordings(self, wordings: Sequence[str]) -> None:
        """A new hint (the field's state changed), longest first; the longest is the
        tooltip."""
        if not wordings:
            raise ValueError("a hint needs at least one wording")
        self._wordings = tuple(wordings)
        self._edit.setToolTip(self._wordings[0])
        self.fit()

    def room(self) -> int:
        """The width the field's text has when the hint shows: inside its frame and
        margins. The hint shows while the field is empty, when Qt hides the clear button
        and gives its room to the text."""
        edit = self._edit
        option = QStyleOptionFrame()
        edit.initStyleOption(option)
        contents = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents,
                                               option, edit)
        margins = edit.textMargins()
        return (contents.width() - margins.left() - margins.right() - 2 * _TEXT_MARGIN
                - _ROUNDING)

    def fit(self) -> None:
        """Show the longest wording that fits the room (the shortest when none does)."""
        room = self.room()
        metrics = self._edit.fontMetrics()
        chosen = next((text for text in self._wordings if metrics.horizontalAdvance(text) <= room),
                      self._wordings[-1])
        if chosen != self._edit.placeholderText():
            self._edit.setPlaceholderText(chosen)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._edit and event.type() in (QEvent.Type.Resize,
                                                      QEvent.Type.FontChange,
                                                      QEvent.Type.StyleChange):
            self.fit()
        return super().eventFilter(watched, event)
