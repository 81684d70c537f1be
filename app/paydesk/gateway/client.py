"""The payment service's HTTP client: validate, sign, send, retry, read the reply."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from types import TracebackType
from typing import TypeVar
from urllib.parse import urlencode

import requests

import paydesk
from paydesk.domain.errors import EmailError, InputError
from paydesk.domain.failures import FailureCode as Code
from paydesk.domain.money import check_kopecks
from paydesk.domain.orders import OrderStatus, normalize_email, validate_order_id
from paydesk.domain.signing import create_order_sign, get_order_sign
from paydesk.gateway import replies
from paydesk.gateway.deadline import WatchedAdapter, quiet_cut_replies
from paydesk.gateway.endpoint import parse_base_url, parse_client_id
from paydesk.gateway.errors import GatewayConfigError, InvalidRequestError, OrderNotFound
from paydesk.gateway.retry import RetryPolicy, call_with_retries
from paydesk.gateway.transport import Request, fetch
from paydesk.support.redaction import RedactingFilter, hide_secrets

log = logging.getLogger("paydesk.gateway")

T = TypeVar("T")

_PROBE_PREFIX = "paydesk-probe-"
#: How much of a reply's body the request log (-v) shows.
_LOGGED_REPLY_BYTES = 300

#: urllib3's lines carry the full request path, with its sign= and e-mail.
_URLLIB3_FILTER = RedactingFilter()


def mask_urllib3_logs() -> None:
    """Mask urllib3's lines (the pool's debug lines, the connection's "Failed to parse
    headers" warning) wherever they go, as PayDesk's own are (idempotent)."""
    for name in ("urllib3.connectionpool", "urllib3.connection"):
        logging.getLogger(name).addFilter(_URLLIB3_FILTER)


