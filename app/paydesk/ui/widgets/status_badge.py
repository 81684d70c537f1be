"""An order's phase as a pill: a symbol, words and a colour (paydesk.domain.phase_looks).

Colour is never the only signal (colour-blind cashiers, greyscale printouts,
screen readers): every phase also has its own symbol and its own words. A screen
reader is told the words alone ("Waiting for payment", not "◷ Waiting…").
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.domain.phase_looks import LOOKS, BadgeColours, badge_of
from paydesk.ui.shell.fonts import scale_font
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.messages import failure_text

#: No order: an empty badge.
_NO_ORDER = BadgeColours("#3c4043", "transparent", "transparent")


class StatusBadge(QLabel):
    """Shows one order's state; the panel, the list and the customer screen share it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status_badge")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        scale_font(self, 1.3, bold=True)
        self._phase: OrderPhase | None = None
        self._apply(None, "")

    def set_order(self, order: Order | None, phase: OrderPhase | None = None) -> None:
        """Show ``order``'s phase: ``phase`` when the caller knows more than the
        order itself says (its time is up: :func:`~paydesk.domain.phase.phase_of` at a moment)."""
        if order is None:
            self._apply(None, "")
            self.setToolTip("")
            return
        phase = phase if phase is not None else phase_of(order)
        self._apply(phase, str(order.status))
        error = order.last_error
        self.setToolTip(failure_text(error) if phase is OrderPhase.NOT_SENT and error else "")

    def set_creating(self) -> None:
        """The order is on its way to the service and has no answer yet."""
        self._apply(OrderPhase.CREATING, "")
        self.setToolTip("")

    def phase(self) -> OrderPhase | None:
        """The phase shown; None with no order."""
        return self._phase

    @staticmethod
    def accent(phase: OrderPhase) -> QColor:
        """The colour that stands for ``phase`` elsewhere (frames, QR overlays)."""
        return QColor(LOOKS[phase].colour)

    def _apply(self, phase: OrderPhase | None, raw: str) -> None:
        self._phase = phase
        look = _NO_ORDER if phase is None else LOOKS[phase].pill
        text = "" if phase is None else badge_of(phase, tr, raw)
        self.setText(text)
        # What a screen reader says: the words, not the symbol (a new name is an event Qt
        # passes on).
        symbol = "" if phase is None else LOOKS[phase].symbol
        self.setAccessibleName(text.removeprefix(symbol).strip())
        sheet = ("QLabel#status_badge {"
                 f" color: {look.text}; background: {look.background};"
                 f" border: 2px solid {look.border}; border-radius: 16px;"
                 " padding: 5px 16px; }")
        if sheet != self.styleSheet():  # a new sheet is a restyle: only when the look changes
            self.setStyleSheet(sheet)
