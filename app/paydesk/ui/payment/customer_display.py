"""The buyer's screen: the amount, the QR, the time left and the result, large.

A second top-level window for a monitor that faces the buyer. It is a view: it
renders the buyer's part of the counter presenter's screens (``render``, a
:class:`~paydesk.core.counter.views.BuyerView`: only ever the sale, never an order
the cashier merely looks up in the list), and never touches the core. What it
shows is deliberately little, because anyone in the queue can read it: the
amount, the QR, the countdown, the result and the merchant's name; never an
e-mail, a note, an order id or another order. A screen reader reads each line as
it is shown (the amount, "Scan to pay", the time left), the code as an image named
with its amount.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
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

from paydesk.core.counter.views import BuyerState, BuyerView
from paydesk.domain.phase import OrderPhase
from paydesk.domain.phase_looks import LOOKS
from paydesk.ui.payment.monitors import show_full_screen_on, show_windowed
from paydesk.ui.shell.formatting import countdown, money, tr
from paydesk.ui.widgets.fit_label import FitLabel
from paydesk.ui.widgets.qr_widget import QrCodeWidget
from paydesk.ui.widgets.status_badge import StatusBadge

_WINDOWED = QSize(900, 700)
#: The last minute of the countdown is written in amber.
URGENT_SECONDS = 60
_RESULT_PHASES = {BuyerState.PAID: OrderPhase.PAID, BuyerState.REFUSED: OrderPhase.REFUSED,
                  BuyerState.EXPIRED: OrderPhase.EXPIRED}
#: The countdown's last minute: the colour of a phase that needs attention.
_URGENT_COLOUR = LOOKS[OrderPhase.NOT_SENT].colour

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
        self._merchant = ""
        self._state = BuyerState.IDLE
        self._screen: QScreen | None = None
        self._keep_clear_of = keep_clear_of
        self._accent = StatusBadge.accent(OrderPhase.PAID).name()
        self._result_style = ""

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
        self._switch(self._idle, BuyerState.IDLE)

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
        self.preparing_amount_label.setAccessibleDescription(tr("Amount"))
        self.preparing_label = FitLabel(
            "preparing_label", tr("Preparing payment…"), muted=True, wrap=True
        )
        self._preparing = self._page(
            "display_preparing", [self.preparing_amount_label, self.preparing_label]
        )

    def _build_pending(self) -> None:
        self.merchant_label = FitLabel("pending_merchant", muted=True)
        self.amount_label = FitLabel("amount_label", bold=True)
        self.amount_label.setAccessibleDescription(tr("Amount"))
        self.scan_label = FitLabel("scan_label", tr("Scan to pay"), wrap=True)
        self.countdown_caption = FitLabel("countdown_caption", tr("Time left"), muted=True)
        self.countdown_label = FitLabel("countdown")
        self.countdown_label.setAccessibleDescription(tr("Time left"))
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
        self.result_more_label = FitLabel("result_more", wrap=True)
        self.result_amount_label = FitLabel("result_amount")
        self.result_amount_label.setAccessibleDescription(tr("Amount"))
        self._result = self._page(
            "display_result", [self.symbol_label, self.result_label, self.result_more_label,
                               self.result_amount_label]
        )

    # -- what to show -------------------------------------------------------

    def set_merchant_name(self, name: str) -> None:
        """The settings changed: greet the buyer with the new name."""
        self._merchant = name.strip()
        self.title_label.set_full_text(self._merchant or tr("Welcome"))
        self.merchant_label.set_full_text(self._merchant)
        self._rescale()

    def show_view(self, view: BuyerView) -> None:
        """Show the buyer's part of the counter presenter's screens (core/counter/views.py):
        idle, the sale being prepared, its code with the time left, "checking", or how it
        ended. Whose sale it is and how long a result stays are the presenter's."""
        state = view.state
        if state is BuyerState.IDLE or view.amount is None:
            self._switch(self._idle, BuyerState.IDLE)
        elif state is BuyerState.PREPARING:
            self.preparing_amount_label.set_full_text(money(view.amount))
            self._switch(self._preparing, state)
        elif state is BuyerState.PENDING:
            self._show_pending(view)
        elif state is BuyerState.CHECKING:
            self._show_checking(view.amount)
        else:
            self._show_result(state, view.amount)

    def state(self) -> BuyerState:
        return self._state

    def is_idle(self) -> bool:
        return self._state is BuyerState.IDLE

    def _switch(self, page: QWidget, state: BuyerState) -> None:
        self._state = state
        if state is not BuyerState.PENDING:
            self.qr.set_text(None)  # no link of a finished order lingers in the widget
        self._stack.setCurrentWidget(page)
        self._rescale()

    def _show_pending(self, view: BuyerView) -> None:
        left = view.seconds_left
        # A second less of the same code: only the countdown is written again.
        same = (self._state is BuyerState.PENDING and self.qr.text() == view.link
                and self.countdown_label.isVisibleTo(self) == (left is not None))
        if not same:
            self.amount_label.set_full_text(money(view.amount or 0))
            self.scan_label.set_full_text(tr("Scan to pay"))
            self.qr.set_amount(money(view.amount or 0))
            self.qr.set_text(view.link)
            self.qr.set_inactive(None)
            self.countdown_caption.setVisible(left is not None)
            self.countdown_label.setVisible(left is not None)
        if left is not None:  # before the switch, which lays the texts out
            self.countdown_label.set_full_text(countdown(left))
            style = f"color: {_URGENT_COLOUR};" if left <= URGENT_SECONDS else ""
            if self.countdown_label.styleSheet() != style:
                self.countdown_label.setStyleSheet(style)
        if not same:
            self._switch(self._pending, BuyerState.PENDING)

    def _show_checking(self, amount: int) -> None:
        """Time is up by PayDesk's clock; the service has not said how it ended. The
        buyer sees the amount and "checking", never a code to scan."""
        self.amount_label.set_full_text(money(amount))
        self.qr.set_amount(money(amount))
        self.scan_label.set_full_text(tr("Checking the payment…"))
        self.countdown_caption.setVisible(False)
        self.countdown_label.setVisible(False)
        self._switch(self._pending, BuyerState.CHECKING)
        self.qr.set_inactive(tr("Checking…"), accent=StatusBadge.accent(OrderPhase.CHECKING),
                             conceal=True)

    def _show_result(self, state: BuyerState, amount: int) -> None:
        look = LOOKS[_RESULT_PHASES[state]]
        words, more = tr(str(look.buyer)), tr(str(look.buyer_more))
        self.symbol_label.set_full_text(look.symbol)
        self.result_label.set_full_text(words)
        self.result_label.setAccessibleName(f"{look.symbol} {words}")
        self.result_more_label.set_full_text(more)
        self.result_amount_label.set_full_text(money(amount))
        self._accent = look.colour
        self._switch(self._result, state)

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
            (self.result_label, 9, full), (self.result_more_label, 5, full),
            (self.result_amount_label, 5.5, full),
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