class _Secret:
    """Holds the secret key so that no repr, debugger or traceback-with-locals shows it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "<secret>"

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("the secret key cannot be pickled")


class GatewayClient:
    """Client of the payment service (``/backend/create_order``, ``/backend/get_order``).

    One :class:`requests.Session` (one connection pool) per client; safe to call
    from several worker threads at once, as the session's pool is and nothing
    else here changes after construction.
    """

    def __init__(
        self,
        base_url: str,
        client_id: int | str,
        secret_key: str,
        *,
        connect_timeout: float = 5.0,
        read_timeout: float = 10.0,
        deadline: float = 20.0,
        max_attempts: int = 4,
        backoff_base: float = 0.25,
        backoff_cap: float = 4.0,
        pool_size: int = 16,
        session: requests.Session | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        allow_insecure: bool = False,
    ) -> None:
        self._endpoint = parse_base_url(base_url, allow_insecure=allow_insecure)
        self._client_id = parse_client_id(client_id)
        if not isinstance(secret_key, str) or not secret_key:
            raise GatewayConfigError("the secret key is empty", code=Code.SECRET_EMPTY)
        self._secret = _Secret(secret_key)
        for name, value in (
            ("connect_timeout", connect_timeout),
            ("read_timeout", read_timeout),
            ("deadline", deadline),
        ):
            _require_positive(name, value)
        _require_positive("backoff_cap", backoff_cap)
        if isinstance(backoff_base, bool) or not backoff_base >= 0:
            raise GatewayConfigError("backoff_base must be zero or more")
        for name, count in (("max_attempts", max_attempts), ("pool_size", pool_size)):
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise GatewayConfigError(f"{name} must be a whole number of at least 1")
        self._connect_timeout = float(connect_timeout)
        self._read_timeout = float(read_timeout)
        self._policy = RetryPolicy(
            max_attempts=max_attempts,
            deadline=float(deadline),
            backoff_base=float(backoff_base),
            backoff_cap=float(backoff_cap),
        )
        self._sleep = sleep
        self._clock = clock
        self._headers = {
            "Accept": "application/json",
            "User-Agent": f"PayDesk/{paydesk.__version__}",
        }
        self._owns_session = session is None
        self._session = session if session is not None else self._new_session(pool_size)
        self._closed = False
        if not self._endpoint.is_loopback and self._endpoint.base_url.startswith("http://"):
            log.warning("plain HTTP to a payment service off this computer (allow_insecure)")
        mask_urllib3_logs()
        quiet_cut_replies()

    def _new_session(self, pool_size: int) -> requests.Session:
        session = requests.Session()
        # Retries are ours (retry.py): the adapter must not add its own. Its
        # connections can be cut at the call's deadline (deadline.py).
        adapter = WatchedAdapter(pool_connections=1, pool_maxsize=pool_size, max_retries=0)
        session.mount("http://", adapter)
        session.mount("https://", adapter)
        if self._endpoint.is_loopback:
            # No proxy or .netrc from the environment for traffic to this computer.
            session.trust_env = False
        return session

    # -- public API ---------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return self._endpoint.base_url

    @property
    def client_id(self) -> int:
        return self._client_id

    def create_order(self, order_id: str, amount: int, email: str | None = None) -> str:
        """Create the order and return its payment link.

        Raises :class:`InvalidRequestError` (nothing sent) when a field breaks the
        contract, else a :class:`GatewayError` subclass for what went wrong.
        """
        order_id = _checked_order_id(order_id)
        amount_text = _checked_amount(amount)
        email = _checked_email(email)
        params = {"client_id": str(self._client_id), "order_id": order_id, "amount": amount_text}
        if email is not None:
            params["email"] = email
        sign = create_order_sign(order_id, amount_text, self._secret.reveal())
        params["sign"] = sign
        # Retrying a create is safe only because every attempt sends the very
        # same order_id, amount and email: the contract makes such a repeat
        # idempotent (same reply, same url, one order). A lost reply (timeout,
        # dropped connection after the service acted) is thus recovered here.
        # Plain-http links only from a service that is itself on plain http on this
        # computer (the sandbox), and only to this computer (replies.payment_url). Not
        # from an https one, nor from one off this computer even when plain http to it
        # was allowed (allow_insecure): the buyer's phone would open that link over
        # whatever network it is on.
        allow_http = self._endpoint.is_loopback and self._endpoint.base_url.startswith("http://")

        def link(reply: replies.Success) -> str:
            return replies.payment_url(
                replies.check_order_echo(reply, order_id), allow_http=allow_http
            )

        return self._call("create_order", order_id, params, sign, link)

    def get_order(self, order_id: str) -> OrderStatus:
        """The order's status at the service; a value we do not know is kept as is."""
        return self.find_order(order_id).status

    def find_order(self, order_id: str) -> replies.ServiceOrder:
        """get_order: the order's status at the service, and its amount if the reply
        names one (to tell our order from another under the same id)."""
        order_id = _checked_order_id(order_id)
        sign = get_order_sign(order_id, self._secret.reveal())
        params = {"client_id": str(self._client_id), "order_id": order_id, "sign": sign}

        def found(reply: replies.Success) -> replies.ServiceOrder:
            return replies.service_order(replies.check_order_echo(reply, order_id))

        return self._call("get_order", order_id, params, sign, found)

    def verify_credentials(self) -> None:
        """Check the client id and secret key with a harmless call ("Test connection").

        Asks for an order that cannot exist: the service answers 404 only after
        accepting the signature, so a 404 means the credentials are good.
        :class:`CredentialsRefused` and connection errors propagate.
        """
        try:
            self.get_order(_PROBE_PREFIX + secrets.token_hex(8))
        except OrderNotFound:
            return

    def close(self) -> None:
        """Close the connection pool (only a session the client made itself)."""
        self._closed = True
        if self._owns_session:
            self._session.close()

    def __enter__(self) -> GatewayClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"GatewayClient(base_url={self.base_url!r}, client_id={self._client_id})"

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("GatewayClient cannot be pickled")

    # -- one call -------------------------------------------------------------------

    def _call(
        self,
        endpoint: str,
        order_id: str,
        params: dict[str, str],
        sign: str,
        extract: Callable[[replies.Success], T],
    ) -> T:
        if self._closed:
            raise GatewayConfigError(f"{endpoint}: the gateway client is closed")
        request = Request(endpoint, self._endpoint.url(endpoint), params, self._headers)
        secret = self._secret.reveal()

        def hide(text: str) -> str:
            return hide_secrets(text, sign, secret)

        def attempt(number: int, remaining: float) -> T:
            started = self._clock()
            status: int | None = None
            reply = ""
            logged = log.isEnabledFor(logging.DEBUG)  # -v: each request and reply, masked
            if logged:
                log.debug("%s order_id=%s attempt=%d GET %s", endpoint, order_id, number,
                          hide(f"{request.url}?{urlencode(params)}"))
            try:
                raw = fetch(
                    self._session,
                    request,
                    connect_timeout=min(self._connect_timeout, remaining),
                    read_timeout=min(self._read_timeout, remaining),
                    deadline_at=started + remaining,
                    clock=self._clock,
                )
                status = raw.http_status
                if logged:
                    reply = _reply_excerpt(raw.body)
                return extract(replies.classify(raw, scrub=hide))
            finally:
                if logged:
                    log.debug(
                        "%s order_id=%s attempt=%d http_status=%s elapsed_ms=%.1f reply=%s",
                        endpoint,
                        order_id,
                        number,
                        status,
                        (self._clock() - started) * 1000,
                        hide(reply),
                    )

        return call_with_retries(
            attempt,
            policy=self._policy,
            clock=self._clock,
            sleep=self._sleep,
            label=f"{endpoint} order_id={order_id}",
        )


def _reply_excerpt(body: bytes) -> str:
    """A reply's body as one short line, for the request log (-v)."""
    text = body[:_LOGGED_REPLY_BYTES].decode("utf-8", errors="replace")
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    return text + (" ..." if len(body) > _LOGGED_REPLY_BYTES else "")


# -- checks made before anything is sent -----------------------------------------


def _checked_order_id(order_id: str) -> str:
    try:
        return validate_order_id(order_id)
    except InputError as error:
        raise InvalidRequestError(error) from error


def _checked_amount(amount: int) -> str:
    """The amount as sent on the wire (and signed): plain base-10 digits."""
    try:
        return str(int(check_kopecks(amount)))
    except InputError as error:
        raise InvalidRequestError(error) from error


def _checked_email(email: str | None) -> str | None:
    if email is not None and not isinstance(email, str):
        raise InvalidRequestError(EmailError("not_text", "The e-mail address must be text."))
    try:
        return normalize_email(email)
    except InputError as error:
        raise InvalidRequestError(error) from error


def _require_positive(name: str, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise GatewayConfigError(f"{name} must be a number of seconds greater than zero")
