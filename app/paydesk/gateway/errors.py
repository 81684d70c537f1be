"""What can go wrong talking to the payment service, as one tree of exceptions.

Modelled on stripe-python's ``_error.py``: each error carries a stable ``code``
(:class:`~paydesk.domain.failures.FailureCode`) with its details (``http_status``,
``body``, ``service_message``), one English sentence fit to show a cashier
(``user_message``, chosen by the code: the command line prints it, the window
chooses its own words by the code), and whether trying again may help
(``retryable``). ``str()`` is the technical account for logs; no text here ever
holds the secret key, a request's ``sign`` or its query string.
"""

from __future__ import annotations

from typing import Any, ClassVar

from paydesk.domain.errors import AmountError, InputError
from paydesk.domain.failures import WITH_SERVICE_WORDS, Failure
from paydesk.domain.failures import FailureCode as Code

#: How much of a reply body an error keeps for support.
BODY_EXCERPT = 500
#: How much of the service's own ``message`` is kept (it is shown to people).
SERVICE_MESSAGE_MAX = 300

#: The cashier's sentence for each code, in English.
USER_MESSAGES: dict[str, str] = {
    Code.FAILED: (
        "The request to the payment service failed. Try again; if it keeps failing, "
        "contact support."
    ),
    Code.CONFIG: "The payment service settings are not valid. Check them in settings.",
    Code.ADDRESS_EMPTY: "The payment service address is empty.",
    Code.ADDRESS_SPACES: "The payment service address cannot contain spaces.",
    Code.ADDRESS_NOT_URL: "The payment service address is not a valid URL.",
    Code.ADDRESS_SCHEME: "The payment service address must start with https://.",
    Code.ADDRESS_NO_HOST: "The payment service address has no host name.",
    Code.ADDRESS_USER_INFO: (
        "The payment service address cannot contain a user name or password."
    ),
    Code.ADDRESS_QUERY: "The payment service address cannot contain '?' or '#'.",
    Code.ADDRESS_NOT_HTTPS: (
        "The payment service address must use https:// (plain http:// is allowed only "
        "for a service on this computer)."
    ),
    Code.CLIENT_ID_NOT_NUMBER: "The client ID must be a whole number.",
    Code.CLIENT_ID_NOT_POSITIVE: "The client ID must be a number greater than zero.",
    Code.SECRET_EMPTY: "The secret key is empty.",
    Code.UNREACHABLE: (
        "The payment service could not be reached. Check the internet connection and try again."
    ),
    Code.TIMEOUT: "The payment service did not answer in time. Try again in a moment.",
    Code.TLS: (
        "The secure connection to the payment service could not be verified. Check the "
        "computer's date and time and the service address, or contact support."
    ),
    Code.REFUSED: "The payment service refused the request.",
    Code.CREDENTIALS_REFUSED: (
        "The payment service did not accept the shop's credentials. Check the client ID "
        "and the secret key in settings."
    ),
    Code.ORDER_NOT_FOUND: "The payment service has no order with this number.",
    Code.ORDER_CONFLICT: (
        "This order number is already used at the payment service with a different amount "
        "or e-mail."
    ),
    Code.PARAMETER_REFUSED: "The payment service refused a value in the request.",
    Code.RATE_LIMITED: "The payment service is busy. Wait a moment and try again.",
    Code.SERVICE_FAULT: (
        "The payment service is having a problem right now. Try again in a few minutes."
    ),
    Code.BAD_REPLY: (
        "The payment service sent a reply PayDesk could not understand. Try again; if it "
        "keeps happening, contact support."
    ),
    Code.FAULT_REPLY: "The payment service had a fault. Try again in a few minutes.",
    Code.REDIRECT: (
        "The payment service answered with a redirect. Check the service address in settings."
    ),
    Code.INSECURE_LINK: (
        "The payment service sent a payment link that is not secure (not https), so it is not "
        "shown to the buyer. Contact the payment service's support."
    ),
    Code.OTHER_ORDER: (
        "The payment service answered about a different order. Nothing was recorded; try "
        "again, and contact support if it happens again."
    ),
}


def message_for(code: str, service_message: str | None = None) -> str:
    """The English sentence for ``code``; a refusal says the service's own words after it."""
    if code in WITH_SERVICE_WORDS and service_message:
        return f"The payment service refused the request: {service_message}"
    return USER_MESSAGES.get(code, USER_MESSAGES[Code.FAILED])


def _excerpt(text: str | None, limit: int) -> str | None:
    if text is None:
        return None
    return text if len(text) <= limit else text[:limit] + "…"


def _restore(cls: type[GatewayError], state: dict[str, Any]) -> GatewayError:
    error = cls.__new__(cls)
    Exception.__init__(error, state.get("message", ""))
    error.__dict__.update(state)
    return error


