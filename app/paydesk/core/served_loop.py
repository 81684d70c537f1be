"""What PayDesk's small HTTP servers share (the buyer's web screen,
core/buyer_devices/web_server.py; the till program's API, core/terminal/api.py): their
life outside the handlers (:class:`ServedLoop`: the data folder's lock, the listening
socket, the address written beside the lock, an event loop in a thread of its own) and
what they let each client have (:class:`Limits`, kept by :class:`Door`: connections per
address and in all, a paired device's or a till's served ahead of strangers', a
malformed request answered with one plain 400 and one log line).

Each runs aiohttp in its own thread and event loop; the window's thread hands it work
with :meth:`ServedLoop.call` (``call_soon_threadsafe``) and never waits on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import threading
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from aiohttp import hdrs, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestHandler

from paydesk.support.held_lock import HeldLock, try_lock
from paydesk.support.private_files import write_private_file

log = logging.getLogger(__name__)

#: Serves on the listening socket until the future is done (in the server's thread).
Serve = Callable[[socket.socket, "asyncio.Future[None]"], Awaitable[None]]


class ServedLoop:
    """One server's life: started once, stopped once, from the window's thread."""

    def __init__(self, data_dir: Path, *, lock_file: str, address_file: str, what: str,
                 stop_seconds: float) -> None:
        """``what`` names the server in its messages ("the till program's API")."""
        self._lock_path = Path(data_dir) / lock_file
        self._address_path = Path(data_dir) / address_file
        self._what = what
        self._stop_seconds = stop_seconds
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopping: asyncio.Future[None] | None = None
        self._lock: HeldLock | None = None
        self.base_url = ""

    def start(self, serve: Serve, *, host: str, port: int, shown_host: str) -> str:
        """Listen on ``host``:``port`` and run ``serve`` in a thread of its own; the base
        address (``shown_host`` and the port bound), written beside the lock for the
        commands. OSError when the port is taken or another program holds the lock.
        Returns at once: binding a socket waits on nothing."""
        lock = try_lock(self._lock_path)
        if lock is None:
            raise OSError(f"another PayDesk program serves this data folder's {self._what}")
        try:
            sock = listen(host, port)
        except OSError:
            lock.release()
            raise
        self._lock = lock
        self.base_url = f"http://{shown_host}:{sock.getsockname()[1]}"
        write_private_file(self._address_path, json.dumps({"url": self.base_url}) + "\n")
        loop = self._loop = asyncio.new_event_loop()
        stopping = self._stopping = loop.create_future()
        self._thread = threading.Thread(target=self._run, args=(loop, serve, sock, stopping),
                                        name=f"paydesk {self._what}", daemon=True)
        self._thread.start()
        log.info("%s listens at %s", self._what, self.base_url)
        return self.base_url

    def call(self, function: Callable[..., object], *args: Any) -> None:
        """Run ``function(*args)`` in the server's thread, soon; nothing once stopped."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # stopping meanwhile
                loop.call_soon_threadsafe(function, *args)

    def stop(self) -> None:
        """End the serving (a request still answered gets ``stop_seconds``), the thread,
        the address file and the lock."""
        loop, thread, stopping = self._loop, self._thread, self._stopping
        if loop is not None and thread is not None and stopping is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(finish, stopping)
            thread.join(timeout=self._stop_seconds + 1)
        self._loop = self._thread = self._stopping = None
        with contextlib.suppress(OSError):
            self._address_path.unlink(missing_ok=True)
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _run(self, loop: asyncio.AbstractEventLoop, serve: Serve, sock: socket.socket,
             stopping: asyncio.Future[None]) -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(serve(sock, stopping))
        except Exception:
            log.exception("%s stopped", self._what)
        finally:
            loop.close()


def listen(host: str, port: int) -> socket.socket:
    """A non-blocking socket listening on ``host``:``port`` (0: any free port); OSError
    when it is taken."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def finish(future: asyncio.Future[None]) -> None:
    """End a server's wait (its ``stopping`` future), from its own loop."""
    if not future.done():
        future.set_result(None)


@dataclass(frozen=True)
class Limits:
    """What one server lets each client address have, and everyone together."""

    #: Connections at once from one address, and in all.
    per_address: int
    total: int
    #: An established connection with no new request in this long is closed.
    idle_seconds: float
    #: A new connection whose first request has not come whole in this long is closed
    #: (a browser sends its at once; an idle stranger's, or a slow trickle, waits).
    first_request_seconds: float
    #: The longest request line or header read.
    max_line: int
    #: Every answer's headers, a refused request's too.
    headers: Mapping[str, str]
    #: The answer to a request the parser refuses (a 400; its body says nothing of it).
    bad_request: Callable[[], web.Response]


