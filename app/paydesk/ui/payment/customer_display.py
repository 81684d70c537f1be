"""The buyer's screen: the amount, the QR, the time left and the result, large.

A second top-level window for a monitor that faces the buyer. It is a view: the
main window tells it the counter's sale (``show_order``), never an order the
cashier merely looks up in the list, and it never touches the core. What it
shows is deliberately little, because anyone in the queue can read it: the
amount, the QR, the countdown, the result and the merchant's name; never an
e-mail, a note, an order id or another order. Which screen each phase of the
sale gets is :mod:`paydesk.ui.payment.display_phases`.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QGuiApplication,
    QKeyEvent,
    QResizeEvent,
    QScreen,
)
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QLabel,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from paydesk.domain.clock import Clock, seconds_left, utc_now
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.ui.payment.display_phases import RESULTS, SCREENS, DisplayState
from paydesk.ui.payment.screens import show_full_screen_on, show_windowed
from paydesk.ui.shell.formatting import countdown, money, tr
from paydesk.ui.widgets.fit_label import FitLabel
from paydesk.ui.widgets.qr_widget import QrCodeWidget
from paydesk.ui.widgets.status_badge import StatusBadge

_WINDOWED = QSize(900, 700)
_URGENT_SECONDS = 60
_URGENT_COLOUR = "#b06000"

_STYLE = """
QFrame#display_idle { background: qlineargradient(x1: 0, y1: 0, x2: 0, y2: 1,
                      stop: 0 #e3ecfa, stop: 1 #f7f9fc); }
