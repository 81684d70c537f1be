"""Order fields are checked before anything is sent.

The session here is a double whose ``get`` only records: the one thing these
tests prove is that nothing was sent.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
import requests

from paydesk.domain.errors import AmountError, EmailError, InputError, OrderIdError
from paydesk.domain.money import MAX_AMOUNT
from paydesk.gateway import GatewayClient, GatewayError, InvalidRequestError

SECRET = "validation-test-secret"


class RecordingSession(requests.Session):
    """Records every ``get`` and sends nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def get(self, *args: Any, **kwargs: Any) -> requests.Response:
        self.calls.append((args, kwargs))
        raise AssertionError("the client sent a request it should have refused")


@pytest.fixture
def session() -> RecordingSession:
    return RecordingSession()


@pytest.fixture
def client(session: RecordingSession) -> GatewayClient:
    return GatewayClient("http://127.0.0.1:9", 1, SECRET, session=session)


BAD_ORDER_IDS = [
    ("", "empty"),
    ("A:1", "colon"),
    ("A-1:15000", "colon"),
    (":", "colon"),
    ("x" * 65, "too_long"),
    ("заказ-1", "bad_characters"),
    ("A 1", "bad_characters"),
    ("A/1", "bad_characters"),
    ("A&sign=0", "bad_characters"),
    ("A-1\n", "bad_characters"),
]


@pytest.mark.parametrize(("order_id", "code"), BAD_ORDER_IDS)
def test_create_order_refuses_bad_order_id_without_sending(
    client: GatewayClient, session: RecordingSession, order_id: str, code: str
) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        client.create_order(order_id, 100)
    error = caught.value
    assert isinstance(error.input_error, OrderIdError)
    assert error.code == code
    assert error.field == "order_id"
    assert error.user_message == error.input_error.message
    assert error.retryable is False
    assert session.calls == []


@pytest.mark.parametrize(("order_id", "code"), BAD_ORDER_IDS)
def test_get_order_refuses_bad_order_id_without_sending(
    client: GatewayClient, session: RecordingSession, order_id: str, code: str
) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        client.get_order(order_id)
    assert caught.value.code == code
    assert caught.value.field == "order_id"
    assert session.calls == []


@pytest.mark.parametrize("order_id", [None, 123, b"A-1"])
def test_non_text_order_id_is_refused_without_sending(
    client: GatewayClient, session: RecordingSession, order_id: Any
) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        client.get_order(order_id)
    assert caught.value.field == "order_id"
    assert session.calls == []


@pytest.mark.parametrize(
    ("amount", "code"),
    [
        (0, "zero"),
        (-1, "negative"),
        (-15000, "negative"),
        (MAX_AMOUNT + 1, "too_large"),
        (10**30, "too_large"),
        (True, "not_integer"),
        (False, "not_integer"),
        (150.0, "not_integer"),
        (150.5, "not_integer"),
        ("15000", "not_integer"),
        (Decimal("150"), "not_integer"),
        (None, "not_integer"),
    ],
)
def test_create_order_refuses_bad_amount_without_sending(
    client: GatewayClient, session: RecordingSession, amount: Any, code: str
) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        client.create_order("A-1", amount)
    error = caught.value
    assert isinstance(error.input_error, AmountError)
    assert error.code == code
    assert error.field == "amount"
    assert session.calls == []


@pytest.mark.parametrize(
    ("email", "code"),
    [
        ("no-at-sign", "at_sign"),
        ("a@@b.ru", "at_sign"),
        ("a b@c.ru", "spaces"),
        ("@mail.ru", "no_local_part"),
        ("a@localhost", "bad_domain"),
        ("a@mail.", "bad_domain"),
        ("a@" + "x" * 250 + ".ru", "too_long"),
        (42, "not_text"),
    ],
)
def test_create_order_refuses_bad_email_without_sending(
    client: GatewayClient, session: RecordingSession, email: Any, code: str
) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        client.create_order("A-1", 100, email=email)
    error = caught.value
    assert isinstance(error.input_error, EmailError)
    assert error.code == code
    assert error.field == "email"
    assert session.calls == []


def test_order_id_is_checked_before_amount(
    client: GatewayClient, session: RecordingSession
) -> None:
    with pytest.raises(InvalidRequestError) as caught:
        client.create_order("A:1", 0)
    assert caught.value.field == "order_id"
    assert session.calls == []


def test_invalid_request_error_is_a_gateway_error_and_chains_the_input_error(
    client: GatewayClient,
) -> None:
    with pytest.raises(GatewayError) as caught:
        client.create_order("A:1", 100)
    assert isinstance(caught.value, InvalidRequestError)
    assert isinstance(caught.value.__cause__, InputError)


def test_valid_input_does_reach_the_session(
    client: GatewayClient, session: RecordingSession
) -> None:
    # The counterpart of the tests above: the double does see a valid call.
    with pytest.raises(AssertionError):
        client.create_order("A-1", MAX_AMOUNT, email="  buyer@mail.ru ")
    assert len(session.calls) == 1
