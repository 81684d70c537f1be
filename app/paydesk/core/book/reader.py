"""The order book's read side: what the orders list, its totals, the report and the export ask.

The window reads the book through this, never through the store itself, so a
second backend (several tills on one shared book) plugs in here. A book answers
for one account (the till's client id), whatever account a query names.

It also publishes :class:`BookChangedElsewhere` on its event hub when the book
was changed elsewhere: by a command in
a terminal (``paydesk create``, ``paydesk refresh``), another till, another
program. SQLite's ``PRAGMA data_version`` moves only when another connection
commits, so :meth:`OrderBookReader.look_for_changes` is one cheap question, and what
this process writes itself is not news (it says so order by order). Whoever owns
the book's thread asks (the window, on a timer): nothing here waits or runs a
thread, and the connection stays in the thread that opened it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date

from paydesk.core.book.report import DayReport, day_bounds
from paydesk.core.events import BookChangedElsewhere, EventHub
from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.orders import Order
from paydesk.store import (
    CreationAttempt,
    OrderQuery,
    OrderStore,
    SortColumn,
    StatusChange,
    StoreError,
    Totals,
)

# What a reader of the book needs to name; re-exported so it need not know the store.
__all__ = [
    "CreationAttempt",
    "OrderBookReader",
    "OrderDetails",
    "OrderQuery",
    "SortColumn",
    "StatusChange",
    "StoreError",
    "Totals",
]

@dataclass(frozen=True, slots=True)
class OrderDetails:
    """Everything the book knows of one order: the order as it stands, every status
    seen (oldest first) and every answer to its create request (oldest first)."""

    order: Order
    history: list[StatusChange]
    attempts: list[CreationAttempt]


class OrderBookReader:
    """One account's orders (every account's with ``client_id`` None), read on one
    store's connection, and word of changes made by others."""

    def __init__(self, store: OrderStore, client_id: int | None = None,
                 hub: EventHub | None = None) -> None:
        self._store = store
        self.client_id = client_id
        #: Where a change made elsewhere is published (BookChangedElsewhere), in the
        #: book's thread.
        self.hub = hub or EventHub()
        # From now on, what another connection commits is a change, even before the
        # first look: the list reads the book as soon as it is made.
        try:
            self._version: int | None = store.data_version()
        except StoreError:
            self._version = None  # the first look that can read it tells everyone

    # -- reading -----------------------------------------------------------------

    def query(self, q: OrderQuery) -> list[Order]:
        """The orders matching ``q`` in its order, one page of them if it has one."""
        return self._store.query(self._scoped(q))

    def count(self, q: OrderQuery) -> int:
        return self._store.count(self._scoped(q))

    def totals(self, q: OrderQuery) -> Totals:
        """Counts and kopeck sums of everything matching ``q``'s filters."""
        return self._store.totals(self._scoped(q))

    def paid_on(self, day: date, till: str | None = None) -> Totals:
        """What was paid on the local ``day``, by paid time (the footer's "Paid today"),
        at one till or (None) at every till."""
        since, until = day_bounds(day)
        return self._store.paid_totals(since, until, self.client_id, till)

    def day_report(
        self, first: date, last: date | None = None, *, clock: Clock = utc_now,
        till: str | None = None,
    ) -> DayReport:
        """The report of the local days ``first`` to ``last`` (one day when None), of one
        till's orders or (``till`` None) of the whole shop's."""
        since, until = day_bounds(first, last)
        return DayReport.build(self._store, self.client_id, since, until, clock=clock,
                               till=till)

    def tills(self) -> list[str]:
        """The named tills that took this account's orders, sorted (for a till filter)."""
        return self._store.tills(self.client_id)

    def details(self, order_id: str, client_id: int | None = None) -> OrderDetails | None:
        """One order with its status history and creation attempts; None when the book
        has no such order. ``client_id`` names the account when the book reads every
        account's orders (``client_id`` None); a book for one account uses its own."""
        client = self.client_id if self.client_id is not None else client_id
        if client is None:
            raise ValueError("details() needs the order's client_id on an all-accounts book")
        order = self._store.get(client, order_id)
        if order is None:
            return None
        return OrderDetails(
            order,
            self._store.history(client, order_id),
            self._store.creation_attempts(client, order_id),
        )

    def report_orders(self, report: DayReport) -> list[Order]:
        """The orders ``report`` counts (created or paid in its range), for its CSV."""
        return report.orders(self._store)

    # -- changes made elsewhere --------------------------------------------------

    def look_for_changes(self) -> bool:
        """Whether another connection changed the book since the last look; if so, the
        hub hears of it first (BookChangedElsewhere). StoreError when the book cannot be asked."""
        version = self._store.data_version()
        if version == self._version:
            return False
        self._version = version
        self.hub.publish(BookChangedElsewhere())
        return True

    def _scoped(self, q: OrderQuery) -> OrderQuery:
        if self.client_id is None or q.client_id == self.client_id:
            return q
        return dataclasses.replace(q, client_id=self.client_id)
