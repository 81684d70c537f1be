"""The buyer's screen on a paired tablet or phone: a small web server inside PayDesk.

aiohttp, in a thread of its own with its own event loop (as Home Assistant serves
its LAN interface): a real HTTP server for something other devices talk to, whose
server-sent events keep a connection per device open without a thread each. The
window's thread hands it each BuyerView the presenter publishes
(:meth:`WebDisplay.show`: ``call_soon_threadsafe``, never a wait) and every
connected page gets it at once; a page that comes back (Wi-Fi lost, a reload)
gets the current view first, never an old one.

A connection can stall with nothing closed (a Wi-Fi that hangs, a proxy that stops
forwarding): no write fails, so neither end learns it from TCP. Each stream sends a
``ping`` event every :data:`PING_SECONDS` and the page answers each one
(``/alive``); a page that hears nothing for :data:`LOST_AFTER_PINGS` pings takes its
code off and reconnects, and a stream whose page has not answered for as long is
ended. Only streams whose page answers count as connected (the window's "Buyer's
screens: N", and the panel's "On the buyer's screen").

Addresses: ``/pair?code=…`` (the one without a token: a pairing code, single use,
gives the browser its device token in a cookie and lands on the page), ``/`` the
page, ``/display.css`` and ``/display.js`` (resources/web/), ``/events`` the
stream, ``/code.svg`` the current code's picture, ``/hello`` (whether this
browser is still paired), ``/alive?stream=…`` (a page's answer to its stream's
ping), ``/notice.css`` (open too: the style of the page a refused browser gets).
Every request passes display_guard.py first.

While it runs it holds ``web-display.lock`` in the data folder and writes its
address beside it (``web-display-address``), so ``paydesk display link`` can make a
pairing address for it (display_devices.py: the code goes in the devices' file).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from aiohttp import web

from paydesk.core.buyer_devices.devices import (
    ADDRESS_FILE,
    CODE_SECONDS,
    LOCK_FILE,
    Device,
    DeviceBook,
    pairing_address,
    running_address,
)
from paydesk.core.buyer_devices.guard import (
    COOKIE,
    DEVICE,
    HEADERS,
    Guard,
    PairingLimit,
    add_headers,
)
from paydesk.core.buyer_devices.page import PageWords, code_version, view_json
from paydesk.core.counter.views import BuyerView
from paydesk.core.served_loop import Limits, ServedLoop, open_site
from paydesk.support.qr import qr_matrix, svg_text
from paydesk.support.resources import resource_path

log = logging.getLogger(__name__)

#: Connections at once, at most (pages' streams and their requests), from one address
#: (a device holds two: its stream, and a picture's request) and in all: past either, a
#: stranger's makes room (served_loop.Door) or the new one is closed.
MAX_PER_ADDRESS = 32
MAX_CONNECTIONS = 64
#: Streams at once per device (a page and its reload), and in all.
MAX_STREAMS_PER_DEVICE = 4
MAX_STREAMS = 32
#: A connection with no request in this long is closed (an idle attacker's too).
IDLE_SECONDS = 10.0
#: A new connection whose first request has not come in this long is closed.
FIRST_REQUEST_SECONDS = 5.0
#: Every stream pings its page this often; the page answers each ping.
PING_SECONDS = 4.0
#: A page that hears nothing, and a stream whose page answers nothing, for this many
#: pings is lost (two pings and a margin for a slow tablet): the page takes its code
#: off and reconnects, the stream is ended and no longer counted.
LOST_AFTER_PINGS = 2.5
#: A stop waits this long at most for a request still being answered (a slow device's
#: picture): the window's thread stops the server (a saved change, the window's end).
STOP_SECONDS = 0.5
#: The longest request line or header the server reads.
MAX_LINE = 4096
_STATIC = {"/display.css": ("display.css", "text/css"),
           "/display.js": ("display.js", "text/javascript"),
           "/notice.css": ("notice.css", "text/css")}


@dataclass(eq=False)
class _Stream:
    """One open page's stream: what it is sent, and when its page last answered a ping."""

    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    stream_id: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    #: On the monotonic clock: the page's last answer, or the stream's start.
    heard: float = field(default_factory=time.monotonic)
    #: The page has answered since the stream began: it shows what it is sent.
    live: bool = False


