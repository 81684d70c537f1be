"""Shifts and cashiers: who took each payment, and a shift closed on the service's answers.

Owns: the cashiers (name, role, PIN as a scrypt hash, the wrong-PIN throttle), the
till's shifts (open, the stamp every sale is written with, the close), and the shift's
report (one computation for the mid-shift report and the frozen one). The rows are the
order book's (store/shift_tables.py, schema step 11; the shared book's step 3). Plain
Python, no Qt: the window, the command line and the till program's API call it, each on
the thread that owns the store it was given; nothing here imports a front end.

With the ``shifts`` setting off nothing of this is used: no sale is stamped and nothing
is refused. With it on, the desk takes no sale outside an open shift
(``OrderDesk.shifts`` is a :class:`TillShifts`, set by ``Runtime.open_desk``): it
refuses with :class:`ShiftError` code ``shift_required``, and the watch engine's
``create`` says it as ``Problem(SALE_NOT_WRITTEN, Failure("shift_required"))``.

Public interface (kept stable; import from ``paydesk.core.shifts``)::

    Cashiers(store, *, clock=utc_now, monotonic=time.monotonic)
        .all() -> list[Cashier]           .exist() -> bool
        .find(name) -> Cashier | None
        .sign_in(name, pin) -> Cashier    # ShiftError WRONG_PIN / PIN_LOCKED (detail: s)
        .add(name, pin, *, owner=False, by=None) -> Cashier   # the first: owner, by None
        .remove(name, *, by)              .change_pin(name, new_pin, *, by)
        .require_owner(cashier) -> Cashier  # settings changes ask this first
    Cashier(name, role: Role).is_owner    Role.CASHIER | Role.OWNER

    TillShifts(store, client_id, till, *, clock=utc_now, tz=None)
        .current() -> ShiftRow | None     .get(number) -> ShiftRow    .all()
        .open(cashier, *, reference=None) -> ShiftRow   # ShiftError SHIFT_ALREADY_OPEN
        .by_reference(reference) -> ShiftRow | None   # the till program's own id of it
        .hand_over(cashier)               # switch cashier: the next sales are theirs
        .stamp() -> ShiftStamp(shift, cashier)   # ShiftError SHIFT_REQUIRED
        .report(number=None) -> ShiftReport     # mid-shift (computed) or frozen
    ShiftRow(number, till, cashier, opened_at, closing_at, closing_by, closed_at,
             closed_by, reference).is_open

    close_shift(shifts, desk, client, by, cashiers, *, number=None, max_in_flight=8,
                limiter=None, deadline_s=60.0, on_progress=None) -> ShiftReport
        on_progress(CloseProgress(stage: CloseStage, number, checked, total)),
        CloseStage.CHECKING (each answer) -> FREEZING -> FROZEN; called on the
        closing thread. Idempotent: a closed shift returns its frozen report.
    unfinished_close(shifts) -> ShiftRow | None   # a close a crash interrupted
    may_close(shift, by, cashiers)                # NOT_YOUR_SHIFT unless theirs/owner

    ShiftReport: number, till, cashier, opened_at, closed_at, closed_by, generated_at,
        frozen, orders / paid / refused / expired / unanswered / not_sent (Tally: count,
        amount in kopecks), by_cashier (CashierLine), by_hour (HourLine, local start),
        first_sale, last_sale, still_open (OpenOrder with last_checked_at),
        late_payments (LatePayment: order_id, amount, shift, cashier, paid_at),
        late_total; .to_json() / ShiftReport.from_json(text); OUTCOMES
    report_lines(report, words, language) -> list[str]  # the slip's and terminal's lines
    report_ticket(report, *, merchant_name, words, language) -> Ticket  # for the printer
    report_csv(report, fmt: CsvFormat, words=None) -> str  # CSV of the report
    ShopShifts.build(store, client_id, since, until, *, till=None)  # the owner's day:
        orders / paid, by_till and by_cashier (ShopLine), late_payments
    ShiftError(code, detail).failure: Failure (codes: domain.failures.ShiftFailureCode;
        words: domain.catalogue.SHIFTS)

An order carries ``Order.cashier`` (name, "" without shifts) and ``Order.shift``
(number, None without shifts); ``OrderQuery(cashier=..., shift=...)`` filters by them.
"""

from __future__ import annotations

from paydesk.core.shifts.cashiers import Cashier, Cashiers, Role
from paydesk.core.shifts.closing import (
    CloseProgress,
    CloseStage,
    close_shift,
    freeze,
    may_close,
    unfinished_close,
)
from paydesk.core.shifts.paper import report_csv, report_lines, report_ticket
from paydesk.core.shifts.report import (
    OUTCOMES,
    CashierLine,
    HourLine,
    LatePayment,
    OpenOrder,
    ShiftReport,
    compute_report,
)
from paydesk.core.shifts.shop_day import ShopLine, ShopShifts
from paydesk.core.shifts.stamp import ShiftGate, ShiftStamp
from paydesk.core.shifts.till_shifts import TillShifts
from paydesk.domain.shift_errors import ShiftError
from paydesk.store.reporting import Tally
from paydesk.store.shift_tables import ShiftRow

__all__ = [
    "OUTCOMES",
    "Cashier",
    "CashierLine",
    "Cashiers",
    "CloseProgress",
    "CloseStage",
    "HourLine",
    "LatePayment",
    "OpenOrder",
    "Role",
    "ShiftError",
    "ShiftGate",
    "ShiftReport",
    "ShiftRow",
    "ShiftStamp",
    "ShopLine",
    "ShopShifts",
    "Tally",
    "TillShifts",
    "close_shift",
    "compute_report",
    "freeze",
    "may_close",
    "report_csv",
    "report_lines",
    "report_ticket",
    "unfinished_close",
]