async def open_site(app: web.Application, sock: socket.socket, limits: Limits, *, what: str,
                    stop_seconds: float) -> tuple[web.AppRunner, asyncio.Server]:
    """Serve ``app`` on ``sock`` within ``limits``; the runner and the server, to close
    at the end (``server.close()``, then ``runner.cleanup()``)."""
    app.on_response_prepare.append(partial(_dress, limits.headers))
    runner = web.AppRunner(app, access_log=None, handler_cancellation=True,
                           shutdown_timeout=stop_seconds)
    await runner.setup()
    assert runner.server is not None
    door = Door(runner.server, limits, what)
    server = await asyncio.get_running_loop().create_server(door, sock=sock)
    return runner, server


def vouch(request: web.BaseRequest) -> None:
    """``request`` proved it is a known client's (a paired device's token, the till
    program's): its connection is served ahead of strangers' from now on."""
    if isinstance(request.protocol, Connection):
        request.protocol.vouched = True


class Door:
    """A server's protocol factory that counts its connections by the client's address.

    A new connection past a limit (its address's or the total) closes the oldest
    stranger's there to make room (one that asked nothing yet first); where all are
    known clients', the new one is closed. So a flood from one address never locks out
    another, and a paired device's connection is served ahead of strangers'."""

    def __init__(self, manager: web.Server, limits: Limits, what: str) -> None:
        self.limits = limits
        self.what = what
        self._manager = manager
        self._open: dict[Connection, None] = {}  # oldest first

    def __call__(self) -> Connection:
        return Connection(self, self._manager, loop=asyncio.get_running_loop(),
                          access_log=None, keepalive_timeout=self.limits.idle_seconds,
                          max_line_size=self.limits.max_line,
                          max_field_size=self.limits.max_line)

    def admit(self, new: Connection) -> bool:
        """Whether ``new`` is served (a stranger's connection closed for it, perhaps)."""
        same = [c for c in self._open if c.address == new.address]
        if not self._room(same, self.limits.per_address) or \
                not self._room(list(self._open), self.limits.total):
            return False
        self._open[new] = None
        return True

    def left(self, connection: Connection) -> None:
        self._open.pop(connection, None)

    def _room(self, group: list[Connection], most: int) -> bool:
        if len(group) < most:
            return True
        strangers = [c for c in group if not c.vouched]
        if not strangers:
            return False
        oldest = min(strangers, key=lambda c: c.asked)  # min keeps the first: the oldest
        self.left(oldest)
        oldest.force_close()
        return True


class Connection(RequestHandler):
    """aiohttp's connection, counted by its :class:`Door`, with a shorter wait for its
    first request, and a request the parser refuses answered with one plain 400 (the
    limits' headers, no ``Server``, nothing of the request) and one log line without it:
    aiohttp's own answer repeats what it refused (a header with a device's token, say)
    and logs it in a traceback."""

    def __init__(self, door: Door, manager: web.Server, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._door = door
        self.address = ""
        self.vouched = False
        self._first_due: asyncio.TimerHandle | None = None

    @property
    def asked(self) -> bool:
        """Whether a whole request came on this connection."""
        return self._request_count > 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        if not self._door.admit(self):
            self.force_close()
            return
        self._first_due = asyncio.get_running_loop().call_later(
            self._door.limits.first_request_seconds, self._no_request)

    def connection_lost(self, exc: BaseException | None) -> None:
        self._door.left(self)
        if self._first_due is not None:
            self._first_due.cancel()
        super().connection_lost(exc)

    def _no_request(self) -> None:
        if not self.asked:
            self.force_close()

    def handle_error(self, request: web.BaseRequest, status: int = 500,
                     exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        if isinstance(exc, HttpProcessingError):  # the parser's: the bytes were not HTTP
            log.info("%s refused a malformed request from %s (%s)", self._door.what,
                     request.remote, type(exc).__name__)
            answer = self._door.limits.bad_request()
        else:  # a handler's bug: aiohttp logs it with its traceback
            super().handle_error(request, status, exc, message)
            answer = web.Response(status=status, text=f"{status}\n")
        plain = _Plain(status=answer.status, body=answer.body,
                       headers={**answer.headers, **self._door.limits.headers})
        plain.force_close()
        return plain


class _Plain(web.Response):
    """An answer made outside the application (its ``on_response_prepare`` does not
    run): without the ``Server`` header aiohttp adds, naming itself and Python."""

    async def _prepare_headers(self) -> None:
        await super()._prepare_headers()
        self.headers.popall(hdrs.SERVER, None)


async def _dress(headers: Mapping[str, str], _request: web.Request,
                 response: web.StreamResponse) -> None:
    """Every answer's ``headers``, and no ``Server`` (an ``on_response_prepare`` signal)."""
    response.headers.update(headers)
    response.headers.popall(hdrs.SERVER, None)
