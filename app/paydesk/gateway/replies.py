"""Reading the service's replies: success, refusal, or a reply we cannot trust.

The decision rests on the body's ``status`` first and the HTTP code second
(service-contract.md, "Errors"): ``{"status": false}`` with HTTP 200 is a
refusal, and ``{"status": true}`` counts only with a 2xx code; what kind of
refusal comes from the code, else the service's words (refusals.py). Every
malformed reply becomes a :class:`ProtocolError`, never a raw
``JSONDecodeError`` or ``KeyError``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any
from urllib.parse import urlsplit

from paydesk.domain.failures import FailureCode as Code
from paydesk.domain.orders import OrderStatus
from paydesk.gateway.errors import GatewayError, ProtocolError, RateLimited
from paydesk.gateway.refusals import refusal
from paydesk.gateway.service_message import service_message
from paydesk.support.loopback import is_loopback_host

_SECONDS_RE = re.compile(r"[0-9]{1,10}(?:\.[0-9]{1,6})?")

@dataclass(frozen=True, slots=True)
class RawReply:
    """One HTTP reply as read off the wire (the body already size-limited)."""

    endpoint: str
    http_status: int
    headers: Mapping[str, str]
    body: bytes


def _identity(text: str) -> str:
    return text


def json_object(reply: RawReply) -> dict[str, Any] | None:
    """The reply body as a JSON object, or None when it is anything else."""
    try:
        value = json.loads(reply.body.decode("utf-8"))
    except (ValueError, RecursionError):  # bad UTF-8, bad JSON, absurdly long numbers
        return None
    return value if isinstance(value, dict) else None


@dataclass(frozen=True, slots=True)
class Success:
    """A ``status: true`` reply with a 2xx code; its fields are not checked yet."""

    fields: dict[str, Any]
    http_status: int
    raw_body: bytes
    endpoint: str = ""
    #: Masks secrets in the body's text (classify's ``scrub``).
    scrub: Callable[[str], str] = _identity

    @property
    def body(self) -> str:
        """The reply's text, secrets masked, for an error made from it: masked only then,
        as nearly every success is used and dropped (masking compiles a pattern for each
        request's signature)."""
        return _masked_text(self.raw_body, self.scrub)


def _masked_text(body: bytes, scrub: Callable[[str], str]) -> str:
    """A reply's body as text kept on an error, its secrets masked."""
    return scrub(body.decode("utf-8", errors="replace"))


def classify(reply: RawReply, *, scrub: Callable[[str], str] = _identity) -> Success:
    """Return the reply if it is a success, else raise the fitting :class:`GatewayError`.

    ``scrub`` masks secrets in any text of the reply kept on the error.
    """
    error, success = _judge(reply, scrub)
    if error is not None:
        raise error
    assert success is not None
    return success


def _judge(
    reply: RawReply, scrub: Callable[[str], str]
) -> tuple[GatewayError | None, Success | None]:
    code = reply.http_status

    def body() -> str:  # masked only for an error that keeps it
        return _masked_text(reply.body, scrub)

    is_fault = 500 <= code <= 599
    obj = json_object(reply)
    text = service_message(obj) if obj is not None else None
    message = scrub(text) if text is not None else None
    where = reply.endpoint

    if code == 429:
        retry_after = parse_retry_after(reply.headers.get("Retry-After"))
        return RateLimited(
            f"{where}: too many requests",
            retry_after=retry_after,
            body=body(),
            service_message=message,
        ), None
    if obj is None:
        if is_fault:
            what = f"{where}: the service had a fault and sent a reply that is not a JSON object"
            return ProtocolError(
                what, code=Code.FAULT_REPLY, http_status=code, body=body(), retryable=True
            ), None
        if 300 <= code <= 399:
            return ProtocolError(
                f"{where}: unexpected redirect",
                code=Code.REDIRECT,
                http_status=code,
                body=body(),
            ), None
        return ProtocolError(
            f"{where}: the reply is not a JSON object", http_status=code, body=body()
        ), None
    status = obj.get("status")
    if not isinstance(status, bool):
        return ProtocolError(
            f"{where}: the reply has no boolean 'status'",
            code=Code.FAULT_REPLY if is_fault else None,
            http_status=code,
            body=body(),
            retryable=is_fault,
        ), None
    if status is False:
        return refusal(where, code, body(), message, text), None
    if not 200 <= code <= 299:
        return ProtocolError(
            f"{where}: 'status' is true but the HTTP status is not a success",
            code=Code.FAULT_REPLY if is_fault else None,
            http_status=code,
            body=body(),
            retryable=is_fault,
        ), None
    return None, Success(obj, code, reply.body, where, scrub)


#: The longest payment link accepted: a QR code (error correction M) holds about
#: 2 300 bytes, and a link that long would make modules too small to scan anyway.
MAX_LINK = 2000


def payment_url(reply: Success, *, allow_http: bool = False) -> str:
    """The ``url`` of a create_order success, checked fit to show a buyer as a QR code.

    An ``https`` link, or :class:`ProtocolError` saying why not. Plain ``http`` is
    accepted only with ``allow_http`` (the service itself is on plain http: the
    sandbox or demo on this computer), and then only to this computer itself (the
    sandbox's page: ``127.0.0.1``, ``::1``, ``localhost``): a plain-http link
    elsewhere would send the buyer to whoever answers that name on their network.
    Links with a user name or password, spaces, control characters or backslashes
    are refused: a buyer's phone may read them differently from us
    (``https://bank.example\\@evil.example/``).
    """
    url = reply.fields.get("url")
    if not isinstance(url, str) or not url:
        raise _malformed(reply, "create_order: the reply has no 'url' text")
    if len(url) > MAX_LINK:
        raise _malformed(reply, f"create_order: the 'url' is longer than {MAX_LINK} characters")
    if any(_invisible(ch) for ch in url):
        raise _malformed(reply, "create_order: the 'url' contains spaces or control characters")
    if "\\" in url:
        raise _malformed(reply, "create_order: the 'url' contains a backslash")
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - parses it: ValueError when not a number in range
    except ValueError:
        raise _malformed(reply, "create_order: the 'url' is not a valid link") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not host:
        raise _malformed(reply, "create_order: the 'url' is not an http(s) link")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise _malformed(reply, "create_order: the 'url' contains a user name or password")
    if scheme == "http" and not (allow_http and is_loopback_host(host)):
        raise ProtocolError(
            "create_order: the payment link is plain http, not https, to another computer"
            if allow_http else "create_order: the payment link is plain http, not https",
            code=Code.INSECURE_LINK,
            http_status=reply.http_status,
            body=reply.body,
        )
    return url


def check_order_echo(reply: Success, order_id: str) -> Success:
    """Refuse a reply that names another order than the one asked about.

    The contract's replies carry no ``order_id``, so a reply meant for another
    order (a caching proxy, a mixed-up connection) cannot be told apart in
    general. But when the service does echo one, it must be ours.
    """
    echoed = reply.fields.get("order_id")
    if isinstance(echoed, int) and not isinstance(echoed, bool):
        echoed = str(echoed)  # "order_id": 1001 for the order "1001" is still ours
    if echoed is not None and echoed != order_id:
        raise ProtocolError(
            f"{reply.endpoint}: the reply is about another order",
            code=Code.OTHER_ORDER,
            http_status=reply.http_status,
            body=reply.body,
        )
    return reply


def order_status(reply: Success) -> OrderStatus:
    """The ``order_status`` of a get_order success; an unknown value is kept as is."""
    value = reply.fields.get("order_status")
    if not isinstance(value, str) or not value:
        raise _malformed(reply, "get_order: the reply has no 'order_status' text")
    return OrderStatus(value)


@dataclass(frozen=True, slots=True)
class ServiceOrder:
    """What get_order says of an order: its status, and its amount when it names one."""

    status: OrderStatus
    #: Kopecks; None when the reply does not say (the contract's reply has only the
    #: status) or says it in a way that is not a whole number of kopecks.
    amount: int | None = None


def service_order(reply: Success) -> ServiceOrder:
    """A get_order success as :class:`ServiceOrder`. The amount is read only to tell an
    order from another under the same id, so one it cannot read is simply not known."""
    amount = reply.fields.get("amount")
    if isinstance(amount, str) and amount.isascii() and amount.isdigit():
        amount = int(amount)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        amount = None
    return ServiceOrder(order_status(reply), amount)


def _invisible(ch: str) -> bool:
    """Spaces, controls, format marks (zero-width, right-to-left override) and the like:
    characters that make a link look other than it is, or break it."""
    return ch.isspace() or unicodedata.category(ch)[0] in ("C", "Z")


def _malformed(reply: Success, what: str) -> ProtocolError:
    return ProtocolError(what, http_status=reply.http_status, body=reply.body)


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delay-seconds or an HTTP-date.

    Returns None when absent or unreadable; a date in the past gives 0.
    """
    if value is None:
        return None
    text = value.strip()
    if _SECONDS_RE.fullmatch(text):
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    now = now or datetime.now(UTC)
    return max(0.0, (when - now).total_seconds())
