"""A reply as the transport hands it to the gateway, and the error the gateway makes of
it, for the tests of reading replies (tests/gateway)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from paydesk.gateway import GatewayError
from paydesk.gateway.replies import RawReply, classify


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
