"""Closing a shift on the payment service's own answers, then freezing its report.

1. Every order of the shift that is not final is asked about again, by the watch engine
   in one pass (each order once, at most ``max_in_flight`` out, under the rate limiter:
   as the watch asks), within ``deadline_s``; each answer is written as the watch writes
   it, and reported to ``on_progress``. An order the service did not answer in time
   stays unanswered in the report, with the time of its last check.
2. The report is computed and written in the one transaction that closes the shift
   (store/shift_tables.py ``freeze_shift``).

A kill at any moment leaves the shift open with no report (the checks written so far
are ordinary checks, true whatever comes next), or closed with its whole report. The
shift's ``closing_at`` notes a close that began: :func:`unfinished_close` finds it at
the next start, and closing again repeats step 1 and finishes; a closed shift's close
returns its frozen report, never a second one.

Blocking, on the thread that owns ``desk``'s store: the window runs it in a worker with a
store and desk of its own (the counter's stays free), the command line in its thread.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from paydesk.core.shifts.cashiers import Cashier, Cashiers
from paydesk.core.shifts.report import ShiftReport, compute_report
from paydesk.core.shifts.till_shifts import TillShifts
from paydesk.core.watch.engine import WatchEngine
from paydesk.core.watch.events import OrderChecked, WatchEvent
from paydesk.core.watch.threads import StoreTrouble, ThreadRunner
from paydesk.domain.failures import ShiftFailureCode as Code
from paydesk.domain.orders import CreationState, OrderStatus
from paydesk.domain.shift_errors import ShiftError
from paydesk.store.shift_tables import ShiftRow

if TYPE_CHECKING:
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.core.watch.rate_limit import RateLimiter
    from paydesk.gateway import GatewayClient

#: How long step 1 waits for the service's answers at most, by default (seconds).
CHECKS_DEADLINE_S = 60.0
_FINAL = frozenset({OrderStatus.APPROVE.value, OrderStatus.DECLINE.value,
                    OrderStatus.EXPIRED.value})


class CloseStage(enum.Enum):
    #: Asking the service about the shift's open orders (``checked`` of ``total``).
    CHECKING = "checking"
    #: The checks are over (answered, or out of time): the report is being frozen.
    FREEZING = "freezing"
    #: The shift is closed and its report kept.
    FROZEN = "frozen"


@dataclass(frozen=True, slots=True)
class CloseProgress:
    stage: CloseStage
    number: int
    checked: int
    total: int


Progress = Callable[[CloseProgress], None]


def may_close(shift: ShiftRow, by: Cashier, cashiers: Cashiers) -> None:
    """The cashier who opened the shift closes it, or an owner (else NOT_YOUR_SHIFT)."""
    if by.name.casefold() == shift.cashier.casefold():
        return
    try:
        cashiers.require_owner(by)
    except ShiftError:
        raise ShiftError(Code.NOT_YOUR_SHIFT) from None


def unfinished_close(shifts: TillShifts) -> ShiftRow | None:
    """The till's open shift whose close began and did not finish (a crash), or None."""
    shift = shifts.current()
    return shift if shift is not None and shift.closing_at is not None else None


def close_shift(
    shifts: TillShifts,
    desk: OrderDesk,
    client: GatewayClient,
    by: Cashier,
    cashiers: Cashiers,
    *,
    number: int | None = None,
    max_in_flight: int = 8,
    limiter: RateLimiter | None = None,
    deadline_s: float = CHECKS_DEADLINE_S,
    on_progress: Progress | None = None,
    monotonic: Callable[[], float] = time.monotonic,
) -> ShiftReport:
    """Close the till's open shift (or shift ``number``) as the module says; its frozen
    report. ``by``: the signed-in cashier closing it. A shift closed already gives its
    report as it was frozen. Raises the book's first refusal (StoreError)."""
    shift = shifts.current() if number is None else shifts.get(number)
    if shift is None:
        raise ShiftError(Code.SHIFT_REQUIRED)
    if not shift.is_open:
        return shifts.report(shift.number)
    may_close(shift, by, cashiers)
    told = on_progress or (lambda _progress: None)
    shift = shifts.store.mark_closing(shift.number, by.name, desk.now())
    _check_open_orders(shifts, shift, desk, client, max_in_flight=max_in_flight,
                       limiter=limiter, deadline_s=deadline_s, told=told,
                       monotonic=monotonic)
    return freeze(shifts, shift.number, by, told)


def freeze(shifts: TillShifts, number: int, by: Cashier,
           told: Progress | None = None) -> ShiftReport:
    """Step 2 alone: close the shift with its report as its orders stand (no checks)."""
    store = shifts.store
    if told is not None:
        told(CloseProgress(CloseStage.FREEZING, number, 0, 0))
    clock_now = shifts.now()

    def report_of(closed: ShiftRow) -> str:
        return compute_report(store, shifts.client_id, closed, now=clock_now, tz=shifts.tz,
                              frozen=True).to_json()

    _closed, text = store.freeze_shift(number, by.name, clock_now, report_of)
    report = ShiftReport.from_json(text)
    if told is not None:
        told(CloseProgress(CloseStage.FROZEN, number, 0, 0))
    return report


def _check_open_orders(shifts: TillShifts, shift: ShiftRow, desk: OrderDesk,
                       client: GatewayClient, *, max_in_flight: int,
                       limiter: RateLimiter | None, deadline_s: float, told: Progress,
                       monotonic: Callable[[], float]) -> None:
    """Ask the service once about each order of the shift that is not final."""
    rows = shifts.store.shift_order_rows(shifts.client_id, shift.till, shift.number)
    open_ids = [order_id for order_id, _a, status, creation, *_rest in rows
                if status not in _FINAL and creation == CreationState.CONFIRMED.value]
    total = len(open_ids)
    told(CloseProgress(CloseStage.CHECKING, shift.number, 0, total))
    if not open_ids:
        return
    checked: set[str] = set()
    trouble = StoreTrouble()

    def heard(event: WatchEvent) -> None:
        if isinstance(event, OrderChecked) and event.order.order_id in wanted:
            checked.add(event.order.order_id)
            told(CloseProgress(CloseStage.CHECKING, shift.number, len(checked), total))

    wanted = frozenset(open_ids)
    deadline = monotonic() + deadline_s
    with ThreadRunner(max_in_flight) as runner:
        engine = WatchEngine(desk, lambda: client, runner, max_in_flight=max_in_flight,
                             limiter=limiter, one_pass=True, only=wanted)
        engine.hub.subscribe(WatchEvent, heard)
        engine.hub.subscribe(WatchEvent, trouble)
        engine.check_now(open_ids)
        while runner.busy:
            left = deadline - monotonic()
            if left <= 0:
                runner.abandon()  # unanswered in time: the report says so
                break
            runner.step(engine, timeout=left)
        engine.stop()
    trouble.raise_it()
