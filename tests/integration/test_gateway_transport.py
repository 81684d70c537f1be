"""The client's wire behaviour against a tiny scripted HTTP server on loopback.

The sandbox cannot send an oversized reply, a redirect or speak to an HTTPS
client, so this file runs its own minimal server for exactly those cases.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

import paydesk
from paydesk.domain.signing import create_order_sign
from paydesk.gateway import GatewayClient, ProtocolError, TlsError
from paydesk.gateway.transport import MAX_BODY

SECRET = "transport-test-secret"


@dataclass
class Script:
    """What the server answers per path, and what it saw."""

    replies: dict[str, tuple[int, dict[str, str], bytes]] = field(default_factory=dict)
    chunked: set[str] = field(default_factory=set)
    seen: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    connections: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: ScriptedServer

    def setup(self) -> None:
        super().setup()
        with self.server.script.lock:
            self.server.script.connections += 1

    def do_GET(self) -> None:
        script = self.server.script
        path = urlsplit(self.path).path
        with script.lock:
            script.seen.append((self.path, dict(self.headers.items())))
        status, headers, body = script.replies.get(path, (404, {}, b'{"status": false}'))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if path in script.chunked:
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for start in range(0, len(body), 4096):
                piece = body[start : start + 4096]
                self.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            self.wfile.write(b"0\r\n\r\n")
        else:
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class ScriptedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, script: Script) -> None:
        self.script = script
        super().__init__(("127.0.0.1", 0), Handler)


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    httpd = ScriptedServer(Script())
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)


def base_url(server: ScriptedServer, scheme: str = "http") -> str:
    port = server.server_address[1]
    return f"{scheme}://127.0.0.1:{port}"


def ok_create() -> tuple[int, dict[str, str], bytes]:
    body = b'{"status": true, "url": "http://127.0.0.1/pay/tok"}'
    return 200, {"Content-Type": "application/json"}, body


def test_request_shape_headers_and_signature(server: ScriptedServer) -> None:
    server.script.replies["/gw/backend/create_order"] = ok_create()
    with GatewayClient(base_url(server) + "/gw/", 7, SECRET) as client:
        url = client.create_order("A-1", 15000, email="  buyer+1@mail.ru ")
    assert url == "http://127.0.0.1/pay/tok"
    [(target, headers)] = server.script.seen
    parts = urlsplit(target)
    assert parts.path == "/gw/backend/create_order"
    assert "buyer%2B1%40mail.ru" in parts.query  # query-string encoded
    params = parse_qsl(parts.query)
    assert [name for name, _ in params] == ["client_id", "order_id", "amount", "email", "sign"]
    values = dict(params)
    assert values == {
        "client_id": "7",
        "order_id": "A-1",
        "amount": "15000",
        "email": "buyer+1@mail.ru",
        "sign": create_order_sign("A-1", "15000", SECRET),
    }
    assert headers["Accept"] == "application/json"
    assert headers["User-Agent"] == f"PayDesk/{paydesk.__version__}"


def test_no_email_means_no_email_parameter(server: ScriptedServer) -> None:
    server.script.replies["/backend/create_order"] = ok_create()
    with GatewayClient(base_url(server), 7, SECRET) as client:
        client.create_order("A-2", 1, email="   ")
    [(target, _)] = server.script.seen
    assert "email" not in dict(parse_qsl(urlsplit(target).query))


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_reply_over_64_kib_is_a_protocol_error(server: ScriptedServer, chunked: bool) -> None:
    big = b'{"status": true, "order_status": "pending", "pad": "' + b"x" * MAX_BODY + b'"}'
    server.script.replies["/backend/get_order"] = (200, {}, big)
    if chunked:
        server.script.chunked.add("/backend/get_order")
    with (
        GatewayClient(base_url(server), 1, SECRET) as client,
        pytest.raises(ProtocolError) as caught,
    ):
        client.get_order("A-1")
    assert "too large" in str(caught.value)
    assert caught.value.retryable is False
    assert len(server.script.seen) == 1


def test_reply_of_exactly_64_kib_is_read(server: ScriptedServer) -> None:
    head = b'{"status": true, "order_status": "pending", "pad": "'
    body = head + b"x" * (MAX_BODY - len(head) - 2) + b'"}'
    assert len(body) == MAX_BODY
    server.script.replies["/backend/get_order"] = (200, {}, body)
    server.script.chunked.add("/backend/get_order")
    with GatewayClient(base_url(server), 1, SECRET) as client:
        assert client.get_order("A-1") == "pending"


def test_redirect_is_not_followed(server: ScriptedServer) -> None:
    target = base_url(server) + "/elsewhere/backend/get_order"
    server.script.replies["/backend/get_order"] = (302, {"Location": target}, b"")
    server.script.replies["/elsewhere/backend/get_order"] = (
        200,
        {},
        b'{"status": true, "order_status": "approve"}',
    )
    with (
        GatewayClient(base_url(server), 1, SECRET) as client,
        pytest.raises(ProtocolError) as caught,
    ):
        client.get_order("A-1")
    assert caught.value.http_status == 302
    assert [urlsplit(path).path for path, _ in server.script.seen] == ["/backend/get_order"]


def test_tls_failure_is_raised_at_once_and_never_retried(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    client = GatewayClient(
        base_url(server, "https"), 1, SECRET, backoff_base=0.01, sleep=sleeps.append
    )
    with client, pytest.raises(TlsError) as caught:
        client.get_order("A-1")
    assert caught.value.retryable is False
    assert sleeps == []
    assert server.script.connections == 1
    assert SECRET not in str(caught.value)
    assert "sign=" not in str(caught.value)
