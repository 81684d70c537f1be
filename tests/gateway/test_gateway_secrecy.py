"""The secret key and request signatures stay out of every repr, error text and log line."""

from __future__ import annotations

import logging
import pickle

import pytest
import requests
from urllib3.exceptions import ReadTimeoutError

from paydesk import gateway
from paydesk.domain.errors import OrderIdError
from paydesk.domain.signing import create_order_sign, get_order_sign
from paydesk.gateway import (
    GatewayClient,
    GatewayConfigError,
    GatewayError,
    InvalidRequestError,
)
from paydesk.gateway import errors as gateway_errors
from paydesk.gateway.client import mask_urllib3_logs
from paydesk.gateway.replies import RawReply, classify
from paydesk.gateway.transport import _map_exception
from paydesk.support.redaction import MASK, hide_secrets

SECRET = "Sup3r-Secret-Key"
ORDER_ID = "A-1001"
SIGN = get_order_sign(ORDER_ID, SECRET)
CREATE_SIGN = create_order_sign(ORDER_ID, 15000, SECRET)
QUERY = f"client_id=1&order_id={ORDER_ID}&sign={SIGN}"
URL = f"http://127.0.0.1:9/backend/get_order?{QUERY}"


def all_texts(error: BaseException) -> list[str]:
    texts = [str(error), repr(error), *map(str, error.args)]
    if isinstance(error, GatewayError):
        texts += [error.user_message, error.body or "", error.service_message or ""]
    return texts


def assert_clean(error: BaseException) -> None:
    for text in all_texts(error):
        for needle in (SECRET, SIGN, CREATE_SIGN, QUERY):
            assert needle.lower() not in text.lower(), f"{needle!r} leaked into {text!r}"


def hide(text: str) -> str:
    return hide_secrets(text, SIGN, SECRET)


def test_client_repr_and_str_hide_the_secret() -> None:
    client = GatewayClient("http://127.0.0.1:9", 1, SECRET)
    for text in (
        repr(client),
        str(client),
        repr(vars(client)) if hasattr(client, "__dict__") else "",
    ):
        assert SECRET not in text
    assert "127.0.0.1:9" in repr(client)
    assert "client_id=1" in repr(client)
    client.close()


def test_client_cannot_be_pickled() -> None:
    client = GatewayClient("http://127.0.0.1:9", 1, SECRET)
    with pytest.raises(TypeError):
        pickle.dumps(client)
    client.close()


@pytest.mark.parametrize(
    ("code", "body"),
    [
        (200, f'{{"status": false, "message": "bad sign {SIGN} for key {SECRET}"}}'),
        (400, f'{{"status": false, "message": "bad request {QUERY}"}}'),
        (403, f'{{"status": false, "message": "expected {SIGN.upper()}"}}'),
        (404, f'{{"status": false, "message": "no order; you sent sign={SIGN}"}}'),
        (409, f'{{"status": false, "message": "{SECRET}"}}'),
        (429, f"<html>{URL}</html>"),
        (500, f'{{"status": false, "message": "crash at {URL}"}}'),
        (502, f"<html><pre>GET {URL}</pre></html>"),
        (200, f"not json {URL}"),
        (200, f'{{"status": "yes", "echo": "{SECRET}"}}'),
    ],
)
def test_errors_from_replies_hide_an_echoed_secret_or_sign(code: int, body: str) -> None:
    raw = RawReply("get_order", code, {"Retry-After": "1"}, body.encode())
    with pytest.raises(GatewayError) as caught:
        classify(raw, scrub=hide)
    assert_clean(caught.value)


