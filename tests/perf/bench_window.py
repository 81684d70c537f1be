"""The window in the benchmark's own process: its QApplication, and when a paint is over."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any


class Gui:
    """The QApplication of this process and helpers to wait without spinning.

    Reference cycles are collected as in the window's process: in this thread, from a
    timer (paydesk/ui/shell/gui_collector.py), and what a window's start built is left
    out of later collections once it has started (``settle``, as run_window does).
    """

    def __init__(self) -> None:
        from PySide6.QtCore import qInstallMessageHandler
        from PySide6.QtWidgets import QApplication

        from paydesk.ui.shell.gui_collector import GuiThreadCollector

        self.app = QApplication.instance() or QApplication([sys.argv[0]])
        self._previous = qInstallMessageHandler(self._message)
        self._collector = GuiThreadCollector(self.app)

    def _message(self, kind: Any, context: Any, message: str) -> None:
        # The offscreen platform says this on every top-level show; it means nothing.
        if "propagateSizeHints" not in message:
            print(message, file=sys.stderr)

    def wait(self, done: Callable[[], bool], timeout: float = 30.0, poll_ms: int = 2) -> bool:
        """Run the event loop until ``done()`` (checked every ``poll_ms``) or the timeout."""
        from PySide6.QtCore import QEventLoop, QTimer

        if done():
            return True
        loop = QEventLoop()
        timer = QTimer()
        timer.setInterval(poll_ms)
        deadline = time.monotonic() + timeout

        def check() -> None:
            if done() or time.monotonic() > deadline:
                loop.quit()

        timer.timeout.connect(check)
        timer.start()
        loop.exec()
        timer.stop()
        return done()

    def wait_for_paint(self, painted: PaintDone, timeout: float) -> bool:
        """Run the event loop until ``painted`` is stamped, or the timeout. Woken by the
        paint itself, not by polling: a timer of the benchmark's own would run Python
        every few milliseconds in the window's thread, taking the interpreter lock from
        the threads the benchmark times (the request's, making the QR)."""
        from PySide6.QtCore import QEventLoop, QTimer

        if painted.at is not None:
            return True
        loop = QEventLoop()
        limit = QTimer()
        limit.setSingleShot(True)
        limit.timeout.connect(loop.quit)
        painted.then = loop.quit
        limit.start(int(timeout * 1000))
        try:
            loop.exec()
        finally:
            painted.then = None
            limit.stop()
        return painted.at is not None

    def open_window(self, runtime: Any, *, start: bool = False) -> Any:
        from paydesk.ui.app import build_window
        from paydesk.ui.shell.gui_collector import settle

        window = build_window(runtime)
        window.resize(1280, 820)
        window.show()
        self.wait(lambda: window.windowHandle().isExposed(), timeout=10)
        if start:
            window.watch.start()
        settle()  # the window is built (and started): as run_window after its first frame
        return window

    def close_window(self, window: Any) -> None:
        import gc

        gc.unfreeze()  # what open_window settled is collected again once the window is gone
        window.close()
        window.shutdown()
        window.deleteLater()
        self.wait(lambda: False, timeout=0.05)


class PaintDone:
    """When the next paint of ``widget`` (that ``condition`` accepts) is over.

    The filter sees the widget's Paint event. By default a zero timer started
    there runs once the whole pass (the widget and its children) is painted.
    With ``own_paint`` the filter runs the widget's own paintEvent itself and
    takes the time as it returns: for a widget that paints itself whole (the QR),
    whatever else the event loop does next is not counted.
    """

    def __init__(self, widget: Any, condition: Callable[[], bool] = lambda: True,
                 *, own_paint: bool = False) -> None:
        from PySide6.QtCore import QEvent, QObject, QTimer

        watcher = self

        class _Filter(QObject):
            def eventFilter(self, watched: Any, event: Any) -> bool:
                if (watcher.armed and watched is widget and event.type() == QEvent.Type.Paint
                        and watcher.condition()):
                    watcher.armed = False
                    if own_paint:
                        widget.paintEvent(event)
                        watcher.stamp()
                        return True  # painted; Qt need not paint it again
                    QTimer.singleShot(0, watcher.stamp)
                return False

        self.widget = widget
        self.condition = condition
        self.armed = False
        self.at: float | None = None
        #: Called once the paint is stamped (Gui.wait_for_paint's way out of its loop).
        self.then: Callable[[], None] | None = None
        self._filter = _Filter()
        widget.installEventFilter(self._filter)

    def arm(self, condition: Callable[[], bool] | None = None) -> None:
        if condition is not None:
            self.condition = condition
        self.at = None
        self.armed = True

    def stamp(self) -> None:
        self.at = time.perf_counter()
        if self.then is not None:
            self.then()

    def close(self) -> None:
        self.widget.removeEventFilter(self._filter)
