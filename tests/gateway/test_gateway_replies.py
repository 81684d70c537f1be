"""Reading replies: the body's ``status`` decides; refusals are told by their code or
their words, the service's own words are shown clean, and Retry-After is read.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from paydesk.domain.catalogue import say
from paydesk.domain.failures import Failure
from paydesk.domain.orders import OrderStatus
from paydesk.gateway import (
    CredentialsRefused,
    GatewayError,
    OrderConflict,
    OrderNotFound,
    ParameterRefused,
    RateLimited,
    ServiceRefused,
    ServiceUnavailable,
)
from paydesk.gateway.errors import SERVICE_MESSAGE_MAX
from paydesk.gateway.replies import Success, classify, order_status, parse_retry_after, payment_url

from raw_replies import error_of, reply


def test_create_success_gives_the_url() -> None:
    raw = reply(
        200, {"status": True, "url": "https://pay.example/pay/abc"}, endpoint="create_order"
    )
    assert payment_url(classify(raw)) == "https://pay.example/pay/abc"


@pytest.mark.parametrize("value", ["pending", "approve", "decline", "expired"])
def test_get_success_gives_a_known_status(value: str) -> None:
    status = order_status(classify(reply(200, {"status": True, "order_status": value})))
    assert status is OrderStatus(value)
    assert status.is_known


def test_unknown_status_value_is_kept() -> None:
    status = order_status(classify(reply(200, {"status": True, "order_status": "refunded"})))
    assert isinstance(status, OrderStatus)
    assert status.value == "refunded"
    assert str(status) == "refunded"
    assert not status.is_known
    assert not status.is_final


def test_extra_fields_are_ignored() -> None:
    raw = reply(200, {"status": True, "order_status": "approve", "amount": 5, "x": [1]})
    assert order_status(classify(raw)) is OrderStatus.APPROVE


@pytest.mark.parametrize("code", [200, 201, 299])
def test_any_2xx_with_status_true_is_success(code: int) -> None:
    assert isinstance(classify(reply(code, {"status": True, "order_status": "pending"})), Success)


@pytest.mark.parametrize(
    ("code", "endpoint", "kind"),
    [
        (200, "get_order", ServiceRefused),
        (200, "create_order", ServiceRefused),
        (400, "create_order", ParameterRefused),
        (400, "get_order", ParameterRefused),
        (401, "get_order", CredentialsRefused),
        (403, "get_order", CredentialsRefused),
        (403, "create_order", CredentialsRefused),
        (404, "get_order", OrderNotFound),
        (404, "create_order", ServiceRefused),
        (409, "create_order", OrderConflict),
        (422, "create_order", ServiceRefused),
    ],
)
def test_status_false_is_a_refusal(code: int, endpoint: str, kind: type[GatewayError]) -> None:
    error = error_of(reply(code, {"status": False, "message": "Nope."}, endpoint=endpoint))
    assert type(error) is kind
    assert isinstance(error, ServiceRefused)
    assert error.http_status == code
    assert error.service_message == "Nope."
    assert error.retryable is False
    assert error.body is not None
    assert "Nope." in error.body


# What the service's words say, when its HTTP code does not (it answers refusals with
# 200, or with a code the contract gives no meaning): the sandbox's words, and the
# usual ways to say the same in English and Russian.
WORDS = [
    ("get_order", "Order A-1 was not found.", OrderNotFound),
    ("get_order", "No such order", OrderNotFound),
    ("get_order", "Заказ не найден", OrderNotFound),
    ("get_order", "Order does not exist", OrderNotFound),
    ("create_order", "Order A-1 already exists with a different amount; a new sale needs "
     "a new order_id.", OrderConflict),
    ("create_order", "Duplicate order_id", OrderConflict),
    ("create_order", "Заказ с таким номером уже существует", OrderConflict),
    ("create_order", "Wrong sign: it does not match the parameters and the secret key.",
     CredentialsRefused),
    ("get_order", "Unknown client_id.", CredentialsRefused),
    ("get_order", "Invalid signature", CredentialsRefused),
    ("create_order", "Signature mismatch", CredentialsRefused),
    ("create_order", "Client not found", CredentialsRefused),
    ("get_order", "Неверная подпись запроса", CredentialsRefused),
    ("create_order", "Неизвестный клиент", CredentialsRefused),
    ("create_order", "Parameter amount must be between 1 and 10000 kopecks.", ParameterRefused),
    ("create_order", "Missing parameter: sign.", ParameterRefused),
    ("get_order", "Parameter sign must be an md5 digest: 32 hexadecimal characters.",
     ParameterRefused),
    ("get_order", "Parameter client_id must be an integer in plain digits.", ParameterRefused),
    ("create_order", "Не передан обязательный параметр amount", ParameterRefused),
    ("create_order", "Некорректная сумма", ParameterRefused),
    ("create_order", "Shop blocked", ServiceRefused),
    ("create_order", "Order A-1 was not found.", ServiceRefused),  # no such thing for a create
]


@pytest.mark.parametrize(("endpoint", "message", "kind"), WORDS)
@pytest.mark.parametrize("code", [200, 422])
@pytest.mark.parametrize("field", ["message", "error"])
def test_a_refusal_is_told_by_its_words_when_the_code_says_nothing(
    endpoint: str, message: str, kind: type[GatewayError], code: int, field: str
) -> None:
    error = error_of(reply(code, {"status": False, field: message}, endpoint=endpoint))
    assert type(error) is kind
    assert error.http_status == code
    assert error.service_message == message
    assert error.retryable is False


@pytest.mark.parametrize(
    ("code", "message", "kind"),
    [
        (403, "Shop blocked", CredentialsRefused),
        (404, "Nope", OrderNotFound),
        (409, "", OrderConflict),
        (400, "Nope", ParameterRefused),
        (400, "Unknown client_id.", ParameterRefused),
        (403, "Order A-1 was not found.", CredentialsRefused),
    ],
)
def test_a_contract_code_tells_before_the_words(
    code: int, message: str, kind: type[GatewayError]
) -> None:
    error = error_of(reply(code, {"status": False, "message": message}))
    assert type(error) is kind


def test_refused_with_200_shows_the_service_message_to_the_person() -> None:
    error = error_of(reply(200, {"status": False, "message": "Service refused the request"}))
    assert type(error) is ServiceRefused
    assert "Service refused the request" in error.user_message


def test_refusal_without_message_still_has_a_user_message() -> None:
    error = error_of(reply(200, {"status": False}))
    assert type(error) is ServiceRefused
    assert error.service_message is None
    assert error.user_message


def test_credentials_refusal_points_at_settings() -> None:
    error = error_of(reply(403, {"status": False, "message": "Wrong sign"}))
    assert "settings" in error.user_message


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        ("Shop\r\nblocked", "Shop blocked"),  # no forged second line in a log or a cell
        ("\x1b[31mred\x1b[0m alert\x07", "[31mred [0m alert"),  # no terminal escapes
        ("pay to \u202egnp.exe", "pay to gnp.exe"),  # no right-to-left override
        ("in\u2066visible\u2069 \u200bmarks\ufeff", "in visible marks"),
        ("tab\there\x00and\x7fthere\u2028line", "tab here and there line"),
        ("  Магазин   заблокирован  ", "Магазин заблокирован"),
    ],
)
def test_the_services_message_is_cleaned_once_for_everyone(message: str, shown: str) -> None:
    error = error_of(reply(200, {"status": False, "message": message}))
    assert error.service_message == shown
    assert error.user_message == f"The payment service refused the request: {shown}"
    assert shown in str(error)


def test_a_long_message_is_cut_to_a_readable_length() -> None:
    error = error_of(reply(200, {"status": False, "message": "Refused. " * 2000}))
    assert error.service_message is not None
    assert len(error.service_message) <= SERVICE_MESSAGE_MAX
    assert error.service_message.startswith("Refused. Refused.")
    assert error.service_message.endswith("…")


@pytest.mark.parametrize(
    "fields",
    [
        {"error": "Shop blocked"},
        {"message": None, "error": "Shop blocked"},
        {"message": "  \r\n ", "error": "Shop blocked"},
        {"message": 5, "error": "Shop blocked"},
        {"message": "Shop blocked", "error": "something else"},
    ],
)
def test_the_text_is_message_else_error(fields: dict[str, Any]) -> None:
    error = error_of(reply(200, {"status": False, **fields}))
    assert error.service_message == "Shop blocked"


@pytest.mark.parametrize("fields", [{}, {"message": ""}, {"error": ["x"]}, {"message": "\u200b"}])
def test_no_usable_text_is_none(fields: dict[str, Any]) -> None:
    error = error_of(reply(200, {"status": False, **fields}))
    assert error.service_message is None
    assert error.user_message == say(Failure(ServiceRefused.default_code))


@pytest.mark.parametrize("code", [500, 502, 503, 599])
def test_status_false_with_5xx_is_service_unavailable(code: int) -> None:
    error = error_of(reply(code, {"status": False, "message": "Down for maintenance"}))
    assert type(error) is ServiceUnavailable
    assert error.retryable is True
    assert error.service_message == "Down for maintenance"
    assert error.http_status == code


@pytest.mark.parametrize(
    "body",
    [
        {"status": False, "message": "Too many requests"},
        "<html>slow down</html>",
        "",
        {"status": True, "order_status": "pending"},
    ],
)
def test_429_with_any_body_is_rate_limited(body: Any) -> None:
    error = error_of(reply(429, body, headers={"Retry-After": "7"}))
    assert type(error) is RateLimited
    assert isinstance(error, RateLimited)
    assert error.retry_after == 7.0
    assert error.retryable is True
    assert error.http_status == 429


def test_429_without_retry_after() -> None:
    error = error_of(reply(429, ""))
    assert isinstance(error, RateLimited)
    assert error.retry_after is None


NOW = datetime(2026, 11, 21, 12, 0, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("value", "seconds"),
    [
        ("1", 1.0),
        ("0", 0.0),
        (" 30 ", 30.0),
        ("2.5", 2.5),
        ("Sat, 21 Nov 2026 12:00:10 GMT", 10.0),
        ("Sat, 21 Nov 2026 11:59:00 GMT", 0.0),
        ("Saturday, 21-Nov-26 12:01:00 GMT", 60.0),
    ],
)
def test_retry_after_is_parsed(value: str, seconds: float) -> None:
    assert parse_retry_after(value, now=NOW) == pytest.approx(seconds)


@pytest.mark.parametrize("value", [None, "", "soon", "-1", "1e3", "nan", "inf", "0x10"])
def test_unreadable_retry_after_is_none(value: str | None) -> None:
    assert parse_retry_after(value, now=NOW) is None


def test_retry_after_date_without_zone_is_taken_as_utc() -> None:
    when = (NOW + timedelta(seconds=5)).strftime("%a, %d %b %Y %H:%M:%S")
    assert parse_retry_after(when, now=NOW) == pytest.approx(5.0)


def test_rate_limited_reply_with_http_date() -> None:
    later = datetime.now(UTC) + timedelta(seconds=120)
    header = later.strftime("%a, %d %b %Y %H:%M:%S GMT")
    error = error_of(reply(429, "", headers={"Retry-After": header}))
    assert isinstance(error, RateLimited)
    assert error.retry_after is not None
    assert 100 < error.retry_after <= 120