@pytest.mark.parametrize(
    "exc",
    [
        requests.exceptions.SSLError(f"HTTPSConnectionPool: Max retries exceeded with url: {URL}"),
        requests.exceptions.ConnectTimeout(f"Connection to 127.0.0.1 timed out: {URL}"),
        requests.exceptions.ReadTimeout(f"Read timed out. {URL}"),
        requests.exceptions.ProxyError(f"Unable to connect to proxy {URL}"),
        requests.exceptions.ConnectionError(f"Max retries exceeded with url: {URL}"),
        requests.exceptions.ConnectionError(ReadTimeoutError(None, URL, "Read timed out.")),  # type: ignore[arg-type]
        requests.exceptions.ChunkedEncodingError(f"Connection broken: {URL}"),
        requests.exceptions.ContentDecodingError(f"bad gzip {URL}"),
        requests.exceptions.InvalidURL(URL),
        requests.exceptions.RequestException(URL),
    ],
    ids=lambda e: type(e).__name__,
)
def test_errors_from_requests_exceptions_drop_the_url(exc: requests.RequestException) -> None:
    error = _map_exception("get_order", exc)
    assert isinstance(error, GatewayError)
    assert_clean(error)
    assert error.__cause__ is None
    assert error.__context__ is None


def test_every_error_class_repr_and_str_are_clean() -> None:
    classes = [
        obj
        for obj in vars(gateway_errors).values()
        if isinstance(obj, type) and issubclass(obj, GatewayError)
    ]
    public = {getattr(gateway, name) for name in gateway.__all__ if name != "GatewayClient"}
    assert set(classes) == public
    for cls in classes:
        if cls is InvalidRequestError:
            error: GatewayError = InvalidRequestError(OrderIdError("colon", "No colon."))
        else:
            error = cls(
                "get_order: failed",
                http_status=500,
                body=hide(f"<html>{URL}</html>"),
                service_message=hide(f"sign={SIGN} key={SECRET}"),
            )
        assert_clean(error)
        assert error.user_message
        assert error.user_message.endswith(".")


def test_hiding_masks_needles_case_insensitively_and_sign_params() -> None:
    text = f"a {SECRET.upper()} b {SIGN.upper()} c ?order_id=X&sign=deadbeef&x=1"
    cleaned = hide_secrets(text, SECRET, SIGN)
    assert SECRET.lower() not in cleaned.lower()
    assert SIGN.lower() not in cleaned.lower()
    assert "deadbeef" not in cleaned
    assert f"&sign={MASK}&x=1" in cleaned
    assert hide_secrets("nothing here", "") == "nothing here"


def test_urllib3_debug_lines_lose_the_sign(caplog: pytest.LogCaptureFixture) -> None:
    mask_urllib3_logs()
    pool_log = logging.getLogger("urllib3.connectionpool")
    with caplog.at_level(logging.DEBUG, logger="urllib3.connectionpool"):
        pool_log.debug(
            '%s://%s:%s "%s %s %s" %s %s',
            "http",
            "127.0.0.1",
            9,
            "GET",
            f"/backend/get_order?{QUERY}",
            "HTTP/1.1",
            200,
            50,
        )
    assert caplog.records
    assert SIGN not in caplog.text
    assert "order_id=A-1001" in caplog.text


def test_config_errors_never_echo_the_secret() -> None:
    with pytest.raises(GatewayConfigError) as caught:
        GatewayClient(f"http://user:{SECRET}@127.0.0.1:9", 1, SECRET)
    assert_clean(caught.value)


def test_errors_survive_pickle_and_copy() -> None:
    import copy

    from paydesk.gateway import RateLimited

    limited = RateLimited("get_order: too many requests", retry_after=2.0, body="x")
    invalid = InvalidRequestError(OrderIdError("colon", "No colon."))
    # paydesk.domain.errors.InputError itself does not pickle (its args differ from its
    # __init__), so InvalidRequestError is only copied here.
    for original, clone in (
        (limited, pickle.loads(pickle.dumps(limited))),
        (limited, copy.copy(limited)),
        (invalid, copy.copy(invalid)),
    ):
        assert type(clone) is type(original)
        assert vars(clone) == vars(original)
        assert str(clone) == str(original)
