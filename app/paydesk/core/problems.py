"""What went wrong, as codes for the front ends, and the codes in English.

The window chooses its own (translated) words by code; it learns the codes
here, never from the gateway's or the store's error classes. The command line
and the logs speak English: :func:`english` gives an order's stored failure
the same sentence the cashier was told when it happened.
"""

from __future__ import annotations

from paydesk.domain.failures import WITH_SERVICE_WORDS, Failure, FailureCode
from paydesk.domain.money import ceiling_error
from paydesk.gateway.errors import GatewayError, message_for
from paydesk.store.errors import StoreError, StoreProblem

__all__ = [
    "WITH_SERVICE_WORDS",
    "Failure",
    "FailureCode",
    "StoreProblem",
    "ceiling_of",
    "english",
    "failure_of",
    "is_store_error",
    "store_problem_of",
]

#: The order book's own failures, in English.
_BOOK_ENGLISH: dict[str, str] = {
    FailureCode.NEVER_SENT: "The order never reached the payment service and its time ran out.",
    FailureCode.LINK_UNKNOWN: (
        "The payment service already had this order (an earlier attempt reached it) and did "
        "not send its payment link again, so it cannot be shown to a buyer. PayDesk keeps "
        "checking its status."
    ),
    FailureCode.UNKNOWN: "Unknown error.",
}
_CEILING = "amount.too_large"


def failure_of(error: BaseException) -> Failure | None:
    """The code and detail of an error from the payment service; None for any other."""
    return error.failure if isinstance(error, GatewayError) else None


def is_store_error(error: BaseException) -> bool:
    """Whether the order book raised ``error``."""
    return isinstance(error, StoreError)


def store_problem_of(error: BaseException) -> StoreProblem | None:
    """What stood in the order book's way (locked, full...), if it was that."""
    return error.problem if isinstance(error, StoreError) else None


def ceiling_of(failure: Failure) -> int | None:
    """The ceiling in kopecks of an amount refused as too large, if the failure has one."""
    if failure.code != _CEILING or failure.detail is None or not failure.detail.isdigit():
        return None
    return int(failure.detail)


def english(failure: Failure) -> str:
    """The sentence the cashier was told, in English (the command line, logs)."""
    if failure.code in _BOOK_ENGLISH:
        return _BOOK_ENGLISH[failure.code]
    if failure.field is not None:
        ceiling = ceiling_of(failure)
        if ceiling is not None:
            return ceiling_error(ceiling).message
        return failure.detail or failure.code
    if failure.code == FailureCode.LEGACY:
        return failure.detail or ""
    # A stored failure of the service: its English is the gateway's.
    return message_for(failure.code, failure.detail)
