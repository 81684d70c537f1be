"""The payment the cashier is showing: amount, QR, link, state and time left.

A view only: it is told what to show (``show_order``, ``show_creating``) and
never calls the core or the network. The window decides which order that is
(the counter's viewed order), and tells it where that order stands with the
buyer (``set_place``): the sale in front of the buyer, or an order looked up
in the list, which a strip on top of the card says plainly, with a button to
show it to the buyer and one to go back to the sale.

The first frame shows the idle page only; the card an order is shown on (the
QR, the badge, the link and its buttons) is built with the first order, or
right after the first frame when the window calls ``prepare_card``. The idle
page names no enum of PySide's ``Qt`` namespace: the first name read from it
builds the Python enums of the whole namespace, ~15 ms of the window's start
(tests/perf/bench.py), so its labels are centred by their style sheet.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer, Signal
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.ui.shell.fonts import scale_font
from paydesk.ui.shell.formatting import countdown, local_time, money, tr
from paydesk.ui.widgets.built_on_first_use import built_by

if TYPE_CHECKING:
    from datetime import datetime

    from paydesk.domain.clock import Clock
    from paydesk.domain.orders import Order
    from paydesk.ui.widgets.link_label import LinkLabel
    from paydesk.ui.widgets.qr_widget import QrCodeWidget
    from paydesk.ui.widgets.status_badge import StatusBadge


@dataclass(frozen=True, slots=True)
class CardLook:
    """How the panel's card shows one phase, besides its badge."""

    #: What the faded code says once its link can no longer be paid (marked for
    #: lupdate here, translated when shown); None: the code is live, or there is none.
    overlay: object | None
    #: Hidden, not faded: the service may still take a payment scanned before, but
    #: nobody may scan it now (the buyer's screen shows no code either).
    conceal: bool
    #: The lines under the code, where the countdown runs while the link is live.
    words: tuple[object, ...]


#: Every phase on the payment panel's card.
CARDS: dict[OrderPhase, CardLook] = {
    OrderPhase.CREATING: CardLook(None, False, (
        QT_TRANSLATE_NOOP("PayDesk", "Asking the payment service for a link…"),
        QT_TRANSLATE_NOOP(
            "PayDesk", "Esc starts the next payment; this one is finished in the background."),
    )),
    OrderPhase.NOT_SENT: CardLook(QT_TRANSLATE_NOOP("PayDesk", "Not sent"), False, (
        QT_TRANSLATE_NOOP("PayDesk", "The payment service has not confirmed this order yet"),
    )),
    OrderPhase.PENDING: CardLook(None, False, ()),  # the countdown
    OrderPhase.CHECKING: CardLook(QT_TRANSLATE_NOOP("PayDesk", "Checking…"), True, (
        QT_TRANSLATE_NOOP("PayDesk", "Asking the payment service whether it was paid…"),
    )),
    OrderPhase.UNCHECKED: CardLook(QT_TRANSLATE_NOOP("PayDesk", "Status unknown"), True, (
        QT_TRANSLATE_NOOP("PayDesk", "No longer checked by itself: press F5 to check it"),
    )),
    OrderPhase.PAID: CardLook(QT_TRANSLATE_NOOP("PayDesk", "✓ Paid"), False, ()),  # _paid_words
    OrderPhase.REFUSED: CardLook(QT_TRANSLATE_NOOP("PayDesk", "✗ Refused"), False, (
        QT_TRANSLATE_NOOP("PayDesk", "Create a new payment to try again"),
    )),
    OrderPhase.EXPIRED: CardLook(QT_TRANSLATE_NOOP("PayDesk", "Expired"), False, (
        QT_TRANSLATE_NOOP("PayDesk", "This link has expired — create a new payment"),
    )),
    OrderPhase.ABANDONED: CardLook(QT_TRANSLATE_NOOP("PayDesk", "Not sent"), False, (
        QT_TRANSLATE_NOOP("PayDesk", "This order never reached the payment service"),
    )),
    OrderPhase.UNKNOWN: CardLook(QT_TRANSLATE_NOOP("PayDesk", "Not payable"), False, (
        QT_TRANSLATE_NOOP("PayDesk", "Check this order with the payment service"),
    )),
}
_COPIED_FEEDBACK_MS = 2000
_SAVE_FILTERS = {
    QT_TRANSLATE_NOOP("PayDesk", "PNG image (*.png)"): ".png",
    QT_TRANSLATE_NOOP("PayDesk", "SVG image (*.svg)"): ".svg",
}



