"""Hostile replies, as bytes: random bodies, wrong types, deep nesting and the service's
own words all end as a GatewayError (ProtocolError mostly) or a checked value, never
another exception; the service's words are shown clean and short.
"""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paydesk.domain.orders import OrderStatus
from paydesk.gateway import GatewayError, ProtocolError
from paydesk.gateway.errors import SERVICE_MESSAGE_MAX
from paydesk.gateway.replies import RawReply, classify, order_status, payment_url
from paydesk.gateway.transport import MAX_BODY

from hostile_text import NASTY


def judged(raw: RawReply) -> object:
    """What the client makes of a reply: a value, or the GatewayError it raises."""
    try:
        success = classify(raw)
        if raw.endpoint == "create_order":
            return payment_url(success)
        return order_status(success)
    except GatewayError as error:
        return error


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=20,
)
reply_objects = st.fixed_dictionaries(
    {},
    optional={
        "status": st.booleans() | json_values,
        "url": st.sampled_from(["https://pay.example/pay/x", "http://pay.example/pay/x"])
        | json_values,
        "order_status": st.sampled_from(["pending", "approve"]) | json_values,
        "message": json_values,
        "order_id": json_values,
    },
)


@given(
    endpoint=st.sampled_from(["create_order", "get_order"]),
    code=st.sampled_from([200, 201, 204, 302, 400, 403, 404, 409, 429, 500, 502, 503, 599])
    | st.integers(100, 599),
    body=st.binary(max_size=300) | reply_objects.map(lambda o: json.dumps(o).encode()),
    retry_after=st.none() | st.text(max_size=30),
)
def test_any_reply_is_a_gateway_error_or_a_checked_value(
    endpoint: str, code: int, body: bytes, retry_after: str | None
) -> None:
    headers = {} if retry_after is None else {"Retry-After": retry_after}
    outcome = judged(RawReply(endpoint, code, headers, body))
    if isinstance(outcome, GatewayError):
        assert outcome.user_message and str(outcome)
    elif endpoint == "create_order":
        assert isinstance(outcome, str) and outcome.startswith("https://")
        assert 200 <= code <= 299
    else:
        assert isinstance(outcome, OrderStatus) and 200 <= code <= 299


def _shown_clean(text: str) -> bool:
    """One line of visible text: no control, format or separator character."""
    return not any(
        unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp")
        for ch in text
    )


@given(
    endpoint=st.sampled_from(["create_order", "get_order"]),
    code=st.sampled_from([200, 400, 403, 404, 409, 429, 500, 503]),
    field=st.sampled_from(["message", "error"]),
    text=st.text(max_size=600) | st.text(alphabet=st.sampled_from(NASTY + "ab"), max_size=600),
)
def test_the_services_own_words_are_shown_clean_and_short(
    endpoint: str, code: int, field: str, text: str
) -> None:
    body = json.dumps({"status": False, field: text}).encode()
    outcome = judged(RawReply(endpoint, code, {}, body))
    assert isinstance(outcome, GatewayError)
    shown = outcome.service_message
    if shown is not None:
        assert len(shown) <= SERVICE_MESSAGE_MAX and shown == shown.strip()
        assert _shown_clean(shown) and "  " not in shown
    assert _shown_clean(outcome.user_message) and _shown_clean(str(outcome))


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 60_000,  # within the 64 KiB cap, far past the parser's recursion limit
        b'{"status": true, "url": ' + b"[" * 30_000 + b"]" * 30_000 + b"}",
        b'{"status": true, "order_status": ' + b'{"a": ' * 8_000 + b"1" + b"}" * 8_001,
        b'{"status": true, "order_status": ' + b"9" * 50_000 + b"}",  # a 50 000-digit number
        b'{"status": true, "order_status": NaN}',
        b'{"status": true, "url": "https://pay.example/pay/x", "url": 5}',  # duplicate key
        b"\xef\xbb\xbf" + b'{"status": true}',  # a byte-order mark
        b'{"status": true, "order_status": "\xff\xfe"}',  # not UTF-8
    ],
    ids=["nested-list", "nested-url", "nested-object", "huge-number", "nan", "duplicate-key",
         "bom", "bad-utf8"],
)
@pytest.mark.parametrize("endpoint", ["create_order", "get_order"])
def test_pathological_json_is_a_protocol_error(body: bytes, endpoint: str) -> None:
    assert len(body) <= MAX_BODY  # what the transport lets through
    outcome = judged(RawReply(endpoint, 200, {}, body))
    assert isinstance(outcome, ProtocolError), outcome
