"""What PayDesk's small HTTP servers share: a listening socket, a cap on connections, and
the stop of a loop run in a thread of its own (the buyer's web screen, core/web_display.py;
the till program's API, core/terminal_api.py).

Each runs aiohttp in its own thread and event loop; the window's thread hands it work with
``call_soon_threadsafe`` and never waits on it.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable

from aiohttp import web


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
