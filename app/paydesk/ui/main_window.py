"""The counter window: new payment and its QR on the left, every order on the right.

The first frame shows what the cashier needs first, the amount field. What it
does not show is built right after it (ui/shell/first_frame.py), or earlier by
whatever asks for it first: the counter (the order book and the requests,
``counter``), the menus' actions, the payment card, the orders list
(``orders_panel``) and the chime (``alerts``). Like the rest of the first
frame's widgets, the window names no enum of PySide's ``Qt`` namespace before
that: the first name read from it builds the Python enums of the whole
namespace (tests/perf/test_first_frame.py); the methods that need it import it
when they run, as do those that open a message box or a file dialog.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QLocale, QSettings, Signal
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.runtime import Runtime
from paydesk.domain.errors import InputError
from paydesk.domain.phase import OrderPhase, phase_of

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
    from PySide6.QtWidgets import QMessageBox

    from paydesk.domain.orders import Order
    from paydesk.support.sound_player import SoundPlayer
    from paydesk.ui.orders.book_watch import BookWatch
    from paydesk.ui.orders.panel import OrdersPanel
    from paydesk.ui.payment.alerts import Alerts
    from paydesk.ui.payment.counter import CounterController
    from paydesk.ui.payment.customer_display import CustomerDisplay
from paydesk.ui.payment.form import PaymentForm
from paydesk.ui.payment.panel import PaymentPanel, Place
from paydesk.ui.settings.apply import SettingsControl
from paydesk.ui.shell.first_frame import AfterFirstFrame
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.problem_banner import ProblemBanner
from paydesk.ui.widgets.built_on_first_use import built_by

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    #: Once, right after the first frame, with the counter built: the time for
    #: what the first frame did not need.
    first_frame_done = Signal()
    #: What the first frame did not need could not be built (most often the order
    #: book would not open: a StoreError): the exception. See _finish_start.
    start_failed = Signal(object)

    # The menus' actions, which the first frame does without (see _build_menus).
    export_action: QAction = built_by("_build_actions")
    new_payment_action: QAction = built_by("_build_actions")
    show_to_buyer_action: QAction = built_by("_build_actions")
    back_to_sale_action: QAction = built_by("_build_actions")
    check_selected_action: QAction = built_by("_build_actions")
    check_all_action: QAction = built_by("_build_actions")
    find_action: QAction = built_by("_build_actions")
    print_slip_action: QAction = built_by("_build_actions")
    save_slip_action: QAction = built_by("_build_actions")
    sound_action: QAction = built_by("_build_actions")
    display_action: QAction = built_by("_build_actions")

    def __init__(
        self,
        runtime: Runtime,
        make_counter: Callable[[], CounterController],
        ui_state: QSettings,
        parent: QWidget | None = None,
        *,
        log_dir: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.runtime = runtime
        self._make_counter = make_counter
        self._counter: CounterController | None = None
        self._ui_state = ui_state
        self.log_dir = log_dir or runtime.paths.log_dir
        self.setWindowTitle(tr("PayDesk — demo") if runtime.is_demo else tr("PayDesk"))
        self.resize(1280, 820)

        self.form = PaymentForm()
        # The countdowns run on the core's clock: the one the desk's expiries are on.
        self.payment_panel = PaymentPanel(clock=runtime.clock)
        self.banner = ProblemBanner()
        # The orders list comes right after the first frame (see orders_panel), with
        # the watch on what other programs change in the book.
        self._orders_panel: OrdersPanel | None = None
        self._book_watch: BookWatch | None = None

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(12, 12, 12, 12)
        left_layout.addWidget(self.form)
        left_layout.addWidget(self.payment_panel, 1)
        self.splitter = QSplitter()  # side by side, Qt's default
        self.splitter.addWidget(left)
        self.splitter.addWidget(QWidget())  # the orders list's place, until it is built
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setChildrenCollapsible(False)
        # The buyer's QR gets the room it needs to scan at arm's length.
        self.splitter.setSizes([540, 740])

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(8, 8, 8, 8)
        if runtime.is_demo:
            marker = QLabel(
                tr("DEMO MODE — payments go to the built-in sandbox; no real money moves.")
            )
            marker.setObjectName("demo_marker")
            marker.setAccessibleName("demo_marker")
            marker.setStyleSheet(
                "#demo_marker { background: #fff4d6; color: #6b4e00; border: 1px solid #e8c96b;"
                " border-radius: 6px; padding: 6px; font-weight: bold;"
                " qproperty-alignment: AlignCenter; }"
            )
            layout.addWidget(marker)
        layout.addWidget(self.banner)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)
        self.customer_display: CustomerDisplay | None = None
        # The chime and the tray message come with the orders list, after the first frame.
        self._alerts: Alerts | None = None
        self._build_menus()
        self._connect()
        self._restore_state()
        self.statusBar().showMessage(
            tr("Service: {0}").format(runtime.settings.base_url or tr("not set up"))
        )
        # Settings… and Play sounds; what the settings change follows each save.
        self.settings_control = SettingsControl(self)
        self.form.amount_input.setFocus()
        self._after_first_frame = AfterFirstFrame(self, self._finish_start)

    # -- wiring -----------------------------------------------------------------

    def _build_menus(self) -> None:
        """The menu bar and its titles, in the first frame: its height is part of the layout.

        What is in the menus comes right after it (_build_actions): QAction and
        QKeySequence bring the enums of QIcon (through QAction's overloads) and
        QKeySequence, which the first frame does without.
        """
        bar = self.menuBar()
        self._file_menu = bar.addMenu(tr("&File"))
        self._orders_menu = bar.addMenu(tr("&Orders"))
        self._settings_menu = bar.addMenu(tr("&Settings"))
        self._view_menu = bar.addMenu(tr("&View"))
        self._help_menu = bar.addMenu(tr("&Help"))
        self._actions_built = False

    def _build_actions(self) -> None:
        """The menus' actions and their shortcuts, once: right after the first frame,
        or when one of them is read first."""
        if self._actions_built:
            return
        self._actions_built = True
        from PySide6.QtGui import QKeySequence

        file_menu = self._file_menu
        self.export_action = self._action(tr("&Export shown orders as CSV…"), "Ctrl+E",
                                          self._export_csv)
        file_menu.addAction(self.export_action)
        file_menu.addAction(self._action(tr("Day &report…"), "Ctrl+Shift+R", self.open_report))
        file_menu.addSeparator()
        file_menu.addAction(self._action(tr("&Quit"), QKeySequence.StandardKey.Quit, self.close))

        orders = self._orders_menu
        self.new_payment_action = self._action(tr("&New payment"), "Esc", self.new_payment)
        self.show_to_buyer_action = self._action(tr("Show to &buyer"), "Ctrl+Shift+D",
                                                 self.show_to_buyer)
        self.back_to_sale_action = self._action(tr("Back to the &sale"),
                                                QKeySequence.StandardKey.Back, self.back_to_sale)
        self.show_to_buyer_action.setEnabled(False)
        self.back_to_sale_action.setEnabled(False)
        self.check_selected_action = self._action(
            tr("&Check selected now"), "Ctrl+R",
            lambda: self.counter.check_now(self.orders_panel.selected_order_ids()),
        )
        self.check_all_action = self._action(tr("Check &all pending now"), "F5",
                                             lambda: self.counter.check_all_pending())
        self.find_action = self._action(tr("&Find…"), QKeySequence.StandardKey.Find,
                                        lambda: self.orders_panel.focus_search())
        self.print_slip_action = self._action(tr("&Print payment slip…"),
                                              QKeySequence.StandardKey.Print, self._print_slip)
        self.save_slip_action = self._action(tr("Save payment slip as P&DF…"), None,
                                             self._save_slip_pdf)
        for action in (self.new_payment_action, self.show_to_buyer_action,
                       self.back_to_sale_action):
            orders.addAction(action)
        orders.addSeparator()
        for action in (self.check_selected_action, self.check_all_action, self.find_action):
            orders.addAction(action)
        orders.addSeparator()
        orders.addAction(self.print_slip_action)
        orders.addAction(self.save_slip_action)

        self._settings_menu.addAction(
            self._action(tr("&Settings…"), "Ctrl+,", self.settings_control.open_dialog)
        )
        self.sound_action = self._action(tr("Play &sounds"), None,
                                         self.settings_control.set_sound)
        self.sound_action.setCheckable(True)
        self.sound_action.setChecked(self.runtime.settings.sound)
        self._settings_menu.addAction(self.sound_action)
        self.display_action = self._action(tr("&Customer display"), "Ctrl+D",
                                           self._toggle_customer_display)
        self.display_action.setCheckable(True)
        self._view_menu.addAction(self.display_action)
        self._help_menu.addAction(self._action(tr("Open &log folder"), None,
                                               self.open_log_folder))
        self._help_menu.addAction(self._action(tr("&About PayDesk"), None, self.about_box))

    def _action(
        self, text: str, shortcut: str | QKeySequence.StandardKey | None, slot: object
    ) -> QAction:
        """A window-wide action (QAction's default shortcut context) in the window's menus.

        The shortcut goes in as a list: setShortcut's other overloads take Qt.Key,
        and checking them builds the enums of the whole Qt namespace (see the
        module's doc), which building the menus' actions should not cost.
        """
        from PySide6.QtGui import QAction, QKeySequence

        action = QAction(text, self)
        if isinstance(shortcut, str):
            action.setShortcuts([QKeySequence.fromString(shortcut)])
        elif shortcut is not None:
            action.setShortcuts(QKeySequence.keyBindings(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _connect(self) -> None:
        self.form.submitted.connect(self._create)
        self.banner.retry_requested.connect(self._retry)
        self.payment_panel.show_to_buyer_requested.connect(self.show_to_buyer)
        self.payment_panel.back_to_sale_requested.connect(self.back_to_sale)

    @property
    def counter(self) -> CounterController:
        """The counter, built now if the first frame has not been followed by it yet."""
        if self._counter is None:
            counter = self._make_counter()
            counter.setParent(self)
            self._counter = counter
            self._connect_counter(counter)
        return self._counter

    def _connect_counter(self, counter: CounterController) -> None:
        counter.creating_changed.connect(self.form.set_busy)
        counter.viewed_changed.connect(self._show_viewed)
        counter.sale_changed.connect(self._show_sale)
        counter.problem.connect(self.banner.show_problem)
        # A book set aside takes no order: the form closes (the banner says why).
        counter.book_lost.connect(lambda _message: self.form.setEnabled(False))
        counter.problem_cleared.connect(self.banner.clear)
        counter.order_paid.connect(self._chime_paid)
        counter.order_refused.connect(self._chime_refused)

    @property
    def alerts(self) -> Alerts:
        """The paid/refused chime and tray message, built on first use.

        Not before the first frame: the sound player looks for a player program
        (subprocess, shutil and PATH lookups), which the amount field can do without.
        """
        if self._alerts is None:
            from paydesk.support.sound_player import SoundPlayer
            from paydesk.ui.payment.alerts import Alerts

            player = SoundPlayer(enabled=self.runtime.settings.sound, fallback=QApplication.beep)
            self._alerts = Alerts(self, player)
            self.settings_control.follow_alerts(self._alerts)
        return self._alerts

    @property
    def sound_player(self) -> SoundPlayer:
        return self.alerts.player

    def _chime_paid(self, order: Order) -> None:
        self.alerts.on_paid(order)

    def _chime_refused(self, order: Order) -> None:
        self.alerts.on_refused(order)

    @property
    def orders_panel(self) -> OrdersPanel:
        """The orders list, built now if the first frame has not been followed by it yet."""
        self._ensure_orders_panel()
        assert self._orders_panel is not None
        return self._orders_panel

    def _ensure_orders_panel(self) -> None:
        if self._orders_panel is None:
            self._orders_panel = self._build_orders_panel()

    def _build_orders_panel(self) -> OrdersPanel:
        from paydesk.ui.orders.book_watch import BookWatch
        from paydesk.ui.orders.panel import OrdersPanel

        panel = OrdersPanel(self.counter.desk.book)
        # Same place, same size (the restored splitter state included).
        placeholder = self.splitter.replaceWidget(1, panel)
        self.splitter.setStretchFactor(1, 3)  # the factor lives in the widget's size policy
        if placeholder is not None:
            placeholder.deleteLater()
        counter = self.counter
        panel.problem.connect(lambda message: self.banner.show_problem(message, ""))
        counter.order_updated.connect(panel.update_order)
        counter.order_added.connect(lambda _order: panel.refresh())
        # What a command in a terminal or another till writes: the list follows it too.
        watch = self._book_watch = BookWatch(counter.desk.book, parent=self)
        watch.changed.connect(panel.book_changed)
        watch.changed.connect(counter.book_changed)
        watch.problem.connect(lambda message: self.banner.show_problem(message, ""))
        watch.start()
        # Browsing the list changes what the cashier views, never what the buyer sees.
        panel.order_activated.connect(counter.view)
        panel.show_viewed(counter.state.viewed)
        return panel

    def _finish_start(self) -> None:
        """Right after the first frame: what it did not show, in the order it is needed.

        Whatever fails here leaves a window of no use (no order book, no
        watching): ``start_failed`` says so, and whoever runs the window reports it.
        """
        try:
            self._build_actions()
            _ = self.counter
            self.payment_panel.prepare_card()
            self.form.add_clear_buttons()
            self._ensure_orders_panel()
            _ = self.alerts  # ready before the first payment comes in
        except Exception as exc:
            log.error("The window could not finish starting", exc_info=exc)
            self.start_failed.emit(exc)
            return
        self.first_frame_done.emit()
        if QApplication.windowIcon().isNull():  # run_window has set it on the application
            from paydesk.ui.shell.icon import app_icon

            self.setWindowIcon(app_icon())

    # -- actions ------------------------------------------------------------------

    def _create(self, amount: str, email: str, note: str) -> None:
        try:
            order = self.counter.create(amount, email, note)
        except InputError as error:
            self.form.show_input_error(error)
            return
        if order is None:
            return  # no payment client (settings, keychain): the banner says why
        self.form.reset()

    def _show_viewed(self, order: Order | None) -> None:
        """The cashier's panel shows the viewed order; the list's current row follows."""
        if order is None:
            self.payment_panel.show_order(None, None)
        elif order.url is None and self.counter.is_creating_order(order.order_id):
            self.payment_panel.show_creating(order.amount)
        else:
            self.payment_panel.show_order(order, self.counter.desk.policy.expires_at(order))
        if self._orders_panel is not None:
            self._orders_panel.show_viewed(order.order_id if order is not None else None)
        self._show_place()

    def _show_sale(self, order: Order | None) -> None:
        """The buyer's screen shows the sale, and only the sale."""
        self._show_on_display(order)
        self._show_place()

    def _show_place(self) -> None:
        """Tell the panel (and the actions) whether its order is the one the buyer sees."""
        counter = self.counter
        viewed, sale_id = counter.viewed, counter.state.sale
        looked_up = viewed is not None and viewed.order_id != sale_id
        can_show = looked_up and viewed is not None and counter.can_show_to_buyer(viewed)
        self.show_to_buyer_action.setEnabled(can_show)
        self.back_to_sale_action.setEnabled(looked_up and sale_id is not None)
        if viewed is None:
            return  # the panel is idle
        on_display = self.customer_display is not None and self.display_action.isChecked()
        if looked_up:
            sale = counter.sale
            self.payment_panel.set_place(
                Place.NOT_SHOWN if on_display else Place.NOT_SALE, can_show=can_show,
                sale_amount=sale.amount if sale is not None else None,
            )
        elif on_display and phase_of(viewed) in (OrderPhase.PENDING, OrderPhase.NOT_SENT):
            self.payment_panel.set_place(Place.ON_DISPLAY)  # its code, or "Preparing payment…"
        else:
            self.payment_panel.set_place(Place.SALE)

    def _retry(self, order_id: str) -> None:
        if order_id:
            self.counter.retry_creation(order_id)
        else:
            self.counter.check_all_pending()

    def new_payment(self) -> None:
        """Esc: end the sale (a creation still out is set aside) and ready the form."""
        self.counter.end_sale()
        self.form.reset()

    def show_to_buyer(self) -> None:
        """Put the order on the panel in front of the buyer, if it can still be paid."""
        if not self.counter.show_to_buyer():
            self.statusBar().showMessage(
                tr("Only an order that can still be paid can be shown to the buyer."), 5000
            )

    def back_to_sale(self) -> None:
        self.counter.back_to_sale()

    def _toggle_customer_display(self, on: bool) -> None:
        if on:
            self.open_customer_display()
        elif self.customer_display is not None:
            self.customer_display.close()

    def open_customer_display(self) -> CustomerDisplay:
        """The buyer's window, on the screen chosen in the settings (if it is there)."""
        from paydesk.ui.payment.customer_display import CustomerDisplay
        from paydesk.ui.payment.screens import find_screen

        if self.customer_display is None:
            display = CustomerDisplay(
                self.runtime.settings.merchant_name, clock=self.runtime.clock
            )
            display.closed.connect(self._customer_display_closed)
            self.settings_control.follow_display(display)
            self.customer_display = display
        screen_name = self.runtime.settings.display_screen
        self.customer_display.place_on(find_screen(screen_name) if screen_name else None)
        self._show_on_display(self.counter.sale)
        self.display_action.setChecked(True)
        self._show_place()
        return self.customer_display

    def _show_on_display(self, order: Order | None) -> None:
        if self.customer_display is not None:
            expires = self.counter.desk.policy.expires_at(order) if order else None
            self.customer_display.show_order(order, expires)

    def _customer_display_closed(self) -> None:
        self.display_action.setChecked(False)
        self._show_place()

    def _slip_order(self) -> Order | None:
        order = self.counter.viewed  # the sale's, or a looked-up order's
        if order is None:
            self.statusBar().showMessage(tr("Choose an order first."), 5000)
        return order

    def _print_slip(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        from paydesk.ui.payment.slip import print_slip

        order = self._slip_order()
        if order is None:
            return
        try:
            print_slip(self, order, merchant_name=self.runtime.settings.merchant_name,
                       expires_at=self.counter.desk.policy.expires_at(order))
        except (ValueError, OSError) as exc:
            QMessageBox.information(self, tr("Payment slip"), str(exc))

    def _save_slip_pdf(self) -> None:
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        from paydesk.ui.payment.slip import check_printable, save_slip_pdf

        order = self._slip_order()
        if order is None:
            return
        try:
            check_printable(order)
            path, _ = QFileDialog.getSaveFileName(
                self, tr("Save payment slip"), f"slip-{order.order_id}.pdf", tr("PDF (*.pdf)")
            )
            if path:
                save_slip_pdf(path, order, merchant_name=self.runtime.settings.merchant_name,
                              expires_at=self.counter.desk.policy.expires_at(order))
        except (ValueError, OSError) as exc:
            QMessageBox.information(self, tr("Payment slip"), str(exc))

    def _export_csv(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self, tr("Export orders"), "paydesk-orders.csv", tr("CSV files (*.csv)")
        )
        if not path:
            return
        try:
            self.export_csv_to(path)
        except OSError as exc:  # a folder it may not write to, a full disk, a drive gone
            from PySide6.QtWidgets import QMessageBox

            log.warning("The orders could not be exported to %s: %s", path, exc)
            QMessageBox.warning(self, tr("Could not save"), f"{path}\n\n{exc.strerror or exc}")

    def open_report(self) -> None:
        from paydesk.ui.report.dialog import ReportDialog

        dialog = ReportDialog(self.counter.desk.book, self.runtime.settings.merchant_name,
                              parent=self)
        self._ensure_orders_panel()  # and the watch, which the report follows too
        if self._book_watch is not None:
            self._book_watch.changed.connect(dialog.book_changed)
        dialog.exec()
        dialog.deleteLater()  # and with it, its connection to the watch

    def export_csv_to(self, path: str) -> int:
        """The orders the list shows, as a spreadsheet in this locale opens them."""
        from paydesk.ui.orders.csv_file import save_orders_csv

        orders = self.counter.desk.book.query(self.orders_panel.current_query())
        count = save_orders_csv(path, orders, QLocale())
        self.statusBar().showMessage(tr("Exported {0} orders to {1}").format(count, path))
        return count

    def about_box(self) -> QMessageBox:
        """Opened (window-modal), not exec()'d: orders go on being watched behind it."""
        from PySide6.QtCore import Qt

        from paydesk.ui.shell.about_box import AboutBox

        box = AboutBox(self.runtime, self.log_dir, self.sound_player.backend, parent=self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def open_log_folder(self) -> None:
        from paydesk.ui.shell.log_folder import open_log_folder

        if not open_log_folder(self.log_dir):
            self.statusBar().showMessage(tr("Could not open {0}").format(str(self.log_dir)), 8000)

    def bring_to_front(self) -> None:
        """Another start on this data folder asked for us (ui/shell/single_instance.py).

        Un-minimise keeping a maximised window maximised (showNormal would not),
        then ask for focus; where the desktop refuses focus to a background
        process, ``alert`` flashes the task bar entry instead.
        """
        from PySide6.QtCore import Qt

        self.setWindowState(self.windowState() & ~Qt.WindowState.WindowMinimized)
        self.show()
        self.raise_()
        self.activateWindow()
        QApplication.alert(self)

    # -- state --------------------------------------------------------------------

    def _restore_state(self) -> None:
        geometry = self._ui_state.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        splitter = self._ui_state.value("window/splitter")
        if isinstance(splitter, QByteArray):
            self.splitter.restoreState(splitter)

    def shutdown(self) -> None:
        """Stop everything that reads the order book, then close it: requests in
        flight are dropped (an unconfirmed creation resumes at the next start), and
        no timer of the list may reach the closed store."""
        self._after_first_frame.cancel()  # nothing more to build
        counter = self._counter
        if counter is None:
            return  # never started: no requests, no list, no open store
        if self.customer_display is not None:
            self.customer_display.close()  # closing it reads the book (the panel's note)
        counter.stop()
        if self._book_watch is not None:
            self._book_watch.stop()
        if self._orders_panel is not None:
            self._orders_panel.stop()
        counter.desk.store.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        self._after_first_frame.cancel()  # closed before its first frame: nothing more to build
        if self.customer_display is not None:
            self.customer_display.close()
        self._ui_state.setValue("window/geometry", self.saveGeometry())
        self._ui_state.setValue("window/splitter", self.splitter.saveState())
        self._ui_state.sync()
        super().closeEvent(event)
