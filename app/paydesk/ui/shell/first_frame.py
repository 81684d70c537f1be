"""Run something once a window's first frame is on the screen.

The window shows its first frame built from light modules only, and builds the
rest right after it (ui/window_builder.py): the cashier sees the amount field
first. A window shown minimised may never paint, so a timeout runs the work
anyway.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

#: The longest to wait for a first paint (a window shown minimised may never paint).
FIRST_FRAME_WAIT_MS = 1000


class AfterFirstFrame(QObject):
    """Calls ``then`` once ``window``'s first paint pass is over, or after ``timeout_ms``.

    The timeout starts when the window is shown, not when this is made: a
    window built and never shown (a test's) runs nothing until then.
    """

    def __init__(
        self, window: QWidget, then: Callable[[], None], timeout_ms: int = FIRST_FRAME_WAIT_MS
    ) -> None:
        super().__init__(window)
        self._window = window
        self._then: Callable[[], None] | None = then
        self._timeout_ms = timeout_ms
        window.installEventFilter(self)
        if window.isVisible():
            QTimer.singleShot(timeout_ms, self, self._fire)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window:
            kind = event.type()
            if kind == QEvent.Type.Show:
                QTimer.singleShot(self._timeout_ms, self, self._fire)
            elif kind == QEvent.Type.Paint:
                self._window.removeEventFilter(self)
                # The paint pass is under way; a zero timer runs once it is over.
                QTimer.singleShot(0, self, self._fire)
        return False

    def _fire(self) -> None:
        then, self._then = self._then, None
        if then is not None:
            self._window.removeEventFilter(self)
            then()

    def cancel(self) -> None:
        self._then = None
        self._window.removeEventFilter(self)
