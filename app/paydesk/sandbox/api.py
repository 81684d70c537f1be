"""The two ``/backend`` endpoints, as service-contract.md section 2 fixes them.

Checks run in the contract's order: parameters present and well-formed, then
the client, then the signature, then the business rules (404, 409). Every
failure is ``{"status": false, "message": ...}`` naming what is wrong; with
``refusals="http200"`` the refusals come with HTTP 200, as the real service is
believed to send them (a 429 stays a 429: it is no refusal, and says when to
come back). With ``repeats="refused"`` a create_order repeated with the same terms
is not answered with its link again (the contract's idempotent create) but refused
as the real service is believed to refuse it: HTTP 200, ``{"status": false,
"message": "Order ... already exists."}``.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

from paydesk.domain.errors import EmailError, OrderIdError
from paydesk.domain.orders import normalize_email, validate_order_id
from paydesk.domain.signing import create_order_sign, get_order_sign, signatures_match
from paydesk.sandbox.config import SandboxConfig
from paydesk.sandbox.ledger import Ledger, OrderConflictError
from paydesk.sandbox.ratelimit import RateLimiter
from paydesk.sandbox.replies import Reply, failure, json_reply

_CLIENT_ID_RE = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")
_AMOUNT_RE = re.compile(r"0|[1-9][0-9]{0,19}")
_SIGN_RE = re.compile(r"[0-9A-Fa-f]{32}")
_MAX_FIELDS = 32

_PARAMETERS = {
    "create_order": ("client_id", "order_id", "amount", "sign", "email"),
    "get_order": ("client_id", "order_id", "sign"),
}
_OPTIONAL = frozenset({"email"})


class BadParameterError(Exception):
    """A parameter is missing or malformed: a 400 with this message."""


def parse_parameters(query: str, endpoint: str) -> dict[str, str]:
    """The endpoint's parameters from ``query``; unknown ones are ignored.

    Raises :class:`BadParameterError` for non-UTF-8 text, a missing required parameter
    or one given twice (which value would the signature be about?).
    """
    try:
        pairs = parse_qsl(
            query,
            keep_blank_values=True,
            encoding="utf-8",
            errors="strict",
            max_num_fields=_MAX_FIELDS,
        )
    except UnicodeDecodeError:
        raise BadParameterError("The query string is not UTF-8 once percent-decoded.") from None
    except ValueError:
        raise BadParameterError(f"Too many parameters (at most {_MAX_FIELDS}).") from None
    wanted = _PARAMETERS[endpoint]
    params: dict[str, str] = {}
    for name, value in pairs:
        if name not in wanted:
            continue
        if name in params:
            raise BadParameterError(f"Parameter {name} is given more than once.")
        params[name] = value
    for name in wanted:
        if name not in _OPTIONAL and name not in params:
            raise BadParameterError(f"Missing parameter: {name}.")
    return params


def _client_id(text: str) -> int:
    if not _CLIENT_ID_RE.fullmatch(text):
        raise BadParameterError("Parameter client_id must be an integer in plain digits.")
    return int(text)


def _order_id(text: str) -> str:
    try:
        return validate_order_id(text)
    except OrderIdError as err:
        raise BadParameterError(f"Parameter order_id is not valid: {err.message}") from None


def _amount(text: str, ceiling: int) -> int:
    if not _AMOUNT_RE.fullmatch(text):
        raise BadParameterError(
            "Parameter amount must be a whole number of kopecks in plain digits "
            "(no sign, no leading zeros, no decimal point)."
        )
    amount = int(text)
    if not 1 <= amount <= ceiling:
        raise BadParameterError(f"Parameter amount must be between 1 and {ceiling} kopecks.")
    return amount


def _email(text: str | None) -> str | None:
    try:
        return normalize_email(text)
    except EmailError as err:
        raise BadParameterError(f"Parameter email is not valid: {err.message}") from None


def _sign(text: str) -> str:
    if not _SIGN_RE.fullmatch(text):
        raise BadParameterError("Parameter sign must be an md5 digest: 32 hexadecimal characters.")
    return text


class BackendApi:
    """create_order and get_order over the ledger, returning finished replies."""

    def __init__(self, config: SandboxConfig, ledger: Ledger) -> None:
        #: Replaced whole while serving by SandboxServer.set_shop (the demo's settings).
        self.config = config
        self._ledger = ledger
        rate = config.rate_limit_per_second
        self._limiter = RateLimiter(rate) if rate is not None else None

    def handle(self, endpoint: str, query: str) -> Reply:
        limited = self._rate_limited(query)
        if limited is not None:
            return limited
        try:
            params = parse_parameters(query, endpoint)
            if endpoint == "create_order":
                return self._create_order(params)
            return self._get_order(params)
        except BadParameterError as err:
            return self._refuse(400, str(err))

    def _rate_limited(self, query: str) -> Reply | None:
        """A 429 when this client is over its rate. Keyed by the raw client_id, so it
        runs before (and protects) all the other checks."""
        if self._limiter is None:
            return None
        key = ""
        for name, value in parse_qsl(query, keep_blank_values=True, errors="replace"):
            if name == "client_id":
                key = value[:32]
                break
        wait = self._limiter.acquire(key)
        if wait is None:
            return None
        return failure(
            429, f"Too many requests; try again in {wait} s.", (("Retry-After", str(wait)),)
        )

    def _refuse(self, code: int, message: str) -> Reply:
        """A refusal: with the contract's ``code``, or HTTP 200 like the real service."""
        return failure(200 if self.config.refusals == "http200" else code, message)

    def _check_client(self, client_id: int, expected_sign: str, given_sign: str) -> Reply | None:
        if client_id != self.config.client_id:
            return self._refuse(403, "Unknown client_id.")
        if not signatures_match(expected_sign, given_sign):
            return self._refuse(
                403, "Wrong sign: it does not match the parameters and the secret key."
            )
        return None

    def _create_order(self, params: dict[str, str]) -> Reply:
        client_id = _client_id(params["client_id"])
        order_id = _order_id(params["order_id"])
        amount_text = params["amount"]
        amount = _amount(amount_text, self.config.max_amount)
        sign = _sign(params["sign"])
        email = _email(params.get("email"))
        expected = create_order_sign(order_id, amount_text, self.config.secret_key)
        refused = self._check_client(client_id, expected, sign)
        if refused is not None:
            return refused
        try:
            order, created = self._ledger.create(
                client_id, order_id, amount, email, self.config.ttl_seconds
            )
        except OrderConflictError as conflict:
            return self._refuse(
                409,
                f"Order {order_id} already exists with a different {conflict.field}; "
                "a new sale needs a new order_id.",
            )
        if not created and self.config.repeats == "refused":
            # Never the contract's 409 (another amount or e-mail): this is the same order.
            return failure(200, f"Order {order_id} already exists.")
        return json_reply(200, {"status": True, "url": order.url})

    def _get_order(self, params: dict[str, str]) -> Reply:
        client_id = _client_id(params["client_id"])
        order_id = _order_id(params["order_id"])
        sign = _sign(params["sign"])
        expected = get_order_sign(order_id, self.config.secret_key)
        refused = self._check_client(client_id, expected, sign)
        if refused is not None:
            return refused
        order = self._ledger.get(client_id, order_id)
        if order is None:
            return self._refuse(404, f"Order {order_id} was not found.")
        return json_reply(200, {"status": True, "order_status": order.status.value})
