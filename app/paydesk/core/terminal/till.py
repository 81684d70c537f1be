"""The till program's requests, answered in the window's thread (core/terminal/api.py
hands them over): the same path as the cashier's Enter, and the order book read where
its connection lives. A new sale's answer is the exception: its link is told from the
request's thread as the service gives it, not waiting for this thread (``_told``).

Plain Python: the window gives it its watch engine's ``create`` (Enter's own), the desk
and the hub. A request's reference is looked up first,
in the book, so the same reference never makes a second order: not on a retry, not
after a restart (the reference is written with the order), not for two requests at
once (they reach this thread one after the other). A reference asked again with another
amount, e-mail or note is another sale's: refused (409), never answered with its payment.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any

from paydesk.core.counter.views import BuyerState, CounterScreens
from paydesk.core.events import EventHub
from paydesk.core.problems import failure_of
from paydesk.core.watch.events import (
    CreationRecorded,
    OrderChecked,
    OrderPaid,
    OrderRefused,
    Problem,
    ProblemCleared,
    ProblemCode,
)
from paydesk.core.watch.outcomes import CreationOutcome, Told
from paydesk.domain.errors import InputError
from paydesk.domain.failures import (
    ApiFailureCode,
    Failure,
    ShiftFailureCode,
    reference_reused,
)
from paydesk.domain.notes import one_line
from paydesk.domain.orders import CreationState, Order, OrderStatus, normalize_email
from paydesk.domain.phase import phase_of

#: Makes the sale as Enter does: (kopecks, email, note, reference, told) -> the order or
#: None; ``told`` hears its link in the request's thread (core/watch/outcomes.py).
Create = Callable[[int, str, str, str, Told], "Order | None"]
#: Hears an event for the till program's stream: its kind and the payment as shown.
Emit = Callable[[str, dict[str, object]], None]
#: Hears that the service answered a creation: the order and how the API shows it (in
#: the window's thread, or for a new sale's link in the request's).
Recorded = Callable[[Order, dict[str, object]], None]
#: What the buyer's screen shows of the sale, as a stream's event (the rest say nothing).
_ON_SCREEN = {BuyerState.PENDING: "shown", BuyerState.CHECKING: "checking"}
#: The events after which nothing more is said of a payment.
_FINAL = frozenset({"paid", "refused", "expired"})
#: The watch's problems that say the service cannot be reached or answers badly.
_SERVICE_TROUBLE = frozenset({ProblemCode.CHECKS_FAILING, ProblemCode.NOT_CONFIRMED,
                              ProblemCode.NO_CLIENT})


@dataclass(frozen=True, slots=True)
class PaymentAsk:
    """What the till program asked for, already checked for shape by the server."""

    amount_kopecks: int
    reference: str
    email: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Taken:
    """The answer to a payment asked for: the order, or why there is none."""

    order: Order | None = None
    #: The reference was known: this is the order it made before.
    replayed: bool = False
    #: Its creation is out to the service now: its answer comes (``recorded``).
    in_flight: bool = False
    #: The order as the API shows it, as it stood when taken.
    shown: dict[str, object] | None = None
    failure: Failure | None = None
    #: The status the failure is answered with (an input mistake: 422).
    status: int = 0


@dataclass
class TerminalTill:
    """The window's side of the till program's API; every method runs in its thread, but
    ``_told`` (the request's) and ``describe`` (either)."""

    desk: Any  # core.desk.OrderDesk (its get, by_reference and clocks)
    hub: EventHub
    create: Create
    in_flight: Callable[[], frozenset[str]]
    book_lost: Callable[[], bool]
    #: The order at the counter now (its id), and Esc: the buyer's screen goes idle.
    sale_id: Callable[[], str | None]
    end_sale: Callable[[], None]
    #: Put an order back in front of the buyer, if it can still be paid ("Show to
    #: buyer"); whether it is there now.
    show_to_buyer: Callable[[Order], bool]
    _waiting: dict[str, list[Recorded]] = field(default_factory=dict)
    _emit: Emit | None = None
    #: The sale as the screens last had it (when it leaves them unpaid: "dismissed"),
    #: and what the buyer's screen showed of it (a stream's "shown", "checking").
    _sale: Order | None = None
    _state: BuyerState | None = None
    #: The service as the watch last found it: "ok", "failing" (and why), or "unknown".
    _service: tuple[str, str | None] = ("unknown", None)
    #: The open orders whose "created" was said (once each, before their "shown").
    _created_said: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        hub = self.hub
        self._unsubscribe = [
            hub.subscribe(CreationRecorded, self._recorded),
            hub.subscribe(OrderPaid, lambda event: self._said("paid", event.order)),
            hub.subscribe(OrderRefused, lambda event: self._said("refused", event.order)),
            hub.subscribe(OrderChecked, self._checked),
            hub.subscribe(CounterScreens, self._screens),
            hub.subscribe(Problem, self._problem),
            hub.subscribe(ProblemCleared, lambda _event: self._service_ok())]

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._waiting.clear()
        self._emit = None

    def follow(self, emit: Emit | None) -> None:
        """Who hears the payments' events from now on (the running API), or nobody."""
        self._emit = emit

    def _said(self, kind: str, order: Order) -> None:
        if kind in _FINAL:
            self._created_said.discard(order.order_id)
        if self._emit is not None:
            self._emit(kind, self.describe(order))

    def _say_created(self, order: Order) -> None:
        if order.order_id not in self._created_said:
            self._created_said.add(order.order_id)
            self._said("created", order)

    def _checked(self, event: OrderChecked) -> None:
        if event.outcome.failure is None:
            self._service_ok()
        if event.changed and event.order.status is OrderStatus.EXPIRED:
            self._said("expired", event.order)

    def _screens(self, screens: CounterScreens) -> None:
        """The sale's code in front of the buyer ("shown"), or its time up and its last
        status being asked ("checking"): said once each, as the buyer's screen shows it.
        A sale that leaves the counter before its end (Esc, the next sale, dismiss, an
        order shown to the buyer instead) is "dismissed": it is still watched."""
        sale, state = screens.sale, screens.buyer.state
        left, was = self._sale, self._state
        self._sale, self._state = sale, state
        if left is not None and (sale is None or sale.order_id != left.order_id):
            if not left.status.is_final:
                self._said("dismissed", left)
            was = None  # another sale: its screen is new
        kind = _ON_SCREEN.get(state)
        if sale is not None and state != was and kind is not None:
            self._say_created(sale)  # its code is there: it was created first
            self._said(kind, sale)

    def _problem(self, event: Problem) -> None:
        if event.code in _SERVICE_TROUBLE:
            self._service = ("failing", event.failure.code)

    def _service_ok(self) -> None:
        self._service = ("ok", None)

    def take(self, ask: PaymentAsk, recorded: Recorded) -> Taken:
        """The order for ``ask``: the reference's own, else a new sale as Enter makes it.
        ``recorded`` is called with the order and its description when the service
        answers its creation, if ``in_flight`` says one is awaited: for a new sale's link
        in the request's thread, as it comes (``_told``: neither this thread nor the QR
        is waited for); else in this one, once the answer is in the book (then called
        again for a link told before: the first call is the answer)."""
        known = self.desk.by_reference(ask.reference)
        if known is not None and not same_sale(known, ask):
            # Another sale under a reused reference (a daily check number): never the
            # earlier payment, which may be paid already.
            return Taken(failure=reference_reused(known.amount, ask.amount_kopecks),
                         status=409)
        if known is not None:
            # Asked again (its answer lost, PayDesk restarted): the till program's buyer
            # is still in front of it, so its code is too while it can be paid.
            if self.sale_id() != known.order_id:
                self.show_to_buyer(known)
            return self._answer(known, recorded, replayed=True)
        problems: list[Problem] = []
        unsubscribe = self.hub.subscribe(Problem, problems.append)
        try:
            order = self.create(ask.amount_kopecks, ask.email, ask.note, ask.reference,
                                partial(self._told, recorded))
        except InputError as exc:
            return Taken(failure=exc.failure, status=422)
        except RuntimeError:  # the cashier's own sale is being sent
            return Taken(failure=Failure(ApiFailureCode.BUSY), status=409)
        finally:
            unsubscribe()
        if order is None:
            failure = problems[0].failure if problems else failure_of(RuntimeError("not taken"))
            # Shifts on and none open: a refusal the till program mends (open a shift).
            status = 409 if failure.code == ShiftFailureCode.SHIFT_REQUIRED else 503
            return Taken(failure=failure, status=status)
        return self._answer(order, recorded, replayed=False)

    def _answer(self, order: Order, recorded: Recorded, *, replayed: bool) -> Taken:
        """``order`` as just written or read (its answer comes later, in this thread)."""
        # Its creation is out (a confirmed order's check being out is not awaited).
        out = order.creation is CreationState.UNCONFIRMED and order.order_id in self.in_flight()
        if out:
            self._waiting.setdefault(order.order_id, []).append(recorded)
        return Taken(order=order, replayed=replayed, in_flight=out, shown=self.describe(order))

    def _told(self, recorded: Recorded, order: Order, outcome: CreationOutcome) -> None:
        """In the request's thread: the service gave the new sale ``order`` its link, and
        the request that asked for it is answered with it now, as the outcome is handed
        to this thread, not waiting for it to take it (so what the till program asks
        next comes after it), to make the QR or to record it. The order was written
        before it was sent: should the record fail, it stays unconfirmed in the book and
        is sent again with its id, and the service gives the same link."""
        answered = self.desk.first_answer(order, outcome)  # reads no book, records nothing
        recorded(answered, self.describe(answered))

    def _recorded(self, event: CreationRecorded) -> None:
        order = event.order
        if event.outcome.failure is None:
            self._service_ok()
        if order.creation is not CreationState.CONFIRMED:
            self._said("not_sent", order)
        else:
            self._say_created(order)  # a creation set aside or sent again: said here
        self._settle(order)

    def _settle(self, order: Order) -> None:
        """Answer the requests waiting on ``order``'s creation (once)."""
        waiting = self._waiting.pop(order.order_id, ())
        if waiting:
            shown = self.describe(order)
            for recorded in waiting:
                recorded(order, shown)

    def dismiss(self, order_id: str) -> Order | None:
        """Take the order off the buyer's screen if it is there (as Esc does; it stays
        watched: the service has no cancel); None when there is no such order."""
        order = self.desk.get(order_id)
        if order is not None and self.sale_id() == order_id:
            self.end_sale()  # the screens say "dismissed"
        return order

    def health(self) -> dict[str, object]:
        """The order book's state, the service's as the last requests found it ("unknown"
        before any answer; "failing" with the catalogue's code of why), and the
        requests out to the service now."""
        service, why = self._service
        return {"order_book": "lost" if self.book_lost() else "ok",
                "service": {"state": service, "code": why},
                "sending": len(self.in_flight())}

    def order(self, order_id: str) -> Order | None:
        return self.desk.get(order_id)

    def by_reference(self, reference: str) -> Order | None:
        return self.desk.by_reference(reference)

    def describe(self, order: Order) -> dict[str, object]:
        """An order as the API shows it (JSON): phase, the service's status, link, times.
        From any thread: it reads the desk's policy and clocks only (SteadyClock is
        thread-safe), not the book."""
        phase = phase_of(order, expires_at=self.desk.expires_at(order),
                         now=self.desk.steady_now())
        return {
            "order_id": order.order_id, "amount_kopecks": order.amount,
            "phase": phase.value, "status": str(order.status),
            "confirmed": order.creation is CreationState.CONFIRMED,
            "link": order.url, "email": order.email, "note": order.note,
            "created_at": _time(order.created_at), "confirmed_at": _time(order.confirmed_at),
            # Paid between these two: the last check that saw it unpaid, the first paid.
            "paid_after": _time(order.last_pending_at) if order.paid_at else None,
            "paid_by": _time(order.paid_at), "pay_before": _time(self.desk.pay_before(order)),
            "last_error": None if order.last_error is None else order.last_error.code,
            # Who took it, in which of the till's shifts (None: taken without shifts).
            "cashier": order.cashier or None, "shift": order.shift,
        }


def same_sale(order: Order, ask: PaymentAsk) -> bool:
    """Whether ``ask`` is the request that made ``order``, again (its answer lost), rather
    than another sale under the same reference: the same amount, e-mail and note, as the
    book keeps them (the e-mail trimmed, the note made one line: core/watch/desk.py's rules)."""
    try:
        email = normalize_email(ask.email)
    except InputError:
        return False
    return (order.amount == ask.amount_kopecks and order.email == email
            and order.note == one_line(ask.note))


def _time(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()
