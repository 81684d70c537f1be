"""Check every pending order once, concurrently: ``paydesk refresh`` and scripts.

One pass of the watch engine, driven with plain threads (core/watch/threads.py):
the creations the service has not confirmed are sent again (same order ids), then
every open order is asked about once. Requests run in a bounded pool; every
outcome is written by the calling thread, which owns the database connection.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from paydesk.core.watch.engine import WatchEngine
from paydesk.core.watch.events import CreationRecorded, Event, OrderChecked, Problem, WatchEvent
from paydesk.core.watch.events import ProblemCode as Code
from paydesk.core.watch.threads import StoreTrouble, ThreadRunner
from paydesk.domain.catalogue import english
from paydesk.domain.orders import Order

if TYPE_CHECKING:
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.core.watch.rate_limit import RateLimiter
    from paydesk.gateway import GatewayClient


@dataclass(slots=True)
class RefreshReport:
    checked: int = 0
    changed: list[Order] = field(default_factory=list)
    resumed: list[Order] = field(default_factory=list)
    #: Unconfirmed orders the service never saw, given up past their lifetime.
    abandoned: list[Order] = field(default_factory=list)
    failures: list[tuple[str, str]] = field(default_factory=list)  # (order_id, message)

    def hear(self, event: Event) -> None:
        match event:
            case CreationRecorded(order=order, outcome=outcome):
                if outcome.failure is not None:
                    self.failures.append((order.order_id, english(outcome.failure)))
                elif outcome.abandoned:
                    self.abandoned.append(order)
                else:
                    self.resumed.append(order)
            case OrderChecked(order=order, outcome=outcome, changed=changed):
                self.checked += 1
                if changed:
                    self.changed.append(order)
                if outcome.failure is not None:
                    self.failures.append((order.order_id, english(outcome.failure)))
            case Problem(code=Code.NOT_SAVED | Code.CRASHED, failure=failure,
                         order_id=str(order_id)):
                # e.g. the window confirmed this order meanwhile: said, and the rest goes on.
                self.failures.append((order_id, english(failure)))


def refresh_all(
    desk: OrderDesk,
    client: GatewayClient,
    *,
    max_in_flight: int = 8,
    limiter: RateLimiter | None = None,
) -> RefreshReport:
    """Resume unconfirmed creations, then check every pending order once.

    Raises the book's first refusal (StoreError) once nothing is out any more."""
    report = RefreshReport()
    trouble = StoreTrouble()
    with ThreadRunner(max_in_flight) as runner:
        engine = WatchEngine(desk, lambda: client, runner, max_in_flight=max_in_flight,
                             limiter=limiter, one_pass=True)
        engine.hub.subscribe(WatchEvent, report.hear)
        engine.hub.subscribe(WatchEvent, trouble)
        engine.resume_unconfirmed()
        runner.drain(engine)
        engine.check_now()
        runner.drain(engine)
    trouble.raise_it()
    return report
