"""The payment the cashier is showing: amount, QR, link, state and time left.

A view only: it renders the panel's part of the counter presenter's screens
(``render``, a :class:`~paydesk.core.counter.views.PanelView`) and never calls the
core or the network: which order, its phase, the seconds left, and where it stands
with the buyer (the sale, or an order looked up in the list, which the strip on
top of the card says plainly: buyer_strip.py).

A screen reader reads the card as it is shown: the amount, the time left, the order
and its note are labels whose accessible name is their text (Qt tells the reader of
each new one); what each is, is their description.

The window's first frame shows an idle card of its own (idle_card.py); this
panel, card and all, takes its place right after it (ui/window_builder.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.counter.views import PanelView, Place
from paydesk.domain.order_ids import short_id
from paydesk.domain.phase import OrderPhase
from paydesk.domain.phase_looks import LOOKS, NO_LINK_WORDS
from paydesk.ui.payment.buyer_strip import BuyerStrip, restyle
from paydesk.ui.payment.idle_card import IdleCard
from paydesk.ui.payment.link_buttons import LinkButtons
from paydesk.ui.payment.looks import CARD_STYLE
from paydesk.ui.shell.fonts import scale_font
from paydesk.ui.shell.formatting import countdown, local_time, money, tr
from paydesk.ui.widgets.link_label import LinkLabel
from paydesk.ui.widgets.qr_widget import QrCodeWidget, SquareHolder
from paydesk.ui.widgets.status_badge import StatusBadge

if TYPE_CHECKING:
    from paydesk.domain.orders import Order
    from paydesk.ui.shell.save_dialog import SaveFolder

#: How long an order may be on its way, the panel blank, before the card says
#: "Creating…": a service that answers sooner goes straight to the QR, without a card
#: flashing in between.
CREATING_CARD_AFTER_MS = 150
#: The characters of a till program's reference on the card's last line (up to 64 may
#: come): the line stays one line beside the note; the whole is in its tooltip.
REFERENCE_SHOWN = 16
#: The last minute of a countdown is written in amber.
URGENT_SECONDS = 60


class PaymentPanel(QWidget):
    """Shows one payment; idle, being created, or an order in any state."""

    #: Emitted with the link after it was put on the clipboard (the window may say so).
    copy_requested = Signal(str)
    #: The cashier asks to put the order on the panel in front of the buyer.
    show_to_buyer_requested = Signal()
    #: The cashier asks to see the sale again.
    back_to_sale_requested = Signal()
    #: The service is slow to answer: the "Creating…" card is shown.
    creating_card_shown = Signal()

    def __init__(self, parent: QWidget | None = None, *,
                 save_folder: SaveFolder | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("payment_panel")
        self.setAccessibleName(tr("Payment"))
        self._order: Order | None = None
        self._place = Place.SALE

        self._creating_amount: int | None = None  # the order on its way's, while it is
        self._creating_card_timer = QTimer(self)
        self._creating_card_timer.setSingleShot(True)
        self._creating_card_timer.setInterval(CREATING_CARD_AFTER_MS)
        self._creating_card_timer.timeout.connect(self._show_creating_card)

        self._idle = IdleCard(self)
        self.idle_label = self._idle.label
        self.card = self._build_card(save_folder)
        #: An order on its way, for its first moments: a blank page, nothing of the order
        #: shown before in sight.
        self._blank = QWidget(self)
        self._blank.setObjectName("panel_blank")
        self._stack = QStackedWidget(self)
        for page in (self._idle, self._blank, self.card):
            self._stack.addWidget(page)
        self._stack.setCurrentWidget(self._idle)
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.addWidget(self._stack)
        self._set_place(PanelView())

    def _build_card(self, save_folder: SaveFolder | None) -> QFrame:
        card = QFrame(self)
        strip = self.buyer_strip = BuyerStrip(card)
        self.buyer_note = strip.note
        self.show_to_buyer_button = strip.show_to_buyer_button
        self.back_to_sale_button = strip.back_to_sale_button
        strip.show_to_buyer_requested.connect(lambda: self.show_to_buyer_requested.emit())
        strip.back_to_sale_requested.connect(lambda: self.back_to_sale_requested.emit())

        self.amount_label = self._label("amount_label", tr("Amount"), 3.2, bold=True)
        self.badge = StatusBadge(card)
        self.qr = QrCodeWidget()
        holder = SquareHolder(self.qr)
        holder.setParent(card)
        self.countdown_label = self._label("countdown", tr("Time left"), 1.35)
        self.countdown_label.setWordWrap(True)
        self.link_label = LinkLabel()
        self.links = LinkButtons(self.qr, card, save_folder=save_folder)
        self.links.set_link(None)
        self.links.copy_requested.connect(lambda link: self.copy_requested.emit(link))
        self.link_label.copy_wanted.connect(self.links.copy_link)
        self.copy_button = self.links.copy_button
        self.open_button = self.links.open_button
        self.save_button = self.links.save_button

        self.order_id_label = QLabel()
        self.order_id_label.setObjectName("order_id_label")
        self.order_id_label.setAccessibleDescription(tr("Order id"))
        self.order_id_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note_label = QLabel()
        self.note_label.setObjectName("note_label")
        self.note_label.setAccessibleDescription(tr("Note"))
        self.note_label.setWordWrap(True)
        self.note_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for small in (self.order_id_label, self.note_label):
            small.setStyleSheet("color: #5f6368;")
            scale_font(small, 0.9)
        italic = QFont(self.note_label.font())
        italic.setItalic(True)
        self.note_label.setFont(italic)
        footer = QHBoxLayout()
        footer.addWidget(self.order_id_label)
        footer.addWidget(self.note_label, 1)

        card.setObjectName("payment_card")
        card.setStyleSheet(CARD_STYLE)
        layout = QVBoxLayout(card)
        layout.setContentsMargins(20, 16, 20, 14)
        layout.setSpacing(8)
        layout.addWidget(strip)
        layout.addWidget(self.amount_label)
        layout.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addSpacing(4)
        layout.addWidget(holder, 1)
        layout.addWidget(self.countdown_label)
        layout.addWidget(self.link_label)
        layout.addWidget(self.links)
        layout.addSpacing(2)
        layout.addLayout(footer)
        QWidget.setTabOrder(self.back_to_sale_button, self.show_to_buyer_button)
        QWidget.setTabOrder(self.show_to_buyer_button, self.link_label)
        QWidget.setTabOrder(self.link_label, self.copy_button)
        QWidget.setTabOrder(self.copy_button, self.open_button)
        QWidget.setTabOrder(self.open_button, self.save_button)
        return card

    @staticmethod
    def _label(name: str, description: str, size: float, *, bold: bool = False) -> QLabel:
        """A centred line; read out as its text, ``description`` saying what it is."""
        label = QLabel()
        label.setObjectName(name)
        label.setAccessibleDescription(description)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        scale_font(label, size, bold=bold)
        return label

    # -- what to show -------------------------------------------------------

    def show_view(self, view: PanelView) -> None:
        """Show ``view`` (core/counter/views.py): idle, an order on its way, or an order
        in its phase with the seconds left, and where it stands with the buyer."""
        if view.creating is None:
            self._show_order(view)
        elif view.creating != self._creating_amount:  # not again as its place changes
            self._show_creating(view.creating)
        self._set_place(view)

    def _show_order(self, view: PanelView) -> None:
        self._creating_card_timer.stop()
        self._creating_amount = None
        order, phase = view.order, view.phase
        self._order = order
        if order is None or phase is None:
            self.qr.set_text(None)
            self.qr.set_inactive(None)
            self.qr.set_amount(None)
            self._set_link(None)
            self._stack.setCurrentWidget(self._idle)
            return
        self._stack.setCurrentWidget(self.card)
        look = LOOKS[phase]
        self.qr.set_amount(money(order.amount))
        self.qr.set_text(order.url)
        self.qr.set_inactive(tr(str(look.overlay)) if look.overlay else None,
                             accent=StatusBadge.accent(phase), conceal=look.conceal)
        self.amount_label.setText(money(order.amount))
        self.badge.set_order(order, phase)
        self._set_link(order.url, payable=view.link_payable)
        short = short_id(order.order_id)  # the whole id in the tooltip
        if order.reference:  # asked for by the till program, under its own id
            self.order_id_label.setText(tr(
                "Order {short_id} · from the till program, ref {reference}").format(
                    short_id=short, reference=shortened(order.reference, REFERENCE_SHOWN)))
            self.order_id_label.setToolTip(tr("{order_id}\nThe till program's reference: "
                                              "{reference}").format(
                order_id=order.order_id, reference=order.reference))
        else:
            self.order_id_label.setText(tr("Order {short_id}").format(short_id=short))
            self.order_id_label.setToolTip(order.order_id)
        self.note_label.setText(order.note)
        self._set_card_state(phase)
        if view.seconds_left is not None:
            self._set_countdown_text(tr("Expires in {time}").format(
                time=countdown(view.seconds_left)), urgent=view.seconds_left <= URGENT_SECONDS)
        else:
            self._set_countdown_text(self._final_words(order, phase))

    def _show_creating(self, amount_kopecks: int) -> None:
        """The order is on its way to the service. Nothing of the order shown before stays
        in sight (its code least of all): the panel is blank at once, and the "Creating…"
        card (amount, no link yet) comes if the answer takes longer than
        :data:`CREATING_CARD_AFTER_MS`."""
        self._order = None
        self._creating_amount = amount_kopecks
        self._stack.setCurrentWidget(self._blank)
        # Emptied while out of sight: the answer's card shows none of the order before.
        self.qr.set_text(None)
        self.qr.set_amount(None)
        self._set_link(None)
        for label in (self.amount_label, self.countdown_label, self.order_id_label,
                      self.note_label):
            label.setText("")
        self.order_id_label.setToolTip("")
        self.badge.set_order(None)
        self._creating_card_timer.start()

    def creating_card_due(self) -> bool:
        """An order is on its way and the panel is still blank: its "Creating…" card
        comes unless the answer does first."""
        return self._creating_card_timer.isActive()

    def _show_creating_card(self) -> None:
        self._stack.setCurrentWidget(self.card)
        self.amount_label.setText(money(self._creating_amount or 0))
        self.badge.set_creating()
        self.qr.set_text(None)
        self.qr.set_inactive(None)
        self._set_link(None)
        self._set_countdown_text(_lines(LOOKS[OrderPhase.CREATING].card))
        self.order_id_label.setText("")
        self.order_id_label.setToolTip("")
        self.note_label.setText("")
        self._set_card_state(OrderPhase.CREATING)
        self.creating_card_shown.emit()

    def _set_place(self, view: PanelView) -> None:
        """Say where the order on the card stands with the buyer.

        A looked-up order (its place not the sale) is marked on the card and its
        strip, which offers "Show to buyer" (an order that can still be paid) and,
        with a sale, the way back to it.
        """
        place = view.place
        self._place = place
        if self.buyer_strip.set_place(place, can_show=view.can_show,
                                      sale_amount=view.sale_amount):
            restyle(self.card, looked_up=not place.is_sale)
        for frame in (self.buyer_strip, self.card):  # laid out now, as in
            layout = frame.layout()  # _set_card_state: a grab right after shows it whole
            if layout is not None:
                layout.activate()

    def place(self) -> Place:
        return self._place

    def order(self) -> Order | None:
        return self._order

    def is_idle(self) -> bool:
        return self._stack.currentWidget() is self._idle

    @staticmethod
    def _final_words(order: Order, phase: OrderPhase) -> str:
        if phase is OrderPhase.PAID:
            paid = local_time(order.paid_at, with_date=False)
            if paid and order.paid_time_is_approximate:  # seen long after it could be paid
                return tr("Paid by {time}; the exact time is not known").format(time=paid)
            return tr("Paid at {time}").format(time=paid) if paid else ""
        if phase is OrderPhase.PENDING and order.link_unknown:
            return _lines(NO_LINK_WORDS)
        return _lines(LOOKS[phase].card)

    def _set_card_state(self, phase: OrderPhase) -> None:
        """Restyle the card (paid: green tint) and lay it out for the new texts now.

        Laying out at once (not on the next event loop pass) means a grab, a
        print or a screenshot taken right after shows the new state whole.
        """
        restyle(self.card, state=str(phase))
        layout = self.card.layout()
        if layout is not None:
            layout.activate()

    def _set_link(self, url: str | None, *, payable: bool = False) -> None:
        """``payable``: the buyer can still pay ``url`` (Copy and Open are offered)."""
        self.links.set_link(url, order_id=self._order.order_id if self._order else None,
                            payable=payable)
        if url != self.link_label.link():
            self.link_label.set_link(url)

    def _set_countdown_text(self, text: str, *, urgent: bool = False) -> None:
        self.countdown_label.setText(text)
        style = f"color: {'#b06000' if urgent else '#3c4043'};"
        if self.countdown_label.styleSheet() != style:  # not a restyle every second
            self.countdown_label.setStyleSheet(style)

    # -- actions ------------------------------------------------------------------

    def copy_link(self) -> None:
        self.links.copy_link()

    def open_link(self) -> None:
        self.links.open_link()

    def save_qr_to(self, path: str | Path) -> Path:
        """Save the code as SVG when ``path`` ends in .svg, else as PNG (see LinkButtons)."""
        return self.links.save_qr_to(path)


def shortened(text: str, most: int) -> str:
    """``text``, or its first ``most - 1`` characters and an ellipsis."""
    return text if len(text) <= most else text[:most - 1] + "…"


def _lines(words: tuple[str, ...]) -> str:
    """The card's words under the code, translated, one per line."""
    return "\n".join(tr(str(line)) for line in words)
