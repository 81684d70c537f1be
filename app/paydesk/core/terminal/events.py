"""The till program's event stream (``GET /v1/events``): what became of its payments, each
event with an id, so a client that reconnects with ``Last-Event-ID`` misses nothing.

Kept in the API server's loop: the window's thread hands each event over with
``call_soon_threadsafe`` (core/terminal/api.py). The last :data:`KEPT` events are kept
for clients coming back; a client whose last id is older than that, or from before the
API started again (or anything but an id), gets a ``reset`` event instead: read your payments
again (``GET /v1/payments/{order_id}``), then follow the stream. The reset has an id of
its own, taken from the same count as the events', and only newer events follow it: ids
only grow on a stream, and a client that comes back with the reset's id misses nothing
said after it.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from collections import deque
from dataclasses import dataclass

#: Events kept for clients coming back.
KEPT = 1000
#: What a client is told when the events after its last id are not all kept.
RESET = "reset"
#: A run's first id is drawn below this: a JavaScript number holds every id exactly.
_IDS = 2**52
#: What an id looks like (as the document says): anything else is no id of this run.
_EVENT_ID = re.compile(r"[0-9]{1,16}")


def first_event_id() -> int:
    """Where a run's ids start: anywhere among 2**52, drawn at random. Another run's id
    is then never taken for this run's, whatever the wall clock did between the two
    (a start time would be, once the clock was put back)."""
    return secrets.randbelow(_IDS - 2**32)


@dataclass(frozen=True, slots=True)
class ApiEvent:
    event_id: int
    kind: str
    data: str  # JSON

    def frame(self) -> bytes:
        return f"id: {self.event_id}\nevent: {self.kind}\ndata: {self.data}\n\n".encode()


class EventLog:
    """The events since the API started (the last :data:`KEPT`), and who listens.

    Ids count up from ``first`` (:func:`first_event_id`: an id of another run falls
    outside this run's, and its client is told to read its payments again)."""

    def __init__(self, first: int) -> None:
        self._next = first
        self._kept: deque[ApiEvent] = deque(maxlen=KEPT)
        self._listeners: set[asyncio.Queue[ApiEvent | None]] = set()

    def add(self, kind: str, data: dict[str, object]) -> None:
        event = ApiEvent(self._next, kind, json.dumps(data, ensure_ascii=False))
        self._next += 1
        self._kept.append(event)
        for queue in self._listeners:
            queue.put_nowait(event)

    def since(self, last_id: str | None) -> list[ApiEvent]:
        """What a client that saw ``last_id`` missed, or a ``reset`` when that is not all
        kept (its id the next one: no event after it has a lower one, or the same)."""
        if last_id is None or not last_id.strip():  # an empty one is no id (as SSE's)
            return []
        last = int(last_id) if _EVENT_ID.fullmatch(last_id.strip()) else -1
        oldest = self._kept[0].event_id if self._kept else self._next
        if last < oldest - 1 or last >= self._next:  # oldest - 1 >= first - 1: this run's
            reset = ApiEvent(self._next, RESET, "{}")
            self._next += 1
            return [reset]
        return [event for event in self._kept if event.event_id > last]

    def listen(self) -> asyncio.Queue[ApiEvent | None]:
        queue: asyncio.Queue[ApiEvent | None] = asyncio.Queue()
        self._listeners.add(queue)
        return queue

    def leave(self, queue: asyncio.Queue[ApiEvent | None]) -> None:
        self._listeners.discard(queue)

    def listeners(self) -> int:
        return len(self._listeners)

    def end(self) -> None:
        """The server stops: every stream ends."""
        for queue in self._listeners:
            queue.put_nowait(None)
