"""The watch engine in the window: a QTimer ticks it, a QThreadPool runs its requests.

The policy (what is due, what is sent again, the batches) is the Qt-free
:class:`WatchEngine`'s; this adapts it to Qt. The engine lives in the GUI thread,
with the order desk and so the GUI thread's database connection. Its requests
run in the pool and touch neither the book nor a widget; their outcomes come
back as queued signals and are handed to the engine, and a zero timer writes
each batch at the end of its event-loop pass. What the engine announces is
relayed as this object's signals, its problems in the cashier's words
(ui/shell/messages.py). The settings in force reach the engine as they are saved (all through the
runtime's event hub, in this thread).

Which order is the sale (in front of the buyer) and which one the cashier views,
and what every screen shows of them, is the engine's
:class:`~paydesk.core.counter.presenter.CounterPresenter`'s: it publishes its
screens on the hub, and ui/payment/counter_screens.py renders them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from paydesk.core.events import SettingsChanged
from paydesk.core.watch.client_slot import CLIENT_RETRY_S
from paydesk.core.watch.engine import TICK_S, WatchEngine
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
    WatchEvent,
)
from paydesk.core.watch.outcomes import CreationOutcome, Outcome, Request, Told
from paydesk.domain.money import parse_amount
from paydesk.domain.orders import Order
from paydesk.support.qr import qr_matrix
from paydesk.ui.shell.formatting import writing_language
from paydesk.ui.shell.messages import watch_problem_text
from paydesk.ui.shell.problem_banner import Notice
from paydesk.ui.shell.tasks import run_task

if TYPE_CHECKING:
    from paydesk.core.runtime import Runtime
    from paydesk.core.settings.values import Settings
    from paydesk.core.watch.desk import OrderDesk

log = logging.getLogger(__name__)

#: A new order reaches the list once its QR is on screen, or after this long when
#: the service is slow to answer: reloading the list first would hold up the QR.
ANNOUNCE_MS = 250


class WatchDriver(QObject):
    #: An order changed in any way (creation, status, check time): Order.
    order_updated = Signal(object)
    #: A new order was written (the list should show it): Order.
    order_added = Signal(object)
    #: An order just became paid / refused: Order.
    order_paid = Signal(object)
    order_refused = Signal(object)
    #: An order's creation went to the service (order_id, True), or its answer is in
    #: (False): any order's, so the list says "Creating…" meanwhile.
    creation_out = Signal(str, bool)
    #: Something went wrong that the cashier should see: a Notice (its words, the
    #: order it is about, what trying again does).
    problem = Signal(object)
    #: The problem about this order id (None: the status checks) is over.
    problem_cleared = Signal(object)
    #: The order book was found damaged and set aside: nothing more can be
    #: written or sent until a restart (``problem`` said where the book went).
    book_lost = Signal()

    def __init__(
        self,
        runtime: Runtime,
        desk: OrderDesk,
        *,
        pool: QThreadPool | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        settings = runtime.settings
        self.pool = pool or QThreadPool(self)
        # The limiter bounds the rate; the pool bounds the concurrency.
        self.pool.setMaxThreadCount(_pool_size(settings))
        hub = runtime.hub  # its events are published in this (the GUI) thread
        self.engine = WatchEngine(
            desk, runtime.gateway, self._run,
            max_in_flight=settings.max_in_flight, limiter=runtime.limiter(), hub=hub,
        )
        self.hub = hub
        #: The sale, the viewed order and their screens (core/counter/presenter.py).
        self.presenter = self.engine.state
        self._unsubscribe = [
            hub.subscribe(WatchEvent, self._on_event),
            hub.subscribe(SettingsChanged, lambda event: self._settings_changed(event.settings)),
            self.presenter.close,
        ]
        self._stopped = False
        self._timer = QTimer(self)
        self._timer.setInterval(int(TICK_S * 1000))
        self._timer.timeout.connect(self.engine.tick)
        self._flush = QTimer(self)
        self._flush.setSingleShot(True)
        self._flush.setInterval(0)
        self._flush.timeout.connect(self.engine.flush)
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
        if self.engine.start():
            self._timer.start()
        elif not self.engine.book_is_lost:  # locked, say: the start is tried again shortly
            QTimer.singleShot(int(CLIENT_RETRY_S * 1000), self, self._restart)

    def _restart(self) -> None:
        if not self._stopped:
            self.start()

    def stop(self) -> None:
        # The window is closing and its store with it: results still on their way
        # are dropped (an unconfirmed creation is resumed at the next start).
        if self._stopped:
            return  # stopped already (a second stop, as the window closes, does nothing)
        self._stopped = True
        for unsubscribe in self._unsubscribe:  # the book is about to close
            unsubscribe()
        self.engine.stop()
        self._announce.stop()
        self._unannounced.clear()
        self._flush.stop()
        self._timer.stop()
        self.pool.clear()  # queued checks are dropped; running ones finish
        self.pool.waitForDone(5000)

    @property
    def book_is_lost(self) -> bool:
        return self.engine.book_is_lost

    @property
    def resend_pause_s(self) -> float | None:
        return self.engine.resend_pause_s

    @resend_pause_s.setter
    def resend_pause_s(self, seconds: float | None) -> None:
        self.engine.resend_pause_s = seconds

    @property
    def sale(self) -> Order | None:
        """The order in front of the buyer (see CounterPresenter)."""
        return self.presenter.sale

    @property
    def viewed(self) -> Order | None:
        """The order on the cashier's panel (see CounterPresenter)."""
        return self.presenter.viewed

    def in_flight(self) -> frozenset[str]:
        return self.engine.in_flight()

    def _settings_changed(self, settings: Settings) -> None:
        self.pool.setMaxThreadCount(max(_pool_size(settings), len(self.engine.in_flight()) + 1))
        self.engine.apply_settings(settings)
        # The runtime closed its client if the service or the key changed: ask again.
        self.engine.reset_client()

    # -- what the cashier does --------------------------------------------------

    def create(self, amount: str | int, email: str = "", note: str = "",
               reference: str | None = None, told: Told | None = None) -> Order | None:
        """Write the order and send it. Raises InputError for bad input, which
        the form shows next to the field; nothing is written then. None when
        nothing could be written or sent (the problem signal says why).

        The amount is read as the window's language writes it: in English
        ``1,234`` is thousands (paydesk.domain.money.parse_amount); kopecks from the
        till program's API are checked by the desk (``reference``: its id of the sale;
        ``told``: hears the link in the request's thread as the outcome comes here; the
        window then makes the code, as the answer does not wait for it)."""
        kopecks = amount if isinstance(amount, int) else parse_amount(
            amount, ceiling=self.desk.max_amount, language=writing_language())
        order = self.engine.create(kopecks, email, note, reference, told)
        if order is not None:
            # The list hears of the order after its QR is shown (see _on_event), or after
            # ANNOUNCE_MS if the service is slow.
            self._unannounced.append(order)
            if not self._announce.isActive():
                self._announce.start(ANNOUNCE_MS)
        return order

    def retry_creation(self, order_id: str) -> None:
        """Send an unconfirmed order again, with the same order_id."""
        self.engine.retry_creation(order_id)

    def check_now(self, order_ids: Iterable[str]) -> None:
        """Check these open orders now; nothing once stopped (the book is closing, and a
        word queued from another thread, the shared book's, may come after it)."""
        if not self._stopped:
            self.engine.check_now(list(order_ids))

    def take_over(self, order_ids: Iterable[str]) -> None:
        """Orders another till left (it went quiet; the shared book's lease came here):
        the open ones are checked now, the unsent ones sent again with their own ids."""
        if self._stopped:
            return
        ids = list(order_ids)
        self.engine.check_now(ids)
        for order_id in ids:
            self.engine.retry_creation(order_id)  # nothing for an order already confirmed

    def check_all_pending(self) -> None:
        self.engine.check_now()

    def check_again(self) -> None:
        """Retry now: every open order checked, the payment client made again if it failed."""
        self.engine.check_again()

    def view(self, order_id: str) -> None:
        """Show this order on the cashier's panel (the buyer's screen keeps the
        sale); it is checked every ~2 s while it is there."""
        self.engine.view(order_id)

    def back_to_sale(self) -> None:
        self.presenter.back_to_sale()

    def show_to_buyer(self) -> bool:
        """Put the viewed order in front of the buyer, if it can still be paid;
        whether it is there now."""
        return self.presenter.show_to_buyer()

    def end_sale(self) -> None:
        """Esc / New payment: the buyer's screen and the panel go idle, the form is free.

        A creation still waiting for the service is set aside, not cancelled: it
        goes on in the background, and its outcome is recorded like any other
        (the link stored, or sent again later with the same order_id), but it is
        shown to nobody unless the cashier deliberately shows it.
        """
        self.presenter.end_sale()

    def reset_client(self) -> None:
        """Settings changed: the next request asks the runtime for a new client."""
        self.engine.reset_client()

    # -- the engine's requests and announcements --------------------------------

    def _run(self, request: Request) -> None:
        call = request.call
        if request.urgent:  # the sale's creation: the buyer waits for its code
            self._make_room()
            if request.told is None:  # else the till program is told first: the code here
                call = partial(_with_its_code, call)
        run_task(self.pool, call, self._arrived, self._crash_handler(request.order_id),
                 then=request.handed_back)

    def _arrived(self, outcome: Outcome) -> None:
        self.engine.done(outcome)
        # Results arrive one by one; writing them together (one transaction, at the
        # end of this event-loop pass) keeps a big refresh cheap.
        self._flush.start()

    def _crash_handler(self, order_id: str) -> Callable[[BaseException], None]:
        return lambda exc: self.engine.crashed(order_id, exc)

    def _make_room(self) -> None:
        """A thread for the sale's creation now, not behind the requests a slow
        service holds (creations set aside, checks): one thread per request out
        (the sale's is counted). The checks out stay bounded by the engine."""
        needed = len(self.engine.in_flight())
        if self.pool.maxThreadCount() < needed:
            self.pool.setMaxThreadCount(needed)

    def _on_event(self, event: Event) -> None:
        match event:
            case OrderChecked(order=order):
                self.order_updated.emit(order)
            case CreationRecorded(order=order):
                self.order_updated.emit(order)
                if any(o.order_id == order.order_id for o in self._unannounced):
                    self._announce.start(0)  # the QR is painted; the list next
            case OrderPaid(order=order):
                self.order_paid.emit(order)
            case OrderRefused(order=order):
                self.order_refused.emit(order)
            case CreationOut(order_id=order_id, out=out):
                self.creation_out.emit(order_id, out)
            case Problem():
                if event.code is not ProblemCode.CHECKS_FAILING:  # said at every failed batch
                    log.warning("%s, order %s: %s", event.code.value, event.order_id, event.failure)
                self.problem.emit(Notice(watch_problem_text(event), event.about_order,
                                         self.engine.remedy_of(event)))
            case ProblemCleared(order_id=order_id):
                self.problem_cleared.emit(order_id)
            case BookLost():
                self._timer.stop()
                self.book_lost.emit()

    def _announce_new_orders(self) -> None:
        orders, self._unannounced = self._unannounced, []
        for order in orders:
            self.order_added.emit(order)

    def book_changed(self) -> None:
        """Another process changed the order book (``paydesk refresh``, another till):
        the sale and the viewed order are read again, so a payment seen there shows
        here too, on the panel and the buyer's screen."""
        for order_id in self.presenter.focused():
            order = self.engine.order(order_id)  # None: not there, or the book refused (said)
            if order is not None:
                self.presenter.fresh(order)


def open_watch(runtime: Runtime, pool: QThreadPool | None = None) -> WatchDriver:
    """The watch on the runtime's order book (the window's and ``paydesk serve``'s,
    unless a test brings its own).

    Not the whole file's check: in the GUI thread it would freeze the window
    on a big book; damage the window's own queries come upon sets the book
    aside (OrderStore).
    """
    store = runtime.open_store(check_whole_file=False)
    try:
        return WatchDriver(runtime, runtime.open_desk(store), pool=pool)
    except BaseException:
        store.close()
        raise


def _with_its_code(call: Callable[[], Outcome]) -> Outcome:
    """The sale's creation, and its link's QR matrix made here, in the request's thread,
    with the answer: the GUI thread then only paints it (support/qr.py keeps the last
    few links' matrices)."""
    outcome = call()
    if isinstance(outcome, CreationOutcome) and outcome.url is not None:
        qr_matrix(outcome.url)
    return outcome


def _pool_size(settings: Settings) -> int:
    """One thread per request in flight, and one more: the sale's creation never queues."""
    return max(settings.max_in_flight, 1) + 1
