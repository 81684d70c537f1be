"""The strip on top of the payment card: whether the buyer sees this order.

The sale (the order in front of the buyer) says so; an order looked up in the
list says it is not the sale, in another colour, with a button to show it to
the buyer and one to go back to the sale.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from paydesk.core.counter.views import Place
from paydesk.ui.payment.buttons import card_button
from paydesk.ui.payment.place import PLACE_WORDS
from paydesk.ui.shell.formatting import money, tr
from paydesk.ui.widgets.flow_layout import FlowLayout


class BuyerStrip(QFrame):
    """Says where the order stands with the buyer (``set_place``)."""

    #: The cashier asks to put the order on the panel in front of the buyer.
    show_to_buyer_requested = Signal()
    #: The cashier asks to see the sale again.
    back_to_sale_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("buyer_strip")
        self.note = QLabel()
        self.note.setObjectName("buyer_note")
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.back_to_sale_button = card_button(
            "back_to_sale_button", tr("Back to the sale"),
            lambda: self.back_to_sale_requested.emit(),
        )
        self.show_to_buyer_button = card_button(
            "show_to_buyer_button", tr("Show to buyer"),
            lambda: self.show_to_buyer_requested.emit(),
        )
        # Side by side when they fit; one under the other beside a narrow panel, rather
        # than widen the window ("Back to the sale of 2 500,50 ₽" is long in Russian).
        buttons = FlowLayout(spacing=8, centred=True)
        buttons.addWidget(self.back_to_sale_button)
        buttons.addWidget(self.show_to_buyer_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(4)
        layout.addWidget(self.note)
        layout.addLayout(buttons)

    def set_place(self, place: Place, *, can_show: bool, sale_amount: int | None) -> bool:
        """Say ``place``; whether the look changed (the card it is on restyles too)."""
        words = tr(str(PLACE_WORDS[place]))
        self.note.setText(words)
        self.note.setAccessibleName(words)
        looked_up = not place.is_sale
        self.show_to_buyer_button.setVisible(looked_up and can_show)
        self.back_to_sale_button.setVisible(looked_up and sale_amount is not None)
        if sale_amount is not None:
            self.back_to_sale_button.setText(
                tr("Back to the sale of {amount}").format(amount=money(sale_amount))
            )
        changed = self.property("looked_up") != looked_up
        if changed:
            for widget in (self, self.note):
                restyle(widget, looked_up=looked_up)
        return changed


def restyle(widget: QWidget, **properties: object) -> None:
    """Set the style sheet's properties on ``widget`` and apply its rules again, if any
    changed (polishing a card is most of the cost of showing its next state)."""
    changed = False
    for name, value in properties.items():
        if widget.property(name) != value:
            widget.setProperty(name, value)
            changed = True
    if changed:
        widget.style().unpolish(widget)
        widget.style().polish(widget)