class WebDisplay:
    """One data folder's web buyer's screen: its devices, its server, its thread."""

    def __init__(self, data_dir: Path, words: PageWords, *, network: bool = False,
                 port: int = 0, idle_seconds: float = IDLE_SECONDS,
                 ping_seconds: float | None = None,
                 on_connected: Callable[[int], None] = lambda _count: None) -> None:
        """``network``: listen on the shop's network (else this computer only); ``port``
        0: any free one. ``ping_seconds``: the streams' ping (:data:`PING_SECONDS` as it
        is when the display is made). ``on_connected`` hears the number of devices whose
        page is live, in the server's thread, whenever it changes."""
        self.data_dir = Path(data_dir)
        self.book = DeviceBook(self.data_dir)
        self._words = words
        self._network = network
        self._port = port
        self._idle = idle_seconds
        self._ping = PING_SECONDS if ping_seconds is None else ping_seconds
        self._lost = LOST_AFTER_PINGS * self._ping
        self._on_connected = on_connected
        self._counted = 0
        self._view = BuyerView()
        self._data = view_json(self._view, words.language)
        self._streams: dict[str, set[_Stream]] = {}
        self._limit = PairingLimit()
        self._svg = ("", "")  # the current code's link and its picture
        self._served = ServedLoop(self.data_dir, lock_file=LOCK_FILE, address_file=ADDRESS_FILE,
                                  what="buyer's web screen", stop_seconds=STOP_SECONDS)

    # -- the window's side ------------------------------------------------------------------

    def start(self) -> str:
        """Listen and serve in a thread of its own; the address devices open.

        OSError when the port is taken or another program serves this folder's screen.
        Returns at once: binding a socket waits on nothing.
        """
        # The shop's network only when the merchant chose it (the window warns).
        host = "0.0.0.0" if self._network else "127.0.0.1"  # noqa: S104
        return self._served.start(self._serve, host=host, port=self._port,
                                  shown_host=_own_address() if self._network else "127.0.0.1")

    @property
    def base_url(self) -> str:
        return self._served.base_url

    def show(self, view: BuyerView) -> None:
        """The presenter's new buyer's view: to every connected page (from any thread)."""
        self._served.call(self._publish, view)

    def pairing_address(self, name: str = "") -> tuple[str, datetime]:
        """A fresh pairing address (single use) and when it stops working; ``name``: the
        device's (empty: its kind and a number)."""
        return pairing_address(self.book, self.base_url, _now(), name)

    def set_words(self, words: PageWords) -> None:
        """New words (the shop's name changed): the open pages reconnect and load them."""
        self._served.call(self._new_words, words)

    def remove_device(self, device_id: str) -> None:
        """Unpair a device: its token stops working at once and its page goes blank."""
        self.book.remove(device_id)
        self._served.call(self._end_streams, device_id)

    def rename_device(self, device_id: str, name: str) -> None:
        """Another name for a paired device (ValueError for an empty one)."""
        self.book.rename(device_id, name)

    def devices(self) -> list[Device]:
        return self.book.devices()

    def connected(self) -> int:
        """How many devices have the page open now and answering: a page behind a
        stalled connection is not counted, whatever its socket says."""
        return sum(1 for streams in list(self._streams.values())
                   if any(stream.live for stream in list(streams)))

    def stop(self) -> None:
        """Close every connection and the thread (the pages' streams end at once; a
        request still answered gets :data:`STOP_SECONDS`)."""
        self._served.stop()
        with contextlib.suppress(OSError):
            self.book.save_last_seen()

    # -- the server's thread ----------------------------------------------------------------

    async def _serve(self, sock: socket.socket, stopping: asyncio.Future[None]) -> None:
        app = web.Application(client_max_size=1024, middlewares=[Guard(
            self.book, open_paths=frozenset({"/pair", "/notice.css"}),
            refuse=self._refusal,
            seen=lambda device: self.book.seen(device.device_id, _now())).middleware])
        app.on_response_prepare.append(add_headers)
        for path, handler in (("/", self._page), ("/pair", self._pair), ("/events", self._events),
                              ("/code.svg", self._code), ("/hello", self._hello),
                              ("/alive", self._alive),
                              *((p, self._static) for p in _STATIC)):
            app.router.add_get(path, handler)
        limits = Limits(per_address=MAX_PER_ADDRESS, total=MAX_CONNECTIONS,
                        idle_seconds=self._idle,
                        first_request_seconds=min(FIRST_REQUEST_SECONDS, self._idle),
                        max_line=MAX_LINE, headers=HEADERS,
                        bad_request=lambda: self._refusal(400))
        runner, server = await open_site(app, sock, limits, what="the buyer's web screen",
                                         stop_seconds=STOP_SECONDS)
        try:
            await stopping
        finally:
            for device_id in list(self._streams):
                self._end_streams(device_id, removed=False)
            server.close()
            await runner.cleanup()

    def _publish(self, view: BuyerView) -> None:
        if view == self._view:
            return
        self._view, self._data = view, view_json(view, self._words.language)
        for streams in self._streams.values():
            for stream in streams:
                stream.queue.put_nowait(self._data)

    def _new_words(self, words: PageWords) -> None:
        self._words = words
        self._data = view_json(self._view, words.language)
        for device_id in list(self._streams):
            self._end_streams(device_id, removed=False)

    def _end_streams(self, device_id: str, *, removed: bool = True) -> None:
        for stream in self._streams.get(device_id, ()):
            stream.queue.put_nowait(None if removed else "")

    # -- the handlers -----------------------------------------------------------------------

    async def _page(self, _request: web.Request) -> web.Response:
        template = resource_path("web", "display.html").read_text(encoding="utf-8")
        return web.Response(text=self._words.page(template, lost_seconds=self._lost),
                            content_type="text/html")

    async def _static(self, request: web.Request) -> web.Response:
        name, kind = _STATIC[request.path]
        return web.Response(text=resource_path("web", name).read_text(encoding="utf-8"),
                            content_type=kind)

    async def _hello(self, _request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _alive(self, request: web.Request) -> web.Response:
        """A page heard its stream's ping: the stream is live for another while."""
        device: Device = request[DEVICE]
        stream_id = request.query.get("stream", "")
        for stream in self._streams.get(device.device_id, ()):
            if stream.stream_id == stream_id:
                stream.heard, stream.live = time.monotonic(), True
                self._count_changed()
                return web.Response(status=204)
        return self._refusal(404)  # ended meanwhile: the page's stream ends too

    async def _code(self, request: web.Request) -> web.Response:
        link = self._view.link
        if link is None or request.query.get("v") != code_version(link):
            return self._refusal(404)
        if self._svg[0] != link:  # made once per sale, however many devices ask
            self._svg = (link, svg_text(qr_matrix(link)))
        return web.Response(text=self._svg[1], content_type="image/svg+xml")

    async def _pair(self, request: web.Request) -> web.Response:
        if self._limit.locked(request.remote):
            return self._refusal(429)
        code = request.query.get("code", "")
        token = None
        if 0 < len(code) <= 64 and code.isascii():
            token = self.book.pair(code, _device_name(request.headers.get("User-Agent", "")),
                                   _now())
        if token is None:
            self._limit.wrong(request.remote)
            return self._refusal(403)
        log.info("a device paired with the buyer's web screen")
        response = web.Response(status=303, headers={"Location": "/"})
        response.set_cookie(COOKIE, token, max_age=10 * 365 * 24 * 3600, httponly=True,
                            samesite="Lax", path="/")
        return response

    async def _events(self, request: web.Request) -> web.StreamResponse:
        device: Device = request[DEVICE]
        streams = self._streams.setdefault(device.device_id, set())
        if len(streams) >= MAX_STREAMS_PER_DEVICE or \
                sum(len(s) for s in self._streams.values()) >= MAX_STREAMS:
            return self._refusal(429)
        stream = _Stream()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        streams.add(stream)
        try:
            page = json.dumps({"version": self._words.version, "stream": stream.stream_id})
            # The first ping at once: the page answers it and is counted.
            await response.write(f"retry: 2000\n\nevent: page\ndata: {page}\n\n"
                                 f"event: ping\ndata: {{}}\n\n"
                                 f"event: view\ndata: {self._data}\n\n".encode())
            await self._follow(stream, response)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            streams.discard(stream)
            if not streams:
                self._streams.pop(device.device_id, None)
            self._count_changed()
        return response

    async def _follow(self, stream: _Stream, response: web.StreamResponse) -> None:
        """Each new view, and a ping every :data:`PING_SECONDS`, until the page stops
        answering (a stalled connection: nothing fails), is removed or the server stops."""
        next_ping = time.monotonic() + self._ping
        while True:
            now = time.monotonic()
            if now - stream.heard >= self._lost:
                log.info("a buyer's screen stopped answering: its stream is ended")
                return
            try:
                data = await asyncio.wait_for(
                    stream.queue.get(), min(next_ping, stream.heard + self._lost) - now)
            except TimeoutError:
                if time.monotonic() >= next_ping:
                    await response.write(b"event: ping\ndata: {}\n\n")
                    next_ping = time.monotonic() + self._ping
                continue
            if data is None:  # removed: the page goes blank
                await response.write(b"event: removed\ndata: {}\n\n")
                return
            if not data:  # the server stops
                return
            await response.write(f"event: view\ndata: {data}\n\n".encode())

    def _refusal(self, status: int) -> web.Response:
        words = self._words
        text = {401: words.not_paired, 403: words.code_refused,
                429: words.pairing_locked}.get(status)
        if text is None:
            return web.Response(status=status, text=f"{status}\n")
        return web.Response(status=status, text=words.notice(text), content_type="text/html")

    def _count_changed(self) -> None:
        count = self.connected()
        if count == self._counted:
            return
        self._counted = count
        try:
            self._on_connected(count)
        except Exception:
            log.exception("the count of connected devices was not heard")


def _own_address() -> str:
    """This computer's address on the shop's network (no packet is sent to find it)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
        return str(probe.getsockname()[0])
    return "127.0.0.1"


def _device_name(user_agent: str) -> str:
    """A device's name in the till's list, from its browser's description."""
    for marker, name in (("iPad", "iPad"), ("iPhone", "iPhone"), ("Android", "Android"),
                         ("CrOS", "Chromebook"), ("Windows", "Windows"),
                         ("Macintosh", "Mac"), ("Linux", "Linux")):
        if marker in user_agent:
            if name == "Android":
                return "Android phone" if "Mobile" in user_agent else "Android tablet"
            return name
    return "Browser"


def _now() -> datetime:
    return datetime.now(UTC)


__all__ = ["CODE_SECONDS", "WebDisplay", "pairing_address", "running_address"]
