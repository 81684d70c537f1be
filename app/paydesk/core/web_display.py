"""The buyer's screen on a paired tablet or phone: a small web server inside PayDesk.

aiohttp, in a thread of its own with its own event loop (as Home Assistant serves
its LAN interface): a real HTTP server for something other devices talk to, whose
server-sent events keep a connection per device open without a thread each. The
window's thread hands it each BuyerView the presenter publishes
(:meth:`WebDisplay.show`: ``call_soon_threadsafe``, never a wait) and every
connected page gets it at once; a page that comes back (Wi-Fi lost, a reload)
gets the current view first, never an old one.

Addresses: ``/pair?code=…`` (the one without a token: a pairing code, single use,
gives the browser its device token in a cookie and lands on the page), ``/`` the
page, ``/display.css`` and ``/display.js`` (resources/web/), ``/events`` the
stream, ``/code.svg`` the current code's picture, ``/hello`` (whether this
browser is still paired), ``/notice.css`` (open too: the style of the page a
refused browser gets). Every request passes display_guard.py first.

While it runs it holds ``web-display.lock`` in the data folder and writes its
address beside it (``web-display-address``), so ``paydesk display link`` can make a
pairing address for it (display_devices.py: the code goes in the devices' file).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from aiohttp import web

from paydesk.core.counter_views import BuyerView
from paydesk.core.display_devices import (
    ADDRESS_FILE,
    CODE_SECONDS,
    LOCK_FILE,
    Device,
    DeviceBook,
    pairing_address,
    running_address,
)
from paydesk.core.display_guard import COOKIE, DEVICE, Guard, PairingLimit, add_headers
from paydesk.core.display_page import PageWords, code_version, view_json
from paydesk.core.served_loop import ServedLoop, capped
from paydesk.support.qr import qr_matrix, svg_text
from paydesk.support.resources import resource_path

log = logging.getLogger(__name__)

#: Connections at once, at most (pages' streams and their requests); more are closed.
MAX_CONNECTIONS = 64
#: Streams at once per device (a page and its reload), and in all.
MAX_STREAMS_PER_DEVICE = 4
MAX_STREAMS = 32
#: A connection with no request in this long is closed (an idle attacker's too).
IDLE_SECONDS = 10.0
#: A stream with nothing new says so this often (a comment), so a dead one is found.
PING_SECONDS = 15.0
#: A stop waits this long at most for a request still being answered (a slow device's
#: picture): the window's thread stops the server (a saved change, the window's end).
STOP_SECONDS = 0.5
#: The longest request line or header the server reads.
MAX_LINE = 4096
_STATIC = {"/display.css": ("display.css", "text/css"),
           "/display.js": ("display.js", "text/javascript"),
           "/notice.css": ("notice.css", "text/css")}


class WebDisplay:
    """One data folder's web buyer's screen: its devices, its server, its thread."""

    def __init__(self, data_dir: Path, words: PageWords, *, network: bool = False,
                 port: int = 0, idle_seconds: float = IDLE_SECONDS,
                 on_connected: Callable[[int], None] = lambda _count: None) -> None:
        """``network``: listen on the shop's network (else this computer only); ``port``
        0: any free one. ``on_connected`` hears the number of devices connected, in the
        server's thread, whenever it changes."""
        self.data_dir = Path(data_dir)
        self.book = DeviceBook(self.data_dir)
        self._words = words
        self._network = network
        self._port = port
        self._idle = idle_seconds
        self._on_connected = on_connected
        self._view = BuyerView()
        self._data = view_json(self._view, words.language)
        self._streams: dict[str, set[asyncio.Queue[str | None]]] = {}
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

    def pairing_address(self) -> tuple[str, datetime]:
        """A fresh pairing address (single use) and when it stops working."""
        return pairing_address(self.book, self.base_url, _now())

    def set_words(self, words: PageWords) -> None:
        """New words (the shop's name changed): the open pages reconnect and load them."""
        self._served.call(self._new_words, words)

    def remove_device(self, device_id: str) -> None:
        """Unpair a device: its token stops working at once and its page goes blank."""
        self.book.remove(device_id)
        self._served.call(self._end_streams, device_id)

    def devices(self) -> list[Device]:
        return self.book.devices()

    def connected(self) -> int:
        """How many devices have the page open now."""
        return sum(1 for queues in list(self._streams.values()) if queues)

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
                              *((p, self._static) for p in _STATIC)):
            app.router.add_get(path, handler)
        runner = web.AppRunner(app, access_log=None, keepalive_timeout=self._idle,
                               max_line_size=MAX_LINE, max_field_size=MAX_LINE,
                               handler_cancellation=True, shutdown_timeout=STOP_SECONDS)
        await runner.setup()
        loop = asyncio.get_running_loop()
        server = await loop.create_server(capped(runner, MAX_CONNECTIONS), sock=sock)
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
        for queues in self._streams.values():
            for queue in queues:
                queue.put_nowait(self._data)

    def _new_words(self, words: PageWords) -> None:
        self._words = words
        self._data = view_json(self._view, words.language)
        for device_id in list(self._streams):
            self._end_streams(device_id, removed=False)

    def _end_streams(self, device_id: str, *, removed: bool = True) -> None:
        for queue in self._streams.get(device_id, ()):
            queue.put_nowait(None if removed else "")

    # -- the handlers -----------------------------------------------------------------------

    async def _page(self, _request: web.Request) -> web.Response:
        template = resource_path("web", "display.html").read_text(encoding="utf-8")
        return web.Response(text=self._words.page(template), content_type="text/html")

    async def _static(self, request: web.Request) -> web.Response:
        name, kind = _STATIC[request.path]
        return web.Response(text=resource_path("web", name).read_text(encoding="utf-8"),
                            content_type=kind)

    async def _hello(self, _request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _code(self, request: web.Request) -> web.Response:
        link = self._view.link
        if link is None or request.query.get("v") != code_version(link):
            return self._refusal(404)
        if self._svg[0] != link:  # made once per sale, however many devices ask
            self._svg = (link, svg_text(qr_matrix(link)))
        return web.Response(text=self._svg[1], content_type="image/svg+xml")

    async def _pair(self, request: web.Request) -> web.Response:
        if self._limit.locked():
            return self._refusal(429)
        code = request.query.get("code", "")
        token = None
        if 0 < len(code) <= 64 and code.isascii():
            token = self.book.pair(code, _device_name(request.headers.get("User-Agent", "")),
                                   _now())
        if token is None:
            self._limit.wrong()
            return self._refusal(403)
        log.info("a device paired with the buyer's web screen")
        response = web.Response(status=303, headers={"Location": "/"})
        response.set_cookie(COOKIE, token, max_age=10 * 365 * 24 * 3600, httponly=True,
                            samesite="Lax", path="/")
        return response

    async def _events(self, request: web.Request) -> web.StreamResponse:
        device: Device = request[DEVICE]
        queues = self._streams.setdefault(device.device_id, set())
        if len(queues) >= MAX_STREAMS_PER_DEVICE or \
                sum(len(q) for q in self._streams.values()) >= MAX_STREAMS:
            return self._refusal(429)
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        queues.add(queue)
        self._count_changed()
        try:
            page = json.dumps({"version": self._words.version})
            await response.write(f"retry: 2000\n\nevent: page\ndata: {page}\n\n"
                                 f"event: view\ndata: {self._data}\n\n".encode())
            while True:
                try:
                    data = await asyncio.wait_for(queue.get(), PING_SECONDS)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                if data is None:  # removed: the page goes blank
                    await response.write(b"event: removed\ndata: {}\n\n")
                    break
                if not data:  # the server stops
                    break
                await response.write(f"event: view\ndata: {data}\n\n".encode())
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            queues.discard(queue)
            if not queues:
                self._streams.pop(device.device_id, None)
            self._count_changed()
        return response

    def _refusal(self, status: int) -> web.Response:
        words = self._words
        text = {401: words.not_paired, 403: words.code_refused,
                429: words.pairing_locked}.get(status)
        if text is None:
            return web.Response(status=status, text=f"{status}\n")
        return web.Response(status=status, text=words.notice(text), content_type="text/html")

    def _count_changed(self) -> None:
        try:
            self._on_connected(self.connected())
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
