"""The calls to the service that run in a worker thread, and what they bring back to
the desk's thread: values, with a failure as its code and details (the watch's
events carry them to the front ends, which say the code in the catalogue's words)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from paydesk.domain.orders import OrderStatus

if TYPE_CHECKING:
    from paydesk.domain.failures import Failure
    from paydesk.domain.orders import Order


@dataclass(frozen=True, slots=True)
class CreationOutcome:
    """The result of sending (or re-sending) one order's create_order."""

    order_id: str
    finished_at: datetime
    url: str | None = None
    #: Why it failed, as a code and its details (the gateway error's, never the error).
    failure: Failure | None = None
    #: The service never heard of this order and its lifetime is over: give it up.
    abandoned: bool = False
    #: The service already had this order (it refused the repeat as existing) and
    #: get_order found it in this status; no link came with it.
    found: OrderStatus | None = None


@dataclass(frozen=True, slots=True)
class CheckOutcome:
    """The result of one get_order."""

    order_id: str
    checked_at: datetime
    status: OrderStatus | None = None
    #: Why it failed, as a code and its details (the gateway error's, never the error).
    failure: Failure | None = None
    #: The wait the service asked for before the next request (429 Retry-After), seconds.
    retry_after: float | None = None
    #: When the request left: a "pending" answer says the order was unpaid then
    #: (the reply may come much later), so it bounds the payment from below.
    asked_at: datetime | None = None


Outcome = CreationOutcome | CheckOutcome


@dataclass(frozen=True, slots=True)
class Request:
    """One call to the service, for a runner to make away from the desk's thread."""

    order_id: str
    call: Callable[[], Outcome]
    #: The cashier waits for it (the sale's creation): it must not queue behind others.
    urgent: bool = False
    #: Hears a creation's link in the request's thread, once the outcome is handed back
    #: (``handed_back``): see Told.
    told: Callable[[CreationOutcome], None] | None = None

    def handed_back(self, outcome: Outcome) -> None:
        """The runner has just handed ``outcome`` back to the desk's thread (it calls this
        in the request's thread): a link it brings is told now, neither waiting for that
        thread to take it nor for anything else the runner does with it."""
        if self.told is not None and isinstance(outcome, CreationOutcome) and outcome.url:
            self.told(outcome)


#: Starts ``request.call`` elsewhere and returns; its outcome goes back to the watch
#: engine's ``done`` (or ``crashed``) in the desk's thread, later (never during the call).
Runner = Callable[[Request], None]
#: Hears a new sale's link as soon as the service gives it: the order as written, and
#: the outcome. In the request's thread, right after the outcome was handed back to the
#: desk's thread, so whatever is asked after it (read, dismissed) reaches that thread
#: behind the outcome. It touches neither the book nor a widget (the till program's API
#: answers from it; the window's runner calls it, a runner that cannot leaves it).
Told = Callable[["Order", CreationOutcome], None]
