"""The order as PayDesk knows it: its service status, its local creation state,
and the contract's rules for order ids and e-mails."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from paydesk.domain.errors import EmailError, OrderIdError
from paydesk.domain.failures import Failure

ORDER_ID_MAX = 64
EMAIL_MAX = 254
_ORDER_ID_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")


class OrderStatus(enum.StrEnum):
    """An order's status at the service.

    A value the service sends that we do not know is kept, not refused:
    ``OrderStatus("refunded")`` is a pseudo-member named ``UNKNOWN`` whose value
    is ``"refunded"``, so it can be stored, shown and compared like the others.
    """

    PENDING = "pending"
    APPROVE = "approve"
    DECLINE = "decline"
    EXPIRED = "expired"

    @classmethod
    def _missing_(cls, value: object) -> OrderStatus | None:
        if not isinstance(value, str) or not value:
            return None
        member = str.__new__(cls, value)
        member._name_ = "UNKNOWN"
        member._value_ = value
        return member

    @property
    def is_known(self) -> bool:
        return self._name_ != "UNKNOWN"

    @property
    def is_final(self) -> bool:
        """Final statuses never change again, so they are never polled again."""
        return self in _FINAL


_FINAL = frozenset({OrderStatus.APPROVE, OrderStatus.DECLINE, OrderStatus.EXPIRED})


class CreationState(enum.StrEnum):
    """Where the order's creation at the service stands, as far as we know."""

    UNCONFIRMED = "unconfirmed"  # written locally; the service has not confirmed it
    CONFIRMED = "confirmed"  # the service answered with the payment link
    ABANDONED = "abandoned"  # never reached the service and was given up


@dataclass(frozen=True, slots=True)
class Order:
    """One row of the local order book. Times are timezone-aware UTC."""

    client_id: int
    order_id: str
    amount: int
    email: str | None
    note: str
    url: str | None
    status: OrderStatus
    creation: CreationState
    created_at: datetime
    paid_at: datetime | None = None
    last_checked_at: datetime | None = None
    next_check_at: datetime | None = None
    #: Why the last creation or check failed, as a code and a detail (never a sentence).
    last_error: Failure | None = None
    #: When the service answered create_order with the link. Nobody can pay
    #: before we have the link, so this also opens the window of the payment.
    confirmed_at: datetime | None = None
    #: The last time the service was known to hold the order unpaid: at
    #: confirmation, then every check that saw it pending. With ``paid_at`` (the
    #: first check that saw it paid) it bounds when the buyer paid.
    last_pending_at: datetime | None = None
    #: The till (counter) that took the order: its ``till`` setting, by default the
    #: computer's name. Empty for an order taken before tills were named.
    till: str = ""
    #: The till program's own id for the payment it asked for through the API (one order
    #: per reference); None for an order taken at the counter or by a command.
    reference: str | None = None
    #: The cashier who took it (their name), with shifts on; empty for an order taken
    #: without shifts, or before PayDesk had cashiers.
    cashier: str = ""
    #: The number of the till's shift it was taken in; None: taken without shifts.
    shift: int | None = None

    @property
    def link_unknown(self) -> bool:
        """The service has the order, and PayDesk never got its link (a resend it
        answered "already exists": found by get_order)."""
        return self.creation is CreationState.CONFIRMED and self.url is None

    @property
    def is_payable(self) -> bool:
        """True while the link can still be paid, as far as we know."""
        return (
            self.creation is CreationState.CONFIRMED
            and self.url is not None
            and self.status is OrderStatus.PENDING
        )


    @property
    def is_watched(self) -> bool:
        """Whether PayDesk still checks this order by itself.

        An open order stops being checked only long past its expected expiry
        (PollingPolicy.watch_limit); it is then "status unknown — check", never
        quietly left as waiting.
        """
        return self.next_check_at is not None

    @property
    def paid_window(self) -> timedelta | None:
        """How wide the interval is in which the buyer paid; None when unknown.

        The service does not say when an order was paid: ``paid_at`` is when
        PayDesk first saw it paid, ``last_pending_at`` the last time it saw it
        unpaid.
        """
        if self.paid_at is None or self.last_pending_at is None:
            return None
        return max(self.paid_at - self.last_pending_at, timedelta(0))

    @property
    def paid_time_is_approximate(self) -> bool:
        """True when ``paid_at`` may be more than a minute after the payment."""
        if self.paid_at is None:
            return False
        window = self.paid_window
        return window is None or window > PAID_TIME_PRECISION


#: A paid time is shown as exact when the payment is known to within this.
PAID_TIME_PRECISION = timedelta(minutes=1)


def validate_order_id(order_id: str) -> str:
    """Return ``order_id`` if the contract allows it, else raise :class:`OrderIdError`."""
    if not isinstance(order_id, str) or not order_id:
        raise OrderIdError("empty", "The order id is empty.")
    if len(order_id) > ORDER_ID_MAX:
        raise OrderIdError("too_long", f"An order id has at most {ORDER_ID_MAX} characters.")
    if ":" in order_id:
        # A colon would make the signature text "id:amount:secret" ambiguous.
        raise OrderIdError("colon", "An order id cannot contain a colon.")
    if not _ORDER_ID_RE.fullmatch(order_id):
        raise OrderIdError(
            "bad_characters",
            "An order id may use only Latin letters, digits, '.', '_' and '-'.",
        )
    return order_id


def normalize_email(email: str | None) -> str | None:
    """Trim ``email``; return None when empty; raise :class:`EmailError` when malformed."""
    if email is None:
        return None
    email = email.strip()
    if not email:
        return None
    if len(email) > EMAIL_MAX:
        raise EmailError("too_long", f"An e-mail address has at most {EMAIL_MAX} characters.")
    if any(ch.isspace() for ch in email):
        raise EmailError("spaces", "An e-mail address cannot contain spaces.")
    if not email.isprintable():
        raise EmailError(
            "control_characters", "An e-mail address cannot contain control characters."
        )
    if email.count("@") != 1:
        raise EmailError("at_sign", "An e-mail address has exactly one '@'.")
    local, domain = email.split("@")
    if not local:
        raise EmailError("no_local_part", "Write the name before the '@'.")
    labels = domain.split(".")
    if len(labels) < 2 or not all(labels):
        raise EmailError("bad_domain", "The part after '@' must be a domain such as mail.ru.")
    return email
