"""Run a blocking call in a worker thread and get its result back in the GUI thread.

A ``QRunnable`` carries the call to the pool; what it returned (or raised) comes
back through the window's one courier into the GUI thread (gui_thread.py). Workers
never touch widgets or the database: they only run the call and hand over what
it gave. No QObject is made per task: one made in the GUI thread and dropped in a
worker crashed the process now and then, while its result still waited in the GUI
thread's queue.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool
from shiboken6 import isValid

from paydesk.ui.shell.gui_thread import start_here, to_gui

log = logging.getLogger(__name__)


class Task(QRunnable):
    def __init__(self, call: Callable[[], Any], on_done: Callable[[Any], None],
                 on_error: Callable[[BaseException], None] | None = None) -> None:
        super().__init__()
        self._call = call
        self._on_done = on_done
        self._on_error = on_error

    def run(self) -> None:
        try:
            result = self._call()
        except Exception as exc:  # a worker must never die silently
            log.exception("background task failed")
            if self._on_error is not None:
                to_gui(partial(_hand_over, self._on_error, exc))
            return
        to_gui(partial(_hand_over, self._on_done, result))


def _hand_over(callback: Callable[[Any], None], value: Any) -> None:
    """Call ``callback`` with ``value``, unless it is a method of an object Qt has
    deleted meanwhile (a dialog closed while its check ran): as a signal connected to
    a deleted receiver, the result goes nowhere, quietly."""
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, QObject) and not isValid(owner):
        return
    callback(value)


def run_task(
    pool: QThreadPool,
    call: Callable[[], Any],
    on_done: Callable[[Any], None],
    on_error: Callable[[BaseException], None] | None = None,
) -> Task:
    """Start ``call`` in ``pool``; ``on_done(result)`` (or ``on_error(exception)``) runs
    later in this, the GUI, thread."""
    start_here()
    task = Task(call, on_done, on_error)
    pool.start(task)
    return task
