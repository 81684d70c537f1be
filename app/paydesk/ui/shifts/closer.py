"""Closing the shift off the GUI thread, the counter still usable meanwhile.

The close (core/shifts/closing.py ``close_shift``) asks the service about every open
order of the shift and then freezes its report: seconds, maybe a minute. It runs in a
worker of the thread pool (ui/shell/tasks.py) with a connection to the order book of
its own (a connection belongs to one thread) and a desk on it; its progress (checked of
total) and its outcome come back to the GUI thread, which never waits for it. The
window's own watch hears what the close's checks wrote as it hears any other program's
writes (the book's watch)."""

from __future__ import annotations

import logging
from functools import partial

import shiboken6
from PySide6.QtCore import QObject, QThreadPool, Signal

from paydesk.core.runtime import Runtime
from paydesk.core.shifts import (
    Cashier,
    Cashiers,
    CloseProgress,
    ShiftReport,
    TillShifts,
    close_shift,
)
from paydesk.ui.shell.gui_thread import to_gui
from paydesk.ui.shell.tasks import run_task

log = logging.getLogger(__name__)


class ShiftCloser(QObject):
    #: Checked, total: the service's answers about the shift's open orders so far.
    progress = Signal(int, int)
    #: The shift's frozen report (a ShiftReport).
    closed = Signal(object)
    #: The close could not finish (the exception); the shift stays open, closing again
    #: repeats it.
    failed = Signal(object)

    def __init__(self, runtime: Runtime, pool: QThreadPool | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runtime = runtime
        self._pool = pool or QThreadPool.globalInstance()
        self.busy = False

    def start(self, by: Cashier, number: int | None = None) -> bool:
        """Close the till's open shift (or ``number``) as ``by``; False if one is running."""
        if self.busy:
            return False
        self.busy = True
        runtime = self._runtime

        def told(progress: CloseProgress) -> None:  # in the worker
            to_gui(partial(self._told, progress.checked, progress.total))

        def call() -> ShiftReport:  # in the worker, on its own connection to the book
            store = runtime.open_store(check_whole_file=False)
            try:
                desk = runtime.open_desk(store)
                shifts = desk.shifts
                assert isinstance(shifts, TillShifts), "closing a shift with shifts off"
                return close_shift(
                    shifts, desk, runtime.gateway(), by, Cashiers(store), number=number,
                    max_in_flight=runtime.settings.max_in_flight, limiter=runtime.limiter(),
                    on_progress=told)
            finally:
                store.close()

        run_task(self._pool, call, self._done, self._failed)
        return True

    def _told(self, checked: int, total: int) -> None:
        if shiboken6.isValid(self):
            self.progress.emit(checked, total)

    def _done(self, report: ShiftReport) -> None:
        self.busy = False
        self.closed.emit(report)

    def _failed(self, error: BaseException) -> None:
        self.busy = False
        log.warning("The shift could not be closed: %s", type(error).__name__)
        self.failed.emit(error)