class Place(enum.StrEnum):
    """Where the order on the panel stands with the buyer."""

    ON_DISPLAY = "on_display"  # the sale, on the customer display now
    SALE = "sale"  # the sale (no customer display open, or the sale is over)
    NOT_SHOWN = "not_shown"  # looked up; the customer display shows the sale, not this
    NOT_SALE = "not_sale"  # looked up; no customer display open

    @property
    def is_sale(self) -> bool:
        return self in (Place.ON_DISPLAY, Place.SALE)


_PLACE_WORDS = {
    Place.ON_DISPLAY: QT_TRANSLATE_NOOP("PayDesk", "On the buyer's screen"),
    Place.SALE: QT_TRANSLATE_NOOP("PayDesk", "Current sale"),
    Place.NOT_SHOWN: QT_TRANSLATE_NOOP("PayDesk", "Not shown to the buyer"),
    Place.NOT_SALE: QT_TRANSLATE_NOOP("PayDesk", "Not the current sale"),
}

_CARD_STYLE = """
QFrame#payment_card { background: #f6f7f9; border: 1px solid #dadce0; border-radius: 12px; }
QFrame#payment_card[state="paid"] { background: #e6f4ea; border: 3px solid #188038; }
QFrame#payment_card[state="refused"] { background: #fdf1f0; border: 2px solid #c5221f; }
QFrame#payment_card[state="idle"] { background: #f8f9fa; border: 2px dashed #dadce0; }
QFrame#payment_card[looked_up="true"] { border: 2px dashed #e37400; }
QFrame#buyer_strip { background: #e8f0fe; border-radius: 6px; }
QFrame#buyer_strip[looked_up="true"] { background: #fef0d9; border: 1px solid #e37400; }
QLabel#buyer_note { color: #174ea6; font-weight: bold; }
QLabel#buyer_note[looked_up="true"] { color: #8a3c00; }
QLabel#payment_link { color: #174ea6; padding: 3px 6px;
                      border: 2px solid transparent; border-radius: 4px; }
QLabel#payment_link:focus { border-color: #1a73e8; background: #ffffff; }
QPushButton { color: #1f1f1f; background: #ffffff; border: 1px solid #c4c7c5;
              border-radius: 6px; padding: 6px 14px; outline: none; }
QPushButton:hover { background: #f1f3f4; }
QPushButton:pressed { background: #e8eaed; }
QPushButton:disabled { color: #9aa0a6; background: #f1f3f4; border-color: #e0e0e0; }
QPushButton:focus { border: 2px solid #1a73e8; padding: 5px 13px; }
"""


