"""SIGTERM and SIGINT close the window the way its close button does.

A Python signal handler runs only when Python code runs, and the window's
event loop is Qt's C++: so the handler only records the signal, and the
interpreter's wake-up file descriptor (``signal.set_wakeup_fd``) writes its
number into a socket pair whose other end a QSocketNotifier watches in the GUI
thread (qutebrowser's crashsignal.py does the same). The window then closes as
if the cashier had closed it: its geometry saved, requests dropped, the order
book closed, exit code 0. Not on Windows, which has no such signals for a GUI.
"""

from __future__ import annotations

import logging
import signal
import socket
import sys
from collections.abc import Callable
from types import FrameType

from PySide6.QtCore import QObject, QSocketNotifier

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class StopSignals(QObject):
    """While alive, SIGTERM and SIGINT call ``stop`` in the GUI thread."""

    def __init__(self, stop: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._stop = stop
        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
        self._previous = {number: signal.signal(number, self._noted) for number in STOP_SIGNALS}
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._woken)

    @staticmethod
    def _noted(number: int, frame: FrameType | None) -> None:
        """The Python-level handler: the wake-up byte already says which signal came."""

    def _woken(self) -> None:
        try:
            received = self._reader.recv(64)
        except BlockingIOError:
            return
        names = ", ".join(signal.Signals(number).name for number in received)
        log.info("Stopping on %s", names)
        self._stop()

    def release(self) -> None:
        """Give the signals back to what handled them before."""
        self._notifier.setEnabled(False)
        signal.set_wakeup_fd(self._previous_fd)
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        self._reader.close()
        self._writer.close()


def install_stop_signals(stop: Callable[[], object], parent: QObject) -> StopSignals | None:
    """StopSignals where the system has them (not Windows)."""
    if sys.platform == "win32":
        return None
    return StopSignals(stop, parent)
