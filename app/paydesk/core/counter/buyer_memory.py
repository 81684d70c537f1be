"""The buyer's screen's memory: whose sale it shows, and how long a result stays.

What the buyer sees follows the sale (counter_views.py's table), with two rules
that need memory, the same for every buyer's screen:

- A result (paid, refused, time ran out) is shown only for the order the buyer
  was watching: the cashier putting yesterday's paid order in front of the buyer
  never greets this buyer with someone else's amount.
- A result stays its full time (:data:`RESULT_SECONDS`) unless a new payment
  starts: the cashier pressing Esc right after "Paid" does not cut the
  "thank you" short. Then the screen goes idle.

Times are the steady clock's (domain/clock.py): a corrected wall clock neither
cuts a result short nor keeps it on screen.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from paydesk.core.counter.views import BUYER_STATES, RESULTS, BuyerState, BuyerView
from paydesk.domain.clock import seconds_left
from paydesk.domain.phase import phase_of

if TYPE_CHECKING:
    from paydesk.domain.orders import Order

#: How long a result stays on the buyer's screen before it goes idle.
RESULT_SECONDS = 6.0


class BuyerScreen:
    """What the buyer's screen shows for the sale, one :meth:`show` at a time."""

    def __init__(self, result_seconds: float = RESULT_SECONDS) -> None:
        self._hold = timedelta(seconds=result_seconds)
        self.view = BuyerView()
        self._live_id: str | None = None  # the order the buyer is watching
        self._result_id: str | None = None  # the order whose result is on screen
        self._result_until: datetime | None = None

    def show(self, sale: Order | None, *, expires_at: datetime | None,
             now: datetime) -> BuyerView:
        """The screen for ``sale`` (None: nobody is paying) at ``now``."""
        if self._result_until is not None and now >= self._result_until:
            self._watch(None, BuyerView())  # the result had its time
        if sale is not None:
            state = BUYER_STATES[phase_of(sale, expires_at=expires_at, now=now)]
            if state in RESULTS:
                if sale.order_id == self._live_id:
                    return self._result(sale, state, now)
                if sale.order_id == self._result_id:
                    return self.view  # the same result again (a late update): its time runs
            elif state is BuyerState.PENDING and sale.url is not None:
                left = None if expires_at is None else seconds_left(expires_at, now)
                return self._watch(sale, BuyerView(state, sale.amount, sale.url, left))
            elif state in (BuyerState.CHECKING, BuyerState.PREPARING):
                return self._watch(sale, BuyerView(state, sale.amount))
        if self._result_until is not None:
            return self.view  # nothing new for the buyer: the result keeps its time
        # Nothing for the buyer: none, abandoned, unknown, or not theirs.
        return self._watch(None, BuyerView())

    def result_ends(self) -> datetime | None:
        """When the result on screen gives way to the idle screen (None: no result)."""
        return self._result_until

    def _watch(self, sale: Order | None, view: BuyerView) -> BuyerView:
        """A screen that is not a result: the buyer watches ``sale`` (None: nobody)."""
        self._live_id = None if sale is None else sale.order_id
        self._result_id = None
        self._result_until = None  # a new payment cuts the way back to idle
        self.view = view
        return view

    def _result(self, sale: Order, state: BuyerState, now: datetime) -> BuyerView:
        self._live_id = None
        self._result_id = sale.order_id
        self._result_until = now + self._hold
        self.view = BuyerView(state, sale.amount)
        return self.view
