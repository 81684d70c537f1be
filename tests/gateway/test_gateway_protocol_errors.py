"""Reading replies: every bad reply is a ProtocolError, retryable only when the service
said it was in trouble, keeping only an excerpt of the body, masked.
"""

from __future__ import annotations

from typing import Any

import pytest

from paydesk.gateway import CredentialsRefused, ProtocolError
from paydesk.gateway.errors import BODY_EXCERPT
from paydesk.gateway.replies import classify, order_status, payment_url

from raw_replies import error_of, reply


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
