"""`paydesk show` says an order's stored failure in the words the cashier was told.

The book keeps a code and a detail; the command line turns them back into the
gateway's English sentence, so its output reads as it did when the book kept
the sentence itself.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from paydesk.cli.output import describe
from paydesk.core.problems import english
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.money import MAX_AMOUNT
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.gateway import GatewayClient, GatewayError, GatewayTimeout, InvalidRequestError
from paydesk.gateway.replies import RawReply, classify

MOMENT = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def unsent(failure: Failure) -> Order:
    return Order(
        client_id=1, order_id="A-1", amount=100, email=None, note="", url=None,
        status=OrderStatus.PENDING, creation=CreationState.UNCONFIRMED, created_at=MOMENT,
        last_error=failure,
    )


def raised_by_reply(reply: RawReply) -> GatewayError:
    with pytest.raises(GatewayError) as raised:
        classify(reply)
    return raised.value


def invalid(order_id: str, amount: int) -> InvalidRequestError:
    with pytest.raises(InvalidRequestError) as raised:
        GatewayClient("http://127.0.0.1:9", 1, "key").create_order(order_id, amount)
    return raised.value


@pytest.mark.parametrize(
    "make",
    [
        lambda: GatewayTimeout("get_order: slow"),
        lambda: raised_by_reply(RawReply("create_order", 200, {},
                                         b'{"status": false, "message": "Shop blocked"}')),
        lambda: raised_by_reply(RawReply("create_order", 400, {},
                                         b'{"status": false, "message": "Bad amount"}')),
        lambda: raised_by_reply(RawReply("get_order", 401, {},
                                         b'{"status": false, "message": "wrong sign"}')),
        lambda: raised_by_reply(RawReply("get_order", 302, {}, b"")),
        lambda: raised_by_reply(RawReply("get_order", 502, {}, b"<html>Bad gateway</html>")),
        lambda: invalid("a:b", 100),
        lambda: invalid("A-1", MAX_AMOUNT + 1),
    ],
)
def test_a_stored_failure_reads_as_the_live_error_did(make: object) -> None:
    error = make()  # type: ignore[operator]
    assert english(error.failure) == error.user_message
    assert f"Problem {error.user_message}" in describe(unsent(error.failure)).splitlines()


@pytest.mark.parametrize(
    ("failure", "words"),
    [
        (Failure(FailureCode.NEVER_SENT),
         "The order never reached the payment service and its time ran out."),
        (Failure(FailureCode.UNKNOWN), "Unknown error."),
        (Failure(FailureCode.LEGACY, "Some sentence an old PayDesk stored."),
         "Some sentence an old PayDesk stored."),
    ],
)
def test_the_books_own_failures_read_as_before(failure: Failure, words: str) -> None:
    assert f"Problem {words}" in describe(unsent(failure)).splitlines()
