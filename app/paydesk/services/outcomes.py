"""What came back from the service, carried from a worker thread to the desk's thread."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from paydesk.orders import OrderStatus

if TYPE_CHECKING:  # the gateway (and requests) loads with the first request, not at start-up
    from paydesk.gateway import GatewayError


@dataclass(frozen=True, slots=True)
class CreationOutcome:
    """The result of sending (or re-sending) one order's create_order."""

    order_id: str
    finished_at: datetime
    url: str | None = None
    error: GatewayError | None = None
    #: The service never heard of this order and its lifetime is over: give it up.
    abandoned: bool = False


@dataclass(frozen=True, slots=True)
class CheckOutcome:
    """The result of one get_order."""

    order_id: str
    checked_at: datetime
    status: OrderStatus | None = None
    error: GatewayError | None = None
    #: When the request left: a "pending" answer says the order was unpaid then
    #: (the reply may come much later), so it bounds the payment from below.
    asked_at: datetime | None = None
