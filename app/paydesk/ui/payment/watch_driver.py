"""The watch engine in the window: a QTimer ticks it, a QThreadPool runs its requests.

A plain adapter, no policy: what is due, what is sent again and the batches are the
Qt-free :class:`WatchEngine`'s. The engine lives in the GUI thread, with the order desk
and so the GUI thread's database connection. Its requests run in the pool and touch
neither the book nor a widget; their outcomes come back through the courier
(ui/shell/tasks.py) and are handed to the engine, and a zero timer writes each batch
at the end of its event-loop pass. The pool's size follows the settings in force.

What the engine publishes (the counter's screens, the orders' news, its problems)
reaches the window's parts through the one bridge (ui/shell/event_bridge.py), not
through this object; what the cashier does goes to the engine itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThreadPool, QTimer

from paydesk.core.events import SettingsChanged
from paydesk.core.watch.client_slot import CLIENT_RETRY_S
from paydesk.core.watch.engine import TICK_S, WatchEngine
from paydesk.core.watch.events import BookLost
from paydesk.core.watch.outcomes import Outcome, Request
from paydesk.ui.shell.tasks import run_task

if TYPE_CHECKING:
    from paydesk.core.runtime import Runtime
    from paydesk.core.settings.values import Settings
    from paydesk.core.watch.desk import OrderDesk


class WatchDriver(QObject):
    """Ticks the engine and runs its requests; see the module's doc."""

    def __init__(
        self,
        runtime: Runtime,
        desk: OrderDesk,
        *,
        pool: QThreadPool | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        settings = runtime.settings
        self.pool = pool or QThreadPool(self)
        # The limiter bounds the rate; the pool bounds the concurrency.
        self.pool.setMaxThreadCount(_pool_size(settings))
        hub = runtime.hub  # its events are published in this (the GUI) thread
        self.engine = WatchEngine(
            desk, runtime.gateway, self._run,
            max_in_flight=settings.max_in_flight, limiter=runtime.limiter(), hub=hub,
        )
        self._unsubscribe = [
            hub.subscribe(SettingsChanged, lambda event: self._settings_changed(event.settings)),
            hub.subscribe(BookLost, lambda _event: self._timer.stop()),
        ]
        self._stopped = False
        self._timer = QTimer(self)
        self._timer.setInterval(int(TICK_S * 1000))
        self._timer.timeout.connect(self.engine.tick)
        self._flush = QTimer(self)
        self._flush.setSingleShot(True)
        self._flush.setInterval(0)
        self._flush.timeout.connect(self.engine.flush)

    def start(self) -> None:
        """Start watching, and finish the creations an earlier run left unconfirmed.

        Starting builds the payment client (requests, maybe the keychain) and
        runs the first queries: the window calls this once it is shown (ui/app.py).
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
        self._flush.stop()
        self._timer.stop()
        self.pool.clear()  # queued checks are dropped; running ones finish
        self.pool.waitForDone(5000)

    def _settings_changed(self, settings: Settings) -> None:
        self.pool.setMaxThreadCount(max(_pool_size(settings), len(self.engine.in_flight()) + 1))
        self.engine.apply_settings(settings)
        # The runtime closed its client if the service or the key changed: ask again.
        self.engine.reset_client()

    # -- the engine's requests ------------------------------------------------------

    def _run(self, request: Request) -> None:
        if request.urgent:  # the sale's creation: the buyer waits for its code
            self._make_room()
        run_task(self.pool, request.call, self._arrived, self._crash_handler(request.order_id),
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


def _pool_size(settings: Settings) -> int:
    """One thread per request in flight, and one more: the sale's creation never queues."""
    return max(settings.max_in_flight, 1) + 1
