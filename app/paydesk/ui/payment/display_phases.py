"""What the buyer's screen shows in each phase of the sale.

One table from the order's phase to a screen (idle, preparing, pending,
checking, or a result with its sign and words), kept apart from the window that
shows it (:mod:`paydesk.ui.payment.customer_display`) so that it reads beside
the other per-phase tables: the badge's, the orders list's, the payment panel's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP

from paydesk.domain.phase import OrderPhase


class DisplayState(enum.StrEnum):
    """What the buyer sees, coarser than the order's state."""

    IDLE = "idle"
    PREPARING = "preparing"
    PENDING = "pending"
    #: The countdown has ended; the service has yet to say paid or expired. No code
    #: is shown (no new scans), the cashier's panel says the same.
    CHECKING = "checking"
    PAID = "paid"
    REFUSED = "refused"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class Screen:
    """What the buyer's screen shows in one phase of the sale."""

    state: DisplayState
    #: A result's symbol and words (marked for lupdate here, translated when shown).
    symbol: str = ""
    words: object = ""


#: Every phase of the sale on the buyer's screen. IDLE: nothing for the buyer.
SCREENS: dict[OrderPhase, Screen] = {
    OrderPhase.CREATING: Screen(DisplayState.PREPARING),
    OrderPhase.NOT_SENT: Screen(DisplayState.PREPARING),  # it is sent again shortly
    OrderPhase.PENDING: Screen(DisplayState.PENDING),
    OrderPhase.CHECKING: Screen(DisplayState.CHECKING),
    # A day past its time, the sale is long gone from the counter: nothing to show.
    OrderPhase.UNCHECKED: Screen(DisplayState.IDLE),
    OrderPhase.PAID: Screen(
        DisplayState.PAID, "✓", QT_TRANSLATE_NOOP("PayDesk", "Paid — thank you")),
    OrderPhase.REFUSED: Screen(
        DisplayState.REFUSED, "✗", QT_TRANSLATE_NOOP("PayDesk", "Payment refused")),
    OrderPhase.EXPIRED: Screen(
        DisplayState.EXPIRED, "⊘", QT_TRANSLATE_NOOP("PayDesk", "Time ran out")),
    OrderPhase.ABANDONED: Screen(DisplayState.IDLE),
    OrderPhase.UNKNOWN: Screen(DisplayState.IDLE),  # the cashier sorts it out
}
#: The screens that show how a sale ended (and go back to idle after a while).
RESULTS = frozenset({DisplayState.PAID, DisplayState.REFUSED, DisplayState.EXPIRED})
