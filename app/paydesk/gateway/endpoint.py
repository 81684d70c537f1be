"""Checks on what the client is configured with: the service address and the client id.

Done once, at construction, so a bad setting is reported in settings ("Test
connection") rather than as a puzzling failure at the counter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from paydesk.domain.failures import FailureCode as Code
from paydesk.gateway.errors import GatewayConfigError, message_for
from paydesk.support.loopback import is_loopback_host

_DIGITS_RE = re.compile(r"[0-9]+")


@dataclass(frozen=True, slots=True)
class Endpoint:
    """A checked ``base_url``, without its trailing slash."""

    base_url: str
    is_loopback: bool

    def url(self, endpoint: str) -> str:
        return f"{self.base_url}/backend/{endpoint}"


def parse_base_url(base_url: str, *, allow_insecure: bool = False) -> Endpoint:
    """Return the checked address, or raise :class:`GatewayConfigError` saying why not.

    HTTPS is required unless the host is loopback; ``allow_insecure`` lifts that
    for a test service on a local network (its payment links must still be https).
    Certificate checks stay on regardless.
    """
    if not isinstance(base_url, str) or not base_url.strip():
        raise _config(Code.ADDRESS_EMPTY)
    text = base_url.strip()
    if any(ch.isspace() or ord(ch) < 32 for ch in text):
        raise _config(Code.ADDRESS_SPACES)
    try:
        parts = urlsplit(text)
        port = parts.port  # parses it: raises ValueError when not a number in range
    except ValueError:
        raise _config(Code.ADDRESS_NOT_URL) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise _config(Code.ADDRESS_SCHEME)
    host = parts.hostname
    if not host:
        raise _config(Code.ADDRESS_NO_HOST)
    if parts.username is not None or parts.password is not None:
        raise _config(Code.ADDRESS_USER_INFO)
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise _config(Code.ADDRESS_QUERY)
    loopback = is_loopback_host(host)
    if scheme == "http" and not loopback and not allow_insecure:
        raise _config(Code.ADDRESS_NOT_HTTPS)
    netloc = f"[{host}]" if ":" in host else host
    if port is not None:
        netloc += f":{port}"
    path = parts.path.rstrip("/")
    return Endpoint(base_url=f"{scheme}://{netloc}{path}", is_loopback=loopback)


def parse_client_id(client_id: int | str) -> int:
    """A positive integer, given as an int or a string of ASCII digits."""
    if isinstance(client_id, bool):
        raise _config(Code.CLIENT_ID_NOT_NUMBER)
    if isinstance(client_id, int):
        value = client_id
    elif isinstance(client_id, str) and _DIGITS_RE.fullmatch(client_id.strip()):
        value = int(client_id.strip())
    else:
        raise _config(Code.CLIENT_ID_NOT_NUMBER)
    if value <= 0:
        raise _config(Code.CLIENT_ID_NOT_POSITIVE)
    return value


def _config(code: Code) -> GatewayConfigError:
    # The English sentence is the log's account too: it names no secret.
    return GatewayConfigError(message_for(code), code=code)
