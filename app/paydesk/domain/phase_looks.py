"""How each order phase looks and is worded: one table that every front end reads.

The window's badge, the payment panel's card, the orders list, the buyer's screens
(the window's and the tablet's page), the command line, a people's CSV, the day
report and the receipt all take a phase's words, symbol and colour from
:data:`LOOKS`, so they cannot say two things for one phase. The words are the
English source texts of the one catalogue (marked with ``QT_TRANSLATE_NOOP``:
tools/update_translations.py files them in resources/translations/paydesk_ru.ts);
each front end puts them in its language where it shows them (the window's ``tr``,
the command line's :class:`~paydesk.cli.words.Words`). Colours are plain
``#rrggbb`` text, which Qt's style sheets, ``QColor`` and CSS all read.

Plain Python with no Qt, so the core, the command line and the web page read it too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from paydesk.domain.catalogue import QT_TRANSLATE_NOOP
from paydesk.domain.phase import OrderPhase

__all__ = ["LOOKS", "NO_LINK_WORDS", "BadgeColours", "PhaseLook", "badge_of", "word_of"]

#: Says a source text in a language (the window's ``tr``, the command line's Words).
Translate = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class BadgeColours:
    """The badge's pill: its text, its fill and its edge."""

    text: str
    background: str
    border: str


@dataclass(frozen=True, slots=True)
class PhaseLook:
    """One phase in every front end."""

    #: The sign beside the words (colour is never the only signal); in DejaVu Sans,
    #: the fallback font on a bare Linux box.
    symbol: str
    #: The short word of a column beside others: the orders list, a people's CSV,
    #: the day report's lines, the command line's ``list`` and ``status``
    #: (:func:`word_of` adds an unknown status's own word).
    word: str
    #: The badge's words on the payment panel: the word said as a sentence
    #: (``{raw}``: the service's own word).
    badge: str
    #: The colour that stands for the phase: the list's text, the card's frame, the
    #: code's overlay, the buyer's result screen, the tablet page's result.
    colour: str
    #: The badge's pill.
    pill: BadgeColours
    #: What the faded code on the panel's card says once its link can no longer be
    #: paid; None: the code is live, or there is none.
    overlay: str | None = None
    #: The code is hidden, not faded: the service may still take a payment scanned
    #: before, but nobody may scan it now (the buyer's screen shows no code either).
    conceal: bool = False
    #: The lines under the code on the panel's card (a live one's: the countdown).
    card: tuple[str, ...] = ()
    #: The buyer's result screen: its heading and the line under it (None: the phase
    #: gives the buyer no result screen: core/counter/views.py BUYER_STATES).
    buyer: str | None = None
    buyer_more: str | None = None


_GREY = BadgeColours("#3c4043", "#e8eaed", "#9aa0a6")
_AMBER = BadgeColours("#6b4000", "#fef0c7", "#e8a317")
_BLUE = BadgeColours("#0b57d0", "#e8f0fe", "#8ab4f8")
_ASK_THE_CASHIER = QT_TRANSLATE_NOOP("PayDesk", "Please ask the cashier.")
_NOT_SENT = QT_TRANSLATE_NOOP("PayDesk", "Not sent")

