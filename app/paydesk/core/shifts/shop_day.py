"""The owner's day over the shop's shifts: every till's and every cashier's sales, and the
payments that came after their shift's close.

Read from the orders themselves (each carries its till, cashier and shift; with a shared
book a till's own book holds every till's orders), so the lines add up to the day's
shift sales to the kopeck, whichever till the owner reads them on. A late payment is one
paid in the day after the close of its shift, as this book knows that shift's close.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from paydesk.core.shifts.report import LatePayment
from paydesk.domain.clock import from_ms
from paydesk.domain.orders import OrderStatus
from paydesk.store import OrderStore
from paydesk.store.reporting import Tally

_MS = timedelta(milliseconds=1)


@dataclass(frozen=True, slots=True)
class ShopLine:
    """One till's (``cashier`` "") or one cashier's at a till: sales and what was paid."""

    till: str
    cashier: str
    orders: Tally
    paid: Tally
    #: The shifts these sales were taken in (their numbers at that till).
    shifts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ShopShifts:
    since: datetime
    until: datetime
    orders: Tally
    paid: Tally
    by_till: tuple[ShopLine, ...]
    by_cashier: tuple[ShopLine, ...]
    #: Payments of this till's closed shifts, seen in the day after their shift's close.
    late_payments: tuple[LatePayment, ...]

    @classmethod
    def build(cls, store: OrderStore, client_id: int | None, since: datetime,
              until: datetime, *, till: str | None = None) -> ShopShifts:
        """Sales taken in shifts in ``[since, until)``; late payments of ``till``'s
        shifts (None: none are looked for) paid in it."""
        rows = store.shift_orders_created(client_id, since, until)
        tills: dict[str, list[tuple[int, bool, int]]] = {}
        cashiers: dict[tuple[str, str], list[tuple[int, bool, int]]] = {}
        for till_name, _oid, amount, status, _cr, _c, _p, _ch, cashier, shift in rows:
            sale = (amount, status == OrderStatus.APPROVE.value, int(shift))
            tills.setdefault(till_name, []).append(sale)
            cashiers.setdefault((till_name, cashier), []).append(sale)
        late: tuple[LatePayment, ...] = ()
        if till is not None and client_id is not None:
            late = tuple(_late(store, client_id, till, since, until))
        every = [sale for sales in tills.values() for sale in sales]
        return cls(
            since, until, _orders(every), _paid(every),
            tuple(_line(name, "", sales) for name, sales in sorted(tills.items())),
            tuple(_line(name, cashier, sales)
                  for (name, cashier), sales in sorted(cashiers.items())),
            late)


def _late(store: OrderStore, client_id: int, till: str, since: datetime,
          until: datetime) -> Iterable[LatePayment]:
    """The till's late payments paid in ``[since, until)`` (the store's bounds are
    ``(after, up to]``: a millisecond earlier each)."""
    rows = store.late_payment_rows(client_id, till, since - _MS, until - _MS)
    for order_id, amount, _st, _cr, _c, paid_ms, _ch, cashier, number in rows:
        paid_at = from_ms(paid_ms)
        assert paid_at is not None
        yield LatePayment(order_id, amount, int(number), cashier, paid_at)


def _orders(sales: list[tuple[int, bool, int]]) -> Tally:
    return Tally(len(sales), sum(amount for amount, _paid, _shift in sales))


def _paid(sales: list[tuple[int, bool, int]]) -> Tally:
    return _orders([sale for sale in sales if sale[1]])


def _line(till: str, cashier: str, sales: list[tuple[int, bool, int]]) -> ShopLine:
    return ShopLine(till, cashier, _orders(sales), _paid(sales),
                    tuple(sorted({shift for _amount, _paid, shift in sales})))
