"""A shift's report: the ONE computation behind the mid-shift report and the close.

:func:`compute_report` reads the shift's orders (one indexed query, a row per order)
and adds them up in Python, each order counted once under its outcome, so every total
is the sum of the orders under it, to the kopeck, and the outcomes add up to the
shift's orders. The mid-shift report is this computation now; the close runs it inside
the transaction that closes the shift and keeps its JSON (:meth:`ShiftReport.to_json`),
which is read back as it was ever after: a frozen report never changes.

An order of a closed shift that is paid after that close stays that shift's order (its
frozen report says it was unanswered) and is reported as "paid after the close of shift
N" in the till's next shift's report: the one whose span, from the previous shift's
close to its own, holds the payment. So each late payment is in exactly one report.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any

from paydesk.domain.clock import from_ms
from paydesk.domain.orders import CreationState, OrderStatus
from paydesk.store import OrderStore
from paydesk.store.reporting import Tally
from paydesk.store.shift_tables import ShiftRow

#: The outcomes an order of a shift is counted under, in the order they are shown.
OUTCOMES = ("paid", "refused", "expired", "unanswered", "not_sent")
_FORMAT = 1


@dataclass(frozen=True, slots=True)
class CashierLine:
    """One cashier's sales in the shift, and what of them was paid."""

    cashier: str
    orders: Tally
    paid: Tally


@dataclass(frozen=True, slots=True)
class HourLine:
    """The sales taken in one hour of the shop's clock (``start``: local, aware)."""

    start: datetime
    orders: Tally
    paid: Tally


@dataclass(frozen=True, slots=True)
class OpenOrder:
    """An order the service had not answered for good: with the time of its last check."""

    order_id: str
    amount: int
    cashier: str
    created_at: datetime
    last_checked_at: datetime | None


@dataclass(frozen=True, slots=True)
class LatePayment:
    """An order of an earlier, closed shift, paid after that shift's close."""

    order_id: str
    amount: int
    shift: int
    cashier: str
    paid_at: datetime


@dataclass(frozen=True, slots=True)
class ShiftReport:
    """A shift's numbers; ``frozen``: the close's, kept as it was (else as of ``generated_at``)."""

    number: int
    till: str
    cashier: str
    opened_at: datetime
    closed_at: datetime | None
    closed_by: str | None
    generated_at: datetime
    frozen: bool
    orders: Tally
    paid: Tally
    refused: Tally
    expired: Tally
    unanswered: Tally
    not_sent: Tally
    by_cashier: tuple[CashierLine, ...] = ()
    by_hour: tuple[HourLine, ...] = ()
    first_sale: datetime | None = None
    last_sale: datetime | None = None
    #: The orders still not answered for good, oldest first.
    still_open: tuple[OpenOrder, ...] = ()
    #: Payments of earlier shifts that came after their close, counted in this report.
    late_payments: tuple[LatePayment, ...] = field(default=())

    def outcome(self, name: str) -> Tally:
        """The tally of one of :data:`OUTCOMES`."""
        tally: Tally = getattr(self, name)
        return tally

    @property
    def late_total(self) -> Tally:
        return _tally(late.amount for late in self.late_payments)

    # -- kept as JSON ------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps(_to_plain(self), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> ShiftReport:
        plain = json.loads(text)
        return _from_plain(plain)


def compute_report(store: OrderStore, client_id: int, shift: ShiftRow, *,
                   now: datetime, tz: tzinfo | None = None,
                   frozen: bool = False) -> ShiftReport:
    """The shift's report as its orders stand now (see the module's docstring)."""
    rows = store.shift_order_rows(client_id, shift.till, shift.number)
    previous = store.previous_shift_row(shift.till, shift.number)
    late_rows = store.late_payment_rows(
        client_id, shift.till, None if previous is None else previous.closed_at,
        shift.closed_at)
    return _computed(shift, rows, late_rows, now=now, tz=tz, frozen=frozen)


