"""An order's phase as a pill: a symbol, words and a colour.

Colour is never the only signal (colour-blind cashiers, greyscale printouts,
screen readers): every phase also has its own symbol and its own words. A screen
reader is told the words alone ("Waiting for payment", not "◷ Waiting…").
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.ui.shell.fonts import scale_font
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.messages import failure_text


@dataclass(frozen=True, slots=True)
class BadgeLook:
    """How the badge shows one phase."""

    symbol: str
    words: object  # marked for lupdate here (the marker is typed as returning object)
    text: str
    background: str
    border: str
    accent: str  # for frames and overlays elsewhere (the panel's card, the buyer's screen)


# Symbols are all in DejaVu Sans (the fallback font on a bare Linux box).
#: Every phase's badge; ``{raw}`` is the service's own word.
BADGES: dict[OrderPhase, BadgeLook] = {
    OrderPhase.CREATING: BadgeLook(
        "⟳", QT_TRANSLATE_NOOP("PayDesk", "Creating…"),
        "#3c4043", "#f1f3f4", "#bdc1c6", "#5f6368"),
    OrderPhase.NOT_SENT: BadgeLook(
        "⚠", QT_TRANSLATE_NOOP("PayDesk", "Not sent — retry"),
        "#6b4000", "#fef0c7", "#e8a317", "#b06000"),
    OrderPhase.PENDING: BadgeLook(
        "◷", QT_TRANSLATE_NOOP("PayDesk", "Waiting for payment"),
        "#0b57d0", "#e8f0fe", "#8ab4f8", "#0b57d0"),
    OrderPhase.CHECKING: BadgeLook(
        "⟳", QT_TRANSLATE_NOOP("PayDesk", "Time is up — checking…"),
        "#0b57d0", "#e8f0fe", "#8ab4f8", "#0b57d0"),
    OrderPhase.UNCHECKED: BadgeLook(
        "?", QT_TRANSLATE_NOOP("PayDesk", "Status unknown — check"),
        "#6b4000", "#fef0c7", "#e8a317", "#b06000"),
    OrderPhase.PAID: BadgeLook(
        "✓", QT_TRANSLATE_NOOP("PayDesk", "Paid"),
        "#ffffff", "#188038", "#0d652d", "#188038"),
    OrderPhase.REFUSED: BadgeLook(
        "✗", QT_TRANSLATE_NOOP("PayDesk", "Refused"),
        "#ffffff", "#c5221f", "#a50e0e", "#c5221f"),
    OrderPhase.EXPIRED: BadgeLook(
        "⊘", QT_TRANSLATE_NOOP("PayDesk", "Expired"),
        "#3c4043", "#e8eaed", "#9aa0a6", "#5f6368"),
    OrderPhase.ABANDONED: BadgeLook(
        "⊘", QT_TRANSLATE_NOOP("PayDesk", "Not sent — abandoned"),
        "#3c4043", "#e8eaed", "#9aa0a6", "#5f6368"),
    OrderPhase.UNKNOWN: BadgeLook(
        "?", QT_TRANSLATE_NOOP("PayDesk", "Unknown status: {raw}"),
        "#6b4000", "#fef0c7", "#e8a317", "#b06000"),
}
#: No order: an empty badge.
_NO_ORDER = BadgeLook("", "", "#3c4043", "transparent", "transparent", "#3c4043")


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
        return QColor(BADGES[phase].accent)

    def _apply(self, phase: OrderPhase | None, raw: str) -> None:
        self._phase = phase
        look = _NO_ORDER if phase is None else BADGES[phase]
        words = tr(str(look.words)).format(raw=raw) if look.words else ""
        self.setText(f"{look.symbol} {words}" if look.symbol else words)
        self.setAccessibleName(words)  # a new name is an event Qt passes on
        sheet = ("QLabel#status_badge {"
                 f" color: {look.text}; background: {look.background};"
                 f" border: 2px solid {look.border}; border-radius: 16px;"
                 " padding: 5px 16px; }")
        if sheet != self.styleSheet():  # a new sheet is a restyle: only when the look changes
            self.setStyleSheet(sheet)
