"""Check every pending order once, concurrently: ``paydesk refresh`` and scripts.

The window does the same with its own thread pool; this is the plain-threads
version. Requests run in a bounded pool; every result is written by the calling
thread, which owns the database connection.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from paydesk.orders import Order
from paydesk.rate_limit import RateLimiter
from paydesk.services.desk import OrderDesk
from paydesk.services.remote import fetch_status, resume_creation
from paydesk.store.errors import StoreError

if TYPE_CHECKING:
    from paydesk.gateway import GatewayClient


@dataclass(slots=True)
class RefreshReport:
    checked: int = 0
    changed: list[Order] = field(default_factory=list)
    resumed: list[Order] = field(default_factory=list)
    #: Unconfirmed orders the service never saw, given up past their lifetime.
    abandoned: list[Order] = field(default_factory=list)
    failures: list[tuple[str, str]] = field(default_factory=list)  # (order_id, message)


def refresh_all(
    desk: OrderDesk,
    client: GatewayClient,
    *,
    max_in_flight: int = 8,
    limiter: RateLimiter | None = None,
) -> RefreshReport:
    """Resume unconfirmed creations, then check every pending order once."""
    report = RefreshReport()
    lifetime, clock = desk.policy.order_lifetime, desk.now
    with ThreadPoolExecutor(max_workers=max_in_flight, thread_name_prefix="paydesk-check") as pool:
        unconfirmed = desk.unconfirmed()
        creations = pool.map(
            lambda order: resume_creation(client, order, lifetime=lifetime, clock=clock),
            unconfirmed,
        )
        for outcome in creations:
            try:
                order = desk.record_creation(outcome, focused=False)
            except StoreError as exc:
                # e.g. the window confirmed this order meanwhile: say so, go on.
                report.failures.append((outcome.order_id, str(exc)))
                continue
            if outcome.error is not None:
                report.failures.append((outcome.order_id, outcome.error.user_message))
            elif outcome.abandoned:
                report.abandoned.append(order)
            else:
                report.resumed.append(order)

        pending = [order.order_id for order in desk.pending()]
        outcomes = list(pool.map(
            lambda oid: fetch_status(client, oid, limiter=limiter, clock=clock), pending
        ))
    for order, changed in desk.record_checks(outcomes):
        report.checked += 1
        if changed:
            report.changed.append(order)
    report.failures.extend(
        (o.order_id, o.error.user_message) for o in outcomes if o.error is not None
    )
    return report