def _computed(shift: ShiftRow, rows: Sequence[Sequence[Any]],
              late_rows: Sequence[Sequence[Any]], *, now: datetime, tz: tzinfo | None,
              frozen: bool) -> ShiftReport:
    outcomes: dict[str, list[int]] = {name: [] for name in OUTCOMES}
    cashiers: dict[str, tuple[list[int], list[int]]] = {}
    hours: dict[datetime, tuple[list[int], list[int]]] = {}
    still_open: list[OpenOrder] = []
    created: list[datetime] = []
    for order_id, amount, status, creation, created_ms, _paid, checked_ms, cashier, _s in rows:
        outcome = _outcome(status, creation)
        outcomes[outcome].append(amount)
        at = _moment(created_ms)
        created.append(at)
        hour = at.astimezone(tz).replace(minute=0, second=0, microsecond=0)
        for buckets, key in ((cashiers, cashier), (hours, hour)):
            taken, paid = buckets.setdefault(key, ([], []))  # type: ignore[arg-type]
            taken.append(amount)
            if outcome == "paid":
                paid.append(amount)
        if outcome == "unanswered":
            still_open.append(OpenOrder(order_id, amount, cashier, at, from_ms(checked_ms)))
    late = tuple(
        LatePayment(order_id, amount, int(number), cashier, _moment(paid_ms))
        for order_id, amount, _st, _cr, _c, paid_ms, _ch, cashier, number in late_rows)
    return ShiftReport(
        number=shift.number, till=shift.till, cashier=shift.cashier,
        opened_at=shift.opened_at, closed_at=shift.closed_at, closed_by=shift.closed_by,
        generated_at=now, frozen=frozen,
        orders=_tally(amount for amounts in outcomes.values() for amount in amounts),
        **{name: _tally(amounts) for name, amounts in outcomes.items()},
        by_cashier=tuple(CashierLine(name, _tally(taken), _tally(paid))
                         for name, (taken, paid) in sorted(cashiers.items())),
        by_hour=tuple(HourLine(start, _tally(taken), _tally(paid))
                      for start, (taken, paid) in sorted(hours.items())),
        first_sale=min(created, default=None), last_sale=max(created, default=None),
        still_open=tuple(still_open), late_payments=late,
    )


def _outcome(status: str, creation: str) -> str:
    """What became of an order, as one of :data:`OUTCOMES`. An order the service never
    confirmed was not sent; a status PayDesk does not know is not a final answer."""
    if status == OrderStatus.APPROVE.value:
        return "paid"
    if status == OrderStatus.DECLINE.value:
        return "refused"
    if status == OrderStatus.EXPIRED.value:
        return "expired"
    if creation != CreationState.CONFIRMED.value:
        return "not_sent"
    return "unanswered"


def _tally(amounts: Iterable[int]) -> Tally:
    values = list(amounts)
    return Tally(len(values), sum(values))


def _moment(ms: int) -> datetime:
    value = from_ms(ms)
    assert value is not None
    return value


# -- JSON ---------------------------------------------------------------------------


def _to_plain(report: ShiftReport) -> dict[str, Any]:
    def tally(t: Tally) -> list[int]:
        return [t.count, t.amount]

    def time(t: datetime | None) -> str | None:
        return None if t is None else t.isoformat()

    return {
        "format": _FORMAT, "number": report.number, "till": report.till,
        "cashier": report.cashier, "opened_at": time(report.opened_at),
        "closed_at": time(report.closed_at), "closed_by": report.closed_by,
        "generated_at": time(report.generated_at),
        **{name: tally(report.outcome(name)) for name in ("orders", *OUTCOMES)},
        "by_cashier": [[line.cashier, tally(line.orders), tally(line.paid)]
                       for line in report.by_cashier],
        "by_hour": [[time(line.start), tally(line.orders), tally(line.paid)]
                    for line in report.by_hour],
        "first_sale": time(report.first_sale), "last_sale": time(report.last_sale),
        "still_open": [[o.order_id, o.amount, o.cashier, time(o.created_at),
                        time(o.last_checked_at)] for o in report.still_open],
        "late_payments": [[p.order_id, p.amount, p.shift, p.cashier, time(p.paid_at)]
                          for p in report.late_payments],
    }


def _from_plain(plain: dict[str, Any]) -> ShiftReport:
    def tally(pair: list[int]) -> Tally:
        return Tally(int(pair[0]), int(pair[1]))

    def time(text: str | None) -> datetime | None:
        return None if text is None else datetime.fromisoformat(text)

    def when(text: str) -> datetime:
        value = time(text)
        assert value is not None
        return value

    return ShiftReport(
        number=int(plain["number"]), till=plain["till"], cashier=plain["cashier"],
        opened_at=when(plain["opened_at"]), closed_at=time(plain["closed_at"]),
        closed_by=plain["closed_by"], generated_at=when(plain["generated_at"]), frozen=True,
        orders=tally(plain["orders"]),
        **{name: tally(plain[name]) for name in OUTCOMES},
        by_cashier=tuple(CashierLine(name, tally(taken), tally(paid))
                         for name, taken, paid in plain["by_cashier"]),
        by_hour=tuple(HourLine(when(start), tally(taken), tally(paid))
                      for start, taken, paid in plain["by_hour"]),
        first_sale=time(plain["first_sale"]), last_sale=time(plain["last_sale"]),
        still_open=tuple(OpenOrder(order_id, int(amount), cashier, when(created),
                                   time(checked))
                         for order_id, amount, cashier, created, checked
                         in plain["still_open"]),
        late_payments=tuple(LatePayment(order_id, int(amount), int(shift), cashier,
                                        when(paid))
                            for order_id, amount, shift, cashier, paid
                            in plain["late_payments"]),
    )

