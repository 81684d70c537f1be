"""The window's receipt printer: the slip, the receipt and the paid sale's receipt by itself.

Built by ui/window_builder.py when the window's parts are. Every print is a job of
:class:`~paydesk.ui.printing.printer_jobs.PrinterJobs` (off the GUI thread, within the
printer's deadline); a failed one shows the :class:`PrintNotice` under the panel with
"Print again", one that worked clears it and says so in the status bar. The settings
are read at each print (the ones in force: a printer set in Settings → Printer is used
at once). Nothing here touches an order: a printer that is off costs a notice, never
a sale.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QObject, QThreadPool
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialogButtonBox, QPushButton, QWidget

from paydesk.core.receipts.slips import SLIPS
from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.ui.orders.details import OrderDetailsDialog
from paydesk.ui.printing.print_notice import PrintNotice
from paydesk.ui.printing.printer_jobs import PrinterJobs
from paydesk.ui.settings.apply import follow_settings
from paydesk.ui.shell.formatting import tr

#: When a slip must be paid by (the desk's ``pay_before``): the time printed on it.
PayBefore = Callable[[Order], datetime]


class WindowPrinting(QObject):
    def __init__(self, runtime: Runtime, pay_before: PayBefore, *,
                 pool: QThreadPool | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._runtime = runtime
        self._pay_before = pay_before
        self.jobs = PrinterJobs(lambda: runtime.settings, pool, parent=self)
        self.notice = PrintNotice(parent)
        self.jobs.failed.connect(self.notice.show_failure)
        self.jobs.printed.connect(lambda _words: self.notice.clear())

    @property
    def is_set(self) -> bool:
        """Whether a receipt printer is set (in the settings in force)."""
        return bool(self._runtime.settings.printer)

    def follow_print_action(self, action: QAction) -> None:
        """Ctrl+P's words say where it prints (no "…": no dialog opens), as the settings
        in force do: on the receipt printer, else the page printer's dialog."""
        def name(settings: Settings) -> None:
            action.setText(tr("&Print payment slip on the receipt printer") if settings.printer
                           else tr("&Print payment slip…"))

        name(self._runtime.settings)
        follow_settings(self._runtime, self, name)

    def slip(self, order: Order) -> bool:
        """Print what fits the order on the panel on the receipt printer (Ctrl+P): its QR
        slip while it can be paid, its receipt once paid (a buyer who asks for one after
        the sale). False (nothing done) when no printer is set, for the caller to print
        the slip the page printer's way."""
        if not self.is_set:
            return False
        if phase_of(order) is OrderPhase.PAID:
            self.jobs.receipt(order)
        else:
            self.jobs.slip(order, self._pay_before(order))
        return True

    def receipt(self, order: Order) -> None:
        self.jobs.receipt(order)

    def on_paid(self, order: Order) -> None:
        """A sale seen paid: its receipt by itself when the settings say so, once
        (core/receipts/duty.py: this till's sale only, claimed in the order book)."""
        self.jobs.receipt_when_paid(
            order, lambda: self._runtime.open_store(check_whole_file=False))

    def add_buttons(self, dialog: OrderDetailsDialog) -> None:
        """"Print slip" for an order that can still be paid, "Print receipt" for a paid
        one, in an order's details (with a receipt printer set)."""
        if not self.is_set:
            return
        order = dialog.order
        phase = phase_of(order)
        if SLIPS[phase] is None and order.url:
            _button(dialog.buttons, tr("Print slip"), "print_slip_button",
                    lambda: self.slip(order))
        if phase is OrderPhase.PAID:
            _button(dialog.buttons, tr("Print receipt"), "print_receipt_button",
                    lambda: self.receipt(order))


def _button(buttons: QDialogButtonBox, text: str, name: str,
            clicked: Callable[[], object]) -> QPushButton:
    button = buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole)
    button.setObjectName(name)
    button.setAutoDefault(False)  # Enter in the dialog never prints by accident
    button.clicked.connect(lambda: clicked())
    return button
