"""The watch engine's runner and clock as its tests drive them (no Qt, no threads):
requests held until the test lets them go, a monotonic clock the test moves."""

from __future__ import annotations

from paydesk.core.watch.engine import WatchEngine
from paydesk.core.watch.events import Event
from paydesk.core.watch.outcomes import Request


class HeldRequests:
    """The engine's runner: requests wait here until the test lets them go."""

    def __init__(self) -> None:
        self.requests: list[Request] = []

    def __call__(self, request: Request) -> None:
        self.requests.append(request)

    def ids(self) -> list[str]:
        return [r.order_id for r in self.requests]

    def call(self, engine: WatchEngine, count: int | None = None) -> None:
        """Make the first ``count`` calls (all) and hand their outcomes back, unwritten."""
        count = len(self.requests) if count is None else count
        batch, self.requests = self.requests[:count], self.requests[count:]
        for request in batch:
            engine.done(request.call())

    def finish(self, engine: WatchEngine) -> None:
        """Until nothing is out: each round's outcomes written as one batch."""
        while self.requests:
            self.call(engine)
            engine.flush()


class Monotonic:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def of(kind: type, heard: list[Event]) -> list:  # type: ignore[type-arg]
    return [event for event in heard if isinstance(event, kind)]
