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
    pass


class _DeadlinePassedError(Exception):
    pass


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

    Redirects are not followed: the service never sends one, and following it
    would carry the signed query to another address, maybe over plain HTTP.
    """
    error: GatewayError
    status: int | None = None
    try:
        with session.get(
            request.url,
            params=dict(request.params),
            headers=dict(request.headers),
            timeout=(connect_timeout, read_timeout),
            stream=True,
            allow_redirects=False,
            verify=True,
        ) as response:
            status = response.status_code
            body = _read_body(response, deadline_at, clock)
            return RawReply(
                endpoint=request.endpoint,
                http_status=response.status_code,
                headers=response.headers,
                body=body,
            )
    except _TooLargeError:
        error = ProtocolError(
            f"{request.endpoint}: reply too large (over {MAX_BODY} bytes)",
            http_status=status,
            retryable=status is not None and 500 <= status <= 599,
        )
    except _DeadlinePassedError:
        error = GatewayTimeout(f"{request.endpoint}: the deadline passed while reading the reply")
    except requests.RequestException as exc:
        error = _map_exception(request.endpoint, exc)
    except (OSError, http.client.HTTPException):  # a socket error requests did not wrap
        error = GatewayConnectionError(f"{request.endpoint}: the connection failed")
    raise error


def _read_body(
    response: requests.Response, deadline_at: float, clock: Callable[[], float]
) -> bytes:
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise _TooLargeError
    chunks: list[bytes] = []
    size = 0
    overdue = False
    for chunk in response.iter_content(_CHUNK):
        # A reply that is complete when the deadline passes is still used; only
        # one still trickling in after it is given up.
        if overdue:
            raise _DeadlinePassedError
        size += len(chunk)
        if size > MAX_BODY:
            raise _TooLargeError
        chunks.append(chunk)
        overdue = clock() >= deadline_at
    return b"".join(chunks)


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
