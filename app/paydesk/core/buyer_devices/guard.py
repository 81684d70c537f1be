"""What keeps the buyer's web screen's server to its one job, in front of every request.

The page faces the shop's network, so before a handler runs: the ``Host`` must be
an address, not a name (a DNS-rebinding page names its own host), or ``localhost``;
only GET and HEAD are answered (the page is read-only: nothing a device sends
changes anything); every address but the pairing one needs a paired device's
token, from its cookie; every answer carries a strict Content-Security-Policy and
the other headers that keep it from being framed, sniffed or referred; no CORS
header is ever sent. Wrong pairing codes are counted per client address:
:data:`WRONG_TRIES` in a minute lock pairing for that address for a minute. A paired
device's connection is vouched for (served_loop.vouch): it is served ahead of strangers'.
"""

from __future__ import annotations

import ipaddress
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web

from paydesk.core.buyer_devices.devices import Device, DeviceBook
from paydesk.core.served_loop import vouch

#: The cookie a paired browser keeps its token in.
COOKIE = "paydesk_display"
#: Wrong pairing codes in :data:`WINDOW_SECONDS` that lock pairing for as long.
WRONG_TRIES = 10
WINDOW_SECONDS = 60.0
#: Client addresses whose wrong codes are remembered at once, at most.
KEPT_ADDRESSES = 1024
#: Every answer's headers: no framing, no sniffing, no referrer, nothing from elsewhere.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; style-src 'self'; "
    "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}
#: The request's device, for the handlers (set by :meth:`Guard.middleware`).
DEVICE = web.RequestKey("device", Device)
#: What a token (display_devices.new_secret) looks like; anything else is not looked up.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def host_is_allowed(host: str) -> bool:
    """Whether a ``Host`` header names this computer by an address (or ``localhost``)."""
    name = host.strip().lower()
    if name.startswith("["):  # [::1]:8765
        name = name[1:].partition("]")[0]
    elif name.count(":") == 1:
        name = name.partition(":")[0]
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass
class _Tries:
    """One address's wrong codes in the last minute, and its lock's end."""

    wrong: deque[float] = field(default_factory=deque)
    locked_until: float = 0.0


class PairingLimit:
    """Counts wrong pairing codes per client address: :data:`WRONG_TRIES` in a minute
    from one address lock pairing for that address for a minute (the others pair on).
    An address is forgotten once its minute is over; at most :data:`KEPT_ADDRESSES`
    are remembered (the least recently wrong forgotten first)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._tries: dict[str, _Tries] = {}  # the least recently wrong first

    def locked(self, address: str | None) -> bool:
        """Whether pairing is locked for ``address`` (None: not known, one address)."""
        tries = self._tries.get(address or "")
        return tries is not None and self._clock() < tries.locked_until

    def wrong(self, address: str | None) -> None:
        now = self._clock()
        self._forget(now)
        key = address or ""
        tries = self._tries.pop(key, None) or _Tries()
        self._tries[key] = tries  # the most recent now
        tries.wrong.append(now)
        while tries.wrong[0] <= now - WINDOW_SECONDS:
            tries.wrong.popleft()
        if len(tries.wrong) >= WRONG_TRIES:
            tries.locked_until = now + WINDOW_SECONDS
            tries.wrong.clear()
        while len(self._tries) > KEPT_ADDRESSES:
            del self._tries[next(iter(self._tries))]

    def _forget(self, now: float) -> None:
        for address in [a for a, t in self._tries.items() if t.locked_until <= now and
                        (not t.wrong or t.wrong[-1] <= now - WINDOW_SECONDS)]:
            del self._tries[address]


class Guard:
    """The checks every request passes, as one aiohttp middleware."""

    def __init__(self, book: DeviceBook, *, open_paths: frozenset[str],
                 refuse: Callable[[int], web.Response],
                 seen: Callable[[Device], None]) -> None:
        """``open_paths`` need no token (the pairing address); ``refuse`` makes the
        answer for a status; ``seen`` hears each paired device's request."""
        self._book = book
        self._open = open_paths
        self._refuse = refuse
        self._seen = seen

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not host_is_allowed(request.headers.get("Host", "")):
            return self._refuse(421)
        if request.method not in ("GET", "HEAD"):
            return self._refuse(405)
        if request.content_length or request.headers.get("Transfer-Encoding"):
            return self._refuse(413)  # a GET has nothing to send
        if request.path not in self._open:
            device = self.device(request)
            if device is None:
                return self._refuse(401)
            vouch(request)
            self._seen(device)
            request[DEVICE] = device
        try:
            return await handler(request)
        except web.HTTPException as exc:
            return self._refuse(exc.status if 400 <= exc.status < 500 else 404)

    def device(self, request: web.Request) -> Device | None:
        token = request.cookies.get(COOKIE, "")
        if not _TOKEN.fullmatch(token):
            return None
        return self._book.device_of(token)


async def add_headers(_request: web.Request, response: web.StreamResponse) -> None:
    """Every answer's security headers (an ``on_response_prepare`` signal)."""
    response.headers.update(HEADERS)
    for name in [n for n in response.headers if n.lower().startswith("access-control-")]:
        del response.headers[name]
