"""The calls to the payment service. No storage here: these run in worker threads."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime, timedelta

from paydesk.core.watch.outcomes import CheckOutcome, CreationOutcome
from paydesk.core.watch.polling import MAX_RETRY_AFTER
from paydesk.core.watch.rate_limit import RateLimiter
from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.orders import Order
from paydesk.gateway import (
    GatewayClient,
    GatewayError,
    OrderConflict,
    OrderNotFound,
    RateLimited,
)
from paydesk.support.qr import qr_matrix

#: The contract's code for an order id reused with another amount or e-mail.
_REUSED_OTHERWISE = 409


def with_its_code(call: Callable[[], CreationOutcome]) -> CreationOutcome:
    """A sale's creation (the cashier's or the till program's: the buyer waits for its
    code), and its link's QR matrix made here, in the request's thread, before the
    outcome is handed back: every screen then only paints it (support/qr.py keeps the
    last few links' matrices)."""
    outcome = call()
    if outcome.url is not None:
        qr_matrix(outcome.url)
    return outcome


def send_creation(
    client: GatewayClient, order: Order, *, clock: Clock = utc_now
) -> CreationOutcome:
    """create_order for an order already written down; safe to repeat (same order_id)."""
    try:
        url = client.create_order(order.order_id, order.amount, email=order.email)
    except OrderConflict as refusal:
        return _already_there(client, order, refusal, clock)
    except GatewayError as error:
        return CreationOutcome(order.order_id, clock(), failure=error.failure)
    return CreationOutcome(order.order_id, clock(), url=url)


def _already_there(
    client: GatewayClient, order: Order, refusal: OrderConflict, clock: Clock
) -> CreationOutcome:
    """The service says the order id is taken: by this order, or by another?

    The contract's 409 says by another (another amount or e-mail): the refusal stands.
    The real service is believed to refuse any repeat as "already exists" (HTTP 200),
    the repeat of a create it carried out too (an earlier attempt whose reply was
    lost): get_order then says whether it has the order and where it stands. Ours
    unless it names another amount (the order id is PayDesk's own, unique); its link
    stays unknown. Until get_order answers, nothing is decided: the order stays to be
    sent again.
    """
    if refusal.http_status == _REUSED_OTHERWISE:
        return CreationOutcome(order.order_id, clock(), failure=refusal.failure)
    try:
        found = client.find_order(order.order_id)
    except OrderNotFound:
        return CreationOutcome(order.order_id, clock(), failure=refusal.failure)
    except GatewayError as error:
        return CreationOutcome(order.order_id, clock(), failure=error.failure)
    if found.amount is not None and found.amount != order.amount:
        return CreationOutcome(order.order_id, clock(), failure=refusal.failure)  # another order's
    return CreationOutcome(order.order_id, clock(), found=found.status)


def resume_creation(
    client: GatewayClient,
    order: Order,
    *,
    lifetime: timedelta,
    clock: Clock = utc_now,
) -> CreationOutcome:
    """Finish the creation of an order whose reply was lost (or never sent).

    Within its lifetime the same create_order is simply sent again: the service
    answers a repeat with the same link. Past it, a new creation would put a
    fresh, payable order in front of nobody, so we first ask whether the service
    ever saw it: if not, it is given up; if it did, the repeat fetches its link.
    """
    now = clock()
    if now - order.created_at >= lifetime:
        try:
            client.get_order(order.order_id)
        except OrderNotFound:
            return CreationOutcome(order.order_id, clock(), abandoned=True)
        except GatewayError as error:
            return CreationOutcome(order.order_id, clock(), failure=error.failure)
    return send_creation(client, order, clock=clock)


def fetch_status(
    client: GatewayClient,
    order_id: str,
    *,
    limiter: RateLimiter | None = None,
    clock: Clock = utc_now,
) -> CheckOutcome:
    """get_order for one order, waiting for the rate limiter first."""
    if limiter is not None:
        limiter.acquire()
    asked_at = clock()
    try:
        status = client.get_order(order_id)
    except GatewayError as error:
        return CheckOutcome(order_id, clock(), failure=error.failure,
                            retry_after=_retry_after_of(error), asked_at=asked_at)
    return CheckOutcome(order_id, clock(), status=status, asked_at=asked_at)


def retry_after(outcome: CheckOutcome) -> datetime | None:
    """The earliest next check the service asked for (429 Retry-After), if any."""
    seconds = outcome.retry_after
    if seconds is None:
        return None
    value = float(seconds)
    if not math.isfinite(value):
        return None
    # A service may ask for anything (a date in year 9999): an hour is the most we wait.
    return outcome.checked_at + timedelta(seconds=min(max(value, 0.0), MAX_RETRY_AFTER))


def _retry_after_of(error: GatewayError) -> float | None:
    return error.retry_after if isinstance(error, RateLimited) else None
