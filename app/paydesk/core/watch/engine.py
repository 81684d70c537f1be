"""The watch engine: what is due, what to send and send again, and what came back.

The service tells PayDesk nothing by itself; this decides when to ask. It sends the status
checks that are due (the sale and the viewed order every couple of seconds,
CounterPresenter.focused; the others backed off, PollingPolicy), at most ``max_in_flight``
out and under the rate limiter; sends a creation whose reply was lost again
``resend_pause_s`` after its last try, same order id; and writes the outcomes, status
checks in batches (one transaction each).

It owns no thread and no timer: a front end ticks it and runs each request it hands out
(a callable touching no storage) elsewhere, then gives the outcome back with ``done()``
in the engine's thread, which owns the book's connection, and ``flush()`` once a batch is
in: the window with a QTimer and a QThreadPool (ui/payment/watch_driver.py), the command
line with plain threads (watch_threads.py). The runner is a port, not a layer: it starts
the request and returns, and nothing comes back into the engine during the call.

Data goes one way: the engine writes to the book first, then hands the orders as the
book holds them to its counter presenter (counter_presenter.py), which publishes one
CounterScreens, and publishes what happened on the event hub as events with codes
(watch_events.py); the front ends render and say them (the log has it at INFO). It
subscribes to nothing: what the cashier does at the counter (Esc, show to buyer, view)
comes through its own methods.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING

from paydesk.core.counter.presenter import CounterPresenter
from paydesk.core.events import EventHub
from paydesk.core.problems import failure_of, unexpected
from paydesk.core.watch.client_slot import ClientSlot
from paydesk.core.watch.events import (
    BookLost,
    CreationOut,
    CreationRecorded,
    Event,
    OrderChecked,
    OrderPaid,
    OrderRefused,
    Problem,
    ProblemCleared,
    ProblemCode,
)
from paydesk.core.watch.outcomes import (
    CheckOutcome,
    CreationOutcome,
    Outcome,
    Request,
    Runner,
    Told,
)
from paydesk.core.watch.rate_limit import RateLimiter
from paydesk.core.watch.remote import fetch_status, resume_creation, send_creation, with_its_code
from paydesk.domain.failures import Remedy
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.domain.shift_errors import ShiftError
from paydesk.store.errors import StoreError, StoreProblem

if TYPE_CHECKING:
    from paydesk.core.settings.values import Settings
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.gateway import GatewayClient

log = logging.getLogger(__name__)

#: An unconfirmed creation is sent again (same order_id) this long after its last try.
RESEND_PAUSE_S = 30.0
#: How often a front end ticks the engine. Cheap: one indexed query.
TICK_S = 0.25


class WatchEngine:
    """Watches the orders of one desk; see the module's docstring."""

    def __init__(
        self,
        desk: OrderDesk,
        client_factory: Callable[[], GatewayClient],
        run: Runner,
        *,
        max_in_flight: int = 8,
        limiter: RateLimiter | None = None,
        state: CounterPresenter | None = None,
        one_pass: bool = False,
        only: Collection[str] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
        hub: EventHub | None = None,
    ) -> None:
        """``one_pass``: each order is sent at most once and nothing is sent again by
        itself (``paydesk refresh``). ``only``: watch these orders, not the whole book
        (``create --wait``). ``hub``: where its events go (WatchEvent); by default the
        state's."""
        self.desk = desk
        self.state = state or CounterPresenter(desk, hub)
        self.hub = hub or self.state.hub
        self.max_in_flight = max_in_flight
        self.limiter = limiter
        self.resend_pause_s: float | None = None if one_pass else RESEND_PAUSE_S
        self.book_is_lost = False
        self._client = ClientSlot(client_factory, monotonic)
        self._run = run
        self._only = None if only is None else frozenset(only)
        self._sent: set[str] | None = set() if one_pass else None
        self._monotonic = monotonic
        self._in_flight: set[str] = set()
        #: Creations sent and not confirmed, with when they were last sent (monotonic
        #: s): kept from the outcomes seen here, so no tick has to search the book.
        self._unconfirmed: dict[str, float] = {}
        self._arrived: list[CheckOutcome] = []
        self._checks_failing = False
        self._store_problem: str | None = None  # the last refusal said
        self._stopped = False

    @property
    def awaited(self) -> str | None:
        """The creation the cashier waits for (Esc sets it aside), or None."""
        return self.state.awaited

    def _announce(self, event: Event) -> None:
        self.hub.publish(event)

    # -- life -----------------------------------------------------------------------

    def start(self) -> bool:
        """Ask about every open order now, whatever its schedule said (a buyer may have
        paid while PayDesk was closed), and finish the creations left unconfirmed.
        False when the book refused (said): the front end tries again later."""
        self._stopped = False
        try:
            self.desk.check_now()
            unconfirmed = self.desk.unconfirmed()
        except StoreError as exc:
            self._store_failed(exc)
            return False
        self._resume(unconfirmed)
        self.tick()
        return True

    def stop(self) -> None:
        """Outcomes still on their way are dropped (an unconfirmed creation is resumed
        at the next start)."""
        self._stopped = True
        self._arrived.clear()

    @property
    def busy(self) -> bool:
        """Whether requests are out, or outcomes wait to be written."""
        return bool(self._in_flight or self._arrived)

    def in_flight(self) -> frozenset[str]:
        return frozenset(self._in_flight)

    def order(self, order_id: str | None) -> Order | None:
        """The order as the book has it; None if it has not (or refused: said)."""
        if order_id is None:
            return None
        try:
            return self.desk.get(order_id)
        except StoreError as exc:
            self._store_failed(exc)
            return None

    def apply_settings(self, settings: Settings) -> None:
        """The settings in force changed: the polling policy, the requests in flight,
        the rate and the amount ceiling follow from the next tick. The orders someone
        watches are due at once, so their next check already keeps the new pace, not
        the old one's next turn."""
        self.max_in_flight = settings.max_in_flight
        self.desk.max_amount = settings.max_amount
        if self.limiter is None or self.limiter.rate != settings.max_requests_per_second:
            self.limiter = RateLimiter(settings.max_requests_per_second)
        policy = self.desk.policy.with_settings(settings)
        if policy != self.desk.policy:
            self.desk.policy = policy
            if self.state.focused() and not self.book_is_lost:
                with self._book_trouble_said():
                    self.desk.check_now(self.state.focused())

    # -- creating ---------------------------------------------------------------------

    def create(self, amount: str | int, email: str = "", note: str = "",
               reference: str | None = None, told: Told | None = None) -> Order | None:
        """Write the sale and send it; it is in front of the buyer from now on. InputError
        for bad input (nothing is written); None when nothing could be written or sent
        (said: no payment client, the book refused or is lost). ``reference``: the till
        program's id of it (look it up first: another order's is refused as the book's). The
        request leaves as soon as the order is written; the screens and the list follow
        while it is on its way (its outcome comes back later, in this thread)."""
        if self.awaited is not None:
            raise RuntimeError("a creation is already in flight")
        if self.book_is_lost:
            return None
        client, failed = self._client.get(now=True)  # now, whatever the pause: a person waits
        if client is None:
            assert failed is not None  # a try was made (now=True), and this is why it failed
            # Nothing is written: no order waits unsent while the cashier keys it again.
            self._announce(Problem(ProblemCode.SALE_NOT_WRITTEN, failure_of(failed)))
            return None
        try:
            order = self.desk.start_order(amount, email or None, note, reference)
        except ShiftError as exc:  # shifts on, none open: nothing written or sent
            self._announce(Problem(ProblemCode.SALE_NOT_WRITTEN, exc.failure))
            return None
        except StoreError as exc:  # not written, so nothing is sent
            self._store_failed(exc, say=False)  # a damaged book: set aside first
            self._announce(Problem(ProblemCode.SALE_NOT_WRITTEN, failure_of(exc)))
            return None
        self._send(order, resume=False, urgent=True, told=told)
        self.state.start_sale(order)  # "Creating…" on the screens; the form waits
        return order

    def retry_creation(self, order_id: str) -> None:
        """Send an unconfirmed order again, with the same order_id."""
        order = self.order(order_id)
        if order is None or order.creation is not CreationState.UNCONFIRMED:
            return
        if order_id not in self._in_flight:
            urgent = order_id == self.state.sale_id
            if urgent:
                self.state.awaiting(order_id)
            self._send(order, resume=True, urgent=urgent)

    def resume_unconfirmed(self) -> None:
        """Send every creation the service has not confirmed again (same order ids)."""
        with self._book_trouble_said():
            self._resume(self.desk.unconfirmed())

    def _resume(self, orders: Iterable[Order]) -> None:
        for order in orders:
            if order.order_id not in self._in_flight:
                self._send(order, resume=True)

    def _send(self, order: Order, *, resume: bool, urgent: bool = False,
              told: Told | None = None) -> None:
        """Send a creation; ``urgent``: the cashier waits for it (no other sale is taken
        until it ends or Esc sets it aside). The runner only starts the request; what is
        published next (the list's "Creating…") runs while it is on its way."""
        client = self._gateway()
        if client is None:
            return
        lifetime, clock = self.desk.policy.order_lifetime, self.desk.now
        call: Callable[[], CreationOutcome]
        if resume:
            call = partial(resume_creation, client, order, lifetime=lifetime, clock=clock)
        else:
            call = partial(send_creation, client, order, clock=clock)
        if urgent:
            call = partial(with_its_code, call)
        self._in_flight.add(order.order_id)
        self._unconfirmed[order.order_id] = self._monotonic()
        self._run(Request(order.order_id, call, urgent=urgent, told=told and partial(told, order)))
        self._announce(CreationOut(order.order_id, True, new=not resume))

    def _creation_done(self, outcome: CreationOutcome) -> None:
        order_id = outcome.order_id
        self._in_flight.discard(order_id)
        self._unconfirmed[order_id] = self._monotonic()
        if self._stopped:
            return
        order = self._record_creation(outcome)
        # The screens show what the book holds now: the code once it is recorded; the
        # cashier's wait is over either way (what went wrong is said).
        self.state.fresh([] if order is None else [order], answered=order_id)
        if order is not None:
            self._said_of_creation(order, outcome)

    def _record_creation(self, outcome: CreationOutcome) -> Order | None:
        order_id = outcome.order_id
        try:
            order = self.desk.record_creation(outcome, focused=order_id in self.state.focused())
        except StoreError as exc:
            # The order stays unconfirmed in the book and is sent again later (the same
            # order id, without waiting here). The service may have it.
            log.info("order %s: the outcome could not be saved: %s", order_id, exc)
            self._announce(Problem(ProblemCode.NOT_SAVED, failure_of(exc), order_id))
            return None
        log.info("order %s: creation %s %s", order_id, order.creation, outcome.failure or "")
        if order.creation is not CreationState.UNCONFIRMED:
            self._unconfirmed.pop(order_id, None)
        return order

    def _said_of_creation(self, order: Order, outcome: CreationOutcome) -> None:
        order_id = order.order_id
        self._announce(CreationRecorded(order, outcome))
        if (failure := outcome.failure) is None:
            self._announce(ProblemCleared(order_id))
        elif order.creation is CreationState.UNCONFIRMED:  # it is sent again
            self._announce(Problem(ProblemCode.NOT_CONFIRMED, failure, order_id))
        else:  # the service refused it for good
            self._announce(Problem(ProblemCode.CREATION_REFUSED, failure, order_id))

    # -- the counter ------------------------------------------------------------------

    def end_sale(self) -> None:
        """Esc / New payment: nobody is paying. A creation still out is set aside: it
        goes on and is recorded like any other, but shown to nobody."""
        if self.awaited is not None:
            log.info("order %s: set aside while the service has not answered", self.awaited)
        self.state.end_sale()

    def show_to_buyer(self) -> bool:
        """Put the viewed order in front of the buyer, if it can still be paid."""
        return self.state.show_to_buyer()

    def back_to_sale(self) -> None:
        self.state.back_to_sale()

    # -- watching ---------------------------------------------------------------------

    def view(self, order_id: str) -> None:
        """The cashier looks at this order: checked now, and often while it is viewed."""
        order = self.order(order_id) if order_id != self.state.viewed_id else None
        if order is not None:
            self.state.view(order)
            self.check_now([order_id])

    def check_now(self, order_ids: Iterable[str] | None = None) -> None:
        """Make these open orders (None: all) due at once, and send what is due; nothing
        once stopped (the book is closing, and a word queued from another thread, the
        shared book's, may come after it)."""
        if self.book_is_lost or self._stopped:
            return
        with self._book_trouble_said():
            self.desk.check_now(order_ids)
            self.tick()

    def take_over(self, order_ids: Iterable[str]) -> None:
        """Orders another till left (it went quiet; the shared book's lease came here):
        the open ones are checked now, the unsent ones sent again with their own ids."""
        if self._stopped:
            return
        ids = list(order_ids)
        self.check_now(ids)
        for order_id in ids:
            self.retry_creation(order_id)  # nothing for an order already confirmed

    def book_changed(self) -> None:
        """Another process changed the order book (``paydesk refresh``, another till):
        the sale and the viewed order are read again, so a payment seen there shows
        here too, on every screen."""
        orders = [self.order(order_id) for order_id in self.state.focused()]
        self.state.fresh(order for order in orders if order is not None)

    def remedy_of(self, problem: Problem) -> Remedy:
        """What trying ``problem`` again can do now: nothing once the book is set aside."""
        return Remedy.NONE if self.book_is_lost else problem.remedy

    def check_again(self) -> None:
        """A person asks to try again now: the open orders are checked, the payment
        client made again at once if it could not be, and a refusal said again."""
        self._client.allow_now()
        self._store_problem = None
        self.check_now()

    def tick(self, recording: frozenset[str] = frozenset()) -> None:
        """Send what is due, up to ``max_in_flight`` requests out at a time. ``recording``:
        orders whose outcome has arrived but is not written yet; they are still due in the
        book and must not be sent again."""
        free = self.max_in_flight - len(self._in_flight)
        if free <= 0 or self._stopped or self.book_is_lost:
            return
        client = self._gateway()
        if client is None:
            return
        try:
            self._resend_unconfirmed()
            due = self.desk.due_for_check(free + len(self._in_flight) + len(recording),
                                         among=self._not_sent_yet())
        except StoreError as exc:
            self._store_failed(exc)
            return
        for order in due:
            if free <= 0:
                break
            order_id = order.order_id
            if order_id in self._in_flight or order_id in recording:
                continue
            if self._sent is not None:
                if order_id in self._sent:
                    continue
                self._sent.add(order_id)
            self._in_flight.add(order_id)
            free -= 1
            call = partial(fetch_status, client, order_id, limiter=self.limiter,
                           clock=self.desk.now)
            self._run(Request(order_id, call))

    def _not_sent_yet(self) -> frozenset[str] | None:
        """The orders this engine watches (None: the book's), less those a one-pass run
        has sent already: it sends each once, so it need not read them again."""
        if self._only is None or self._sent is None:
            return self._only
        return self._only - self._sent

    def _resend_unconfirmed(self) -> None:
        """Creations whose reply was lost are sent again (same order_id) by themselves,
        ``resend_pause_s`` after the last try, not only at the next start or by hand."""
        if self.resend_pause_s is None:
            return
        now = self._monotonic()
        for order_id, last in list(self._unconfirmed.items()):
            if order_id in self._in_flight or now - last < self.resend_pause_s:
                continue
            order = self.desk.get(order_id)
            if order is None or order.creation is not CreationState.UNCONFIRMED:
                del self._unconfirmed[order_id]  # confirmed elsewhere (paydesk refresh)
            else:
                self._send(order, resume=True)  # in the background, even for the sale

    # -- outcomes -----------------------------------------------------------------------

    def done(self, outcome: Outcome) -> None:
        """An outcome is back, in the engine's thread. A creation is written at once;
        status checks wait for ``flush`` (the runner calls it when a batch is in)."""
        if isinstance(outcome, CreationOutcome):
            self._creation_done(outcome)
            if not self._stopped:  # recorded: it never reads "not sent" while it was out
                self._announce(CreationOut(outcome.order_id, False))
        else:
            self._arrived.append(outcome)

    def crashed(self, order_id: str, exc: BaseException) -> None:
        """A request raised instead of returning an outcome (a bug): said; sent again later."""
        log.error("a request for order %s raised %r", order_id, exc)
        self._in_flight.discard(order_id)
        self.state.fresh([], answered=order_id)  # the cashier waits no more
        if order_id in self._unconfirmed:  # a creation's request, not a status check's
            self._announce(CreationOut(order_id, False))
        self._announce(Problem(ProblemCode.CRASHED, unexpected(exc), order_id))

    def flush(self) -> None:
        """Write the status checks that came back, in one transaction, and send more."""
        outcomes, self._arrived = self._arrived, []
        for outcome in outcomes:
            self._in_flight.discard(outcome.order_id)
        if self._stopped:
            return
        if not outcomes:  # a creation came back, or a request crashed: a slot is free
            self.tick()
            return
        # Refill the freed slots before writing: the requests then wait on the network
        # while this thread waits on the disk, not one after the other.
        self.tick(recording=frozenset(o.order_id for o in outcomes))
        try:
            results = self.desk.record_checks(outcomes, focused_order_ids=self.state.focused())
        except StoreError as exc:
            # Nothing of the batch is written: its orders are still due, asked again.
            self._store_failed(exc)
            return
        paid = [order for order, changed in results
                if changed and order.status is OrderStatus.APPROVE]
        self.state.fresh([order for order, _ in results], paid=paid)  # one snapshot
        for outcome, (order, changed) in zip(outcomes, results, strict=True):
            if changed:
                log.info("order %s is now %s", order.order_id, order.status)
            self._announce(OrderChecked(order, outcome, changed))
            if changed and order.status is OrderStatus.APPROVE:
                self._announce(OrderPaid(order))
            elif changed and order.status is OrderStatus.DECLINE:
                self._announce(OrderRefused(order))
        failed = [o.failure for o in outcomes if o.failure is not None]
        if failed:
            if not self._checks_failing:
                log.info("status checks are failing: %s", failed[-1])
            self._checks_failing = True
            self._announce(Problem(ProblemCode.CHECKS_FAILING, failed[-1]))
        elif self._checks_failing:
            self._checks_failing = False
            self._announce(ProblemCleared(None))
        self.tick()

    # -- plumbing -----------------------------------------------------------------------

    @contextmanager
    def _book_trouble_said(self) -> Iterator[None]:
        """Run a step on the order book; if the book refuses, say so instead of raising
        into the front end's loop (the rest of the step is skipped)."""
        try:
            yield
        except StoreError as exc:
            self._store_failed(exc)

    def _store_failed(self, exc: StoreError, *, say: bool = True) -> None:
        """The order book refused (locked, disk full; damaged and set aside): said once
        per refusal, unless the caller says it (``say``). A book set aside takes nothing
        more: no watching, no order until PayDesk starts again on a sound book."""
        lost = exc.problem is StoreProblem.DAMAGED and not self.book_is_lost
        self.book_is_lost = self.book_is_lost or lost  # before the problem is said
        if say and str(exc) != self._store_problem:
            log.info("the order book refused: %s", exc)
            self._store_problem = str(exc)
            self._announce(Problem(ProblemCode.BOOK_REFUSED, failure_of(exc)))
        if lost:
            self._announce(BookLost(failure_of(exc)))

    def _gateway(self) -> GatewayClient | None:
        """The payment client; None when it cannot be made (said: why)."""
        client, failed = self._client.get()
        if failed is not None:
            self._announce(Problem(ProblemCode.NO_CLIENT, failure_of(failed)))
        return client

    def reset_client(self) -> None:
        """Settings changed: the next request asks for a new client (see ClientSlot)."""
        self._client.reset()
