"""This till's shifts: opening one, what the counter's sales are stamped with, the report.

One open shift per till at most (the book's shifts_open index). A shift is opened by a
signed-in cashier; the sales taken while it is open carry its number and the name of
the cashier at the counter (the one who opened it, until :meth:`TillShifts.hand_over`
names another: the window's "switch cashier"). The close is closing.py's.
"""

from __future__ import annotations

from datetime import datetime, tzinfo

from paydesk.core.shifts.cashiers import Cashier
from paydesk.core.shifts.report import ShiftReport, compute_report
from paydesk.core.shifts.stamp import ShiftStamp
from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.failures import ShiftFailureCode as Code
from paydesk.domain.shift_errors import ShiftError
from paydesk.store import OrderStore
from paydesk.store.shift_tables import ShiftRow


class TillShifts:
    """The shifts of one till (``till``: its name) in one order book, on its thread."""

    def __init__(self, store: OrderStore, client_id: int, till: str, *,
                 clock: Clock = utc_now, tz: tzinfo | None = None) -> None:
        self.store = store
        self.client_id = client_id
        self.till = till
        self._clock = clock
        self._tz = tz
        #: Who is at the counter now (None: the open shift's own cashier).
        self._at_counter: str | None = None

    def now(self) -> datetime:
        """The wall clock the shifts' records and reports are dated by."""
        return self._clock()

    @property
    def tz(self) -> tzinfo | None:
        """The shop's time zone for the report's hours (None: this computer's)."""
        return self._tz

    def current(self) -> ShiftRow | None:
        """The till's open shift, or None."""
        return self.store.open_shift_row(self.till)

    def get(self, number: int) -> ShiftRow:
        """The till's shift ``number`` (ShiftError NO_SUCH_SHIFT otherwise)."""
        shift = self.store.shift_row(number)
        if shift is None or shift.till != self.till:
            raise ShiftError(Code.NO_SUCH_SHIFT, str(number))
        return shift

    def by_reference(self, reference: str) -> ShiftRow | None:
        """The till's shift opened with the till program's ``reference``, or None."""
        return self.store.shift_by_reference(self.till, reference)

    def all(self) -> list[ShiftRow]:
        """The till's shifts, newest first."""
        return self.store.shift_rows(self.till)

    def open(self, cashier: Cashier, *, reference: str | None = None) -> ShiftRow:
        """Open a shift for ``cashier`` (signed in); SHIFT_ALREADY_OPEN if one is open.
        ``reference``: the till program's own id of the shift (its cash register's), one
        shift per reference (:meth:`by_reference`)."""
        opened = self.store.insert_shift(self.till, cashier.name, self._clock(),
                                         reference=reference)
        if opened is None:
            current = self.current()
            raise ShiftError(Code.SHIFT_ALREADY_OPEN,
                             None if current is None else str(current.number))
        self._at_counter = None
        return opened

    def hand_over(self, cashier: Cashier) -> None:
        """``cashier`` (signed in) takes the counter: the next sales are theirs."""
        if self.current() is None:
            raise ShiftError(Code.SHIFT_REQUIRED)
        self._at_counter = cashier.name

    def stamp(self) -> ShiftStamp:
        """The shift and cashier a sale taken now is written with (the desk's gate)."""
        shift = self.current()
        if shift is None:
            raise ShiftError(Code.SHIFT_REQUIRED)
        return ShiftStamp(shift.number, self._at_counter or shift.cashier)

    def report(self, number: int | None = None) -> ShiftReport:
        """The shift's report: frozen as it was closed, or (open) as it stands now; the
        open shift's when ``number`` is None (SHIFT_REQUIRED when there is none)."""
        if number is None:
            shift = self.current()
            if shift is None:
                raise ShiftError(Code.SHIFT_REQUIRED)
        else:
            shift = self.get(number)
        frozen = self.store.frozen_report(shift.number)
        if frozen is not None:
            return ShiftReport.from_json(frozen)
        return compute_report(self.store, self.client_id, shift, now=self._clock(), tz=self._tz)
