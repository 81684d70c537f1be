"""The payment panel with no order on it: what to do next, where the QR will be.

Part of the window's first frame (ui/main_window.py), so it names nothing of
PySide's ``Qt`` namespace: its labels are centred by their style sheet.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from paydesk.ui.payment.looks import CARD_STYLE
from paydesk.ui.shell.fonts import scale_font
from paydesk.ui.shell.formatting import tr


class IdleCard(QFrame):
    """The card's place, dashed, with the hint to type an amount."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(tr("Type an amount and press Enter"))
        self.label.setObjectName("idle_placeholder")
        self.label.setAccessibleName(tr("No payment on screen"))
        hint = QLabel(tr("The QR code for the buyer will appear here."))
        hint.setObjectName("idle_hint")
        for label, colour, factor in ((self.label, "#5f6368", 1.6), (hint, "#80868b", 1.0)):
            label.setWordWrap(True)
            label.setStyleSheet(f"color: {colour}; qproperty-alignment: AlignCenter;")
            scale_font(label, factor)
        self.setObjectName("payment_card")
        self.setProperty("state", "idle")
        self.setStyleSheet(CARD_STYLE)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 32, 32, 32)
        layout.setSpacing(10)
        layout.addStretch(1)
        layout.addWidget(self.label)
        layout.addWidget(hint)
        layout.addStretch(1)
