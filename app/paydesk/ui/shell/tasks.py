"""Run a blocking call in a worker thread and get its result back in the GUI thread.

A ``QRunnable`` carries the call; a separate ``QObject`` carries the signals,
because a QRunnable is not a QObject and is deleted by the pool when done. The
signals object is created in the submitting (GUI) thread, so its queued
connections deliver the result there. Workers never touch widgets or the
database: they only run the call and emit what it returned.

The signals object must also end in the GUI thread. The pool drops the runnable
in the worker thread, and with it the last Python reference to its signals
object; deleted there, while its result waits in the GUI thread's queue, it
crashed the process now and then. So the signals object is parented to the
application (Qt owns it, not a Python reference) and deleted with ``deleteLater``
once its result was delivered, by the GUI thread's event loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal

log = logging.getLogger(__name__)


class TaskSignals(QObject):
    finished = Signal(object)  # the call's return value
    failed = Signal(object)  # the exception it raised (a bug: the core returns outcomes)


class Task(QRunnable):
    def __init__(self, call: Callable[[], Any]) -> None:
        super().__init__()
        self._call = call
        # Owned by the application, in this (the GUI) thread; see the module's doc.
        self.signals = TaskSignals(QCoreApplication.instance())

    def run(self) -> None:
        try:
            result = self._call()
        except Exception as exc:  # a worker must never die silently
            log.exception("background task failed")
            self.signals.failed.emit(exc)
            return
        self.signals.finished.emit(result)


def run_task(
    pool: QThreadPool,
    call: Callable[[], Any],
    on_done: Callable[[Any], None],
    on_error: Callable[[BaseException], None] | None = None,
) -> Task:
    """Start ``call`` in ``pool``; ``on_done(result)`` runs later in this thread."""
    task = Task(call)
    signals = task.signals
    signals.finished.connect(on_done)
    if on_error is not None:
        signals.failed.connect(on_error)
    # After the callbacks above (connections run in order): the result is delivered.
    signals.finished.connect(signals.deleteLater)
    signals.failed.connect(signals.deleteLater)
    pool.start(task)
    return task
