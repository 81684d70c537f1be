"""How the payment card looks in each phase of an order, and its style sheet.

Shared by the idle card of the window's first frame and the payment panel, so
it names nothing of PySide's ``Qt`` namespace (see docs/performance.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP

from paydesk.domain.phase import OrderPhase
from paydesk.ui.shell.formatting import tr


@dataclass(frozen=True, slots=True)
class CardLook:
    """How the panel's card shows one phase, besides its badge."""

    #: What the faded code says once its link can no longer be paid (marked for
    #: lupdate here, translated when shown); None: the code is live, or there is none.
    overlay: object | None
    #: Hidden, not faded: the service may still take a payment scanned before, but
    #: nobody may scan it now (the buyer's screen shows no code either).
    conceal: bool
    #: The lines under the code (a live one's: the countdown, core/counter/views.py).
    words: tuple[object, ...]

    def lines(self) -> str:
        """The words under the code, translated, one per line."""
        return "\n".join(tr(str(line)) for line in self.words)


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
    OrderPhase.PAID: CardLook(QT_TRANSLATE_NOOP("PayDesk", "✓ Paid"), False, ()),  # its time
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

#: The words under the code of an order the service has but whose link it never sent
#: (the card of a PENDING order shows no code then).
NO_LINK_WORDS: tuple[object, ...] = (
    QT_TRANSLATE_NOOP("PayDesk", "The payment service already has this order"),
    QT_TRANSLATE_NOOP("PayDesk", "but did not send its link: it cannot be shown to the buyer."),
    QT_TRANSLATE_NOOP("PayDesk", "PayDesk keeps checking it."),
)

CARD_STYLE = """
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
