"""What can go wrong talking to the payment service, as one tree of exceptions.

Modelled on stripe-python's ``_error.py``: each error carries one sentence fit
to show a cashier (``user_message``) and what support needs (``http_status``,
``body``, ``service_message``), plus whether trying again may help
(``retryable``). ``str()`` is the technical account for logs; no text here ever
holds the secret key, a request's ``sign`` or its query string.
"""

from __future__ import annotations

from typing import Any, ClassVar

from paydesk.domain.errors import InputError

#: How much of a reply body an error keeps for support.
BODY_EXCERPT = 500
#: How much of the service's own ``message`` is kept (it is shown to people).
SERVICE_MESSAGE_MAX = 300


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

    default_user_message: ClassVar[str] = (
        "The request to the payment service failed. Try again; if it keeps failing, "
        "contact support."
    )
    default_retryable: ClassVar[bool] = False

    def __init__(
        self,
        message: str,
        *,
        user_message: str | None = None,
        http_status: int | None = None,
        body: str | None = None,
        service_message: str | None = None,
        retryable: bool | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.user_message = user_message or self.default_user_message
        self.http_status = http_status
        self.body = _excerpt(body, BODY_EXCERPT)
        self.service_message = _excerpt(service_message, SERVICE_MESSAGE_MAX)
        self.retryable = self.default_retryable if retryable is None else retryable

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
            f"{type(self).__name__}(message={self.message!r}, http_status={self.http_status!r}, "
            f"service_message={self.service_message!r}, retryable={self.retryable!r})"
        )


class GatewayConfigError(GatewayError):
    """The client was set up with something unusable (address, client id, options)."""

    default_user_message = "The payment service settings are not valid. Check them in settings."


class InvalidRequestError(GatewayError):
    """An order field broke the contract; nothing was sent."""

    def __init__(self, input_error: InputError) -> None:
        super().__init__(
            f"invalid {input_error.field}: {input_error.message}",
            user_message=input_error.message,
        )
        self.input_error = input_error
        self.code = input_error.code
        self.field = input_error.field


class GatewayConnectionError(GatewayError):
    """The service could not be reached, or the connection dropped mid-call."""

    default_user_message = (
        "The payment service could not be reached. Check the internet connection and try again."
    )
    default_retryable = True


class GatewayTimeout(GatewayConnectionError):  # noqa: N818 (public API name)
    """The service did not connect or answer within the time allowed."""

    default_user_message = "The payment service did not answer in time. Try again in a moment."


class TlsError(GatewayError):
    """The secure connection failed (certificate or handshake). Never retried:
    trying again cannot fix it, and may mean talking to an impostor."""

    default_user_message = (
        "The secure connection to the payment service could not be verified. Check the "
        "computer's date and time and the service address, or contact support."
    )


class ServiceRefused(GatewayError):  # noqa: N818 (public API name)
    """The service answered ``status: false``: it understood us and said no."""

    default_user_message = "The payment service refused the request."


class CredentialsRefused(ServiceRefused):
    """Unknown ``client_id`` or wrong ``sign``: the secret key or client id is wrong."""

    default_user_message = (
        "The payment service did not accept the shop's credentials. Check the client ID "
        "and the secret key in settings."
    )


class OrderNotFound(ServiceRefused):
    """The service has no order with this ``order_id`` for this ``client_id``."""

    default_user_message = "The payment service has no order with this number."


class OrderConflict(ServiceRefused):
    """The ``order_id`` is already used with a different amount or e-mail."""

    default_user_message = (
        "This order number is already used at the payment service with a different amount "
        "or e-mail."
    )


class ParameterRefused(ServiceRefused):
    """The service found a parameter missing or malformed (one PayDesk checked, so the
    service's rules differ: a lower amount ceiling, say). Its own words say which."""

    default_user_message = "The payment service refused a value in the request."


class RateLimited(GatewayError):  # noqa: N818 (public API name)
    """Too many requests (HTTP 429); ``retry_after`` is the wait the service asked for."""

    default_user_message = "The payment service is busy. Wait a moment and try again."
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

    default_user_message = (
        "The payment service is having a problem right now. Try again in a few minutes."
    )
    default_retryable = True


class ProtocolError(GatewayError):
    """The reply was not what the contract promises (not JSON, a field missing...).

    Retryable only when the HTTP status was 5xx: then the service (or a proxy in
    front of it) had a fault and the next try may well get a proper reply.
    """

    default_user_message = (
        "The payment service sent a reply PayDesk could not understand. Try again; if it "
        "keeps happening, contact support."
    )
