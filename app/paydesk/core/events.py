"""The one event hub of a process: typed events, and who hears them.

Whatever the core announces (the watch engine's news, the counter's sale and
viewed order, the settings saved, the order book changed elsewhere, the shared
book's sync) is published here as a frozen dataclass (each kept beside what publishes it:
watch/events.py, counter/presenter.py and counter/views.py, shared_book/sync.py; the
settings' and the order book's below); a front end subscribes to the types it
cares about and gets back what ends the subscription. The
composition root (core/runtime.py) makes one hub and hands it to every part.

A handler runs in the thread that published, at once: the watch engine and the
counter presenter publish in the window's thread, the shared book's sync in its own. The
window's one bridge (ui/shell/event_bridge.py) hands what a worker thread
published to the GUI thread. A handler that raises is logged, and the others
still hear the event.

An event reaches the handlers of its class and of its base classes (not
``object``'s): so a front end that hears every watch event subscribes once to
:class:`~paydesk.core.watch.events.WatchEvent`, as it listened once before, and
an event type added later reaches it without new wiring.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from paydesk.core.settings.values import Settings

log = logging.getLogger(__name__)

E = TypeVar("E")
Handler = Callable[[Any], None]
Unsubscribe = Callable[[], None]


class EventHub:
    """Handlers by event type; :meth:`publish` may be called from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._handlers: dict[type, list[Handler]] = {}

    def subscribe(self, event_type: type[E], handler: Callable[[E], None], *,
                  first: bool = False) -> Unsubscribe:
        """Call ``handler`` with each event of ``event_type`` (or a subclass) from now
        on, in the order handlers subscribed (``first``: before those of its type that
        are there, for one whose caller waits on it while the screens render); returns
        what stops it (twice is harmless)."""
        with self._lock:
            handlers = self._handlers.setdefault(event_type, [])
            handlers.insert(0 if first else len(handlers), handler)

        def unsubscribe() -> None:
            with self._lock:
                handlers = self._handlers.get(event_type, [])
                if handler in handlers:
                    handlers.remove(handler)

        return unsubscribe

    def publish(self, event: object) -> None:
        """Hand ``event`` to its handlers, in this thread; one that raises is logged."""
        with self._lock:
            heard = [handler for kind in type(event).__mro__[:-1]
                     for handler in self._handlers.get(kind, ())]
        for handler in heard:
            try:
                handler(event)
            except Exception:
                log.exception("a handler of %s failed", type(event).__name__)


@dataclass(frozen=True, slots=True)
class SettingsChanged:
    """The settings in force after a save (or a reload that changed something)."""

    settings: Settings


@dataclass(frozen=True, slots=True)
class BookChangedElsewhere:
    """Another connection (a command, another till) changed the order book: read it again."""

