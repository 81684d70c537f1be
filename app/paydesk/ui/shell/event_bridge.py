"""The window's one bridge from the core's event hub to the GUI thread.

The hub (core/events.py) calls a handler in the thread that published: the
shared book's sync publishes in its own thread, and no widget may be touched
there. A handler subscribed through this bridge always runs in the GUI thread,
through the window's one courier (gui_thread.py): an event published there is
handed over at once, one published in another thread at the GUI thread's next
turn (Electrum's ``QtEventListener`` shape, with typed events instead of names).
The window makes one (ui/window_builder.py), and every part of it hears the hub
through it: the counter's screens, the orders' news, the watch's problems (published
in the GUI thread, where the watch engine runs) and the shared book's sync (published
in a thread of its own). ``paydesk serve`` makes one too (ui/headless.py).

A handler unsubscribed, or whose ``owner`` was destroyed, hears nothing more,
not even an event already queued for it (its widgets may be gone).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from PySide6.QtCore import QObject

from paydesk.core.events import EventHub, Unsubscribe
from paydesk.ui.shell.gui_thread import start_here, to_gui

E = TypeVar("E")


class _Subscription:
    """One handler; ``live`` is only changed and read in the GUI thread."""

    __slots__ = ("handler", "live")

    def __init__(self, handler: Callable[[Any], None]) -> None:
        self.handler = handler
        self.live = True


class EventBridge(QObject):
    """Re-delivers the hub's events to handlers in the GUI thread (made there)."""

    def __init__(self, hub: EventHub, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        start_here()

    def subscribe(self, event_type: type[E], handler: Callable[[E], None], *,
                  owner: QObject | None = None) -> Unsubscribe:
        """Call ``handler`` in the GUI thread with each event of ``event_type``, until
        the returned callable is called or ``owner`` is destroyed."""
        subscription = _Subscription(handler)
        stop_hub = self.hub.subscribe(
            event_type, lambda event: to_gui(partial(_deliver, subscription, event)))

        def unsubscribe() -> None:
            subscription.live = False
            stop_hub()

        if owner is not None:
            owner.destroyed.connect(lambda *_: unsubscribe())
        return unsubscribe



def _deliver(subscription: _Subscription, event: object) -> None:
    if subscription.live:
        subscription.handler(event)
