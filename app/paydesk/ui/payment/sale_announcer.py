"""The sale's progress, said to screen readers: on its way, its code up, its outcome.

A cashier who cannot see the panel hears each step of the sale the moment it
comes, once per step, while the cursor stays in the amount field: the order on
its way with its amount ("Creating the order for 150.00 ₽"), its code on the
screen, then checking (its time is up, the service is asked), paid, refused,
expired, or not sent. Only this till's sale is told: the counter's screens hold
no other till's order (an earlier order paid late has its notice over the list,
ui/orders/paid_notices.py). A refusal or a creation that failed interrupts; the
rest waits for a pause where the reader knows politeness (spoken_notice.py says
how the words reach each screen reader).
"""

from __future__ import annotations

import enum

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject
from PySide6.QtWidgets import QWidget

from paydesk.core.counter.views import BuyerState, CounterScreens
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.ui.shell.formatting import money, tr
from paydesk.ui.widgets.spoken_notice import Politeness, SpokenNotice


class Step(enum.StrEnum):
    """A step of the sale worth telling the cashier."""

    CREATING = "creating"
    CODE_SHOWN = "code_shown"
    CHECKING = "checking"
    PAID = "paid"
    REFUSED = "refused"
    EXPIRED = "expired"
    NOT_SENT = "not_sent"


#: Each step's words ({0}: the amount) and how urgently they are said.
WORDS: dict[Step, tuple[object, Politeness]] = {
    Step.CREATING: (QT_TRANSLATE_NOOP("PayDesk", "Creating the order for {0}"),
                    Politeness.Polite),
    Step.CODE_SHOWN: (QT_TRANSLATE_NOOP(
        "PayDesk", "Order for {0}: the code is on the screen, waiting for payment"),
        Politeness.Polite),
    Step.CHECKING: (QT_TRANSLATE_NOOP("PayDesk", "Time is up for {0}: checking the payment"),
                    Politeness.Polite),
    Step.PAID: (QT_TRANSLATE_NOOP("PayDesk", "Paid: {0}"), Politeness.Polite),
    Step.REFUSED: (QT_TRANSLATE_NOOP("PayDesk", "Refused: {0}"), Politeness.Assertive),
    Step.EXPIRED: (QT_TRANSLATE_NOOP("PayDesk", "Expired: {0}"), Politeness.Polite),
    Step.NOT_SENT: (QT_TRANSLATE_NOOP("PayDesk", "Not sent: {0}"), Politeness.Assertive),
}

_BY_PHASE = {
    OrderPhase.PAID: Step.PAID,
    OrderPhase.REFUSED: Step.REFUSED,
    OrderPhase.EXPIRED: Step.EXPIRED,
    OrderPhase.NOT_SENT: Step.NOT_SENT,
}


def step_of(screens: CounterScreens) -> tuple[Step, int] | None:
    """The step the sale on ``screens`` is at, with its amount (None: nothing to tell)."""
    order = screens.sale
    if screens.creating:  # the amount on its way is the panel's (the sale may be the last)
        amount = screens.panel.creating
        if amount is None and order is not None:
            amount = order.amount
        return None if amount is None else (Step.CREATING, amount)
    if order is None:
        return None
    phase = phase_of(order)
    if phase is OrderPhase.PENDING and order.url is not None:
        # The buyer's screen runs on the sale's clock: its time up, no code is shown.
        if screens.buyer.state is BuyerState.CHECKING:
            return Step.CHECKING, order.amount
        return Step.CODE_SHOWN, order.amount
    step = _BY_PHASE.get(phase)
    return None if step is None else (step, order.amount)


class SaleAnnouncer(QObject):
    """Hears the counter's screens after each change; speaks from a notice in ``widget``."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.notice = SpokenNotice(widget)
        self._creating = False  # "Creating" was said for the creation out now
        self._sale_id: str | None = None
        self._told: set[Step] = set()  # what was said of the sale ``_sale_id``

    def on_sale(self, screens: CounterScreens) -> None:
        found = step_of(screens)
        if found is None:
            self._creating = self._creating and screens.creating
            return
        step, amount = found
        if step is Step.CREATING:
            if self._creating:
                return
            self._creating = True
        else:
            self._creating = False
            assert screens.sale is not None
            if screens.sale.order_id != self._sale_id:
                self._sale_id, self._told = screens.sale.order_id, set()
            if step in self._told:
                return
            self._told.add(step)
        words, politeness = WORDS[step]
        self.notice.say(tr(str(words)).format(money(amount)), politeness)