#: Every phase's look.
LOOKS: dict[OrderPhase, PhaseLook] = {
    OrderPhase.CREATING: PhaseLook(
        "⟳", QT_TRANSLATE_NOOP("PayDesk", "Creating…"), QT_TRANSLATE_NOOP("PayDesk", "Creating…"),
        "#5f6368", BadgeColours("#3c4043", "#f1f3f4", "#bdc1c6"),
        card=(QT_TRANSLATE_NOOP("PayDesk", "Asking the payment service for a link…"),
              QT_TRANSLATE_NOOP("PayDesk", "Esc starts the next payment; this one is "
                                           "finished in the background."))),
    OrderPhase.NOT_SENT: PhaseLook(
        "⚠", _NOT_SENT, QT_TRANSLATE_NOOP("PayDesk", "Not sent — retry"), "#b06000", _AMBER,
        overlay=_NOT_SENT,
        card=(QT_TRANSLATE_NOOP("PayDesk", "The payment service has not confirmed this "
                                           "order yet"),)),
    # The list reads its rows without a clock (a row is not repainted when a countdown
    # ends), so a pending order reads "Waiting" there until the service answers.
    OrderPhase.PENDING: PhaseLook(
        "◷", QT_TRANSLATE_NOOP("PayDesk", "Waiting"),
        QT_TRANSLATE_NOOP("PayDesk", "Waiting for payment"), "#0b57d0", _BLUE),
    OrderPhase.CHECKING: PhaseLook(
        "⟳", QT_TRANSLATE_NOOP("PayDesk", "Checking…"),
        QT_TRANSLATE_NOOP("PayDesk", "Time is up — checking…"), "#0b57d0", _BLUE,
        overlay=QT_TRANSLATE_NOOP("PayDesk", "Checking…"), conceal=True,
        card=(QT_TRANSLATE_NOOP("PayDesk", "Asking the payment service whether it was "
                                           "paid…"),)),
    # "Check status" is the badge's sentence cut to the action (F5, Ctrl+R,
    # `paydesk refresh`).
    OrderPhase.UNCHECKED: PhaseLook(
        "?", QT_TRANSLATE_NOOP("PayDesk", "Check status"),
        QT_TRANSLATE_NOOP("PayDesk", "Status unknown — check"), "#b06000", _AMBER,
        overlay=QT_TRANSLATE_NOOP("PayDesk", "Status unknown"), conceal=True,
        card=(QT_TRANSLATE_NOOP("PayDesk", "No longer checked by itself: press F5 to "
                                           "check it"),)),
    OrderPhase.PAID: PhaseLook(
        "✓", QT_TRANSLATE_NOOP("PayDesk", "Paid"), QT_TRANSLATE_NOOP("PayDesk", "Paid"),
        "#188038", BadgeColours("#ffffff", "#188038", "#0d652d"),
        overlay=QT_TRANSLATE_NOOP("PayDesk", "✓ Paid"),  # the card's lines: its time
        buyer=QT_TRANSLATE_NOOP("PayDesk", "Paid"),
        buyer_more=QT_TRANSLATE_NOOP("PayDesk", "Thank you!")),
    OrderPhase.REFUSED: PhaseLook(
        "✗", QT_TRANSLATE_NOOP("PayDesk", "Refused"), QT_TRANSLATE_NOOP("PayDesk", "Refused"),
        "#c5221f", BadgeColours("#ffffff", "#c5221f", "#a50e0e"),
        overlay=QT_TRANSLATE_NOOP("PayDesk", "✗ Refused"),
        card=(QT_TRANSLATE_NOOP("PayDesk", "Create a new payment to try again"),),
        buyer=QT_TRANSLATE_NOOP("PayDesk", "Payment refused"), buyer_more=_ASK_THE_CASHIER),
    OrderPhase.EXPIRED: PhaseLook(
        "⊘", QT_TRANSLATE_NOOP("PayDesk", "Expired"), QT_TRANSLATE_NOOP("PayDesk", "Expired"),
        "#5f6368", _GREY,
        overlay=QT_TRANSLATE_NOOP("PayDesk", "Expired"),
        card=(QT_TRANSLATE_NOOP("PayDesk", "This link has expired — create a new payment"),),
        buyer=QT_TRANSLATE_NOOP("PayDesk", "Time is up"), buyer_more=_ASK_THE_CASHIER),
    OrderPhase.ABANDONED: PhaseLook(
        "⊘", QT_TRANSLATE_NOOP("PayDesk", "Abandoned"),
        QT_TRANSLATE_NOOP("PayDesk", "Not sent — abandoned"), "#5f6368", _GREY,
        overlay=_NOT_SENT,
        card=(QT_TRANSLATE_NOOP("PayDesk", "This order never reached the payment service"),)),
    OrderPhase.UNKNOWN: PhaseLook(
        "?", QT_TRANSLATE_NOOP("PayDesk", "Unknown"),
        QT_TRANSLATE_NOOP("PayDesk", "Unknown status: {raw}"), "#b06000", _AMBER,
        overlay=QT_TRANSLATE_NOOP("PayDesk", "Not payable"),
        card=(QT_TRANSLATE_NOOP("PayDesk", "Check this order with the payment service"),)),
}

_MISSING = set(OrderPhase) - set(LOOKS)
if _MISSING:  # a new phase fails at import, in every front end's tests, not at the counter
    raise LookupError(f"paydesk.domain.phase_looks has no look for {sorted(_MISSING)}")

#: The lines under the code of an order the service has but whose link it never sent
#: (the card of a PENDING order shows no code then).
NO_LINK_WORDS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("PayDesk", "The payment service already has this order"),
    QT_TRANSLATE_NOOP("PayDesk", "but did not send its link: it cannot be shown to the buyer."),
    QT_TRANSLATE_NOOP("PayDesk", "PayDesk keeps checking it."),
)


def word_of(phase: OrderPhase, translate: Translate, raw: str = "") -> str:
    """The phase's short word in ``translate``'s language; an unknown status followed
    by the service's own word ``raw``."""
    said = translate(LOOKS[phase].word)
    return f"{said}: {raw}" if phase is OrderPhase.UNKNOWN else said


def badge_of(phase: OrderPhase, translate: Translate, raw: str = "") -> str:
    """The badge's words for the phase in ``translate``'s language, with its symbol."""
    look = LOOKS[phase]
    return f"{look.symbol} {translate(look.badge).format(raw=raw)}"