class PaymentPanel(QWidget):
    """Shows one payment; idle, being created, or an order in any state."""

    #: Emitted with the link after it was put on the clipboard (the window may say so).
    copy_requested = Signal(str)
    #: The cashier asks to put the order on the panel in front of the buyer.
    show_to_buyer_requested = Signal()
    #: The cashier asks to see the sale again.
    back_to_sale_requested = Signal()

    # The card's widgets (built by _build_card, on first use).
    amount_label: QLabel = built_by("prepare_card")
    badge: StatusBadge = built_by("prepare_card")
    qr: QrCodeWidget = built_by("prepare_card")
    countdown_label: QLabel = built_by("prepare_card")
    link_label: LinkLabel = built_by("prepare_card")
    copy_button: QPushButton = built_by("prepare_card")
    open_button: QPushButton = built_by("prepare_card")
    save_button: QPushButton = built_by("prepare_card")
    order_id_label: QLabel = built_by("prepare_card")
    note_label: QLabel = built_by("prepare_card")
    buyer_strip: QFrame = built_by("prepare_card")
    buyer_note: QLabel = built_by("prepare_card")
    show_to_buyer_button: QPushButton = built_by("prepare_card")
    back_to_sale_button: QPushButton = built_by("prepare_card")

    def __init__(self, parent: QWidget | None = None, *, clock: Clock | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("payment_panel")
        self.setAccessibleName("payment_panel")
        self._clock = clock  # None: paydesk.domain.clock's (with datetime: not for the first frame)
        self._order: Order | None = None
        self._expires_at: datetime | None = None
        self._place = Place.SALE
        self._countdown_timer = QTimer(self)
        self._countdown_timer.setInterval(1000)
        self._countdown_timer.timeout.connect(self.refresh_countdown)
        self._copied_timer = QTimer(self)
        self._copied_timer.setSingleShot(True)
        self._copied_timer.setInterval(_COPIED_FEEDBACK_MS)
        self._copied_timer.timeout.connect(self._reset_copy_button)

        self._stack = QStackedWidget(self)
        self._build_idle()
        self._card: QFrame | None = None
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.addWidget(self._stack)
        self._stack.setCurrentWidget(self._idle)

    # -- building ------------------------------------------------------------

    def _build_idle(self) -> None:
        self.idle_label = QLabel(tr("Type an amount and press Enter"))
        self.idle_label.setObjectName("idle_placeholder")
        self.idle_label.setAccessibleName(tr("No payment on screen"))
        hint = QLabel(tr("The QR code for the buyer will appear here."))
        hint.setObjectName("idle_hint")
        for label, colour, factor in ((self.idle_label, "#5f6368", 1.6), (hint, "#80868b", 1.0)):
            label.setWordWrap(True)
            label.setStyleSheet(f"color: {colour}; qproperty-alignment: AlignCenter;")
            scale_font(label, factor)
        idle = QFrame()
        idle.setObjectName("payment_card")
        idle.setProperty("state", "idle")
        idle.setStyleSheet(_CARD_STYLE)
        layout = QVBoxLayout(idle)
        layout.setContentsMargins(32, 32, 32, 32)
        layout.setSpacing(10)
        layout.addStretch(1)
        layout.addWidget(self.idle_label)
        layout.addWidget(hint)
        layout.addStretch(1)
        self._idle = idle
        self._stack.addWidget(idle)

    def prepare_card(self) -> QFrame:
        """The card orders are shown on, built now if no order has been shown yet."""
        if self._card is None:
            self._card = self._build_card()
            self._set_link(None)  # no link, no link buttons
            self.set_place(self._place)
        return self._card

    def _build_card(self) -> QFrame:
        from PySide6.QtCore import Qt  # after the first frame: see the module's doc

        from paydesk.ui.widgets.link_label import LinkLabel
        from paydesk.ui.widgets.qr_widget import QrCodeWidget, SquareHolder
        from paydesk.ui.widgets.status_badge import StatusBadge

        strip = self._build_buyer_strip()

        self.amount_label = QLabel()
        self.amount_label.setObjectName("amount_label")
        self.amount_label.setAccessibleName(tr("Amount"))
        self.amount_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        scale_font(self.amount_label, 3.2, bold=True)

        self.badge = StatusBadge()
        self.qr = QrCodeWidget()
        qr_holder = SquareHolder(self.qr)

        self.countdown_label = QLabel()
        self.countdown_label.setObjectName("countdown")
        self.countdown_label.setAccessibleName(tr("Time left"))
        self.countdown_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.countdown_label.setWordWrap(True)
        scale_font(self.countdown_label, 1.35)

        self.link_label = LinkLabel()
        self.link_label.copy_wanted.connect(self.copy_link)

        self.copy_button = self._button("copy_link_button", tr("Copy link"), self.copy_link)
        self.open_button = self._button("open_link_button", tr("Open in browser"), self.open_link)
        self.save_button = self._button("save_qr_button", tr("Save QR…"), self._ask_and_save)
        buttons = QHBoxLayout()
        buttons.setSpacing(8)
        buttons.addStretch(1)
        for button in (self.copy_button, self.open_button, self.save_button):
            buttons.addWidget(button)
        buttons.addStretch(1)

        self.order_id_label = QLabel()
        self.order_id_label.setObjectName("order_id_label")
        self.order_id_label.setAccessibleName(tr("Order id"))
        self.order_id_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note_label = QLabel()
        self.note_label.setObjectName("note_label")
        self.note_label.setAccessibleName(tr("Note"))
        self.note_label.setWordWrap(True)
        self.note_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for small in (self.order_id_label, self.note_label):
            small.setStyleSheet("color: #5f6368;")
            scale_font(small, 0.9)
        self.note_label.setFont(_italic(self.note_label.font()))
        footer = QHBoxLayout()
        footer.addWidget(self.order_id_label)
        footer.addWidget(self.note_label, 1)

        card = QFrame()
        card.setObjectName("payment_card")
        card.setStyleSheet(_CARD_STYLE)
        layout = QVBoxLayout(card)
        layout.setContentsMargins(20, 16, 20, 14)
        layout.setSpacing(8)
        layout.addWidget(strip)
        layout.addWidget(self.amount_label)
        layout.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addSpacing(4)
        layout.addWidget(qr_holder, 1)
        layout.addWidget(self.countdown_label)
        layout.addWidget(self.link_label)
        layout.addLayout(buttons)
        layout.addSpacing(2)
        layout.addLayout(footer)
        QWidget.setTabOrder(self.back_to_sale_button, self.show_to_buyer_button)
        QWidget.setTabOrder(self.show_to_buyer_button, self.link_label)
        QWidget.setTabOrder(self.link_label, self.copy_button)
        QWidget.setTabOrder(self.copy_button, self.open_button)
        QWidget.setTabOrder(self.open_button, self.save_button)
        self._stack.addWidget(card)
        return card

    def _build_buyer_strip(self) -> QFrame:
        """Whether the buyer sees this order: the sale, or one looked up in the list."""
        self.buyer_note = QLabel()
        self.buyer_note.setObjectName("buyer_note")
        self.buyer_note.setWordWrap(True)
        self.back_to_sale_button = self._button(
            "back_to_sale_button", tr("Back to the sale"),
            lambda: self.back_to_sale_requested.emit(),
        )
        self.show_to_buyer_button = self._button(
            "show_to_buyer_button", tr("Show to buyer"),
            lambda: self.show_to_buyer_requested.emit(),
        )
        from PySide6.QtCore import Qt  # the card's, after the first frame

        self.buyer_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        buttons = QHBoxLayout()
        buttons.setSpacing(8)
        buttons.addStretch(1)
        buttons.addWidget(self.back_to_sale_button)
        buttons.addWidget(self.show_to_buyer_button)
        buttons.addStretch(1)
        strip = self.buyer_strip = QFrame()
        strip.setObjectName("buyer_strip")
        layout = QVBoxLayout(strip)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(4)
        layout.addWidget(self.buyer_note)
        layout.addLayout(buttons)
        return strip

    def _button(self, name: str, text: str, slot: Callable[[], None]) -> QPushButton:
        from PySide6.QtCore import Qt  # the card's, after the first frame

        button = QPushButton(text)
        button.setObjectName(name)
        button.setAccessibleName(text)
        button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        button.setAutoDefault(False)  # Enter belongs to the amount field, not to us
        button.clicked.connect(slot)
        return button

    # -- what to show -------------------------------------------------------

    def show_order(self, order: Order | None, expires_at: datetime | None) -> None:
        """Show ``order`` (None: the idle screen); ``expires_at`` drives the countdown."""
        self._order = order
        self._expires_at = expires_at
        if order is None:
            self._countdown_timer.stop()
            if self._card is not None:
                self.qr.set_text(None)
                self.qr.set_inactive(None)
                self._set_link(None)
            self._stack.setCurrentWidget(self._idle)
            return
        from paydesk.domain.clock import utc_now
        from paydesk.ui.widgets.status_badge import StatusBadge

        self._stack.setCurrentWidget(self.prepare_card())
        phase = phase_of(order, expires_at=expires_at, now=(self._clock or utc_now)())
        card = CARDS[phase]
        new_link = order.url is not None and order.url != self.qr.text()
        self.qr.set_text(order.url)
        live = order.is_payable and phase is OrderPhase.PENDING
        overlay = None if live else card.overlay
        self.qr.set_inactive(tr(str(overlay)) if overlay else None,
                             accent=StatusBadge.accent(phase), conceal=card.conceal)
        if new_link and self.qr.isVisible():
            # The buyer is waiting for this: paint the code now, before the texts
            # around it and whatever else this event-loop pass does (the list,
            # the totals). Its place on the card is already laid out.
            self.qr.repaint()
        self.amount_label.setText(money(order.amount))
        self.badge.set_order(order, phase)
        self._set_link(order.url)
        self.order_id_label.setText(tr("Order {order_id}").format(order_id=order.order_id))
        self.note_label.setText(order.note)
        self._set_card_state(phase)
        if live and expires_at is not None:
            if self.remaining_seconds() > 0 and not self._countdown_timer.isActive():
                self._countdown_timer.start()  # not restarted by every poll's update
            self.refresh_countdown()  # stops the timer again if it is already due
        else:
            self._countdown_timer.stop()
            self._set_countdown_text(self._final_words(order, phase))

    def show_creating(self, amount_kopecks: int) -> None:
        """The order is on its way to the service: amount, no link yet."""
        self._order = None
        self._expires_at = None
        self._countdown_timer.stop()
        self._stack.setCurrentWidget(self.prepare_card())
        self.amount_label.setText(money(amount_kopecks))
        self.badge.set_creating()
        self.qr.set_text(None)
        self.qr.set_inactive(None)
        self._set_link(None)
        self._set_countdown_text(_lines(CARDS[OrderPhase.CREATING]))
        self.order_id_label.setText("")
        self.note_label.setText("")
        self._set_card_state(OrderPhase.CREATING)

    def set_place(
        self, place: Place, *, can_show: bool = False, sale_amount: int | None = None
    ) -> None:
        """Say where the order on the card stands with the buyer.

        A looked-up order (``place`` not the sale) is marked on the card and its
        strip; ``can_show`` offers "Show to buyer" (an order that can still be
        paid), and ``sale_amount`` (there is a sale) offers the way back to it.
        """
        self.prepare_card()
        self._place = place
        words = tr(str(_PLACE_WORDS[place]))
        self.buyer_note.setText(words)
        self.buyer_note.setAccessibleName(words)
        looked_up = not place.is_sale
        self.show_to_buyer_button.setVisible(looked_up and can_show)
        self.back_to_sale_button.setVisible(looked_up and sale_amount is not None)
        if sale_amount is not None:
            self.back_to_sale_button.setText(
                tr("Back to the sale of {amount}").format(amount=money(sale_amount))
            )
        if self.buyer_strip.property("looked_up") != looked_up:
            for widget in (self.prepare_card(), self.buyer_strip, self.buyer_note):
                widget.setProperty("looked_up", looked_up)
                widget.style().unpolish(widget)
                widget.style().polish(widget)
        for frame in (self.buyer_strip, self.prepare_card()):  # laid out now, as in
            layout = frame.layout()  # _set_card_state: a grab right after shows it whole
            if layout is not None:
                layout.activate()

    def place(self) -> Place:
        return self._place

    def order(self) -> Order | None:
        return self._order

    def is_idle(self) -> bool:
        return self._stack.currentWidget() is self._idle

    def countdown_running(self) -> bool:
        return self._countdown_timer.isActive()

    @staticmethod
    def _final_words(order: Order, phase: OrderPhase) -> str:
        if phase is OrderPhase.PAID:
            paid = local_time(order.paid_at, with_date=False)
            if paid and order.paid_time_is_approximate:  # seen long after it could be paid
                return tr("Paid by {time}; the exact time is not known").format(time=paid)
            return tr("Paid at {time}").format(time=paid) if paid else ""
        return _lines(CARDS[phase])

    def _set_card_state(self, phase: OrderPhase) -> None:
        """Restyle the card (paid: green tint) and lay it out for the new texts now.

        Laying out at once (not on the next event loop pass) means a grab, a
        print or a screenshot taken right after shows the new state whole.
        """
        card = self.prepare_card()
        card.setProperty("state", str(phase))
        card.style().unpolish(card)
        card.style().polish(card)
        layout = card.layout()
        if layout is not None:
            layout.activate()

    def _set_link(self, url: str | None) -> None:
        for button in (self.copy_button, self.open_button, self.save_button):
            button.setEnabled(url is not None)
        if url == self.link_label.link():
            return  # a poll's update of the same order keeps "Copied" showing
        self.link_label.set_link(url)
        self._copied_timer.stop()
        self._reset_copy_button()

    # -- countdown ------------------------------------------------------------

    def remaining_seconds(self) -> int:
        if self._expires_at is None:
            return 0
        from paydesk.domain.clock import seconds_left, utc_now

        return seconds_left(self._expires_at, (self._clock or utc_now)())

    def refresh_countdown(self) -> None:
        """Once a second while pending; the service, not this clock, says when it expired."""
        remaining = self.remaining_seconds()
        if remaining > 0:
            self._set_countdown_text(
                tr("Expires in {time}").format(time=countdown(remaining)), urgent=remaining <= 60
            )
        else:
            self._countdown_timer.stop()
            if self._order is not None:
                self.show_order(self._order, self._expires_at)  # now "checking"

    def _set_countdown_text(self, text: str, *, urgent: bool = False) -> None:
        self.countdown_label.setText(text)
        style = f"color: {'#b06000' if urgent else '#3c4043'};"
        if self.countdown_label.styleSheet() != style:  # not a restyle every second
            self.countdown_label.setStyleSheet(style)

    # -- actions ------------------------------------------------------------------

    def copy_link(self) -> None:
        link = self.link_label.link()
        if link is None:
            return
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(link)
        self.copy_button.setText(tr("Copied ✓"))
        self._copied_timer.start()
        self.copy_requested.emit(link)

    def _reset_copy_button(self) -> None:
        self.copy_button.setText(tr("Copy link"))

    def open_link(self) -> None:
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        link = self.link_label.link()
        url = QUrl(link or "")
        if url.scheme() in ("http", "https"):  # a service answer is no reason to run a program
            QDesktopServices.openUrl(url)

    def save_qr_to(self, path: str | Path) -> Path:
        """Save the code as SVG when ``path`` ends in .svg, else as PNG.

        Raises ValueError with no link on screen, OSError when the file cannot be written.
        """
        matrix = self.qr.matrix()
        if matrix is None:
            raise ValueError("There is no QR code to save.")
        from paydesk.ui.widgets.qr_export import save_png, save_svg  # on use: the Save button's

        target = Path(path)
        if target.suffix.lower() == ".svg":
            save_svg(matrix, target)
        else:
            save_png(matrix, target)
        return target

    def _ask_and_save(self) -> None:
        """The only place with a file dialog, so tests call save_qr_to instead."""
        from PySide6.QtCore import QStandardPaths
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        if self.qr.matrix() is None:
            return
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.PicturesLocation)
        name = f"payment-{self._order.order_id}.png" if self._order else "payment.png"
        filters = {tr(str(label)): suffix for label, suffix in _SAVE_FILTERS.items()}
        path, chosen = QFileDialog.getSaveFileName(
            self, tr("Save QR code"), str(Path(folder) / name), ";;".join(filters)
        )
        if not path:
            return
        if not Path(path).suffix:
            path += filters.get(chosen, ".png")
        try:
            self.save_qr_to(path)
        except OSError as exc:
            QMessageBox.warning(self, tr("Could not save the QR code"), str(exc))


def _lines(card: CardLook) -> str:
    return "\n".join(tr(str(line)) for line in card.words)


def _italic(font: QFont) -> QFont:
    italic = QFont(font)
    italic.setItalic(True)
    return italic
