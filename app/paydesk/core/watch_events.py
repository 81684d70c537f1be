"""What the watch engine announces: plain values, with codes and details, never sentences.

The window relays them as Qt signals and says the problems in its own words and
language (ui/shell/messages.py); the command line prints what it needs. A problem
carries the error itself (a GatewayError, a StoreError, ...), which has the
details: its class, the store's problem code, the service's own message.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paydesk.core.outcomes import CheckOutcome, CreationOutcome
    from paydesk.domain.orders import Order
    from paydesk.store.errors import StoreError


class ProblemCode(enum.Enum):
    #: The payment client could not be made (not set up, no keychain): the error says why.
    NO_CLIENT = "no_client"
    #: The service has not confirmed a creation (order_id); it is sent again, same order id.
    NOT_CONFIRMED = "not_confirmed"
    #: The service refused a creation for good (order_id): sending it again cannot help.
    CREATION_REFUSED = "creation_refused"
    #: The service answered a creation (order_id) but the book could not save it (a
    #: StoreError): the service may have the order; it is sent again, same order id.
    NOT_SAVED = "not_saved"
    #: Status checks fail (the last one's GatewayError); they go on.
    CHECKS_FAILING = "checks_failing"
    #: The order book refused (a StoreError; DAMAGED also ends in BookLost).
    BOOK_REFUSED = "book_refused"
    #: A request raised instead of returning an outcome (a bug), for order_id.
    CRASHED = "crashed"


@dataclass(frozen=True, slots=True)
class Problem:
    code: ProblemCode
    error: BaseException
    order_id: str | None = None

    @property
    def retry_id(self) -> str | None:
        """The order a "Retry" would send again (with its same order id), if any."""
        if self.code in (ProblemCode.NOT_CONFIRMED, ProblemCode.NOT_SAVED):
            return self.order_id
        return None


@dataclass(frozen=True, slots=True)
class ProblemCleared:
    """The problem about this creation (or, for None, the status checks) is over."""

    order_id: str | None


@dataclass(frozen=True, slots=True)
class CreationRecorded:
    """What the service said to a creation is in the book: the order as it is now."""

    order: Order
    outcome: CreationOutcome


@dataclass(frozen=True, slots=True)
class OrderChecked:
    """A status check is in the book: the order as it is now, and whether its status moved."""

    order: Order
    outcome: CheckOutcome
    changed: bool


@dataclass(frozen=True, slots=True)
class OrderPaid:
    order: Order


@dataclass(frozen=True, slots=True)
class OrderRefused:
    order: Order


@dataclass(frozen=True, slots=True)
class SaleCreating:
    """The sale's creation is (True) or no longer is (False) waited for."""

    busy: bool


@dataclass(frozen=True, slots=True)
class CreationOut:
    """A creation went to the service (True), or its answer is in (False): the order's
    phase is CREATING meanwhile (any order's: the sale's, one set aside, one sent again)."""

    order_id: str
    out: bool


@dataclass(frozen=True, slots=True)
class BookLost:
    """The book was found damaged and set aside: nothing more is written or sent."""

    error: StoreError


Event = (
    Problem | ProblemCleared | CreationRecorded | OrderChecked | OrderPaid | OrderRefused
    | SaleCreating | CreationOut | BookLost
)
Listener = Callable[[Event], None]
