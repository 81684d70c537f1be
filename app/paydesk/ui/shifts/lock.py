"""The locked counter: a cover over the window until a cashier signs in again.

Locking hides the window's contents behind a cover and asks for a name and PIN
(sign_in.py, with no way out but signing in). Nothing else stops: the watch goes on
checking every order, a payment that comes is recorded, and the buyer's screens (the
customer display, the paired tablets) keep what they show, since they follow the
counter's presenter, not this window's widgets. The idle lock is a single-shot timer
(Qt's timers run on the monotonic clock) restarted by every key and button press."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from paydesk.ui.shell.formatting import tr

_INPUT = frozenset({QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress,
                    QEvent.Type.Wheel, QEvent.Type.TouchBegin})


class CounterCover(QLabel):
    """What a locked window shows over its contents."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(tr("The counter is locked. Sign in to go on."), window)
        self.setObjectName("counter_cover")
        self.setAccessibleName(tr("The counter is locked"))
        self.setStyleSheet("#counter_cover { background: #eef1f4; color: #1f2933;"
                           " font-size: 20px; qproperty-alignment: AlignCenter; }")
        self.hide()
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self._fit()
        return False

    def cover(self) -> None:
        self._fit()
        self.show()
        self.raise_()

    def _fit(self) -> None:
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())


class IdleTimer(QObject):
    """Says ``timeout`` after ``minutes`` without a key or button press in the application
    (0 minutes: never)."""

    def __init__(self, parent: QObject, on_idle: Callable[[], None]) -> None:
        super().__init__(parent)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(on_idle)
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(self)

    def set_minutes(self, minutes: int) -> None:
        if minutes <= 0:
            self.timer.stop()
            self.timer.setInterval(0)
            return
        self.timer.setInterval(minutes * 60_000)
        self.timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _INPUT and self.timer.interval() > 0:
            self.timer.start()  # again from now
        return False
