"""Reading replies: the body's ``status`` decides, and every bad reply is a ProtocolError."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from paydesk.domain.orders import OrderStatus
from paydesk.gateway import (
    CredentialsRefused,
    GatewayError,
    OrderConflict,
    OrderNotFound,
    ParameterRefused,
    ProtocolError,
    RateLimited,
    ServiceRefused,
    ServiceUnavailable,
)
from paydesk.gateway.errors import BODY_EXCERPT, SERVICE_MESSAGE_MAX
from paydesk.gateway.replies import (
    RawReply,
    Success,
    classify,
    order_status,
    parse_retry_after,
    payment_url,
)


def reply(
    http_status: int,
    body: bytes | str | dict[str, Any] | list[Any],
    *,
    endpoint: str = "get_order",
    headers: dict[str, str] | None = None,
) -> RawReply:
    if isinstance(body, dict | list):
        body = json.dumps(body)
    if isinstance(body, str):
        body = body.encode("utf-8")
    return RawReply(endpoint, http_status, headers or {}, body)


def error_of(raw: RawReply) -> GatewayError:
    with pytest.raises(GatewayError) as caught:
        classify(raw)
    return caught.value


# -- successes ---------------------------------------------------------------------


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


# -- refusals: status false ------------------------------------------------------------


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


# -- the service's own words ------------------------------------------------------------


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
    assert error.user_message == ServiceRefused.default_user_message


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


# -- protocol errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        "<!DOCTYPE html><html><body>502 Bad Gateway</body></html>",
        "",
        '{"status": false, "message": "cut',
        b"\xff\xfe{}",
    ],
)
@pytest.mark.parametrize("code", [500, 502, 503, 504])
def test_non_json_body_with_5xx_is_a_retryable_protocol_error(code: int, body: Any) -> None:
    error = error_of(reply(code, body))
    assert type(error) is ProtocolError
    assert error.retryable is True
    assert error.http_status == code
    assert "fault" in error.user_message


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "",
        '{"status": true, "order_status": "pend',
        "[]",
        '"pending"',
        "null",
        "1" * 5000,  # longer than Python's int-from-text limit
        "[" * 100_000,  # deeper than the JSON parser's recursion limit
        b'{"status": true, "order_status": "\xff"}',
        {"order_status": "pending"},
        {"status": "true", "order_status": "pending"},
        {"status": 1, "order_status": "pending"},
        {"status": None},
    ],
)
@pytest.mark.parametrize("code", [200, 400, 403, 404])
def test_malformed_body_without_5xx_is_a_final_protocol_error(code: int, body: Any) -> None:
    error = error_of(reply(code, body))
    assert type(error) is ProtocolError
    assert error.retryable is False
    assert error.http_status == code


def test_status_true_with_5xx_is_a_retryable_protocol_error() -> None:
    error = error_of(reply(500, {"status": True, "order_status": "pending"}))
    assert type(error) is ProtocolError
    assert error.retryable is True


@pytest.mark.parametrize("code", [100, 301, 400, 403, 404, 409])
def test_status_true_without_2xx_is_not_success(code: int) -> None:
    error = error_of(reply(code, {"status": True, "order_status": "pending"}))
    assert type(error) is ProtocolError
    assert error.retryable is False


def test_redirect_is_a_protocol_error_pointing_at_the_address() -> None:
    error = error_of(reply(302, "", headers={"Location": "http://elsewhere.invalid/"}))
    assert type(error) is ProtocolError
    assert "address" in error.user_message


@pytest.mark.parametrize(
    "fields",
    [
        {"status": True},
        {"status": True, "url": None},
        {"status": True, "url": 5},
        {"status": True, "url": ""},
        {"status": True, "url": ["https://pay.example/pay/x"]},
        {"status": True, "url": "pay.example/pay/x"},
        {"status": True, "url": "javascript:alert(1)"},
        {"status": True, "url": "ftp://pay.example/pay/x"},
        {"status": True, "url": "https://"},
        {"status": True, "url": "https://pay.example/pay/x y"},
        {"status": True, "url": "https://pay.example/pay/x\n"},
        {"status": True, "url": "https://[::1/pay"},
    ],
)
def test_create_reply_without_a_usable_url_is_a_protocol_error(fields: dict[str, Any]) -> None:
    success = classify(reply(200, fields, endpoint="create_order"))
    with pytest.raises(ProtocolError) as caught:
        payment_url(success)
    assert caught.value.retryable is False
    assert caught.value.http_status == 200


@pytest.mark.parametrize(
    "fields",
    [
        {"status": True},
        {"status": True, "order_status": None},
        {"status": True, "order_status": 5},
        {"status": True, "order_status": ""},
        {"status": True, "order_status": ["pending"]},
        {"status": True, "order_status": True},
    ],
)
def test_get_reply_without_a_usable_status_is_a_protocol_error(fields: dict[str, Any]) -> None:
    success = classify(reply(200, fields))
    with pytest.raises(ProtocolError):
        order_status(success)


def test_error_keeps_only_an_excerpt_of_the_body() -> None:
    body = "<html>" + "x" * 10_000 + "</html>"
    error = error_of(reply(502, body))
    assert error.body is not None
    assert len(error.body) <= BODY_EXCERPT + 1
    assert error.body.startswith("<html>xxx")


def test_the_words_are_read_before_the_secret_is_masked_in_them() -> None:
    """A secret key "wrong" masks "Wrong sign", but the refusal is still about credentials."""
    raw = reply(200, {"status": False, "message": "Wrong sign: check the secret key."})
    with pytest.raises(CredentialsRefused) as caught:
        classify(raw, scrub=lambda text: text.replace("Wrong", "<redacted>"))
    assert caught.value.service_message == "<redacted> sign: check the secret key."


def test_scrub_is_applied_to_kept_texts() -> None:
    raw = reply(403, {"status": False, "message": "sign abc123 is wrong"})
    with pytest.raises(CredentialsRefused) as caught:
        classify(raw, scrub=lambda text: text.replace("abc123", "<redacted>"))
    assert caught.value.service_message == "sign <redacted> is wrong"
    assert caught.value.body is not None
    assert "abc123" not in caught.value.body


# -- Retry-After -----------------------------------------------------------------------

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
