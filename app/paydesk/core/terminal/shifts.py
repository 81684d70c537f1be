"""The till program's shifts: its cash register's shift, driven through the API.

``GET /v1/shift`` (the till's open shift and its report so far, or none; or that the till
works without shifts), ``GET /v1/shifts/{number}``, ``POST /v1/shift/open`` and ``POST
/v1/shift/close`` (core/terminal/api.py routes them here). The shifts are the core's
(paydesk.core.shifts): this module only says them as the API does and keeps its rules.

- The till program names its shift by its own ``reference`` (its register's shift id),
  written with the shift (schema step 12), as a payment's reference is with its order:
  the same request again, also after a restart, answers with the same shift; the same
  reference with another cashier is refused (409 ``api_shift_reference_reused``).
- The API token says which program asks; the cashier is named by name and proves it with
  their PIN, checked by the core's throttled sign-in (``Cashiers.sign_in``) at every
  request that names one. The PIN is read, checked and dropped: never in an answer, a
  log line or an exception's text.
- The close asks the service about every open order of the shift (bounded by the
  core's deadline): it runs in a thread of its own, and the request is answered 202 at
  once with the shift's address to poll; the shift's ``shift_closed`` event says when
  its report is frozen.

Every method but :meth:`TerminalShifts.view` blocks (the order book, the PIN's scrypt
hash): the API calls them in worker threads, never in the window's thread or in its own
event loop; each opens a connection to the order book of its own (a connection belongs to
one thread).
"""

from __future__ import annotations

import logging
import math
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from paydesk.core.problems import failure_of
from paydesk.core.shifts import (
    Cashier,
    Cashiers,
    CloseProgress,
    ShiftError,
    ShiftReport,
    ShiftRow,
    Tally,
    TillShifts,
    close_shift,
    may_close,
)
from paydesk.domain.failures import ApiFailureCode, Failure, ShiftFailureCode
from paydesk.store.errors import StoreError

if TYPE_CHECKING:
    from paydesk.core.runtime import Runtime
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.store import OrderStore

log = logging.getLogger(__name__)

#: Hears a shift's event for the till program's stream: its kind and the shift as shown.
Emit = Callable[[str, dict[str, object]], None]
#: The status each refusal of the shifts is answered with.
_STATUS = {
    ShiftFailureCode.SHIFT_REQUIRED: 409,
    ShiftFailureCode.SHIFT_ALREADY_OPEN: 409,
    ShiftFailureCode.NO_SUCH_SHIFT: 404,
    ShiftFailureCode.NOT_YOUR_SHIFT: 403,
    ShiftFailureCode.WRONG_PIN: 403,
    ShiftFailureCode.PIN_LOCKED: 429,
    ShiftFailureCode.OWNER_ONLY: 403,
    ShiftFailureCode.NO_CASHIERS: 403,
}


@dataclass(frozen=True, slots=True)
class ShiftAsk:
    """What the till program asked to open or close, checked for shape by the server."""

    reference: str
    cashier: str
    pin: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class ShiftAnswer:
    """An answer: the status, and the shift as shown or why not."""

    status: int
    shift: dict[str, object] | None = None
    failure: Failure | None = None
    #: Seconds to wait before asking again (a cashier's PIN locked for a while).
    retry_after: int | None = None
    replayed: bool = False


@dataclass
class _Closing:
    """A close under way in this process: by whom, and how far its checks are."""

    by: str
    checked: int = 0
    total: int = 0
    #: The catalogue's code of why the last try could not finish (the shift stays open).
    problem: str | None = None
    running: bool = True


