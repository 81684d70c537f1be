"""Run a blocking call in a worker thread and get its result back in the GUI thread.

A ``QRunnable`` carries the call; a separate ``QObject`` carries the signals,
because a QRunnable is not a QObject and is deleted by the pool when done. The
signals object is created in the submitting (GUI) thread, so its queued
connections deliver the result there. Workers never touch widgets or the
database: they only run the call and emit what it returned.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

log = logging.getLogger(__name__)


class TaskSignals(QObject):
    finished = Signal(object)  # the call's return value
    failed = Signal(object)  # the exception it raised (a bug: the core returns outcomes)


class Task(QRunnable):
    def __init__(self, call: Callable[[], Any]) -> None:
        super().__init__()
        self._call = call
        self.signals = TaskSignals()

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
    task.signals.finished.connect(on_done)
    if on_error is not None:
        task.signals.failed.connect(on_error)
    pool.start(task)
    return task
