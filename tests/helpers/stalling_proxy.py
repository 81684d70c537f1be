"""A TCP proxy on loopback that can stop forwarding without closing anything.

What a Wi-Fi that hangs or a phone hotspot that sleeps does to a connection: no byte
gets through in either direction, yet no end sees a reset or a close, and a new
connection gets no further than the proxy. :meth:`StallingProxy.stall` holds every
byte (and every close) from the moment it returns; :meth:`StallingProxy.resume`
lets them all through, in order. asyncio in a thread of its own, so a stall is one
step of the loop: nothing half-forwarded slips past it.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine
from typing import Any

CHUNK = 65536


class StallingProxy:
    """Forwards ``127.0.0.1:port`` to ``target`` until told to stall; ``with`` stops it."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self._target = (target_host, target_port)
        self._loop = asyncio.new_event_loop()
        self._flowing = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._thread = threading.Thread(target=self._loop.run_forever, name="stalling proxy",
                                        daemon=True)
        self._thread.start()
        self.port = self._call(self._listen())

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stall(self) -> None:
        """From now on nothing is forwarded, nothing is closed."""
        self._call(self._set(flowing=False))

    def resume(self) -> None:
        """Everything held goes through, and forwarding goes on."""
        self._call(self._set(flowing=True))

    def stop(self) -> None:
        self._call(self._close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        self._loop.close()

    def __enter__(self) -> StallingProxy:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    # -- the loop's side ------------------------------------------------------------------

    def _call(self, coroutine: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout=5)

    async def _set(self, *, flowing: bool) -> None:
        if flowing:
            self._flowing.set()
        else:
            self._flowing.clear()

    async def _listen(self) -> int:
        self._flowing.set()
        self._server = await asyncio.start_server(self._connected, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def _connected(self, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
        handler = asyncio.current_task()
        assert handler is not None
        self._tasks.add(handler)
        handler.add_done_callback(self._tasks.discard)
        self._writers.add(writer)
        await self._flowing.wait()  # a stalled network opens nothing further
        try:
            target_reader, target_writer = await asyncio.open_connection(*self._target)
        except OSError:
            writer.close()
            return
        self._writers.add(target_writer)
        pumps = [asyncio.create_task(self._pump(source, sink))
                 for source, sink in ((reader, target_writer), (target_reader, writer))]
        try:
            await asyncio.gather(*pumps)
        finally:
            for end in (writer, target_writer):
                end.close()
                self._writers.discard(end)

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):  # RuntimeError: closed
            while True:
                await self._flowing.wait()
                data = await source.read(CHUNK)
                await self._flowing.wait()  # read before the stall: held until resumed
                if not data:
                    break
                sink.write(data)
                await sink.drain()
            if sink.can_write_eof():
                sink.write_eof()

    async def _close(self) -> None:
        """Every connection closed, so each one's pumps see its end and finish."""
        self._flowing.set()
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2)
