"""The window's one way into the GUI thread from another: ``to_gui(call)``.

No widget may be touched outside the GUI thread, and what a worker finds (a
request's outcome, the shared book's news) must be handled there. ``to_gui``
hands a call to the GUI thread: from a worker it travels as one queued signal of
one long-lived object (Picard's ``thread.to_main`` shape: no QObject per task, so
none is made in one thread and deleted in another); in the GUI thread itself it
runs at once (Qt's automatic connection is direct within one thread). The worker
tasks (tasks.py) and the event hub's bridge (event_bridge.py) both go through it.

The object is made, in the GUI thread, by the first call from it: every task is
started there, and the bridge is made there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal


class _Courier(QObject):
    carried = Signal(object)  # a callable, run in the thread this object lives in

    def __init__(self, parent: QObject | None) -> None:
        super().__init__(parent)
        self.carried.connect(self._run)

    @staticmethod
    def _run(call: Callable[[], object]) -> None:
        call()


_courier: _Courier | None = None
_made = threading.Lock()


def start_here() -> None:
    """Make the courier in this (the GUI) thread, if it is not made yet."""
    global _courier
    with _made:
        if _courier is None:
            # Owned by the application: Qt keeps it, in the GUI thread, until the end.
            _courier = _Courier(QCoreApplication.instance())


def to_gui(call: Callable[[], object]) -> None:
    """Run ``call`` in the GUI thread: at once there, else at its event loop's next turn."""
    if _courier is None:
        raise RuntimeError("to_gui before the GUI thread made its courier (start_here)")
    _courier.carried.emit(call)
