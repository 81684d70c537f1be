"""What the receipt printer's slips say: the QR slip, the paid receipt, the test page.

Decided once here for every front end: the window, ``paydesk print`` and the tests
get the same lines. The words are English texts marked for the one catalogue
(resources/translations) and put in the reader's language by ``words`` (the
window's ``tr``, the command line's :class:`~paydesk.cli.words.Words`); amounts and
times are written that language's way (paydesk.domain.writing). A slip is given
only for an order still open to pay, a receipt only for a paid one: a slip for a
paid order would ask the buyer to pay twice.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from paydesk.domain.catalogue import QT_TRANSLATE_NOOP
from paydesk.domain.order_ids import short_id
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.domain.phase_looks import LOOKS
from paydesk.domain.writing import Language, amount_text, moment_text
from paydesk.support.escpos_ticket import Code, Line, Rule, Ticket

#: A text in the reader's language: ``words("Order {short_id}")``.
WordsIn = Callable[[str], str]

_NO_LINK = QT_TRANSLATE_NOOP(
    "PayDesk", "This order has no payment link yet, so there is no slip to print.")
_NOT_PAYABLE = QT_TRANSLATE_NOOP(
    "PayDesk", "This order can no longer be paid, so there is no slip to print.")

#: Every phase on paper: None, a slip can be printed (the order's link is open to
#: pay, even one PayDesk no longer checks by itself); else why not, for the cashier.
SLIPS: dict[OrderPhase, str | None] = {
    OrderPhase.CREATING: _NO_LINK,
    OrderPhase.NOT_SENT: _NO_LINK,
    OrderPhase.PENDING: None,
    # Its time is up: nobody may scan it now (the card hides its code too).
    OrderPhase.CHECKING: _NOT_PAYABLE,
    OrderPhase.UNCHECKED: None,
    OrderPhase.PAID: QT_TRANSLATE_NOOP(
        "PayDesk", "This order is already paid, so there is no slip to print."),
    OrderPhase.REFUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "This payment was refused; create a new payment to print a slip."),
    OrderPhase.EXPIRED: QT_TRANSLATE_NOOP(
        "PayDesk", "This payment link has expired; create a new payment to print a slip."),
    OrderPhase.ABANDONED: _NO_LINK,
    OrderPhase.UNKNOWN: _NOT_PAYABLE,
}
NOT_PAID = QT_TRANSLATE_NOOP(
    "PayDesk", "This order is not paid, so there is no receipt to print.")

_CURRENCY = QT_TRANSLATE_NOOP("PayDesk", "RUB")
_SCAN = QT_TRANSLATE_NOOP("PayDesk", "Scan to pay")
_TIME_LEFT = QT_TRANSLATE_NOOP("PayDesk", "Pay within {minutes} min, before {time}")
_ORDER = QT_TRANSLATE_NOOP("PayDesk", "Order {short_id}")
_PAID_BETWEEN = QT_TRANSLATE_NOOP("PayDesk", "Paid between {0} and {1}")
_NOT_FISCAL = QT_TRANSLATE_NOOP("PayDesk", "Not a fiscal receipt")
_RECEIPT = QT_TRANSLATE_NOOP("PayDesk", "Payment received")
_TEST = QT_TRANSLATE_NOOP("PayDesk", "Printer test page")
_TEST_LINES = (
    QT_TRANSLATE_NOOP("PayDesk", "This printer is ready for PayDesk."),
    QT_TRANSLATE_NOOP("PayDesk", "Paper: {paper} mm, code page {code_page}"),
)


class NothingToPrintError(ValueError):
    """The order has no slip (or receipt) to print; ``str()`` is the reason's English
    text, ``reason`` the same marked text for ``words``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def slip_link(order: Order) -> str:
    """The link a slip would carry; NothingToPrintError if the order cannot be paid."""
    reason = SLIPS[phase_of(order)]
    if reason is None:
        if order.url:
            return order.url
        reason = _NO_LINK  # the record, not the phase: a confirmed order has its link
    raise NothingToPrintError(reason)


def money_line(kopecks: int, words: WordsIn, language: Language) -> str:
    """``1 234,50 руб.``: the ruble sign is in no code page a thermal printer has."""
    return f"{amount_text(kopecks, language)} {words(_CURRENCY)}"


def slip_ticket(order: Order, *, merchant_name: str, expires_at: datetime | None,
                now: datetime, words: WordsIn, language: Language) -> Ticket:
    """The QR slip: the shop, the amount, the code, the time left, the order."""
    link = slip_link(order)
    items: list[Line | Code | Rule] = _shop(merchant_name)
    items += [Line(money_line(order.amount, words, language), bold=True, big=True),
              Code(link), Line(words(_SCAN), bold=True)]
    if expires_at is not None:
        minutes = max(0, int((expires_at - now).total_seconds() // 60))
        until = expires_at.astimezone().strftime("%H:%M")
        items.append(Line(words(_TIME_LEFT).format(minutes=minutes, time=until)))
    items += [Rule(), Line(words(_ORDER).format(short_id=short_id(order.order_id)), bold=True)]
    return Ticket(tuple(items))


def receipt_ticket(order: Order, *, merchant_name: str, words: WordsIn,
                   language: Language) -> Ticket:
    """The paid receipt: the shop, the amount, when it was paid, the order, not fiscal."""
    if phase_of(order) is not OrderPhase.PAID or order.paid_at is None:
        raise NothingToPrintError(NOT_PAID)
    items: list[Line | Code | Rule] = _shop(merchant_name)
    items += [Line(words(_RECEIPT), bold=True),
              Line(money_line(order.amount, words, language), bold=True, big=True),
              Line(paid_text(order, words, language))]
    items += [Rule(), Line(words(_ORDER).format(short_id=short_id(order.order_id)), bold=True),
              Line(words(_NOT_FISCAL))]
    return Ticket(tuple(items))


def paid_text(order: Order, words: WordsIn, language: Language) -> str:
    """"Paid 24.11.2026 14:31" (the phase's word: paydesk.domain.phase_looks), or "Paid
    between 14:20 and 14:31" when PayDesk saw the payment long after it could have been
    made."""
    paid = moment_text(order.paid_at, language)
    if order.paid_time_is_approximate and order.last_pending_at is not None:
        return words(_PAID_BETWEEN).format(moment_text(order.last_pending_at, language), paid)
    return f"{words(LOOKS[OrderPhase.PAID].word)} {paid}"


def test_ticket(*, merchant_name: str, paper_mm: int, code_page: str, link: str,
                words: WordsIn, language: Language) -> Ticket:
    """A page that shows the printer works: its words in the code page, a code, the cut."""
    items: list[Line | Code | Rule] = _shop(merchant_name)
    items += [Line(words(_TEST), bold=True), Line(money_line(123450, words, language), big=True),
              Code(link), Rule()]
    items.append(Line(words(_TEST_LINES[0])))
    items.append(Line(words(_TEST_LINES[1]).format(paper=paper_mm, code_page=code_page)))
    return Ticket(tuple(items))


def _shop(merchant_name: str) -> list[Line | Code | Rule]:
    return [Line(merchant_name.strip(), bold=True)] if merchant_name.strip() else []