QFrame#display_preparing, QFrame#display_pending { background: #f3f5f8; }
QLabel { color: #202124; background: transparent; }
QLabel[muted="true"] { color: #5f6368; }
"""


class CustomerDisplay(QWidget):
    """The buyer-facing window; ``place_on`` puts it full screen on their monitor."""

    #: The window was closed (by the merchant's action or, windowed, its title bar).
    closed = Signal()

    def __init__(
        self,
        merchant_name: str,
        *,
        return_to_idle_ms: int = 6000,
        clock: Clock | None = None,
        keep_clear_of: QWidget | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """``keep_clear_of``: the cashier's form, which the display as a window on the
        cashier's screen never covers (the cashier types there while it opens)."""
        super().__init__(parent, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setObjectName("customer_display")
        self.setWindowTitle(tr("Customer display — PayDesk"))
        # The cashier keeps typing while this appears on the other monitor, and
        # the app still quits when the main window closes with this one open.
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setStyleSheet(_STYLE)
        self._clock = clock or utc_now  # None: the real time
        self._merchant = ""
        self._state = DisplayState.IDLE
        self._live_id: str | None = None  # the order the buyer is watching
        self._result_id: str | None = None  # the order whose result is on screen
        self._expires_at: datetime | None = None
        self._pending_order: Order | None = None  # the order whose countdown runs
        self._screen: QScreen | None = None
        self._keep_clear_of = keep_clear_of
        self._accent = StatusBadge.accent(OrderPhase.PAID).name()
        self._result_style = ""

        self._countdown_timer = QTimer(self)
        self._countdown_timer.setInterval(1000)
        self._countdown_timer.timeout.connect(self.refresh_countdown)
        self._return_timer = QTimer(self)
        self._return_timer.setSingleShot(True)
        self._return_timer.setInterval(return_to_idle_ms)
        self._return_timer.timeout.connect(self._show_idle)

        self._stack = QStackedWidget(self)
        self._build_idle()
        self._build_preparing()
        self._build_pending()
        self._build_result()
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        # Fonts and the QR follow the window's size, never the other way round.
        root.setSizeConstraint(QVBoxLayout.SizeConstraint.SetNoConstraint)
        root.addWidget(self._stack)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenRemoved.connect(self._screen_removed)
        self.resize(_WINDOWED)
        self.set_merchant_name(merchant_name)
        self._show_idle()

    # -- building ------------------------------------------------------------

    def _page(self, name: str, labels: list[QLabel]) -> QFrame:
        """A page of centred lines, the group centred on the screen."""
        page = QFrame()
        page.setObjectName(name)
        layout = QVBoxLayout(page)
        layout.addStretch(1)
        for label in labels:
            layout.addWidget(label, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self._stack.addWidget(page)
        return page

    def _build_idle(self) -> None:
        self.title_label = FitLabel("display_title", bold=True, wrap=True)
        self.ready_label = FitLabel("display_ready", tr("Ready"), muted=True, wrap=True)
        self._idle = self._page("display_idle", [self.title_label, self.ready_label])

    def _build_preparing(self) -> None:
        self.preparing_amount_label = FitLabel("preparing_amount", bold=True)
        self.preparing_label = FitLabel(
            "preparing_label", tr("Preparing payment…"), muted=True, wrap=True
        )
        self._preparing = self._page(
            "display_preparing", [self.preparing_amount_label, self.preparing_label]
        )

    def _build_pending(self) -> None:
        self.merchant_label = FitLabel("pending_merchant", muted=True)
        self.amount_label = FitLabel("amount_label", bold=True)
        self.amount_label.setAccessibleName(tr("Amount"))
        self.scan_label = FitLabel("scan_label", tr("Scan to pay"), wrap=True)
        self.countdown_caption = FitLabel("countdown_caption", tr("Time left"), muted=True)
        self.countdown_label = FitLabel("countdown")
        self.countdown_label.setAccessibleName(tr("Time left"))
        self.qr = QrCodeWidget()

        column = self._column = QWidget()
        texts = QVBoxLayout(column)
        texts.setContentsMargins(0, 0, 0, 0)
        texts.addWidget(self.merchant_label)
        texts.addStretch(1)
        texts.addWidget(self.amount_label)
        texts.addWidget(self.scan_label)
        self._countdown_gap = QWidget()  # its height follows the window
        texts.addWidget(self._countdown_gap)
        texts.addWidget(self.countdown_caption)
        texts.addWidget(self.countdown_label)
        texts.addStretch(1)
        self._balance = QWidget()  # as tall as the name above: the block sits mid-screen
        texts.addWidget(self._balance)
        self._pending = QFrame()
        self._pending.setObjectName("display_pending")
        self._pending_layout = QBoxLayout(QBoxLayout.Direction.LeftToRight, self._pending)
        self._pending_layout.addWidget(column, 1, Qt.AlignmentFlag.AlignVCenter)
        self._pending_layout.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignCenter)
        self._stack.addWidget(self._pending)

    def _build_result(self) -> None:
        self.symbol_label = FitLabel("result_symbol")
        self.result_label = FitLabel("result_label", bold=True, wrap=True)
        self.result_amount_label = FitLabel("result_amount")
        self._result = self._page(
            "display_result", [self.symbol_label, self.result_label, self.result_amount_label]
        )

    # -- what to show -------------------------------------------------------

    def set_merchant_name(self, name: str) -> None:
        """The settings changed: greet the buyer with the new name."""
        self._merchant = name.strip()
        self.title_label.set_full_text(self._merchant or tr("Welcome"))
        self.merchant_label.set_full_text(self._merchant)
        self._rescale()

    def show_order(self, order: Order | None, expires_at: datetime | None) -> None:
        """Show the order on the counter (None: nobody is paying) to the buyer.

        A result is shown only for the order the buyer was watching: the cashier
        opening yesterday's paid order in the list must not greet this buyer with
        someone else's amount. A result stays its full time unless a new payment
        starts, so the cashier pressing Esc at once does not cut the "thank you".
        """
        if order is not None:
            phase = phase_of(order, expires_at=expires_at, now=self._clock())
            state = SCREENS[phase].state
            if state in RESULTS:
                if order.order_id == self._live_id:
                    self._show_result(order, phase)
                    return
                if order.order_id == self._result_id:
                    return  # the same result again (a late update): the timer keeps running
            elif state is DisplayState.PENDING and order.url is not None:
                self._show_pending(order, expires_at)
                return
            elif state is DisplayState.CHECKING:
                self._show_checking(order)
                return
            elif state is DisplayState.PREPARING:
                self._show_preparing(order)
                return
        if not self._return_timer.isActive():
            self._show_idle()  # nothing for the buyer: none, abandoned, unknown, not theirs

    def state(self) -> DisplayState:
        return self._state

    def is_idle(self) -> bool:
        return self._state is DisplayState.IDLE

    def returning_to_idle(self) -> bool:
        """True while a result is on screen and the idle screen is scheduled."""
        return self._return_timer.isActive()

    def countdown_running(self) -> bool:
        return self._countdown_timer.isActive()

    def _switch(self, page: QWidget, state: DisplayState, live_id: str | None) -> None:
        self._state = state
        self._live_id = live_id
        if state not in RESULTS:
            self._result_id = None
            self._return_timer.stop()  # a new payment cancels the way back to idle
        if state is not DisplayState.PENDING:
            self._countdown_timer.stop()
            self.qr.set_text(None)  # no link of a finished order lingers in the widget
        self._stack.setCurrentWidget(page)
        self._rescale()

    def _show_idle(self) -> None:
        self._switch(self._idle, DisplayState.IDLE, None)

    def _show_preparing(self, order: Order) -> None:
        self.preparing_amount_label.set_full_text(money(order.amount))
        self._switch(self._preparing, DisplayState.PREPARING, order.order_id)

    def _show_pending(self, order: Order, expires_at: datetime | None) -> None:
        self.amount_label.set_full_text(money(order.amount))
        self.scan_label.set_full_text(tr("Scan to pay"))
        self.qr.set_text(order.url)
        self.qr.set_inactive(None)
        self._pending_order = order
        self._expires_at = expires_at
        self.countdown_caption.setVisible(expires_at is not None)
        self.countdown_label.setVisible(expires_at is not None)
        if expires_at is not None:
            self.refresh_countdown()  # before the switch, which lays the texts out
        self._switch(self._pending, DisplayState.PENDING, order.order_id)
        if expires_at is None:
            self._countdown_timer.stop()
        elif self.remaining_seconds() > 0 and not self._countdown_timer.isActive():
            self._countdown_timer.start()  # not restarted by every poll's update

    def _show_checking(self, order: Order) -> None:
        """Time is up by PayDesk's clock; the service has not said how it ended. The
        buyer sees the amount and "checking", never a code to scan."""
        self.amount_label.set_full_text(money(order.amount))
        self.scan_label.set_full_text(tr("Checking the payment…"))
        self.countdown_caption.setVisible(False)
        self.countdown_label.setVisible(False)
        self._switch(self._pending, DisplayState.CHECKING, order.order_id)
        self.qr.set_inactive(tr("Checking…"), accent=StatusBadge.accent(OrderPhase.CHECKING),
                             conceal=True)

    def _show_result(self, order: Order, phase: OrderPhase) -> None:
        screen = SCREENS[phase]
        words = tr(str(screen.words))
        self.symbol_label.set_full_text(screen.symbol)
        self.result_label.set_full_text(words)
        self.result_label.setAccessibleName(f"{screen.symbol} {words}")
        self.result_amount_label.set_full_text(money(order.amount))
        self._accent = StatusBadge.accent(phase).name()
        self._switch(self._result, screen.state, None)
        self._result_id = order.order_id
        self._return_timer.start()

    # -- countdown ------------------------------------------------------------

    def remaining_seconds(self) -> int:
        if self._expires_at is None:
            return 0
        return seconds_left(self._expires_at, self._clock())

    def refresh_countdown(self) -> None:
        """Once a second while pending. At 0:00 the code goes (no new scans) and the
        screen says "checking" until the service says how it ended."""
        remaining = self.remaining_seconds()
        self.countdown_label.set_full_text(countdown(remaining))
        style = f"color: {_URGENT_COLOUR};" if remaining <= _URGENT_SECONDS else ""
        if self.countdown_label.styleSheet() != style:
            self.countdown_label.setStyleSheet(style)
        if remaining <= 0:
            self._countdown_timer.stop()
            if self._state is DisplayState.PENDING and self._pending_order is not None:
                self.show_order(self._pending_order, self._expires_at)

    # -- placing --------------------------------------------------------------

    def place_on(self, screen: QScreen | None) -> None:
        """Full screen on ``screen``; None: a normal window on the current screen, clear
        of the cashier's form."""
        self._screen = screen
        if screen is None:
            form = self._keep_clear_of
            show_windowed(self, _WINDOWED, None if form is None else QRect(
                form.mapToGlobal(QPoint(0, 0)), form.size()))
        else:
            show_full_screen_on(self, screen)

    def _screen_removed(self, screen: QScreen) -> None:
        """The buyer's monitor went away: do not cover the cashier's screen instead."""
        if screen is self._screen and self.isVisible():
            self.place_on(None)

    # -- the buyer's side of the keyboard ---------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            event.accept()  # the buyer's side: Esc neither closes nor leaves full screen
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if event.spontaneous() and self.isFullScreen():
            event.ignore()  # Alt+F4 on the buyer's monitor; the merchant closes it
            return
        super().closeEvent(event)
        self.closed.emit()

    # -- scaling ------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._rescale()

    def _rescale(self) -> None:
        """Size every font from the window: readable from 2 m on 1080p, whole at 800x600.

        One unit is 1 % of the short side, but no more than a 16:10 screen's long
        side allows: a 4:3, square or portrait window scales down and nothing is cut off.
        """
        width, height = max(self.width(), 1), max(self.height(), 1)
        unit = min(min(width, height), max(width, height) / 1.6) / 100
        margin = round(5 * unit)
        full = width - 2 * margin
        for page, spacing in ((self._idle, 1.5), (self._preparing, 1.5), (self._result, 2.5)):
            layout = page.layout()
            if layout is not None:
                layout.setContentsMargins(margin, margin, margin, margin)
                layout.setSpacing(round(spacing * unit))
        # The symbol sits in a white disc: one shape, clear from across the room.
        disc = round(20 * unit)
        self.symbol_label.setFixedSize(disc, disc)
        self.symbol_label.fit(14 * unit, disc)
        style = (
            f"QFrame#display_result {{ background: {self._accent}; }}"
            " QLabel { color: #ffffff; }"
            f" QLabel#result_symbol {{ background: #ffffff; color: {self._accent};"
            f" border-radius: {disc // 2}px; }}"
        )
        if style != self._result_style:  # not a restyle on every resize step
            self._result_style = style
            self._result.setStyleSheet(style)

        landscape = width >= 1.2 * height
        if landscape:
            side = min(height - 2 * margin, round(width * 0.5))
            column = width - side - 3 * margin
            self._pending_layout.setDirection(QBoxLayout.Direction.LeftToRight)
            self._column.setFixedHeight(side)  # the name lines up with the code's top
        else:
            side = min(full, round(height * 0.5))
            column = full
            self._pending_layout.setDirection(QBoxLayout.Direction.TopToBottom)
            self._column.setMinimumHeight(0)
            self._column.setMaximumHeight(height)
        self.qr.setFixedSize(side, side)
        self._pending_layout.setContentsMargins(margin, margin, margin, margin)
        self._pending_layout.setSpacing(margin)
        sizes = (
            (self.title_label, 9, full), (self.ready_label, 5, full),
            (self.preparing_amount_label, 13, full), (self.preparing_label, 5, full),
            (self.result_label, 9, full), (self.result_amount_label, 5.5, full),
            (self.merchant_label, 3.5, column), (self.amount_label, 12, column),
            (self.scan_label, 5.5, column), (self.countdown_caption, 3.5, column),
            (self.countdown_label, 9, column),
        )
        for label, factor, room in sizes:
            label.fit(factor * unit, room)
        self._countdown_gap.setFixedHeight(round(7 * unit))
        self._balance.setFixedHeight(self.merchant_label.sizeHint().height())
        # Lay out now, not on the next pass: a grab right after a change shows it whole.
        shown = self._stack.currentWidget()
        for layout in (shown.layout() if shown is not None else None, self._column.layout()):
            if layout is not None:
                layout.activate()
