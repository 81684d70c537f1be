"""The window's print jobs: each one off the GUI thread, its outcome back in words.

The printing is the core's (:class:`~paydesk.core.receipts.printer.CounterPrinter`, which
blocks up to its deadline); here it runs in the thread pool (ui/shell/tasks.py), so
a printer that is off, out of paper or unplugged never stalls the sale. The result
comes back on the GUI thread as :attr:`PrinterJobs.printed` or
:attr:`PrinterJobs.failed`, the latter with the words of what went wrong and how to
fix it, and a call that prints the same thing again (the notice's "Print again":
on purpose, so never through the once-only claim of an automatic receipt).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QThreadPool, Signal

from paydesk.core.receipts.duty import OpenStore, ReceiptDuty, receipt_is_due
from paydesk.core.receipts.printer import CounterPrinter, Printed
from paydesk.core.receipts.slips import NothingToPrintError
from paydesk.core.settings.values import Settings
from paydesk.domain.orders import Order
from paydesk.support.escpos_ticket import Ticket
from paydesk.support.receipt_printer import PrintError
from paydesk.ui.shell.formatting import tr, writing_language
from paydesk.ui.shell.tasks import run_task

Job = Callable[[CounterPrinter], Printed | None]


class PrinterJobs(QObject):
    #: What was printed, in words ("The slip was printed."): a job the printer took.
    printed = Signal(str)
    #: What went wrong and how to fix it; and the call that prints it again.
    failed = Signal(str, object)

    def __init__(self, settings: Callable[[], Settings], pool: QThreadPool | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings  # the settings in force, read at each job
        self._pool = pool or QThreadPool.globalInstance()
        self.busy = 0

    def printer(self, settings: Settings | None = None) -> CounterPrinter:
        """The printer of ``settings`` (the ones in force by default), in the window's words."""
        return CounterPrinter(settings or self._settings(), tr, writing_language())

    def slip(self, order: Order, expires_at: datetime | None) -> None:
        self._run(self.printer(), lambda p: p.slip(order, expires_at=expires_at),
                  tr("The payment slip was printed."))

    def receipt(self, order: Order) -> None:
        self._run(self.printer(), lambda p: p.receipt(order), tr("The receipt was printed."))

    def ticket(self, ticket: Ticket, done: str) -> None:
        """Any other ticket (a shift's report), ``done``: what is said once printed."""
        self._run(self.printer(), lambda p: p.print_ticket(ticket), done)

    def test_page(self, settings: Settings) -> None:
        """A test page on the printer of ``settings`` (the dialog's, maybe not saved yet)."""
        self._run(self.printer(settings), lambda p: p.test_page(),
                  tr("The test page was printed."))

    def receipt_when_paid(self, order: Order, open_store: OpenStore) -> None:
        """A paid sale's receipt by itself, once (core/receipts/duty.py); nothing if not due."""
        settings = self._settings()
        if not receipt_is_due(order, settings):
            return
        printer = self.printer(settings)
        duty = ReceiptDuty(open_store, printer, settings)
        self._run(printer, lambda _p: duty.print_once(order), tr("The receipt was printed."),
                  again=lambda: self.receipt(order))

    def _run(self, printer: CounterPrinter, job: Job, done: str,
             again: Callable[[], None] | None = None) -> None:
        retry = again or (lambda: self._run(printer, job, done))
        self.busy += 1

        def call() -> Printed | PrintError | NothingToPrintError | None:
            try:
                return job(printer)
            except (PrintError, NothingToPrintError) as error:
                return error  # an outcome, not a bug: said in words below

        def finished(result: Any) -> None:
            if not shiboken6.isValid(self):
                return  # its window closed while the printer had the job: nobody to tell
            self.busy -= 1
            if isinstance(result, PrintError):
                self.failed.emit(printer.problem_text(result), retry)
            elif isinstance(result, NothingToPrintError):
                self.failed.emit(tr(str(result.reason)), None)
            elif result is not None:
                self.printed.emit(done)

        def crashed(error: BaseException) -> None:
            if not shiboken6.isValid(self):
                return  # as in finished
            self.busy -= 1
            self.failed.emit(tr("The receipt printer could not print: {0}").format(error), retry)

        run_task(self._pool, call, finished, crashed)
