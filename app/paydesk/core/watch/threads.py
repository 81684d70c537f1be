"""The watch engine driven with plain threads: the command line's front end.

Requests run on a ``ThreadPoolExecutor``; their outcomes are handed back to the
engine, and written, in the calling thread, which owns the book's connection.
``paydesk refresh`` (core/watch/refresh.py) and ``paydesk create --wait`` use it;
the window drives the same engine with a QThreadPool (ui/payment/watch_driver.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from types import TracebackType
from typing import TYPE_CHECKING

from paydesk.core.counter.presenter import CounterPresenter
from paydesk.core.watch.engine import TICK_S, WatchEngine
from paydesk.core.watch.events import (
    BookLost,
    Event,
    OrderChecked,
    Problem,
    ProblemCode,
    WatchEvent,
)
from paydesk.core.watch.outcomes import Outcome, Request
from paydesk.domain.catalogue import english
from paydesk.domain.failures import Failure
from paydesk.domain.orders import Order
from paydesk.store.errors import StoreError, StoreProblem

if TYPE_CHECKING:
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.core.watch.rate_limit import RateLimiter
    from paydesk.gateway import GatewayClient

#: Never set: waiting on it is a sleep that Ctrl+C ends.
_never = threading.Event()


class ThreadRunner:
    """Runs an engine's requests on worker threads (a context manager: the pool's life)."""

    def __init__(self, max_workers: int) -> None:
        self._pool = ThreadPoolExecutor(max_workers=max(max_workers, 1),
                                        thread_name_prefix="paydesk-watch")
        self._running: dict[Future[Outcome], str] = {}
        self._abandoned = False

    def __call__(self, request: Request) -> None:
        self._running[self._pool.submit(request.call)] = request.order_id

    def step(self, engine: WatchEngine, timeout: float | None = None,
             pause: Callable[[float], object] = _never.wait) -> None:
        """Wait for outcomes (at most ``timeout`` s), hand them to the engine, write them."""
        if not self._running:
            if timeout is not None:
                pause(timeout)
            return
        finished, _ = wait(self._running, timeout=timeout, return_when=FIRST_COMPLETED)
        for future in finished:
            order_id = self._running.pop(future)
            try:
                outcome = future.result()
            except Exception as exc:  # a request must never end the run silently
                engine.crashed(order_id, exc)
            else:
                engine.done(outcome)
        engine.flush()

    @property
    def busy(self) -> bool:
        """Whether a request handed out has not been given back to the engine yet."""
        return bool(self._running)

    def abandon(self) -> None:
        """Give up on what is out (a deadline passed): its outcomes are never written,
        and leaving the runner does not wait for them (each ends at its own deadline)."""
        for future in self._running:
            future.cancel()
        self._running.clear()
        self._abandoned = True
        self._pool.shutdown(wait=False, cancel_futures=True)

    def drain(self, engine: WatchEngine) -> None:
        """Until nothing the engine sent is out any more (writing sends what is due)."""
        while self._running:
            self.step(engine)

    def __enter__(self) -> ThreadRunner:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        # Interrupted (Ctrl+C): what has not started is dropped; what has, ends at its
        # deadline. Outcomes not written are asked for again by the next run.
        self._pool.shutdown(wait=error is None and not self._abandoned, cancel_futures=True)


class StoreTrouble:
    """Listens for the book's refusals, so a command can end on the first one."""

    def __init__(self) -> None:
        self.failure: Failure | None = None

    def __call__(self, event: Event) -> None:
        match event:
            case BookLost(failure=failure) | Problem(code=ProblemCode.BOOK_REFUSED,
                                                     failure=failure):
                self.failure = self.failure or failure

    def raise_it(self) -> None:
        """The first refusal, as the StoreError the command line says (in English)."""
        failure = self.failure
        if failure is not None:
            problem = StoreProblem(failure.code) if failure.code in _PROBLEMS else None
            raise StoreError(english(failure), problem)


_PROBLEMS = frozenset(StoreProblem)


def watch_until_final(
    desk: OrderDesk,
    client: GatewayClient,
    order_id: str,
    *,
    on_change: Callable[[Order], None],
    limiter: RateLimiter | None = None,
    tick: float = TICK_S,
    pause: Callable[[float], object] = _never.wait,
) -> Order | None:
    """Watch one order as the window watches the order in front of the cashier, until
    the service says it is final (or it is no longer watched by itself); its last copy.

    ``on_change`` hears of each new status. A refusal of the book ends it (raised).
    """
    latest = desk.get(order_id)
    state = CounterPresenter(desk)
    if latest is not None:
        state.view(latest)  # the one order someone watches: checked at the focused pace
    trouble = StoreTrouble()

    def heard(event: Event) -> None:
        nonlocal latest
        if isinstance(event, OrderChecked) and event.order.order_id == order_id:
            latest = event.order
            if event.changed:
                on_change(event.order)

    with ThreadRunner(1) as runner:
        engine = WatchEngine(desk, lambda: client, runner, max_in_flight=1, limiter=limiter,
                             state=state, only=(order_id,))
        engine.hub.subscribe(WatchEvent, heard)
        engine.hub.subscribe(WatchEvent, trouble)
        while latest is not None and latest.next_check_at is not None:
            engine.tick()
            runner.step(engine, timeout=tick, pause=pause)
            trouble.raise_it()
    return latest
