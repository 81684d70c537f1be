"""What the watch engine announces: plain values, with codes and details, never sentences.

The engine publishes them on its event hub (core/events.py). The window relays
them as Qt signals and says the problems in its own words and
language (ui/shell/messages.py); the command line prints what it needs. A problem
carries a :class:`~paydesk.domain.failures.Failure` (core/problems.py makes it of
the error once): a code and its details, never the exception, whose words every
front end takes from the one table, paydesk.domain.catalogue.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from paydesk.domain.failures import Remedy

if TYPE_CHECKING:
    from paydesk.core.watch.outcomes import CheckOutcome, CreationOutcome
    from paydesk.domain.failures import Failure
    from paydesk.domain.orders import Order


class ProblemCode(enum.Enum):
    #: The payment client could not be made (not set up, no keychain): the failure says why.
    NO_CLIENT = "no_client"
    #: The service has not confirmed a creation (order_id); it is sent again, same order id.
    NOT_CONFIRMED = "not_confirmed"
    #: The service refused a creation for good (order_id): sending it again cannot help.
    CREATION_REFUSED = "creation_refused"
    #: The service answered a creation (order_id) but the book could not save it (a
    #: store failure): the service may have the order; it is sent again, same order id.
    NOT_SAVED = "not_saved"
    #: Status checks fail (the last one's failure); they go on.
    CHECKS_FAILING = "checks_failing"
    #: The order book refused (a store failure; DAMAGED also ends in BookLost).
    BOOK_REFUSED = "book_refused"
    #: The sale typed at the counter was neither written nor sent: the book refused it
    #: (a store failure) or there is no payment client (the failure says why). Nothing of it
    #: exists anywhere; creating it again is the whole retry.
    SALE_NOT_WRITTEN = "sale_not_written"
    #: A request raised instead of returning an outcome (a bug), for order_id.
    CRASHED = "crashed"


@dataclass(frozen=True, slots=True)
class WatchEvent:
    """What every event below is: subscribing to it on the hub hears them all."""


#: The problems about one order the counter shows, which mean nothing once that
#: order has left the counter (Esc, the next sale): it is finished in the background.
_ABOUT_THE_ORDER = frozenset({ProblemCode.NOT_CONFIRMED, ProblemCode.NOT_SAVED,
                              ProblemCode.CREATION_REFUSED})


@dataclass(frozen=True, slots=True)
class Problem(WatchEvent):
    code: ProblemCode
    #: What went wrong, as a code and its details (core.problems.failure_of).
    failure: Failure
    order_id: str | None = None

    @property
    def retry_id(self) -> str | None:
        """The order a "Retry" would send again (with its same order id), if any."""
        return self.order_id if self.remedy is Remedy.SEND_AGAIN else None

    @property
    def about_order(self) -> str | None:
        """The order this problem is about while it is at the counter; None for a
        problem of the whole counter (checks, the book, the client, a crash)."""
        return self.order_id if self.code in _ABOUT_THE_ORDER else None

    @property
    def remedy(self) -> Remedy:
        """What a Retry does, chosen by the code (WatchEngine.remedy_of: nothing at all
        once the book is lost)."""
        if self.code in (ProblemCode.NOT_CONFIRMED, ProblemCode.NOT_SAVED):
            return Remedy.SEND_AGAIN if self.order_id else Remedy.NONE
        if self.code is ProblemCode.SALE_NOT_WRITTEN:
            return Remedy.CREATE_AGAIN
        if self.code is ProblemCode.CREATION_REFUSED:
            return Remedy.NONE  # sending it again cannot help
        return Remedy.CHECK_AGAIN


@dataclass(frozen=True, slots=True)
class ProblemCleared(WatchEvent):
    """The problem about this creation (or, for None, the status checks) is over."""

    order_id: str | None


@dataclass(frozen=True, slots=True)
class CreationRecorded(WatchEvent):
    """What the service said to a creation is in the book: the order as it is now."""

    order: Order
    outcome: CreationOutcome


@dataclass(frozen=True, slots=True)
class OrderChecked(WatchEvent):
    """A status check is in the book: the order as it is now, and whether its status moved."""

    order: Order
    outcome: CheckOutcome
    changed: bool


@dataclass(frozen=True, slots=True)
class OrderPaid(WatchEvent):
    order: Order


@dataclass(frozen=True, slots=True)
class OrderRefused(WatchEvent):
    order: Order


@dataclass(frozen=True, slots=True)
class CreationOut(WatchEvent):
    """A creation went to the service (True), or its answer is in (False): the order's
    phase is CREATING meanwhile (any order's: the sale's, one set aside, one sent again)."""

    order_id: str
    out: bool
    #: The order was just written (a new sale): the list shows its row now.
    new: bool = False


@dataclass(frozen=True, slots=True)
class BookLost(WatchEvent):
    """The book was found damaged and set aside: nothing more is written or sent."""

    failure: Failure


#: Any of the events above (a handler of their base class hears them all).
Event = WatchEvent
