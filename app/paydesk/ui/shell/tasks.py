"""Run a blocking call in a worker thread and get its result back in the GUI thread.

A ``QRunnable`` carries the call to the pool; what it returned (or raised) comes
back through the window's one courier into the GUI thread (gui_thread.py). Workers
never touch widgets or the database: they only run the call and hand over what
it gave. No QObject is made per task: one made in the GUI thread and dropped in a
worker crashed the process now and then, while its result still waited in the GUI
thread's queue.

The callbacks stay in the GUI thread, in a table, until their result comes: a task
holds only its call and a number. The pool deletes a finished runnable in its worker
thread, and a callback dropped there with it (a method of a widget, a lambda holding
one) could be the last hold on a Qt object, which then went in the wrong thread.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool
from shiboken6 import isValid

from paydesk.ui.shell.gui_thread import start_here, to_gui

log = logging.getLogger(__name__)

_Callbacks = tuple[Callable[[Any], None], Callable[[BaseException], None] | None]
#: The callbacks of the tasks still out, by number; read and changed in the GUI thread only.
_waiting: dict[int, _Callbacks] = {}
_numbers = itertools.count()


class Task(QRunnable):
    def __init__(self, call: Callable[[], Any], number: int,
                 then: Callable[[Any], None] | None = None) -> None:
        super().__init__()
        self._call = call
        self.number = number
        self._then = then

    def run(self) -> None:
        try:
            result = self._call()
        except Exception as exc:  # a worker must never die silently
            log.exception("background task failed")
            to_gui(partial(_hand_over, self.number, exc, failed=True))
            return
        to_gui(partial(_hand_over, self.number, result, failed=False))
        if self._then is not None:
            try:
                self._then(result)
            except Exception:  # the result is on its way all the same
                log.exception("background task's follow-up failed")


def _hand_over(number: int, value: Any, *, failed: bool) -> None:
    """In the GUI thread: call the task's callback with ``value``, unless it is a method
    of an object Qt has deleted meanwhile (a dialog closed while its check ran): as a
    signal connected to a deleted receiver, the result goes nowhere, quietly."""
    on_done, on_error = _waiting.pop(number)
    callback = on_error if failed else on_done
    if callback is None:
        return
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, QObject) and not isValid(owner):
        return
    callback(value)


def run_task(
    pool: QThreadPool,
    call: Callable[[], Any],
    on_done: Callable[[Any], None],
    on_error: Callable[[BaseException], None] | None = None,
    then: Callable[[Any], None] | None = None,
) -> Task:
    """Start ``call`` in ``pool``; ``on_done(result)`` (or ``on_error(exception)``) runs
    later in this, the GUI, thread. ``then(result)`` runs in the worker once the result
    is on its way here (what it tells comes after it, for anyone who then asks here)."""
    start_here()
    number = next(_numbers)
    _waiting[number] = (on_done, on_error)
    task = Task(call, number, then)
    pool.start(task)
    return task
