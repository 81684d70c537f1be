"""A network receipt printer on 127.0.0.1 that keeps every byte it is sent.

It stands in for a thermal printer's raw port (9100): a job is what came between
the connection and the sender's end of it. Modes, for the ways real ones behave:
``normal`` takes the job and closes when the sender is done (as most printers do);
``keep_open`` takes the whole job and keeps the connection open after it (some
printers do: CUPS's ``waiteof=false`` is for them), until the test ends;
``refuse``: nothing listens on the port (the printer is off; :meth:`switch_on`
listens on it from then on, as ``normal``);
``silent``: accepts the connection and never reads (out of paper, cover open);
``close_mid``: reads the first ``close_after`` bytes, then drops the connection
with a reset (unplugged, or it restarted) in the middle of the slip.

A printer's own buffer is a few kilobytes (``buffer``, its socket's receive
buffer; the silent and the dropping ones have :data:`PRINTER_BUFFER` unless told):
what is past it stays unacknowledged at the sender while the printer does not
read, as on a real line, where a loopback socket's default buffer would take a
slip whole whatever the printer does.
"""

from __future__ import annotations

import socket
import struct
import threading
import time
from types import TracebackType

#: A thermal printer's receive buffer, bytes (the kernel keeps at least about this).
PRINTER_BUFFER = 4096


class LoopbackPrinter:
    def __init__(self, mode: str = "normal", *, close_after: int = 16,
                 buffer: int | None = None) -> None:
        assert mode in ("normal", "keep_open", "refuse", "silent", "close_mid")
        self.mode = mode
        self.close_after = close_after
        if buffer is None and mode in ("silent", "close_mid"):
            buffer = PRINTER_BUFFER
        #: Every finished job's bytes, in order.
        self.jobs: list[bytes] = []
        #: time.monotonic() when each job's last byte was read (the sender's close seen).
        self.finished_at: list[float] = []
        self.connections = 0
        self._changed = threading.Condition()
        self.buffer = buffer
        self._listener = self._listen(0)
        self.port = self._listener.getsockname()[1]
        self._paused: list[socket.socket] = []
        self._thread: threading.Thread | None = None
        if mode == "refuse":  # the port was free a moment ago and nothing listens on it now
            self._listener.close()

    @property
    def address(self) -> str:
        return f"tcp://127.0.0.1:{self.port}"

    def __enter__(self) -> LoopbackPrinter:
        if self.mode != "refuse":
            self._thread = threading.Thread(target=self._serve, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._thread is not None:
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() waiting in _serve
        self._listener.close()
        for connection in self._paused:
            connection.close()
        if self._thread is not None:
            self._thread.join(5)

    def switch_on(self) -> None:
        """A refusing printer switched on: it listens on its port and takes jobs."""
        assert self.mode == "refuse" and self._thread is None
        self._listener = self._listen(self.port)
        self.mode = "normal"
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _listen(self, port: int) -> socket.socket:
        """The printer's port; its buffer set before it listens, so that every connection
        it takes has it (and announces the window it allows)."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if self.buffer is not None:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, self.buffer)
        listener.bind(("127.0.0.1", port))
        listener.listen()
        return listener

    def open_connections(self) -> int:
        """The connections the printer holds open now (a silent or keep_open one's)."""
        return sum(connection.fileno() != -1 for connection in self._paused)

    def wait_for_jobs(self, count: int, timeout: float = 10.0) -> list[bytes]:
        with self._changed:
            assert self._changed.wait_for(lambda: len(self.jobs) >= count, timeout), self.jobs
            return list(self.jobs)

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self._listener.accept()
            except OSError:
                return  # closed: the test is over
            self.connections += 1
            if self.mode == "silent":
                self._paused.append(connection)
                continue
            if self.mode == "close_mid":
                connection.recv(self.close_after, socket.MSG_WAITALL)
                # SO_LINGER 0: the close is a reset, as when a printer drops the line.
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                      struct.pack("ii", 1, 0))
                connection.close()
                continue
            self._take_job(connection)

    def _take_job(self, connection: socket.socket) -> None:
        job = bytearray()
        while chunk := connection.recv(65536):
            job += chunk
        done = time.monotonic()
        if self.mode == "keep_open":
            self._paused.append(connection)  # closed when the test ends, not before
        else:
            connection.close()
        with self._changed:
            self.jobs.append(bytes(job))
            self.finished_at.append(done)
            self._changed.notify_all()