class TerminalShifts:
    """The shifts of this till as the till program's API drives and shows them."""

    def __init__(self, runtime: Runtime) -> None:
        self._runtime = runtime
        self._emit: Emit | None = None
        self._lock = threading.Lock()
        #: One open or close at a time: a request asked twice at once finds the first's
        #: shift (its reference written) and is answered with it.
        self._acting = threading.Lock()
        #: The closes begun here, by shift number (kept: a poll reads their outcome).
        self._closes: dict[int, _Closing] = {}

    def follow(self, emit: Emit | None) -> None:
        """Who hears the shifts' events from now on (the running API), or nobody."""
        self._emit = emit

    @property
    def on(self) -> bool:
        return bool(self._runtime.settings.shifts)

    @contextmanager
    def _book(self) -> Iterator[tuple[OrderStore, OrderDesk, TillShifts]]:
        """A connection to the order book for this thread, a desk and the till's shifts."""
        store = self._runtime.open_store(check_whole_file=False)
        try:
            desk = self._runtime.open_desk(store)
            shifts = desk.shifts
            if not isinstance(shifts, TillShifts):  # the setting was turned off meanwhile
                raise ShiftError(ShiftFailureCode.SHIFT_REQUIRED)
            yield store, desk, shifts
        finally:
            store.close()

    # -- reading ------------------------------------------------------------------------

    def current(self) -> ShiftAnswer | dict[str, object]:
        """``GET /v1/shift``: whether shifts are on, and the open shift (or None); or why
        the book could not say."""
        if not self.on:
            return {"shifts": "off", "shift": None}
        answer = self._answering(self._current)
        return answer.shift if answer.failure is None and answer.shift is not None else answer

    def _current(self) -> ShiftAnswer:
        with self._book() as (_store, _desk, shifts):
            shift = shifts.current()
            return ShiftAnswer(200, {
                "shifts": "on",
                "shift": None if shift is None else self.view(shift, shifts.report())})

    def shift(self, number: int) -> ShiftAnswer:
        """``GET /v1/shifts/{number}``: the shift and its report (frozen once closed)."""
        return self._answering(lambda: self._shift(number))

    def _shift(self, number: int) -> ShiftAnswer:
        with self._book() as (_store, _desk, shifts):
            shift = shifts.get(number)
            return ShiftAnswer(200, self.view(shift, shifts.report(number)))

    # -- opening ------------------------------------------------------------------------

    def open(self, ask: ShiftAsk) -> ShiftAnswer:
        """``POST /v1/shift/open``: a shift for the cashier named (their PIN checked), or
        the one this reference opened before (200, ``replayed``)."""
        with self._acting:
            return self._answering(lambda: self._open(ask))

    def _open(self, ask: ShiftAsk) -> ShiftAnswer:
        with self._book() as (store, _desk, shifts):
            known = shifts.by_reference(ask.reference)
            if known is not None and not _same_name(known.cashier, ask.cashier):
                return _reused()
            cashier = Cashiers(store).sign_in(ask.cashier, ask.pin)
            if known is not None:
                return ShiftAnswer(200, self.view(known, shifts.report(known.number)),
                                   replayed=True)
            opened = shifts.open(cashier, reference=ask.reference)
            shown = self.view(opened, shifts.report(opened.number))
        log.info("Shift %d opened by the till program", opened.number)
        self._say("shift_opened", shown)
        return ShiftAnswer(201, shown)

    # -- closing ------------------------------------------------------------------------

    def close(self, ask: ShiftAsk) -> ShiftAnswer:
        """``POST /v1/shift/close``: begin closing the shift this reference opened (202,
        its close under way in a thread of its own), or its frozen report (200) once
        closed. Asked again while it runs, the same 202."""
        with self._acting:
            return self._answering(lambda: self._close(ask))

    def _close(self, ask: ShiftAsk) -> ShiftAnswer:
        with self._book() as (store, _desk, shifts):
            shift = shifts.by_reference(ask.reference)
            if shift is None:
                raise ShiftError(ShiftFailureCode.NO_SUCH_SHIFT, ask.reference)
            with self._lock:
                closing = self._closes.get(shift.number)
            closer = shift.closed_by or (closing.by if closing and closing.running else None)
            if closer is not None and not _same_name(closer, ask.cashier):
                return _reused()
            cashiers = Cashiers(store)
            by = cashiers.sign_in(ask.cashier, ask.pin)
            if not shift.is_open:
                return ShiftAnswer(200, self.view(shift, shifts.report(shift.number)),
                                   replayed=True)
            may_close(shift, by, cashiers)
            begun = self._begin_close(shift.number, by)
            shift = shifts.get(shift.number)
            return ShiftAnswer(202, self.view(shift, shifts.report(shift.number)),
                               replayed=not begun)

    def _begin_close(self, number: int, by: Cashier) -> bool:
        """Start the close in a thread of its own, unless one runs; whether it started."""
        with self._lock:
            closing = self._closes.get(number)
            if closing is not None and closing.running:
                return False
            self._closes[number] = _Closing(by.name)
        # A daemon: a PayDesk stopped meanwhile does not wait for the service's answers;
        # the close is whole or not begun at any moment (core/shifts/closing.py), and
        # asking again finishes it.
        threading.Thread(target=self._run_close, args=(number, by), daemon=True,
                         name="paydesk-api-shift-close").start()
        return True

    def _run_close(self, number: int, by: Cashier) -> None:
        """In the close's thread: the core's close on a connection of its own, then the
        shift's ``shift_closed`` event with its frozen report."""
        runtime = self._runtime

        def told(progress: CloseProgress) -> None:
            with self._lock:
                self._closes[number].checked = progress.checked
                self._closes[number].total = progress.total

        try:
            with self._book() as (store, desk, shifts):
                report = close_shift(shifts, desk, runtime.gateway(), by, Cashiers(store),
                                     number=number,
                                     max_in_flight=runtime.settings.max_in_flight,
                                     limiter=runtime.limiter(), on_progress=told)
                shown = self.view(shifts.get(number), report)
        except Exception as exc:  # the shift stays open: closing again repeats it
            failure = failure_of(exc)
            log.warning("Shift %d could not be closed: %s", number, failure.code)
            with self._lock:
                self._closes[number].problem = failure.code
                self._closes[number].running = False
            return
        with self._lock:
            self._closes[number].running = False
            self._closes[number].problem = None
        log.info("Shift %d closed by the till program", number)
        self._say("shift_closed", shown)

    # -- as the API shows it --------------------------------------------------------------

    def view(self, shift: ShiftRow, report: ShiftReport) -> dict[str, object]:
        """A shift as the API shows it (JSON): who, when, its state, its report."""
        with self._lock:
            closing = self._closes.get(shift.number)
            progress = None if closing is None else (closing.running, closing.checked,
                                                     closing.total, closing.problem)
        if not shift.is_open:
            state = "closed"
        elif shift.closing_at is not None or (progress is not None and progress[0]):
            state = "closing"  # under way (here, or elsewhere), or begun and interrupted
        else:
            state = "open"
        return {
            "number": shift.number, "reference": shift.reference, "cashier": shift.cashier,
            "opened_at": _time(shift.opened_at), "state": state,
            "closed_at": _time(shift.closed_at), "closed_by": shift.closed_by,
            "close": None if progress is None or not shift.is_open else {
                "running": progress[0], "checked": progress[1], "total": progress[2],
                "problem": progress[3]},
            "report": report_view(report),
        }

    # -- the answers' plumbing ------------------------------------------------------------

    def _answering(self, work: Callable[[], ShiftAnswer]) -> ShiftAnswer:
        """``work``'s answer; a refusal of the shifts (or of the book) as a problem."""
        if not self.on:
            return ShiftAnswer(409, failure=Failure(ApiFailureCode.SHIFTS_OFF))
        try:
            return work()
        except ShiftError as exc:
            failure = exc.failure
            wait = None
            if exc.code is ShiftFailureCode.PIN_LOCKED:
                wait = max(1, math.ceil(float(failure.detail or 1)))
            return ShiftAnswer(_STATUS.get(exc.code, 422), failure=failure, retry_after=wait)
        except StoreError as exc:
            return ShiftAnswer(503, failure=failure_of(exc))
        except Exception as exc:  # not set up, a keychain missing: one line, never a 5xx trace
            log.warning("The till program's shift request failed: %s", type(exc).__name__)
            return ShiftAnswer(503, failure=failure_of(exc))

    def _say(self, kind: str, shown: dict[str, object]) -> None:
        emit = self._emit
        if emit is not None:
            emit(kind, shown)


