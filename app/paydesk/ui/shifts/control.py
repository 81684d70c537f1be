"""The window's shifts: the Shift menu, who is at the counter, the lock, the reports.

One owner of "who is at the counter" (:attr:`ShiftControl.at_counter`); the shift
itself is the core's (``desk.shifts``, a TillShifts, which stamps every sale).
With the ``shifts`` setting off the menu and the status line are hidden and the desk
has no gate: a one-person shop sees nothing of this. With it on:

- a sale typed outside an open shift is refused by the core (``shift_required``);
  the window then asks to open one (name and PIN) and takes the sale typed;
- at the start, with no cashier yet, the owner is created; with a shift open (a
  restart), the counter starts locked: whoever is at it signs in;
- Shift → Switch cashier, Lock the counter, the mid-shift report, Close shift (off
  the GUI thread: closer.py), Cashiers… (the owner's);
- Settings… asks for an owner's PIN first (:meth:`ShiftControl.owner_allows`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QProgressBar

from paydesk.core.events import SettingsChanged
from paydesk.core.problems import failure_of
from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.core.shifts import (
    Cashier,
    Cashiers,
    ShiftError,
    ShiftReport,
    ShiftRow,
    TillShifts,
    may_close,
    unfinished_close,
)
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.events import Problem
from paydesk.domain.failures import Remedy, ShiftFailureCode
from paydesk.support.escpos_ticket import Ticket
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.payment.form import PaymentForm
from paydesk.ui.printing.window_printing import WindowPrinting
from paydesk.ui.shell.event_bridge import EventBridge
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.messages import failure_text
from paydesk.ui.shell.problem_banner import Notice, ProblemBanner
from paydesk.ui.shell.save_dialog import SaveFolder
from paydesk.ui.shell.tasks import run_task
from paydesk.ui.shifts.cashiers_dialog import CashiersDialog
from paydesk.ui.shifts.closer import ShiftCloser
from paydesk.ui.shifts.lock import CounterCover, IdleTimer
from paydesk.ui.shifts.owner_setup import OwnerSetupDialog
from paydesk.ui.shifts.report_dialog import ShiftReportDialog
from paydesk.ui.shifts.report_text import report_ticket
from paydesk.ui.shifts.sign_in import SignInDialog

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ShiftParts:
    """What the shifts are fitted into: the window and the parts built before them."""

    window: QMainWindow
    runtime: Runtime
    desk: OrderDesk  # the order book's rules: its store, its till's shifts
    bridge: EventBridge  # the hub's events, in the GUI thread
    form: PaymentForm
    banner: ProblemBanner
    printing: WindowPrinting
    save_folder: SaveFolder
    orders: OrdersPanel  # its Cashier · shift column shows with shifts on
    before_menu: QMenu  # the Shift menu goes in front of this title (Settings)


class ShiftControl(QObject):
    #: A report's dialog was just opened (a ShiftReportDialog): the mid-shift one or a
    #: close's.
    report_shown = Signal(object)

    def __init__(self, parts: ShiftParts, pool: QThreadPool | None = None) -> None:
        super().__init__(parts.window)
        self._parts = parts
        self._pool = pool or QThreadPool.globalInstance()
        window = parts.window
        self.cashiers = Cashiers(parts.desk.store)
        #: The cashier at the counter now (None: nobody signed in).
        self.at_counter: Cashier | None = None
        #: The sign-in, report or close dialog on screen (tests and the lock read it).
        self.dialog: SignInDialog | OwnerSetupDialog | ShiftReportDialog | None = None
        self.report_dialog: ShiftReportDialog | None = None
        self._take_the_sale = False
        self._owner: Cashier | None = None
        self.last_closed: ShiftReport | None = None
        self.closer = ShiftCloser(parts.runtime, pool, parent=self)
        self.closer.progress.connect(self._close_progress)
        self.closer.closed.connect(self._closed)
        self.closer.failed.connect(self._close_failed)
        self.cover = CounterCover(window)
        self.idle = IdleTimer(self, self.lock)
        self.menu = self._build_menu()
        self.label = QLabel()
        self.label.setObjectName("shift_label")
        self.progress = QProgressBar()
        self.progress.setObjectName("close_progress")
        self.progress.setAccessibleName(tr("Closing the shift"))
        self.progress.setMaximumWidth(220)
        self.progress.hide()
        window.statusBar().addPermanentWidget(self.progress)
        window.statusBar().addPermanentWidget(self.label)
        self._unsubscribe = [
            parts.bridge.subscribe(Problem, self._on_problem),
            parts.bridge.subscribe(SettingsChanged, lambda e: self._follow(e.settings, start=True)),
        ]
        self.destroyed.connect(lambda *_: [stop() for stop in self._unsubscribe])
        self._follow(parts.runtime.settings, start=False)
        # Once the window has taken its place: the owner to create, or the lock.
        QTimer.singleShot(0, self, self.start)

    # -- building -----------------------------------------------------------------

    def _build_menu(self) -> QMenu:
        window = self._parts.window
        menu = QMenu(tr("S&hift"), window)
        menu.setObjectName("shift_menu")

        def action(text: str, shortcut: str, slot: Callable[[], object]) -> QAction:
            item = QAction(text, window)
            if shortcut:
                item.setShortcuts([QKeySequence.fromString(shortcut)])
            item.triggered.connect(slot)
            window.addAction(item)
            menu.addAction(item)
            return item

        self.open_action = action(tr("&Open shift…"), "Ctrl+Shift+O", self.open_shift)
        self.switch_action = action(tr("&Switch cashier…"), "Ctrl+Shift+U", self.switch_cashier)
        self.lock_action = action(tr("&Lock the counter"), "Ctrl+L", self.lock)
        menu.addSeparator()
        self.report_action = action(tr("&Mid-shift report…"), "Ctrl+Shift+X", self.mid_report)
        self.close_action = action(tr("&Close shift…"), "Ctrl+Shift+C", self.close_shift)
        menu.addSeparator()
        self.cashiers_action = action(tr("C&ashiers…"), "", self.manage_cashiers)
        window.menuBar().insertMenu(self._parts.before_menu.menuAction(), menu)
        return menu

    @property
    def shifts(self) -> TillShifts | None:
        """The till's shifts, as the desk stamps its sales (None: the setting is off)."""
        gate = self._parts.desk.shifts
        return gate if isinstance(gate, TillShifts) else None

    @property
    def on(self) -> bool:
        return self.shifts is not None

    def _follow(self, settings: Settings, *, start: bool) -> None:
        """The setting in force: the desk's gate, the menu, the status line, the idle lock."""
        desk = self._parts.desk
        turned_on = settings.shifts and self.shifts is None
        if settings.shifts and self.shifts is None:
            desk.shifts = TillShifts(desk.store, desk.client_id, desk.till)
        elif not settings.shifts:
            desk.shifts = None
            self.at_counter = None
            self.cover.hide()
        self.menu.menuAction().setVisible(settings.shifts)
        for item in self.menu.actions():
            item.setEnabled(settings.shifts)
        self.label.setVisible(settings.shifts)
        self._parts.orders.show_cashiers(settings.shifts)
        self.idle.set_minutes(settings.lock_after_minutes if settings.shifts else 0)
        self.show_state()
        if start and turned_on:
            self.start()

    def start(self) -> None:
        """Right after the window is built, with shifts on: the owner if there is none
        yet; the counter locked if a shift is open; else nothing until the first sale."""
        shifts = self.shifts
        if shifts is None or self.at_counter is not None or self.dialog is not None:
            return  # someone is at the counter already, or being asked for
        if not self.cashiers.exist():
            self._create_owner()
        elif shifts.current() is not None:
            interrupted = unfinished_close(shifts)
            if interrupted is not None:  # the program stopped during a close: it is open
                self._say(tr("The close of shift {0} did not finish. Close it again: "
                             "Shift → Close shift.").format(interrupted.number))
            self.lock()

    # -- what the window shows ------------------------------------------------------

    def show_state(self) -> None:
        shifts = self.shifts
        shift = None if shifts is None else shifts.current()
        if shift is None:
            text = tr("No shift open")
        elif self.at_counter is None:
            text = tr("Shift {0} · nobody signed in").format(shift.number)
        else:
            text = tr("Shift {0} · {1}").format(shift.number, self.at_counter.name)
        self.label.setText(text)
        self.label.setAccessibleName(text)
        self.switch_action.setEnabled(shift is not None)
        self.lock_action.setEnabled(shift is not None)
        self.report_action.setEnabled(shift is not None)
        self.close_action.setEnabled(shift is not None and not self.closer.busy)
        self.open_action.setEnabled(shifts is not None and shift is None)

    def _say(self, words: str) -> None:
        self._parts.window.statusBar().showMessage(words, 8000)

    def _sign_in_dialog(self, title: str, prompt: str, *, cancellable: bool = True,
                        then: Callable[[Cashier], None],
                        check: Callable[[str, str], Cashier] | None = None) -> SignInDialog:
        names = [cashier.name for cashier in self.cashiers.all()]
        preselect = self.at_counter.name if self.at_counter is not None else ""
        dialog = SignInDialog(title, prompt, names, check or self.cashiers.sign_in,
                              parent=self._parts.window, cancellable=cancellable,
                              preselect=preselect)
        dialog.signed_in.connect(then)
        dialog.finished.connect(lambda _result: self._dialog_closed(dialog))
        self.dialog = dialog
        dialog.open()  # window-modal: the watch and the buyer's screens go on
        return dialog

    def _dialog_closed(self, dialog: QObject) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    # -- the first cashier ---------------------------------------------------------

    def _create_owner(self) -> None:
        dialog = OwnerSetupDialog(self.cashiers, self._parts.window)
        dialog.created.connect(lambda owner: self._say(
            tr("{0} is the owner. Open a shift to take payments.").format(owner.name)))
        dialog.finished.connect(lambda _result: self._dialog_closed(dialog))
        self.dialog = dialog
        dialog.open()

    # -- opening, switching, locking -------------------------------------------------

    def _on_problem(self, event: Problem) -> None:
        """A sale refused for want of an open shift: ask to open one, then take it."""
        if event.failure.code == ShiftFailureCode.SHIFT_REQUIRED and self.dialog is None:
            self._take_the_sale = True
            self.open_shift()

    def open_shift(self) -> None:
        if self.shifts is None or self.dialog is not None:
            return
        if not self.cashiers.exist():
            self._create_owner()
            return
        self._sign_in_dialog(tr("Open a shift"),
                             tr("Sign in to open a shift on this till."), then=self._open_as)

    def _open_as(self, cashier: Cashier) -> None:
        shifts = self.shifts
        if shifts is None:
            return
        try:
            shift = shifts.open(cashier)
        except ShiftError as error:  # opened meanwhile (a command, another window)
            if error.code is not ShiftFailureCode.SHIFT_ALREADY_OPEN:
                raise
            shifts.hand_over(cashier)
        else:
            self._say(tr("Shift {0} is open.").format(shift.number))
        self.at_counter = cashier
        self.show_state()
        if self._take_the_sale:
            self._take_the_sale = False
            self._parts.form.submit()  # the sale that was typed, through the form's checks

    def switch_cashier(self) -> None:
        if self.shifts is None or self.shifts.current() is None or self.dialog is not None:
            return
        self._sign_in_dialog(tr("Switch cashier"),
                             tr("The next cashier signs in: the next sales are theirs."),
                             then=self._hand_over)

    def _hand_over(self, cashier: Cashier) -> None:
        shifts = self.shifts
        if shifts is None:
            return
        shifts.hand_over(cashier)
        self.at_counter = cashier
        self.cover.hide()
        self.show_state()
        self._parts.form.amount_input.setFocus()

    @property
    def locked(self) -> bool:
        return self.cover.isVisible()

    def lock(self) -> None:
        """Cover the window and ask for a PIN; watching and the buyer's screens go on."""
        if self.shifts is None or self.shifts.current() is None or self.locked:
            return
        if isinstance(self.dialog, SignInDialog):
            self.dialog.done(0)  # the lock's own sign-in takes its place
        self.cover.cover()
        self._sign_in_dialog(tr("The counter is locked"),
                             tr("Sign in to go on. Orders are still watched meanwhile."),
                             cancellable=False, then=self._hand_over)

    # -- the owner's --------------------------------------------------------------

    def owner_allows(self, what: str) -> bool:
        """With shifts on and cashiers in the book: an owner signs in (their PIN) before
        ``what``; True once they did. Asked modally: nothing of it is left half done."""
        if self.shifts is None or not self.cashiers.exist():
            return True
        names = [c.name for c in self.cashiers.all() if c.is_owner]
        dialog = SignInDialog(what, tr("Only an owner may do this: the owner's PIN, please."),
                              names, self._owner_sign_in, parent=self._parts.window)
        dialog.setObjectName("owner_pin_dialog")
        self.dialog = dialog
        signed: list[Cashier] = []
        dialog.signed_in.connect(signed.append)
        try:
            dialog.exec()
        finally:
            self.dialog = None
            dialog.deleteLater()
        self._owner = signed[0] if signed else None
        return bool(signed)

    def _owner_sign_in(self, name: str, pin: str) -> Cashier:
        return self.cashiers.require_owner(self.cashiers.sign_in(name, pin))

    def manage_cashiers(self) -> None:
        if self.shifts is None or not self.owner_allows(tr("Cashiers")):
            return
        owner = self._owner
        if owner is not None:
            dialog = CashiersDialog(self.cashiers, owner, self._parts.window)
            dialog.exec()
            dialog.deleteLater()

    # -- the reports and the close ---------------------------------------------------

    def mid_report(self) -> bool:
        """The open shift's report as it stands now (read only), computed in a worker on a
        connection of its own (5 000 orders take a while to add up; the GUI thread never
        waits), then shown. False when no shift is open."""
        shifts = self.shifts
        shift = None if shifts is None else shifts.current()
        if shifts is None or shift is None:
            return False
        runtime, number = self._parts.runtime, shift.number
        client_id, till = shifts.client_id, shifts.till

        def compute() -> ShiftReport:  # in the worker
            store = runtime.open_store_for_reading()
            try:
                return TillShifts(store, client_id, till).report(number)
            finally:
                store.close()

        def failed(error: BaseException) -> None:
            self._say(failure_text(failure_of(error)))

        run_task(self._pool, compute, self._report_ready, failed)
        return True

    def _report_ready(self, report: ShiftReport) -> None:
        if self.shifts is not None:  # not turned off meanwhile
            self._show_report(report)

    def _show_report(self, report: ShiftReport) -> ShiftReportDialog:
        parts = self._parts
        if self.report_dialog is not None:
            self.report_dialog.close()
        dialog = ShiftReportDialog(report, merchant_name=parts.runtime.settings.merchant_name,
                                   save_folder=parts.save_folder, print_ticket=self.print_ticket,
                                   parent=parts.window)
        self.report_dialog = dialog
        dialog.finished.connect(lambda _r: self._report_closed(dialog))
        dialog.open()
        self.report_shown.emit(dialog)
        return dialog

    def _report_closed(self, dialog: ShiftReportDialog) -> None:
        if self.report_dialog is dialog:
            self.report_dialog = None
        dialog.deleteLater()

    def print_ticket(self, ticket: Ticket) -> None:
        """On the receipt printer, off the GUI thread; its outcome in the printer's notice."""
        self._parts.printing.jobs.ticket(ticket, tr("The shift report was printed."))

    def close_shift(self) -> None:
        shifts = self.shifts
        if shifts is None or self.closer.busy or self.dialog is not None:
            return
        shift = shifts.current()
        if shift is None:
            return
        self._sign_in_dialog(
            tr("Close shift {0}").format(shift.number),
            tr("Sign in to close the shift: the one who opened it, or an owner. Its open "
               "orders are asked about once more; the counter stays usable meanwhile."),
            then=self._close_as, check=lambda name, pin: self._may_close(shift, name, pin))

    def _may_close(self, shift: ShiftRow, name: str, pin: str) -> Cashier:
        """The cashier signing in, if they may close ``shift`` (else ShiftError, said in
        the dialog where the PIN was typed)."""
        cashier = self.cashiers.sign_in(name, pin)
        may_close(shift, cashier, self.cashiers)
        return cashier

    def _close_as(self, cashier: Cashier) -> None:
        shifts = self.shifts
        shift = None if shifts is None else shifts.current()
        if shift is None:
            return
        try:
            may_close(shift, cashier, self.cashiers)
        except ShiftError as error:
            self._parts.banner.show_notice(Notice(failure_text(error.failure), remedy=Remedy.NONE))
            return
        self.closer.start(cashier, shift.number)
        self.progress.setRange(0, 0)
        self.progress.setFormat(tr("Closing shift {0}…").format(shift.number))
        self.progress.show()
        self.show_state()

    def _close_progress(self, checked: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(checked if total else 1)
        self.progress.setFormat(tr("Checked {0} of {1}").format(checked, total))

    def _closed(self, report: ShiftReport) -> None:
        self.progress.hide()
        self.at_counter = None
        self.show_state()
        self._say(tr("Shift {0} is closed.").format(report.number))
        self.last_closed = report
        self._show_report(report)
        if self._parts.printing.jobs.printer().is_set:
            self.print_ticket(report_ticket(report, self._parts.runtime.settings.merchant_name))

    def _close_failed(self, error: BaseException) -> None:
        self.progress.hide()
        self.show_state()
        self._parts.banner.show_notice(Notice(
            tr("The shift could not be closed: {0} It stays open; close it again.").format(
                failure_text(failure_of(error))), remedy=Remedy.NONE))
