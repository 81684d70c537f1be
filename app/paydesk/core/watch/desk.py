"""The order book's rules, in the one thread that owns the database connection.

Two clocks (domain/clock.py): the wall clock dates the records; the steady clock
keeps the schedule of checks and the countdowns, so a corrected computer clock
changes neither. The book's ``next_check_at`` is on the steady clock of the
process that wrote it; one further away than any wait the policy gives was
written on another clock, and is due at once (PollingPolicy.longest_wait).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from paydesk.core.book.reader import OrderBookReader
from paydesk.core.events import EventHub
from paydesk.core.watch.outcomes import CheckOutcome, CreationOutcome
from paydesk.core.watch.polling import PollingPolicy
from paydesk.core.watch.remote import retry_after
from paydesk.domain.clock import Clock, SteadyClock, from_ms, to_ms, utc_now
from paydesk.domain.errors import InputError
from paydesk.domain.failures import Failure, FailureCode, ShiftFailureCode
from paydesk.domain.money import MAX_AMOUNT, check_kopecks, parse_amount
from paydesk.domain.notes import one_line
from paydesk.domain.order_ids import OrderIdGenerator
from paydesk.domain.orders import CreationState, Order, OrderStatus, normalize_email
from paydesk.domain.shift_errors import ShiftError
from paydesk.store import CheckResult, DuplicateOrderError, OrderStore
from paydesk.store.shift_tables import ShiftNotOpenError

if TYPE_CHECKING:
    from paydesk.core.shifts.stamp import ShiftGate

#: The local note ("2 coffees") is never sent; this keeps it a note.
NOTE_MAX = 500


class NoteError(InputError):
    field = "note"


class OrderDesk:
    """Writes orders down before they are sent, and records what the service says."""

    def __init__(
        self,
        store: OrderStore,
        client_id: int,
        *,
        policy: PollingPolicy | None = None,
        max_amount: int = MAX_AMOUNT,
        ids: OrderIdGenerator | None = None,
        clock: Clock | None = None,
        steady: Clock | None = None,
        till: str = "",
        hub: EventHub | None = None,
        shifts: ShiftGate | None = None,
    ) -> None:
        """``clock``: the wall clock, for the records (None: the real one). ``steady``:
        the schedule's and the countdowns' (None: a SteadyClock; an injected wall clock,
        a test's, stands for both unless a steady one is given too). ``shifts``: with the
        ``shifts`` setting on, what stamps each sale with its open shift and cashier (a
        sale outside an open shift is refused: ShiftError ``shift_required``)."""
        self.store = store
        self.shifts = shifts
        #: This till's name, written with every order it takes ("" when unnamed).
        self.till = till
        self.client_id = client_id
        #: The read side on the same connection: the list, its totals, the report.
        self.reader = OrderBookReader(store, client_id, hub)
        self.policy = policy or PollingPolicy()
        self.max_amount = max_amount
        self._clock = clock or utc_now  # None: the real time
        self._steady = steady or clock or SteadyClock()
        #: How far the steady clock read ahead of the wall clock when this desk saw each
        #: open order confirmed: their countdowns and checks run from that moment,
        #: whatever the wall clock did since.
        self._offset_when_confirmed: dict[str, timedelta] = {}
        #: When the service first answered each order with its link, until the book holds
        #: it: an answer the book could not record (it is sent again) keeps its time, as
        #: the screens and the till program were told it.
        self._first_answered: dict[str, datetime] = {}
        self._ids = ids or OrderIdGenerator(self._clock)

    # -- creating ---------------------------------------------------------------

    def start_order(self, amount: str | int, email: str | None = None, note: str = "",
                    reference: str | None = None) -> Order:
        """Validate what was typed and write the order down, unconfirmed.

        Raises an :class:`InputError` subclass (field and reason) for bad input, and
        with shifts on, :class:`ShiftError` (``shift_required``) outside an open shift.
        The caller then sends it (``send_creation``) and hands the outcome to
        :meth:`record_creation`; if the app dies in between, the order is here
        and :meth:`unconfirmed` finds it for a resend with the same order_id.
        """
        if isinstance(amount, str):
            kopecks = parse_amount(amount, ceiling=self.max_amount)
        else:
            kopecks = check_kopecks(amount, ceiling=self.max_amount)
        clean_email = normalize_email(email)
        clean_note = one_line(note)  # its line breaks kept as " / "
        if len(clean_note) > NOTE_MAX:
            raise NoteError("too_long", f"A note has at most {NOTE_MAX} characters.")
        stamp = None if self.shifts is None else self.shifts.stamp()
        while True:
            try:
                return self.store.add_unconfirmed(
                    self.client_id, self._ids.new_id(), kopecks, clean_email, clean_note,
                    self._clock(), till=self.till, reference=reference,
                    cashier="" if stamp is None else stamp.cashier,
                    shift=None if stamp is None else stamp.shift,
                )
            except ShiftNotOpenError:  # closed between the stamp and the insert
                raise ShiftError(ShiftFailureCode.SHIFT_REQUIRED) from None
            except DuplicateOrderError:
                if reference is not None and self.by_reference(reference) is not None:
                    raise
                continue  # astronomically unlikely; a fresh id is always safe

    def _answered(self, order: Order, outcome: CreationOutcome, *, focused: bool) -> Order:
        """``order`` as :meth:`record_creation` stores it with the link in ``outcome``
        (its times to the millisecond, as the book keeps them). Its countdown and checks
        run from the first answer, also when that answer's record failed and the order
        was sent again."""
        if outcome.url is None:
            raise ValueError("an answer without a link")
        at = _to_the_ms(outcome.finished_at)
        if order.confirmed_at is None:
            self._offset_when_confirmed.setdefault(order.order_id, self._offset())
            at = self._first_answered.setdefault(order.order_id, at)
        return self._linked(order, outcome, at, focused=focused)

    def first_answer(self, order: Order, outcome: CreationOutcome) -> Order:
        """``order``, written and sent once, as :meth:`record_creation` will store it for
        ``outcome``, its first answer with a link, but from any thread: it records
        nothing and reads no book, only the policy and the clocks (thread-safe): the till
        program is answered from the request's thread."""
        if outcome.url is None:
            raise ValueError("an answer without a link")
        return self._linked(order, outcome, _to_the_ms(outcome.finished_at), focused=True)

    def _linked(self, order: Order, outcome: CreationOutcome, at: datetime, *,
                focused: bool) -> Order:
        """``order`` confirmed ``at`` with ``outcome``'s link, and its next check."""
        assert outcome.url is not None
        confirmed = _confirmed(order, at)
        next_check = self.policy.next_check(
            confirmed, self.steady_of(outcome.finished_at), focused=focused,
            live_since=self.live_since(confirmed))
        return replace(confirmed, url=outcome.url, last_error=None,
                       last_pending_at=order.last_pending_at or order.created_at,
                       next_check_at=None if next_check is None else _to_the_ms(next_check))

    def record_creation(self, outcome: CreationOutcome, *, focused: bool = True) -> Order:
        """Store the link, or why there is none yet."""
        order_id = outcome.order_id
        if outcome.url is not None:
            stored = self._answered(self._get(order_id), outcome, focused=focused)
            assert stored.confirmed_at is not None
            recorded = self.store.confirm_creation(
                self.client_id, order_id, outcome.url, stored.confirmed_at,
                stored.next_check_at)
            self._first_answered.pop(order_id, None)
            return recorded
        if outcome.found is not None:
            return self._found_without_link(outcome, outcome.found, focused=focused)
        if outcome.abandoned:
            return self.store.abandon(self.client_id, order_id,
                                      Failure(FailureCode.NEVER_SENT), outcome.finished_at)
        failure = outcome.failure or Failure(FailureCode.UNKNOWN)
        if _cannot_succeed(failure):
            # Sending the same request again can only fail the same way.
            return self.store.abandon(self.client_id, order_id, failure, outcome.finished_at)
        return self.store.record_creation_error(
            self.client_id, order_id, failure, outcome.finished_at
        )

    def _found_without_link(
        self, outcome: CreationOutcome, status: OrderStatus, *, focused: bool
    ) -> Order:
        """The service already has the order (the repeat of a create it carried out was
        refused): it is confirmed and watched like any other, its status as get_order
        found it, with no link to show a buyer; its last error says so."""
        order_id, at = outcome.order_id, outcome.finished_at
        order = self.store.confirm_creation(
            self.client_id, order_id, None, at,
            self.policy.next_check(_confirmed(self._get(order_id), at), at, focused=focused),
            failure=Failure(FailureCode.LINK_UNKNOWN),
        )
        check = CheckOutcome(order_id, at, status=status, asked_at=at)
        [(order, _changed)] = self.record_checks(
            [check], focused_order_ids=(order_id,) if focused else ())
        return order

    def unconfirmed(self) -> list[Order]:
        return self.store.unconfirmed(self.client_id)

    # -- watching ---------------------------------------------------------------

    def due_for_check(self, limit: int = 100, *,
                      among: Collection[str] | None = None) -> list[Order]:
        """Open orders whose check is due, soonest first; ``among``: of these only (a few:
        ``create --wait``'s), else of the book."""
        if among is None:
            return self.store.due_for_check(self._steady(), limit=limit,
                                            client_id=self.client_id,
                                            horizon=self.policy.longest_wait)
        orders = self.store.get_many(self.client_id, sorted(among))
        return [o for o in orders if self.is_due(o)][:limit]

    def is_due(self, order: Order) -> bool:
        """Whether ``order``'s next check is due (as due_for_check tells, for one order)."""
        if order.next_check_at is None:
            return False
        wait = order.next_check_at - self._steady()
        return wait <= timedelta(0) or wait > self.policy.longest_wait

    def pending(self) -> list[Order]:
        return self.store.pending(self.client_id)

    def check_now(self, order_ids: Iterable[str] | None = None) -> int:
        """Make these open orders (None: all of them) due at once: the cashier
        pressed "check now". Also an order past its lifetime gets one more check."""
        ids = None if order_ids is None else list(order_ids)
        return self.store.schedule_open(self.client_id, self._steady(), ids)

    def record_checks(
        self, outcomes: Sequence[CheckOutcome], *, focused_order_ids: Collection[str] = ()
    ) -> list[tuple[Order, bool]]:
        """Write a batch of status checks in one transaction; returns (order, changed)."""
        results = []
        for outcome in outcomes:
            order = self._get(outcome.order_id)
            if outcome.status is not None:
                order = replace(order, status=outcome.status)
            checked = self.steady_of(outcome.checked_at)
            floor = retry_after(outcome)
            if order.status.is_final:
                self._offset_when_confirmed.pop(order.order_id, None)
            results.append(
                CheckResult(
                    client_id=self.client_id,
                    order_id=outcome.order_id,
                    status=outcome.status,
                    checked_at=outcome.checked_at,
                    next_check_at=self.policy.next_check(
                        order, checked,
                        focused=outcome.order_id in focused_order_ids,
                        not_before=None if floor is None else self.steady_of(floor),
                        live_since=self.live_since(order),
                    ),
                    error=_last_error(order, outcome),
                    asked_at=outcome.asked_at,
                )
            )
        return self.store.record_checks(results)

    def by_reference(self, reference: str) -> Order | None:
        """The order the till program asked for with ``reference`` (its own id), if any."""
        order_id = self.store.order_id_of_reference(self.client_id, reference)
        return None if order_id is None else self.get(order_id)

    def get(self, order_id: str) -> Order | None:
        return self.store.get(self.client_id, order_id)

    def _get(self, order_id: str) -> Order:
        order = self.store.get(self.client_id, order_id)
        if order is None:
            raise KeyError(order_id)
        return order

    def now(self) -> datetime:
        """The wall clock: for records and what people read."""
        return self._clock()

    # -- the steady clock: schedules and countdowns -----------------------------------

    def steady_now(self) -> datetime:
        """The steady clock (domain/clock.py): for schedules and countdowns."""
        return self._steady()

    def steady_of(self, moment: datetime) -> datetime:
        """A wall-clock ``moment`` on the steady clock (right unless the wall clock was
        stepped since that moment: use it for moments just past)."""
        return moment + self._offset()

    def live_since(self, order: Order) -> datetime:
        """When ``order`` became payable, on the steady clock: its record, taken as the
        clocks stood when this desk saw it confirmed (else as they stand now)."""
        offset = self._offset_when_confirmed.get(order.order_id)
        return self.policy.live_since(order) + (self._offset() if offset is None else offset)

    def expires_at(self, order: Order) -> datetime:
        """When ``order`` should expire at the service, on the steady clock: what
        countdowns count down to (against :meth:`steady_now`)."""
        return self.policy.expires_at(order, live_since=self.live_since(order))

    def pay_before(self, order: Order) -> datetime:
        """The same moment on the wall clock, for people to read (a slip's "pay before")."""
        return self.expires_at(order) - self._offset()

    def _offset(self) -> timedelta:
        """How far the steady clock reads ahead of the wall clock."""
        if isinstance(self._steady, SteadyClock):
            return self._steady.offset()
        return self._steady() - self._clock()  # injected clocks (the tests')


def _last_error(order: Order, outcome: CheckOutcome) -> Failure | None:
    """The check's failure; else, for an order the service has but whose link it never
    sent, that (a successful check changes nothing of it)."""
    if outcome.failure is not None:
        return outcome.failure
    if order.creation is CreationState.CONFIRMED and order.url is None:
        return Failure(FailureCode.LINK_UNKNOWN)
    return None


def _cannot_succeed(failure: Failure) -> bool:
    """Whether the service refused this create_order for good (an order field the
    client refused, an order id taken by another order)."""
    return failure.field is not None or failure.code == FailureCode.ORDER_CONFLICT


def _to_the_ms(moment: datetime) -> datetime:
    """``moment`` as the book holds it: to the millisecond."""
    held = from_ms(to_ms(moment))
    assert held is not None
    return held


def _confirmed(order: Order, at: datetime) -> Order:
    """``order`` as the book will hold it once confirmed ``at`` (its lifetime runs from
    the first confirmation)."""
    return replace(order, creation=CreationState.CONFIRMED,
                   confirmed_at=order.confirmed_at or at)