def report_view(report: ShiftReport) -> dict[str, object]:
    """A shift's report as the API shows it: the counts and sums (kopecks) by outcome,
    by cashier, the orders still open, the payments of earlier shifts after their close."""

    def tally(t: Tally) -> dict[str, int]:
        return {"count": t.count, "amount_kopecks": t.amount}

    return {
        "frozen": report.frozen, "generated_at": _time(report.generated_at),
        "orders": tally(report.orders),
        **{name: tally(report.outcome(name))
           for name in ("paid", "refused", "expired", "unanswered", "not_sent")},
        "by_cashier": [{"cashier": line.cashier, "orders": tally(line.orders),
                        "paid": tally(line.paid)} for line in report.by_cashier],
        "first_sale": _time(report.first_sale), "last_sale": _time(report.last_sale),
        "still_open": [{"order_id": o.order_id, "amount_kopecks": o.amount,
                        "cashier": o.cashier, "last_checked_at": _time(o.last_checked_at)}
                       for o in report.still_open],
        "late_payments": [{"order_id": p.order_id, "amount_kopecks": p.amount,
                           "shift": p.shift, "cashier": p.cashier, "paid_at": _time(p.paid_at)}
                          for p in report.late_payments],
        "late_total": tally(report.late_total),
    }


def _same_name(kept: str, asked: str) -> bool:
    """A cashier's name as the book matches it (in any case, its ends trimmed)."""
    return kept.strip().casefold() == asked.strip().casefold()


def _reused() -> ShiftAnswer:
    return ShiftAnswer(409, failure=Failure(ApiFailureCode.SHIFT_REFERENCE_REUSED))


def _time(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()
