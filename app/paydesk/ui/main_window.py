"""The counter window: new payment and its QR on the left, every order on the right.

This module builds the window's first frame: the menu bar's titles, the amount
form and the idle card, from light modules only. Everything else (the watch,
the menus' actions, the payment panel, the orders list, the chime) is built
right after it, in one place: ui/window_builder.py, which ``finish_start`` loads;
it returns them as the window's :attr:`~MainWindow.parts` (ui/window_parts.py).
The first frame names no enum of PySide's ``Qt`` namespace: importing it builds
all of them; a method that needs one reads it from ``QtCore`` when it runs
(docs/performance.md).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import QByteArray, QSettings, QThreadPool, Signal
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
from paydesk.domain.failures import Remedy
from paydesk.domain.money import parse_amount
from paydesk.ui.payment.form import PaymentForm
from paydesk.ui.payment.idle_card import IdleCard
from paydesk.ui.settings.apply import SettingsControl
from paydesk.ui.shell.first_frame import AfterFirstFrame
from paydesk.ui.shell.formatting import tr, writing_language
from paydesk.ui.shell.problem_banner import Notice, ProblemBanner
from paydesk.ui.shell.window_size import ScreenFit, first_geometry, fitted

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QMessageBox

    from paydesk.core.watch.desk import OrderDesk
    from paydesk.ui.orders.panel import OrdersPanel
    from paydesk.ui.payment.customer_display import CustomerDisplay
    from paydesk.ui.payment.watch_driver import WatchDriver
    from paydesk.ui.window_parts import WindowParts

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    #: Once, right after the first frame, with the rest built: the time for what
    #: the first frame did not need.
    first_frame_done = Signal()
    #: What the first frame did not need could not be built (most often the order
    #: book would not open: a StoreError): the exception. See finish_start.
    start_failed = Signal(object)

    #: Keeps the window on its screen (made at the end of __init__).
    screen_fit: ScreenFit | None = None

    def __init__(
        self,
        runtime: Runtime,
        ui_state: QSettings,
        parent: QWidget | None = None,
        *,
        make_watch: Callable[[OrderDesk], WatchDriver] | None = None,
        pool: QThreadPool | None = None,
        log_dir: Path | None = None,
    ) -> None:
        """``make_watch``: the driver on the runtime's order book's desk; by default
        ui/payment/watch_driver.py's, with ``pool``."""
        super().__init__(parent)
        self.runtime = runtime
        self._make_watch = make_watch
        self._pool = pool
        self._started = False
        self._start_error: Exception | None = None
        self._parts: WindowParts | None = None  # the rest, once built (finish_start)
        self.customer_display: CustomerDisplay | None = None
        #: The question asked when the customer display was wanted on the only screen.
        self.one_screen_box: QMessageBox | None = None
        self._ui_state = ui_state
        self.log_dir = log_dir or runtime.paths.log_dir
        self.setWindowTitle(tr("PayDesk — demo") if runtime.is_demo else tr("PayDesk"))
        self.setGeometry(first_geometry(self.screen().availableGeometry()))

        self.form = PaymentForm()
        self.idle_card = IdleCard()  # until the payment panel takes its place
        left = QWidget()
        self.left_layout = QVBoxLayout(left)
        self.left_layout.setContentsMargins(12, 12, 12, 12)
        self.left_layout.addWidget(self.form)
        self.left_layout.addWidget(self.idle_card, 1)
        self.orders_placeholder = QWidget()  # until the orders list takes its place
        self.splitter = QSplitter()  # side by side, Qt's default
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.orders_placeholder)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setChildrenCollapsible(False)
        # The buyer's QR gets the room it needs to scan at arm's length.
        self.splitter.setSizes([540, 740])

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(8, 8, 8, 8)
        if runtime.is_demo:
            layout.addWidget(_demo_marker())
        layout.addWidget(self.splitter, 1)
        # In no layout: it floats over the orders list once that is built (window_builder).
        self.banner = ProblemBanner(central)
        self.setCentralWidget(central)
        bar = self.menuBar()  # its height is part of the first frame's layout
        self.menu_titles = tuple(bar.addMenu(title) for title in (
            tr("&File"), tr("&Orders"), tr("&Settings"), tr("&View"), tr("&Help")))
        self.form.submitted.connect(self._create)
        self.banner.retry_requested.connect(self._retry)
        self._restore_state()
        # Whatever it shows later (a looked-up order, an error), it stays on its screen.
        self.screen_fit = ScreenFit(self, watch=True)
        self.statusBar().showMessage(
            tr("Service: {0}").format(runtime.settings.base_url or tr("not set up"))
        )
        # Settings… and Play sounds; what the settings change follows each save.
        self.settings_control = SettingsControl(self, runtime)
        self.form.amount_input.setFocus()
        self._after_first_frame = AfterFirstFrame(self, self._first_frame_painted)

    # -- the rest of the window ---------------------------------------------------

    def finish_start(self) -> None:
        """Build what the first frame did without (ui/window_builder.py), once.

        Called right after the first frame; whatever asks for the watch or the
        orders list before that calls it itself. Raises what failed, again at
        every later call: a window without its order book is of no use.
        """
        if not self._started:
            self._started = True
            # The deferred imports: see the module's doc.
            from paydesk.ui import window_builder
            from paydesk.ui.window_parts import FirstFrame, WindowSlots

            frame = FirstFrame(
                window=self, runtime=self.runtime, ui_state=self._ui_state,
                log_dir=self.log_dir, form=self.form, idle_card=self.idle_card,
                left_layout=self.left_layout, splitter=self.splitter, banner=self.banner,
                menu_titles=self.menu_titles, settings_control=self.settings_control)
            slots = WindowSlots(
                show_problem=self.show_problem, new_payment=self.new_payment,
                show_to_buyer=self.show_to_buyer, back_to_sale=self.back_to_sale,
                toggle_customer_display=self._toggle_customer_display)
            try:
                self._parts = window_builder.build_parts(frame, slots, self._make_watch,
                                                         self._pool)
            except Exception as exc:
                self._start_error = exc
                raise
        if self._start_error is not None:
            raise self._start_error

    def _first_frame_painted(self) -> None:
        """Whatever fails here leaves a window of no use (no order book, no
        watching): ``start_failed`` says so, and whoever runs the window reports it."""
        try:
            self.finish_start()
        except Exception as exc:
            log.error("The window could not finish starting", exc_info=exc)
            self.start_failed.emit(exc)
            return
        self.first_frame_done.emit()

    @property
    def parts(self) -> WindowParts:
        """What the first frame did without; read before the first frame was followed by
        the rest, it builds it."""
        self.finish_start()
        assert self._parts is not None
        return self._parts

    @property
    def watch(self) -> WatchDriver:
        """What ticks the watch engine and runs its requests (started once shown)."""
        return self.parts.watch

    @property
    def orders_panel(self) -> OrdersPanel:
        return self.parts.orders_panel

    # -- actions ------------------------------------------------------------------

    def _create(self, amount: str, email: str, note: str) -> None:
        """Enter: the amount read as the window's language writes it (in English ``1,234``
        is thousands), then the sale written and sent by the engine. Bad input is said
        next to its field; nothing is written then."""
        parts = self.parts
        try:
            kopecks = parse_amount(amount, ceiling=parts.desk.max_amount,
                                   language=writing_language())
            order = parts.engine.create(kopecks, email, note)
        except InputError as error:
            self.form.show_input_error(error)
            return
        if order is None:
            return  # not taken (the book, the payment client): the banner says why
        self.form.reset(after_creation=True)
        self.banner.form_cleared()

    def show_problem(self, notice: Notice) -> None:
        """Say it in the banner, unless it is about an order no longer at the counter:
        one set aside (Esc, the next sale) is finished in the background, shown to nobody."""
        if notice.order_id is None or notice.order_id in self.parts.presenter.focused():
            self.banner.show_notice(notice)

    def _retry(self, notice: Notice) -> None:
        """The banner's button: what the notice says trying again does."""
        if notice.remedy is Remedy.SEND_AGAIN and notice.order_id is not None:
            self.parts.engine.retry_creation(notice.order_id)
        elif notice.remedy is Remedy.CREATE_AGAIN:
            self.form.submit()  # the sale still typed, through the form's checks
        elif notice.remedy is Remedy.CHECK_AGAIN:
            self.parts.engine.check_again()
            self.orders_panel.refresh()  # a read of the list that failed, too

    def new_payment(self) -> None:
        """Esc: end the sale (a creation still out is set aside) and ready the form."""
        self.parts.engine.end_sale()
        self.form.reset()
        self.banner.form_cleared()

    def show_to_buyer(self) -> None:
        """Put the order on the panel in front of the buyer, if it can still be paid."""
        if not self.parts.engine.show_to_buyer():
            self.statusBar().showMessage(
                tr("Only an order that can still be paid can be shown to the buyer."), 5000
            )

    def back_to_sale(self) -> None:
        self.parts.engine.back_to_sale()

    def _toggle_customer_display(self, on: bool) -> None:
        """View → Customer display (Ctrl+D). With one screen it would cover this window:
        the cashier is offered the buyer's tablet instead (payment/one_screen.py)."""
        if on and len(QApplication.screens()) == 1 and (
                self.customer_display is None or not self.customer_display.isVisible()):
            from paydesk.ui.payment.one_screen import offer_the_tablet

            self.parts.actions.display.setChecked(False)  # not open (yet)
            self.one_screen_box = offer_the_tablet(
                self, pair=lambda: self.settings_control.open_dialog(pairing=True),
                show_here=self.open_customer_display)
        elif on:
            self.open_customer_display()
        elif self.customer_display is not None:
            self.customer_display.close()

    def open_customer_display(self) -> CustomerDisplay:
        """The buyer's window, on the screen chosen in the settings (if it is there)."""
        # Opened by a person (or a setting), never for the first frame: imported then.
        from paydesk.ui.payment.customer_display import CustomerDisplay
        from paydesk.ui.payment.monitors import find_screen

        if self.customer_display is None:
            display = CustomerDisplay(self.runtime.settings.merchant_name,
                                      keep_clear_of=self.form)
            display.closed.connect(self._customer_display_closed)
            self.settings_control.follow_display(display)
            self.customer_display = display
        screen_name = self.runtime.settings.display_screen
        self.customer_display.place_on(find_screen(screen_name) if screen_name else None)
        self.parts.screens.attach_display(self.customer_display)  # it shows the sale
        self.parts.actions.display.setChecked(True)
        return self.customer_display

    def _customer_display_closed(self) -> None:
        self.parts.actions.display.setChecked(False)
        self.parts.screens.detach_display()

    def bring_to_front(self) -> None:
        """Another start on this data folder asked for us (ui/shell/single_instance.py).

        Un-minimise keeping a maximised window maximised (showNormal would not),
        then ask for focus; where the desktop refuses focus to a background
        process, ``alert`` flashes the task bar entry instead.
        """
        self.setWindowState(self.windowState() & ~QtCore.Qt.WindowState.WindowMinimized)
        self.show()
        self.raise_()
        self.activateWindow()
        QApplication.alert(self)

    # -- state --------------------------------------------------------------------

    def _restore_state(self) -> None:
        geometry = self._ui_state.value("window/geometry")
        if isinstance(geometry, QByteArray) and self.restoreGeometry(geometry):
            # Saved on a larger monitor: cut to this one, as the first window is.
            self.setGeometry(fitted(self.geometry(), self.screen().availableGeometry()))
        splitter = self._ui_state.value("window/splitter")
        if isinstance(splitter, QByteArray):
            self.splitter.restoreState(splitter)

    def shutdown(self) -> None:
        """Stop everything that reads the order book, then close it: requests in
        flight are dropped (an unconfirmed creation resumes at the next start), and
        no timer of the list may reach the closed store."""
        self._after_first_frame.cancel()  # nothing more to build
        parts = self._parts
        if parts is None:
            return  # never started (or stopped by the failed start): nothing open
        if self.customer_display is not None:
            self.customer_display.close()  # closing it reads the book (the panel's note)
        from paydesk.ui import window_builder  # loaded already: it built the parts

        parts.screens.stop()
        parts.terminal.stop()  # first: its requests use the watch
        parts.web_screen.stop()
        window_builder.stop_parts(parts.watch, parts.shared_book, parts.book_changes,
                                  parts.orders_panel, parts.close_book)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._after_first_frame.cancel()  # closed before its first frame: nothing more to build
        if self.customer_display is not None:
            self.customer_display.close()
        self._ui_state.setValue("window/geometry", self.saveGeometry())
        self._ui_state.setValue("window/splitter", self.splitter.saveState())
        self._ui_state.sync()
        super().closeEvent(event)


def _demo_marker() -> QLabel:
    """The banner that says no real money moves."""
    marker = QLabel(tr("DEMO MODE — payments go to the built-in sandbox; no real money moves."))
    marker.setObjectName("demo_marker")  # read out as its words
    marker.setStyleSheet(
        "#demo_marker { background: #fff4d6; color: #6b4e00; border: 1px solid #e8c96b;"
        " border-radius: 6px; padding: 6px; font-weight: bold;"
        " qproperty-alignment: AlignCenter; }"
    )
    return marker
