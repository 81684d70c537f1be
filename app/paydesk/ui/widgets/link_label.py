"""The payment link as selectable text, elided in the middle when it does not fit."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QFontDatabase, QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import QLabel, QMenu, QSizePolicy

from paydesk.ui.shell.formatting import tr


class LinkLabel(QLabel):
    """The link as selectable text, elided in the middle when it does not fit.

    Copying (Ctrl+C or the context menu) always takes the whole link, even when
    what is on screen is elided; the tooltip and the accessible name hold it whole too.
    """

    #: The whole link should go to the clipboard (the panel does it and announces it).
    copy_wanted = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("payment_link")
        self.setAccessibleDescription(tr("Payment link"))
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setMinimumHeight(self.fontMetrics().height() + 10)
        self._link: str | None = None
        self.setAccessibleName(tr("No payment link yet"))

    def set_link(self, link: str | None) -> None:
        self._link = link
        self.setToolTip(link or "")
        self.setAccessibleName(link or tr("No payment link yet"))
        self._elide()

    def link(self) -> str | None:
        return self._link

    def is_elided(self) -> bool:
        return self._link is not None and self.text() != self._link

    def _elide(self) -> None:
        if self._link is None:
            self.setText("")
            return
        room = self.contentsRect().width() - 12  # the padding in the style sheet
        text = self.fontMetrics().elidedText(self._link, Qt.TextElideMode.ElideMiddle, room)
        self.setText(text if room > 0 else self._link)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Copy) and self.is_elided():
            self._copy_whole()
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if self._link is None:
            return
        menu = QMenu(self)
        menu.addAction(tr("Copy link"), self._copy_whole)
        menu.exec(event.globalPos())

    def _copy_whole(self) -> None:
        self.copy_wanted.emit()
