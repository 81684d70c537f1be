"""What PayDesk's small HTTP servers share (the buyer's web screen, core/web_display.py;
the till program's API, core/terminal_api.py): their life outside the handlers
(:class:`ServedLoop`: the data folder's lock, the listening socket, the address written
beside the lock, an event loop in a thread of its own) and a cap on connections.

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
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

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


class Refused(asyncio.Protocol):
    """A connection over a server's cap: closed as it comes."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


def capped(runner: web.AppRunner, most: int) -> Callable[[], asyncio.BaseProtocol]:
    """The protocol factory of ``runner``'s server that closes connections past ``most``."""
    factory = runner.server
    assert factory is not None

    def limited() -> asyncio.BaseProtocol:
        if len(factory.connections) >= most:
            return Refused()
        return factory()

    return limited
