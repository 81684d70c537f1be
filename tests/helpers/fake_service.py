"""A payment service over a real loopback socket that answers with scripted raw bytes:
for replies the sandbox never sends (hostile ones, another service's ways)."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeService:
    """A loopback HTTP server that answers every request with scripted raw bytes."""

    def __init__(self, answer: Callable[[socket.socket], None] | None = None) -> None:
        self.answer = answer or fixed(b"")
        self.requests: list[str] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                service.requests.append(self.path)
                self.close_connection = True
                # The client may hang up: that is the point of some answers.
                with contextlib.suppress(OSError):
                    service.answer(self.connection)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> FakeService:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def reply_bytes(
    body: bytes, *, status: str = "200 OK", headers: str = "", length: int | None = None
) -> bytes:
    head = (
        f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body) if length is None else length}\r\n{headers}"
        "Connection: close\r\n\r\n"
    )
    return head.encode("latin-1") + body


def fixed(data: bytes) -> Callable[[socket.socket], None]:
    return lambda sock: sock.sendall(data)
