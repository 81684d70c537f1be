"""The whole call ends at its deadline, however slowly the service's bytes arrive.

A socket's read timeout bounds one read, not the call: a server that sends a
byte every few milliseconds never trips it. These servers on loopback do just
that (headers or body), each byte well within the client's read timeout, and
would finish with a good reply only after a long while; the client must give
up at its deadline with its usual retryable timeout, and hang up on them.
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest

from paydesk.domain.orders import OrderStatus
from paydesk.gateway import GatewayClient, GatewayTimeout

SECRET = "deadline-test-secret"
#: Between two bytes: far less than the client's read timeout below.
PACE = 0.02
READ_TIMEOUT = 2.0
DEADLINE = 0.5
#: How long a trickle goes on before the server gives in and finishes the reply.
#: Only a client that never gives up gets there (it then reads a good reply).
GIVE_IN_AFTER = 250  # bytes: 5 s at PACE, ten times the deadline

GOOD_BODY = b'{"status": true, "order_status": "pending"}'


@dataclass
class Trickler:
    """A loopback HTTP/1.1 server (keep-alive) that answers each request by its script."""

    scripts: list[str]
    sock: socket.socket = field(default_factory=socket.socket)
    connections: int = 0
    outcomes: list[str] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)
    threads: list[threading.Thread] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def base_url(self) -> str:
        host, port = self.sock.getsockname()
        return f"http://{host}:{port}"

    def serve(self) -> None:
        while not self.stopping.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with self.lock:
                self.connections += 1
            thread = threading.Thread(target=self.connection, args=(conn,), daemon=True)
            self.threads.append(thread)
            thread.start()

    def connection(self, conn: socket.socket) -> None:
        with conn:
            while _read_request(conn):
                with self.lock:
                    script = self.scripts.pop(0) if self.scripts else "fine"
                try:
                    outcome = self.answer(conn, script)
                except OSError:
                    outcome = "client_left"
                with self.lock:
                    self.outcomes.append(outcome)
                if outcome != "answered":
                    return

    def answer(self, conn: socket.socket, script: str) -> str:
        if script == "unavailable":
            body = b'{"status": false, "message": "busy"}'
            conn.sendall(b"HTTP/1.1 503 Busy\r\n" + _fields(len(body)) + body)
            return "answered"
        if script == "headers":
            # An endless header name: cut anywhere, it is half a header line.
            outcome = self.trickle(conn, b"HTTP/1.1 200 OK\r\nX-P", b"a")
            if outcome == "finished":
                conn.sendall(b": d\r\n" + _fields(len(GOOD_BODY)) + GOOD_BODY)
            return outcome
        if script == "body":
            # One valid JSON reply, padded with spaces to last the whole trickle.
            body = GOOD_BODY + b" " * GIVE_IN_AFTER
            conn.sendall(b"HTTP/1.1 200 OK\r\n" + _fields(len(body)))
            return self.trickle(conn, b"", body)
        conn.sendall(b"HTTP/1.1 200 OK\r\n" + _fields(len(GOOD_BODY)) + GOOD_BODY)
        return "answered"

    def trickle(self, conn: socket.socket, start: bytes, data: bytes) -> str:
        """Send ``start``, then ``data`` (repeated if short) a byte at a time, at PACE;
        after GIVE_IN_AFTER bytes, the rest of ``data`` at once."""
        conn.sendall(start)
        for count in range(GIVE_IN_AFTER):
            if self.stopping.wait(PACE):
                return "stopped"
            at = count % len(data)
            conn.sendall(data[at : at + 1])
        conn.sendall(data[GIVE_IN_AFTER:])
        return "finished"

    def finished(self) -> list[str]:
        """The outcome of every request, once each connection has ended."""
        for thread in self.threads:
            thread.join(30)
        with self.lock:
            return list(self.outcomes)


def _read_request(conn: socket.socket) -> bool:
    """Read one request's head (these GETs have no body); False when the client closed."""
    data = b""
    while b"\r\n\r\n" not in data:
        try:
            chunk = conn.recv(1)
        except OSError:
            return False
        if not chunk:
            return False
        data += chunk
    return True


def _fields(length: int) -> bytes:
    return (
        f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    ).encode()


@pytest.fixture
def trickler() -> Iterator[Callable[..., Trickler]]:
    started: list[tuple[Trickler, threading.Thread]] = []

    def start(*scripts: str) -> Trickler:
        server = Trickler(list(scripts))
        server.sock.bind(("127.0.0.1", 0))
        server.sock.listen()
        thread = threading.Thread(target=server.serve, daemon=True)
        thread.start()
        started.append((server, thread))
        return server

    yield start
    for server, thread in started:
        server.stopping.set()
        with contextlib.suppress(OSError):
            server.sock.shutdown(socket.SHUT_RDWR)
        server.sock.close()
        thread.join(5)
        server.finished()


def client_for(server: Trickler, **options: float) -> GatewayClient:
    options.setdefault("read_timeout", READ_TIMEOUT)
    options.setdefault("deadline", DEADLINE)
    return GatewayClient(server.base_url, 1, SECRET, sleep=lambda _: None, **options)


def test_the_servers_good_reply_comes_at_once_without_a_trickle(
    trickler: Callable[..., Trickler],
) -> None:
    server = trickler("fine")
    with client_for(server) as client:
        assert client.get_order("A-1") is OrderStatus.PENDING
    assert server.finished() == ["answered"]


@pytest.mark.parametrize("script", ["headers", "body"])
def test_a_trickled_reply_ends_at_the_deadline_as_a_timeout(
    trickler: Callable[..., Trickler], script: str, caplog: pytest.LogCaptureFixture
) -> None:
    server = trickler(script)
    with (
        caplog.at_level(logging.WARNING),
        client_for(server) as client,
        pytest.raises(GatewayTimeout) as caught,
    ):
        client.get_order("A-1")
    assert caught.value.retryable is True
    assert "deadline" in str(caught.value)
    # Half a reply, cut on purpose, is no news for the log (urllib3 would warn
    # about the headers it got cut short, with a traceback, on the person's terminal).
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    # The client hung up: the trickle never ran to its end, and one try was all
    # the deadline allowed (a timeout is retryable, but no time was left).
    assert server.finished() == ["client_left"]


def test_the_deadline_covers_the_retries_too(trickler: Callable[..., Trickler]) -> None:
    """A quick 503, then a retry that trickles: the whole call still ends at the deadline."""
    server = trickler("unavailable", "body")
    with client_for(server) as client, pytest.raises(GatewayTimeout):
        client.get_order("A-1")
    assert server.finished() == ["answered", "client_left"]


def test_a_connection_used_before_is_watched_too(trickler: Callable[..., Trickler]) -> None:
    """The second call goes out on the first call's kept-alive connection, and trickles."""
    server = trickler("fine", "body")
    with client_for(server) as client:
        assert client.get_order("A-1") is OrderStatus.PENDING
        with pytest.raises(GatewayTimeout):
            client.get_order("A-2")
    assert server.finished() == ["answered", "client_left"]
    assert server.connections == 1
