"""One HTTP GET to the service: timeouts, a bounded body, and our errors for requests' ones.

requests' exception texts contain the full URL, query string and ``sign``
included, so none of them is passed on: each is mapped to one of our errors
built outside the ``except`` block (no ``__context__`` to carry the URL along).
"""

from __future__ import annotations

import http.client
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import requests
from urllib3.exceptions import ReadTimeoutError

from paydesk.gateway.deadline import CallWatch, watching
from paydesk.gateway.errors import (
    GatewayConnectionError,
    GatewayError,
    GatewayTimeout,
    ProtocolError,
    TlsError,
)
from paydesk.gateway.replies import RawReply

#: The most of a reply body we read; the contract's replies are a few hundred bytes.
MAX_BODY = 64 * 1024
_CHUNK = 8 * 1024


@dataclass(frozen=True, slots=True)
class Request:
    endpoint: str
    url: str
    params: Mapping[str, str]
    headers: Mapping[str, str]


class _TooLargeError(Exception):
    def __init__(self, http_status: int) -> None:
        super().__init__(http_status)
        self.http_status = http_status


class _CutError(Exception):
    """The deadline passed just as the reply was complete: not to be trusted."""


def fetch(
    session: requests.Session,
    request: Request,
    *,
    connect_timeout: float,
    read_timeout: float,
    deadline_at: float,
    clock: Callable[[], float],
) -> RawReply:
    """Send ``request`` and read its reply, or raise a :class:`GatewayError`.

    The call ends at ``deadline_at`` (on ``clock``) however slowly the reply
    arrives: the timeouts bound each read, a :class:`~deadline.CallWatch` the
    whole call. Redirects are not followed: the service never sends one, and
    following it would carry the signed query to another address, maybe over
    plain HTTP.
    """
    failure: Exception
    with watching(deadline_at - clock()) as watch:
        try:
            return _get(session, request, connect_timeout, read_timeout, watch)
        except Exception as exc:  # mapped below, outside the except block
            failure = exc
    if watch.cut:
        # Whatever the cut connection raised (or a reply cut short): a timeout.
        raise GatewayTimeout(
            f"{request.endpoint}: the deadline passed before the reply was complete"
        )
    raise _gateway_error(request.endpoint, failure)


def _get(
    session: requests.Session,
    request: Request,
    connect_timeout: float,
    read_timeout: float,
    watch: CallWatch,
) -> RawReply:
    with session.get(
        request.url,
        params=dict(request.params),
        headers=dict(request.headers),
        timeout=(connect_timeout, read_timeout),
        stream=True,
        allow_redirects=False,
        verify=True,
    ) as response:
        body = _read_body(response)
        # Stopped before the connection goes back to the pool.
        if watch.stop():
            raise _CutError
        return RawReply(
            endpoint=request.endpoint,
            http_status=response.status_code,
            headers=response.headers,
            body=body,
        )


def _read_body(response: requests.Response) -> bytes:
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise _TooLargeError(response.status_code)
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_content(_CHUNK):
        size += len(chunk)
        if size > MAX_BODY:
            raise _TooLargeError(response.status_code)
        chunks.append(chunk)
    return b"".join(chunks)


def _gateway_error(endpoint: str, failure: Exception) -> GatewayError:
    if isinstance(failure, _TooLargeError):
        status = failure.http_status
        return ProtocolError(
            f"{endpoint}: reply too large (over {MAX_BODY} bytes)",
            http_status=status,
            retryable=500 <= status <= 599,
        )
    if isinstance(failure, requests.RequestException):
        return _map_exception(endpoint, failure)
    if isinstance(failure, OSError | http.client.HTTPException):
        # A socket error requests did not wrap.
        return GatewayConnectionError(f"{endpoint}: the connection failed")
    raise failure


def _map_exception(endpoint: str, exc: requests.RequestException) -> GatewayError:
    """requests' exception as ours, without its text (it holds the URL)."""
    # SSLError and ConnectTimeout are ConnectionErrors too: test them first.
    if isinstance(exc, requests.exceptions.SSLError):
        return TlsError(f"{endpoint}: TLS handshake or certificate check failed")
    if isinstance(exc, requests.exceptions.ConnectTimeout):
        return GatewayTimeout(f"{endpoint}: timed out connecting")
    if isinstance(exc, requests.exceptions.ReadTimeout):
        return GatewayTimeout(f"{endpoint}: timed out waiting for the reply")
    if isinstance(exc, requests.exceptions.ProxyError):
        return GatewayConnectionError(f"{endpoint}: the proxy could not be used")
    if isinstance(exc, requests.exceptions.ConnectionError):
        # A read timeout while streaming the body comes as a ConnectionError.
        if exc.args and isinstance(exc.args[0], ReadTimeoutError):
            return GatewayTimeout(f"{endpoint}: timed out reading the reply")
        return GatewayConnectionError(f"{endpoint}: could not connect, or the connection dropped")
    if isinstance(exc, requests.exceptions.ChunkedEncodingError):
        return GatewayConnectionError(f"{endpoint}: the connection dropped during the reply")
    if isinstance(exc, requests.exceptions.ContentDecodingError):
        return ProtocolError(f"{endpoint}: the reply's compression is broken")
    return GatewayError(f"{endpoint}: the request failed ({type(exc).__name__})")
