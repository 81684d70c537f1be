"""An order's state as a pill: a symbol, words and a colour.

Colour is never the only signal (colour-blind cashiers, greyscale printouts,
screen readers): every state also has its own symbol and its own words.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from paydesk.orders import Order
from paydesk.ui.badge_kind import BadgeKind
from paydesk.ui.fonts import scale_font
from paydesk.ui.formatting import tr
from paydesk.ui.messages import stored_error_text


@dataclass(frozen=True, slots=True)
class _Look:
    symbol: str
    text: str
    background: str
    border: str
    accent: str  # for frames and overlays elsewhere


# Symbols are all in DejaVu Sans (the fallback font on a bare Linux box).
_LOOKS: dict[BadgeKind, _Look] = {
    BadgeKind.NONE: _Look("", "#3c4043", "transparent", "transparent", "#3c4043"),
    BadgeKind.NOT_SENT: _Look("⚠", "#6b4000", "#fef0c7", "#e8a317", "#b06000"),
    BadgeKind.CREATING: _Look("⟳", "#3c4043", "#f1f3f4", "#bdc1c6", "#5f6368"),
    BadgeKind.PENDING: _Look("◷", "#0b57d0", "#e8f0fe", "#8ab4f8", "#0b57d0"),
    BadgeKind.UNCHECKED: _Look("?", "#6b4000", "#fef0c7", "#e8a317", "#b06000"),
    BadgeKind.CHECKING: _Look("⟳", "#0b57d0", "#e8f0fe", "#8ab4f8", "#0b57d0"),
    BadgeKind.PAID: _Look("✓", "#ffffff", "#188038", "#0d652d", "#188038"),
    BadgeKind.REFUSED: _Look("✗", "#ffffff", "#c5221f", "#a50e0e", "#c5221f"),
    BadgeKind.EXPIRED: _Look("⊘", "#3c4043", "#e8eaed", "#9aa0a6", "#5f6368"),
    BadgeKind.ABANDONED: _Look("⊘", "#3c4043", "#e8eaed", "#9aa0a6", "#5f6368"),
    BadgeKind.UNKNOWN: _Look("?", "#6b4000", "#fef0c7", "#e8a317", "#b06000"),
}

# Marked for lupdate here (the marker is typed as returning object); tr() when shown.
_WORDS: dict[BadgeKind, object] = {
    BadgeKind.NONE: "",
    BadgeKind.NOT_SENT: QT_TRANSLATE_NOOP("PayDesk", "Not sent — retry"),
    BadgeKind.CREATING: QT_TRANSLATE_NOOP("PayDesk", "Creating…"),
    BadgeKind.PENDING: QT_TRANSLATE_NOOP("PayDesk", "Waiting for payment"),
    BadgeKind.UNCHECKED: QT_TRANSLATE_NOOP("PayDesk", "Status unknown — check"),
    BadgeKind.CHECKING: QT_TRANSLATE_NOOP("PayDesk", "Time is up — checking…"),
    BadgeKind.PAID: QT_TRANSLATE_NOOP("PayDesk", "Paid"),
    BadgeKind.REFUSED: QT_TRANSLATE_NOOP("PayDesk", "Refused"),
    BadgeKind.EXPIRED: QT_TRANSLATE_NOOP("PayDesk", "Expired"),
    BadgeKind.ABANDONED: QT_TRANSLATE_NOOP("PayDesk", "Not sent — abandoned"),
    BadgeKind.UNKNOWN: QT_TRANSLATE_NOOP("PayDesk", "Unknown status: {raw}"),
}


class StatusBadge(QLabel):
    """Shows one order's state; the panel, the list and the customer screen share it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status_badge")
        self.setAccessibleName("status_badge")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        scale_font(self, 1.3, bold=True)
        self._kind = BadgeKind.NONE
        self._apply(BadgeKind.NONE, "")

    def set_order(self, order: Order | None, kind: BadgeKind | None = None) -> None:
        """Show ``order``'s state: ``kind`` when the caller knows more than the
        order itself says (BadgeKind.at: its time is up)."""
        kind = kind or BadgeKind.of(order)
        raw = str(order.status) if order is not None else ""
        self._apply(kind, raw)
        error = order.last_error if order is not None else None
        self.setToolTip(stored_error_text(error) if kind is BadgeKind.NOT_SENT and error else "")

    def set_creating(self) -> None:
        """The order is on its way to the service and has no answer yet."""
        self._apply(BadgeKind.CREATING, "")
        self.setToolTip("")

    def kind(self) -> BadgeKind:
        return self._kind

    @staticmethod
    def accent(kind: BadgeKind) -> QColor:
        """The colour that stands for ``kind`` elsewhere (frames, QR overlays)."""
        return QColor(_LOOKS[kind].accent)

    def _apply(self, kind: BadgeKind, raw: str) -> None:
        self._kind = kind
        look = _LOOKS[kind]
        words = tr(str(_WORDS[kind])).format(raw=raw) if _WORDS[kind] else ""
        self.setText(f"{look.symbol} {words}" if look.symbol else words)
        self.setStyleSheet(
            "QLabel#status_badge {"
            f" color: {look.text}; background: {look.background};"
            f" border: 2px solid {look.border}; border-radius: 16px;"
            " padding: 5px 16px; }"
        )
