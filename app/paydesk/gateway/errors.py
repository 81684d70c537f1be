"""What can go wrong talking to the payment service, as one tree of exceptions.

Modelled on stripe-python's ``_error.py``: each error carries a stable ``code``
(:class:`~paydesk.domain.failures.FailureCode`) with its details (``http_status``,
``body``, ``service_message``), one English sentence fit to show a cashier
(``user_message``: paydesk.domain.catalogue's words for the code, which the command
line prints and the window says translated), and whether trying again may help
(``retryable``). ``str()`` is the technical account for logs; no text here ever
holds the secret key, a request's ``sign`` or its query string.
"""

from __future__ import annotations

from typing import Any, ClassVar

from paydesk.domain.catalogue import say
from paydesk.domain.errors import InputError
from paydesk.domain.failures import Failure
from paydesk.domain.failures import FailureCode as Code

#: How much of a reply body an error keeps for support.
BODY_EXCERPT = 500
#: How much of the service's own ``message`` is kept (it is shown to people).
SERVICE_MESSAGE_MAX = 300

def message_for(code: str, service_message: str | None = None) -> str:
    """The English sentence for ``code`` (the catalogue's); a refusal says the service's
    own words after it."""
    return say(Failure(code, service_message))


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
        """The input error's: ``"<field>.<code>"`` and its detail."""
        return self.input_error.failure


class GatewayConnectionError(GatewayError):
    """The service could not be reached, or the connection dropped mid-call."""

    default_code = Code.UNREACHABLE
    default_retryable = True


class GatewayTimeout(GatewayConnectionError):  # noqa: N818 (public API name)
    """The service did not connect or answer within the time allowed."""

    default_code = Code.TIMEOUT


class TlsError(GatewayError):
    """The secure connection failed (certificate or handshake). Never retried:
    trying again cannot fix it, and may mean talking to an impostor."""

    default_code = Code.TLS


class ServiceRefused(GatewayError):  # noqa: N818 (public API name)
    """The service answered ``status: false``: it understood us and said no."""

    default_code = Code.REFUSED


class CredentialsRefused(ServiceRefused):
    """Unknown ``client_id`` or wrong ``sign``: the secret key or client id is wrong."""

    default_code = Code.CREDENTIALS_REFUSED


class OrderNotFound(ServiceRefused):
    """The service has no order with this ``order_id`` for this ``client_id``."""

    default_code = Code.ORDER_NOT_FOUND


class OrderConflict(ServiceRefused):
    """The ``order_id`` is already used with a different amount or e-mail."""

    default_code = Code.ORDER_CONFLICT


class ParameterRefused(ServiceRefused):
    """The service found a parameter missing or malformed (one PayDesk checked, so the
    service's rules differ: a lower amount ceiling, say). Its own words say which."""

    default_code = Code.PARAMETER_REFUSED


class RateLimited(GatewayError):  # noqa: N818 (public API name)
    """Too many requests (HTTP 429); ``retry_after`` is the wait the service asked for."""

    default_code = Code.RATE_LIMITED
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
    default_retryable = True


class ProtocolError(GatewayError):
    """The reply was not what the contract promises (not JSON, a field missing...).

    Its code says which when a cashier can act on it (a redirect, a payment link
    that is not https...). Retryable only when the HTTP status was 5xx: then the
    service (or a proxy in front of it) had a fault and the next try may well get
    a proper reply.
    """

    default_code = Code.BAD_REPLY