class GatewayError(Exception):
    """A call to the payment service did not give an answer we can use."""

    default_code: ClassVar[Code] = Code.FAILED
    default_user_message: ClassVar[str] = USER_MESSAGES[Code.FAILED]
    default_retryable: ClassVar[bool] = False

    def __init__(
        self,
        message: str,
        *,
        code: Code | None = None,
        user_message: str | None = None,
        http_status: int | None = None,
        body: str | None = None,
        service_message: str | None = None,
        retryable: bool | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code: str = code or self.default_code
        self.http_status = http_status
        self.body = _excerpt(body, BODY_EXCERPT)
        self.service_message = _excerpt(service_message, SERVICE_MESSAGE_MAX)
        self.user_message = user_message or message_for(self.code)
        self.retryable = self.default_retryable if retryable is None else retryable

    @property
    def failure(self) -> Failure:
        """The code and the detail to keep in the order book (the service's words)."""
        return Failure(self.code, self.service_message)

    def __str__(self) -> str:
        text = self.message
        if self.http_status is not None:
            text += f" (HTTP {self.http_status})"
        if self.service_message:
            text += f"; the service said: {self.service_message!r}"
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt from the attributes, not from __init__'s arguments, which differ
        # between subclasses: pickle and copy work for every error.
        return (_restore, (type(self), self.__dict__.copy()))

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(message={self.message!r}, code={self.code!r}, "
            f"http_status={self.http_status!r}, service_message={self.service_message!r}, "
            f"retryable={self.retryable!r})"
        )


class GatewayConfigError(GatewayError):
    """The client was set up with something unusable (address, client id, options)."""

    default_code = Code.CONFIG
    default_user_message = USER_MESSAGES[Code.CONFIG]


class InvalidRequestError(GatewayError):
    """An order field broke the contract; nothing was sent.

    Its ``code`` is the :class:`InputError`'s (``field`` says which field), so a
    front end says it as it says the same mistake typed into a form.
    """

    def __init__(self, input_error: InputError) -> None:
        super().__init__(
            f"invalid {input_error.field}: {input_error.message}",
            user_message=input_error.message,
        )
        self.input_error = input_error
        self.code = input_error.code
        self.field = input_error.field

    @property
    def failure(self) -> Failure:
        """``"<field>.<code>"``; the detail is the ceiling in kopecks for an amount over
        it, else the core's English sentence."""
        error = self.input_error
        ceiling = error.ceiling if isinstance(error, AmountError) else None
        detail = str(ceiling) if ceiling is not None else error.message
        return Failure(f"{error.field}.{error.code}", detail)


class GatewayConnectionError(GatewayError):
    """The service could not be reached, or the connection dropped mid-call."""

    default_code = Code.UNREACHABLE
    default_user_message = USER_MESSAGES[Code.UNREACHABLE]
    default_retryable = True


class GatewayTimeout(GatewayConnectionError):  # noqa: N818 (public API name)
    """The service did not connect or answer within the time allowed."""

    default_code = Code.TIMEOUT
    default_user_message = USER_MESSAGES[Code.TIMEOUT]


class TlsError(GatewayError):
    """The secure connection failed (certificate or handshake). Never retried:
    trying again cannot fix it, and may mean talking to an impostor."""

    default_code = Code.TLS
    default_user_message = USER_MESSAGES[Code.TLS]


class ServiceRefused(GatewayError):  # noqa: N818 (public API name)
    """The service answered ``status: false``: it understood us and said no."""

    default_code = Code.REFUSED
    default_user_message = USER_MESSAGES[Code.REFUSED]


class CredentialsRefused(ServiceRefused):
    """Unknown ``client_id`` or wrong ``sign``: the secret key or client id is wrong."""

    default_code = Code.CREDENTIALS_REFUSED
    default_user_message = USER_MESSAGES[Code.CREDENTIALS_REFUSED]


class OrderNotFound(ServiceRefused):
    """The service has no order with this ``order_id`` for this ``client_id``."""

    default_code = Code.ORDER_NOT_FOUND
    default_user_message = USER_MESSAGES[Code.ORDER_NOT_FOUND]


class OrderConflict(ServiceRefused):
    """The ``order_id`` is already used with a different amount or e-mail."""

    default_code = Code.ORDER_CONFLICT
    default_user_message = USER_MESSAGES[Code.ORDER_CONFLICT]


class ParameterRefused(ServiceRefused):
    """The service found a parameter missing or malformed (one PayDesk checked, so the
    service's rules differ: a lower amount ceiling, say). Its own words say which."""

    default_code = Code.PARAMETER_REFUSED
    default_user_message = USER_MESSAGES[Code.PARAMETER_REFUSED]


class RateLimited(GatewayError):  # noqa: N818 (public API name)
    """Too many requests (HTTP 429); ``retry_after`` is the wait the service asked for."""

    default_code = Code.RATE_LIMITED
    default_user_message = USER_MESSAGES[Code.RATE_LIMITED]
    default_retryable = True

    def __init__(
        self,
        message: str,
        *,
        retry_after: float | None = None,
        http_status: int | None = 429,
        body: str | None = None,
        service_message: str | None = None,
    ) -> None:
        super().__init__(
            message, http_status=http_status, body=body, service_message=service_message
        )
        self.retry_after = retry_after

    def __repr__(self) -> str:
        return f"{super().__repr__()[:-1]}, retry_after={self.retry_after!r})"


class ServiceUnavailable(GatewayError):  # noqa: N818 (public API name)
    """The service reported a fault of its own (HTTP 5xx)."""

    default_code = Code.SERVICE_FAULT
    default_user_message = USER_MESSAGES[Code.SERVICE_FAULT]
    default_retryable = True


class ProtocolError(GatewayError):
    """The reply was not what the contract promises (not JSON, a field missing...).

    Its code says which when a cashier can act on it (a redirect, a payment link
    that is not https...). Retryable only when the HTTP status was 5xx: then the
    service (or a proxy in front of it) had a fault and the next try may well get
    a proper reply.
    """

    default_code = Code.BAD_REPLY
    default_user_message = USER_MESSAGES[Code.BAD_REPLY]
