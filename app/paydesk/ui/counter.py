"""The counter's logic in the GUI thread: create, resume, and watch orders.

It owns the order desk (and so the GUI thread's database connection) and a
thread pool for requests. A QTimer ticks in the GUI thread; each tick hands the
orders that are due to workers, at most ``max_in_flight`` at a time; their
outcomes come back as queued signals and are written in one transaction per
batch. Nothing here blocks: the network is only ever touched in workers.

Which order is the sale (in front of the buyer) and which one the cashier
views is kept by the Qt-free :class:`CounterState`; this relays its changes as
``sale_changed`` and ``viewed_changed``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from time import monotonic
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from paydesk.orders import CreationState, Order, OrderStatus
from paydesk.rate_limit import RateLimiter
from paydesk.services import (
    CheckOutcome,
    CreationOutcome,
    OrderDesk,
    fetch_status,
    resume_creation,
    send_creation,
)
from paydesk.services.counter_state import Change, CounterState, can_be_shown_to_buyer
from paydesk.store.errors import StoreError, StoreProblem
from paydesk.ui.formatting import tr
from paydesk.ui.messages import gateway_error_text, problem_text, unsaved_order_text
from paydesk.ui.tasks import run_task

if TYPE_CHECKING:  # the client (requests) is built with the first request, after the first frame
    from paydesk.gateway import GatewayClient

log = logging.getLogger(__name__)

#: How often the GUI thread looks for due orders. Cheap: one indexed query.
TICK_MS = 250
#: An unconfirmed creation is sent again (same order_id) this long after its last try.
RESEND_PAUSE_S = 30.0
#: After the payment client could not be made, wait this long before trying again.
CLIENT_RETRY_S = 5.0
#: A new order reaches the list once its QR is on screen, or after this long when
#: the service is slow to answer: reloading the list first would hold up the QR.
ANNOUNCE_MS = 250


class CounterController(QObject):
    #: An order changed in any way (creation, status, check time): Order.
    order_updated = Signal(object)
    #: A new order was written (the list should show it): Order.
    order_added = Signal(object)
    #: The order in front of the buyer changed or was updated: Order, or None (idle).
    sale_changed = Signal(object)
    #: The order on the cashier's panel changed or was updated: Order, or None (idle).
    viewed_changed = Signal(object)
    #: An order just became paid / refused: Order.
    order_paid = Signal(object)
    order_refused = Signal(object)
    #: The sale's creation is (or is no longer) in flight: the create action follows it.
    creating_changed = Signal(bool)
    #: Something went wrong that the cashier should see: (message, order_id or "").
    #: A non-empty order_id is an unconfirmed creation that can be retried.
    problem = Signal(str, str)
    #: The problem about this order_id ("" = status checks) is over.
    problem_cleared = Signal(str)
    #: The order book was found damaged and set aside: nothing more can be
    #: written or sent until a restart (the message says where the book went).
    book_lost = Signal(str)

    def __init__(
        self,
        desk: OrderDesk,
        client_factory: Callable[[], GatewayClient],
        *,
        max_in_flight: int = 8,
        limiter: RateLimiter | None = None,
        pool: QThreadPool | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self._client_factory = client_factory
        self._client: GatewayClient | None = None
        self._limiter = limiter
        self._max_in_flight = max_in_flight
        self._pool = pool or QThreadPool(self)
        # The limiter bounds the rate; the pool bounds the concurrency.
        self._pool.setMaxThreadCount(max(max_in_flight, 1) + 1)
        self._in_flight: set[str] = set()
        #: Creations this window sent that the service has not confirmed yet, with
        #: when they were last sent (monotonic s): resent RESEND_PAUSE_S later. Kept
        #: from the outcomes the counter sees, so no tick has to search the book.
        self._unconfirmed: dict[str, float] = {}
        self.resend_pause_s = RESEND_PAUSE_S
        self._client_retry_at = 0.0
        #: The sale whose creation the form waits for (Esc sets it aside).
        self._creating: str | None = None
        self.state = CounterState()
        self.state.listen(self._state_changed)
        self._pending_outcomes: list[CheckOutcome] = []
        self._check_problem = False
        self._store_problem: str | None = None  # the last store refusal said
        self.book_is_lost = False
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._flush = QTimer(self)
        self._flush.setSingleShot(True)
        self._flush.setInterval(0)
        self._flush.timeout.connect(self._write_outcomes)
        self._stopped = False
        self._unannounced: list[Order] = []
        self._announce = QTimer(self)
        self._announce.setSingleShot(True)
        self._announce.timeout.connect(self._announce_new_orders)

    # -- life -------------------------------------------------------------------

    def start(self) -> None:
        """Start watching, and finish the creations an earlier run left unconfirmed.

        Starting builds the payment client (requests, maybe the keychain) and
        runs the first queries: the window calls this after its first frame
        (ui/app.py), which shows none of it.
        """
        self._stopped = False
        try:
            # Every open order is asked about once now, whatever its schedule said:
            # a buyer may have paid while PayDesk was closed.
            self.desk.check_now()
            unconfirmed = self.desk.unconfirmed()
        except StoreError as exc:
            self._store_failed(exc)
            if not self.book_is_lost:  # locked, say: the start is tried again shortly
                QTimer.singleShot(int(CLIENT_RETRY_S * 1000), self, self._restart)
            return
        for order in unconfirmed:
            if order.order_id not in self._in_flight:  # one created before the start
                self._send(order, resume=True)
        self._timer.start()
        self._tick()

    def _restart(self) -> None:
        if not self._stopped:
            self.start()

    def stop(self) -> None:
        # The window is closing and its store with it: results still on their way
        # are dropped (an unconfirmed creation is resumed at the next start).
        self._stopped = True
        self._announce.stop()
        self._unannounced.clear()
        self._flush.stop()
        self._timer.stop()
        self._pool.clear()  # queued checks are dropped; running ones finish
        self._pool.waitForDone(5000)

    def is_creating_order(self, order_id: str) -> bool:
        """Whether this is the sale and the service has yet to answer its creation."""
        return self._creating == order_id

    @property
    def sale(self) -> Order | None:
        """The order in front of the buyer (see CounterState)."""
        return self._order(self.state.sale)

    @property
    def viewed(self) -> Order | None:
        """The order on the cashier's panel (see CounterState)."""
        return self._order(self.state.viewed)

    def _order(self, order_id: str | None) -> Order | None:
        if order_id is None:
            return None
        try:
            return self.desk.get(order_id)
        except StoreError as exc:
            self._store_failed(exc)
            return None  # nothing to show: the banner says why

    def in_flight(self) -> frozenset[str]:
        return frozenset(self._in_flight)

    # -- creating ---------------------------------------------------------------

    def create(self, amount: str, email: str = "", note: str = "") -> Order | None:
        """Write the order and send it. Raises InputError for bad input, which
        the form shows next to the field; nothing is written then. None when no
        payment client can be made (the problem signal says why)."""
        if self._creating is not None:
            raise RuntimeError("a creation is already in flight")
        if self.book_is_lost:
            return None  # the banner says why, and where the book went
        if self._gateway() is None:
            # Not set up, or the keychain refused: nothing is written, so no order
            # waits unsent while the cashier keys the same sale again.
            return None
        try:
            order = self.desk.start_order(amount, email or None, note)
        except StoreError as exc:  # not written, so nothing is sent: said in the banner
            self._store_failed(exc)
            return None
        # The request goes first, so it travels while the window shows the order.
        self._send(order, resume=False, for_sale=True)
        self.state.start_sale(order.order_id)
        # The list hears of the order after its QR is shown (see _creation_done),
        # or after ANNOUNCE_MS if the service is slow.
        self._unannounced.append(order)
        if not self._announce.isActive():
            self._announce.start(ANNOUNCE_MS)
        return order

    def _announce_new_orders(self) -> None:
        orders, self._unannounced = self._unannounced, []
        for order in orders:
            self.order_added.emit(order)

    def retry_creation(self, order_id: str) -> None:
        """Send an unconfirmed order again, with the same order_id."""
        order = self._order(order_id)
        if order is None or order.creation is not CreationState.UNCONFIRMED:
            return
        if order_id in self._in_flight:
            return
        self._send(order, resume=True, for_sale=order_id == self.state.sale)

    def _send(self, order: Order, *, resume: bool, for_sale: bool = False) -> None:
        """Send a creation. ``for_sale``: the cashier waits for it (the form says
        "Creating…" until it ends or Esc sets it aside)."""
        client = self._gateway()
        if client is None:
            return
        if for_sale:
            self._make_room()
        self._in_flight.add(order.order_id)
        lifetime = self.desk.policy.order_lifetime
        clock = self.desk.now  # the outcome's time is on the desk's clock
        call: Callable[[], CreationOutcome]
        if resume:
            def call() -> CreationOutcome:
                return resume_creation(client, order, lifetime=lifetime, clock=clock)
        else:
            def call() -> CreationOutcome:
                return send_creation(client, order, clock=clock)
        self._unconfirmed[order.order_id] = monotonic()
        run_task(self._pool, call, self._creation_done, self._crash_handler(order.order_id))
        # The outcome comes back as a queued signal, so this still runs first.
        if for_sale:
            self._creating = order.order_id
            self.creating_changed.emit(True)

    def _make_room(self) -> None:
        """A thread for the sale's creation now, not behind the requests a slow
        service holds (creations set aside, checks): one more thread than there are
        requests out. The number of checks out stays bounded by ``_tick``."""
        needed = len(self._in_flight) + 1
        if self._pool.maxThreadCount() < needed:
            self._pool.setMaxThreadCount(needed)

    def _creation_done(self, outcome: CreationOutcome) -> None:
        self._in_flight.discard(outcome.order_id)
        self._unconfirmed[outcome.order_id] = monotonic()
        if self._stopped:
            return
        if self._creating == outcome.order_id:
            self._creating = None
            self.creating_changed.emit(False)
        try:
            order = self.desk.record_creation(
                outcome, focused=outcome.order_id in self.state.focused()
            )
        except StoreError as exc:
            # The order stays unconfirmed in the book and is sent again later (the same
            # order id, without waiting here). The service may have it: say so.
            log.error("order %s: the outcome could not be saved: %s", outcome.order_id, exc)
            self.problem.emit(unsaved_order_text(outcome.order_id, exc), outcome.order_id)
            return
        log.info("order %s: creation %s %s", order.order_id, order.creation, outcome.error or "")
        if order.creation is not CreationState.UNCONFIRMED:
            self._unconfirmed.pop(order.order_id, None)
        self.order_updated.emit(order)
        self._show_update(order)  # a creation set aside is recorded, not shown
        if outcome.error is not None and order.creation is CreationState.UNCONFIRMED:
            self.problem.emit(
                tr("The order {0} is saved but the payment service has not "
                   "confirmed it: {1}").format(order.order_id, gateway_error_text(outcome.error)),
                order.order_id,
            )
        elif outcome.error is not None:
            self.problem.emit(gateway_error_text(outcome.error), "")
        else:
            self.problem_cleared.emit(outcome.order_id)
        if any(o.order_id == outcome.order_id for o in self._unannounced):
            self._announce.start(0)  # the QR is painted; the list next

    # -- the sale and the order the cashier views ------------------------------

    def view(self, order_id: str) -> None:
        """Show this order on the cashier's panel (the buyer's screen keeps the
        sale); it is checked every ~2 s while it is there."""
        if order_id == self.state.viewed:
            return
        self.state.view(order_id)
        self.check_now([order_id])  # final or unsent orders are left alone

    def back_to_sale(self) -> None:
        self.state.back_to_sale()

    def show_to_buyer(self) -> bool:
        """Put the viewed order in front of the buyer, if it can still be paid;
        whether it is there now."""
        order = self.viewed
        if order is None:
            return False
        return self.state.show_to_buyer(
            order, now=self.desk.now(), expires_at=self.desk.policy.expires_at(order)
        )

    def can_show_to_buyer(self, order: Order) -> bool:
        return can_be_shown_to_buyer(
            order, now=self.desk.now(), expires_at=self.desk.policy.expires_at(order)
        )

    def end_sale(self) -> None:
        """Esc / New payment: the buyer's screen and the panel go idle, the form is free.

        A creation still waiting for the service is set aside, not cancelled: it
        goes on in the background, and its outcome is recorded like any other
        (the link stored, or sent again later with the same order_id), but it is
        shown to nobody unless the cashier deliberately shows it.
        """
        self.state.end_sale()

    def _state_changed(self, changed: Change) -> None:
        if self._creating is not None and self._creating != self.state.sale:
            # The form waits only for the sale's creation: this one is set aside.
            log.info("order %s: set aside while the service has not answered", self._creating)
            self._creating = None
            self.creating_changed.emit(False)
        viewed = self.viewed
        sale = viewed if self.state.sale == self.state.viewed else self.sale
        if Change.VIEWED in changed:
            self.viewed_changed.emit(viewed)
        if Change.SALE in changed:
            self.sale_changed.emit(sale)

    def _show_update(self, order: Order) -> None:
        """A fresh copy of an order: to the panel and the buyer's screen if it is theirs."""
        if order.order_id == self.state.viewed:
            self.viewed_changed.emit(order)
        if order.order_id == self.state.sale:
            self.sale_changed.emit(order)

    # -- watching ---------------------------------------------------------------

    def check_now(self, order_ids: Iterable[str]) -> None:
        with self._book_trouble_said():
            self.desk.check_now(order_ids)
            self._tick()

    def check_all_pending(self) -> None:
        with self._book_trouble_said():
            self.desk.check_now()
            self._tick()

    def _tick(self, recording: frozenset[str] = frozenset()) -> None:
        """Hand due orders to workers, up to max_in_flight at a time.

        ``recording``: orders whose outcome has arrived but is not written yet;
        they are still due in the book and must not be sent again.
        """
        free = self._max_in_flight - len(self._in_flight)
        if free <= 0 or self._stopped:
            return
        client = self._gateway()
        if client is None:
            return
        try:
            self._resend_unconfirmed()
            due = self.desk.due_for_check(limit=free + len(self._in_flight) + len(recording))
        except StoreError as exc:
            self._store_failed(exc)
            return
        for order in due:
            if free <= 0:
                break
            if order.order_id in self._in_flight or order.order_id in recording:
                continue
            self._in_flight.add(order.order_id)
            free -= 1
            run_task(self._pool, self._status_call(client, order.order_id),
                     self._check_done, self._crash_handler(order.order_id))

    def _resend_unconfirmed(self) -> None:
        """Creations whose reply was lost are sent again (same order_id) on their own,
        RESEND_PAUSE_S after the last try, not only at the next start or by hand."""
        now = monotonic()
        for order_id, last in list(self._unconfirmed.items()):
            if order_id in self._in_flight or now - last < self.resend_pause_s:
                continue
            order = self.desk.get(order_id)
            if order is None or order.creation is not CreationState.UNCONFIRMED:
                del self._unconfirmed[order_id]  # confirmed elsewhere (paydesk refresh)
            else:
                self._send(order, resume=True)  # in the background, even for the sale

    def _status_call(self, client: GatewayClient, order_id: str) -> Callable[[], CheckOutcome]:
        limiter, clock = self._limiter, self.desk.now
        return lambda: fetch_status(client, order_id, limiter=limiter, clock=clock)

    def _check_done(self, outcome: CheckOutcome) -> None:
        # Results arrive one by one; writing them together (one transaction,
        # at the end of this event-loop pass) keeps a big refresh cheap.
        self._pending_outcomes.append(outcome)
        self._flush.start()

    def _write_outcomes(self) -> None:
        outcomes, self._pending_outcomes = self._pending_outcomes, []
        for outcome in outcomes:
            self._in_flight.discard(outcome.order_id)
        if self._stopped:
            return
        # Refill the freed slots before writing: the requests then wait on the
        # network while this thread waits on the disk, not one after the other.
        self._tick(recording=frozenset(o.order_id for o in outcomes))
        try:
            results = self.desk.record_checks(outcomes, focused_order_ids=self.state.focused())
        except StoreError as exc:
            # Nothing of the batch is written: its orders are still due, and asked again.
            self._store_failed(exc)
            return
        failures = [o for o in outcomes if o.error is not None]
        for order, changed in results:
            self.order_updated.emit(order)
            if changed:
                log.info("order %s is now %s", order.order_id, order.status)
            self._show_update(order)
            if changed and order.status is OrderStatus.APPROVE:
                self.order_paid.emit(order)
            elif changed and order.status is OrderStatus.DECLINE:
                self.order_refused.emit(order)
        if failures:
            if not self._check_problem:
                log.warning("status checks are failing: %s", failures[-1].error)
            self._check_problem = True
            error = failures[-1].error
            assert error is not None
            self.problem.emit(
                tr("Status checks are failing: {0} PayDesk keeps trying.").format(
                    gateway_error_text(error)
                ),
                "",
            )
        elif self._check_problem:
            self._check_problem = False
            self.problem_cleared.emit("")
        self._tick()

    # -- plumbing ----------------------------------------------------------------

    @contextmanager
    def _book_trouble_said(self) -> Iterator[None]:
        """Run a step on the order book; if the book refuses, say so instead of raising
        into Qt (the rest of the step is skipped)."""
        try:
            yield
        except StoreError as exc:
            self._store_failed(exc)

    def _store_failed(self, exc: StoreError) -> None:
        """The order book refused (locked, disk full; damaged and set aside).

        Said in the banner, never raised out of a timer's slot. A book set aside
        takes nothing more: the watching stops and no order can be created, until
        PayDesk is started again on a sound book (the message says where it went).
        """
        if str(exc) != self._store_problem:
            log.error("the order book refused: %s", exc)
            self._store_problem = str(exc)
            self.problem.emit(str(exc), "")
        if exc.problem is StoreProblem.DAMAGED and not self.book_is_lost:
            self.book_is_lost = True
            self._timer.stop()
            self.book_lost.emit(str(exc))

    def _gateway(self) -> GatewayClient | None:
        if self._client is None:
            if monotonic() < self._client_retry_at:
                return None  # the last try failed a moment ago (keychain, settings)
            try:
                self._client = self._client_factory()
            except Exception as exc:  # not configured, no keychain, bad URL
                self._client_retry_at = monotonic() + CLIENT_RETRY_S
                self.problem.emit(problem_text(exc), "")
                return None
        return self._client

    def reset_client(self) -> None:
        """Settings changed: the next request asks the factory for a new client.
        The factory's owner (the runtime) closes the old one."""
        self._client = None
        self._client_retry_at = 0.0

    def _crash_handler(self, order_id: str) -> Callable[[BaseException], None]:
        return lambda exc: self._task_crashed(order_id, exc)

    def _task_crashed(self, order_id: str, exc: BaseException) -> None:
        log.error("a worker task for order %s raised %r", order_id, exc)
        self._in_flight.discard(order_id)  # polled (or sent) again at a later tick
        if self._creating == order_id:
            self._creating = None
            self.creating_changed.emit(False)
        self.problem.emit(tr("Something unexpected went wrong: {0}").format(exc), "")
