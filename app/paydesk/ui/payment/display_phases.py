"""The words and signs of the buyer's screen's results, by what the buyer sees.

Which screen each phase of the sale gets is the counter presenter's
(core/counter/views.py: BUYER_STATES); this is what the window's buyer's screen
writes on a result's screen, kept beside the other per-phase tables: the badge's,
the orders list's, the payment panel's.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP

from paydesk.core.counter.views import BuyerState


@dataclass(frozen=True, slots=True)
class Result:
    """A result's symbol and words (marked for lupdate here, translated when shown)."""

    symbol: str
    words: object


RESULT_LOOKS: dict[BuyerState, Result] = {
    BuyerState.PAID: Result("✓", QT_TRANSLATE_NOOP("PayDesk", "Paid — thank you")),
    BuyerState.REFUSED: Result("✗", QT_TRANSLATE_NOOP("PayDesk", "Payment refused")),
    BuyerState.EXPIRED: Result("⊘", QT_TRANSLATE_NOOP("PayDesk", "Time ran out")),
}
