"""The sandbox against malformed, oversized and hostile requests.

Whatever arrives, the answer is a 4xx (or the normal page), never a 5xx, a
traceback in the reply or a logged internal error; the server keeps serving;
nothing outside its two endpoints and its pages is ever reached (no path
traversal), and whatever it shows back is HTML-escaped. The plain cases live in
tests/integration/test_sandbox_server.py and test_sandbox_pages.py; these are the
generated and the nastier ones.
"""

from __future__ import annotations

import contextlib
import html
import logging
import re
import socket
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paydesk.domain.signing import create_order_sign
from paydesk.sandbox import SandboxConfig, SandboxServer
from paydesk.sandbox.api import BackendApi
from paydesk.sandbox.app import Request, RequestCounter, SandboxApp
from paydesk.sandbox.clock import SandboxClock
from paydesk.sandbox.faults import FaultInjector
from paydesk.sandbox.ledger import Ledger
from paydesk.sandbox.pages import PaymentPages

from payment_page import open_form
from test_values import TEST_SECRET

STATUS_RE = re.compile(rb"HTTP/1\.[01] (\d{3}) ")


class Problems(logging.Handler):
    """Every warning or error the sandbox logs (an internal error is logged, then 500)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[SandboxServer, Problems, str]]:
    """One sandbox for the module, with one order whose payment token is known."""
    problems = Problems()
    logger = logging.getLogger("paydesk.sandbox")
    logger.addHandler(problems)
    with SandboxServer(SandboxConfig(secret_key=TEST_SECRET,
                                     merchant_name="<b>Shop</b> & \"Co\"")) as sandbox:
        reply = requests.get(
            f"{sandbox.base_url}/backend/create_order",
            params={"client_id": "1", "order_id": "A-1", "amount": "100",
                    "sign": create_order_sign("A-1", "100", TEST_SECRET)},
            timeout=5,
        )
        token = reply.json()["url"].rsplit("/", 1)[1]
        yield sandbox, problems, token
    logger.removeHandler(problems)


def raw_http(sandbox: SandboxServer, data: bytes) -> bytes:
    """Send exact bytes, half-close, and read everything until the server closes."""
    host, port = sandbox.base_url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(data)
        with contextlib.suppress(OSError):  # it may have answered and closed already
            sock.shutdown(socket.SHUT_WR)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except (ConnectionResetError, TimeoutError):
            pass
    return b"".join(chunks)


def assert_answered_calmly(answer: bytes, problems: Problems, sent: bytes = b"") -> list[int]:
    statuses = [int(code) for code in STATUS_RE.findall(answer)]
    assert all(code < 500 for code in statuses), answer[:400]
    if b"Traceback" not in sent:
        assert b"Traceback" not in answer
    assert not problems.records, [r.getMessage() for r in problems.records]
    return statuses


def still_serving(sandbox: SandboxServer) -> None:
    assert requests.get(f"{sandbox.base_url}/", timeout=5).status_code == 200


# -- generated requests ------------------------------------------------------------------

PIECES = [
    b"GET ", b"POST ", b"HEAD ", b"PUT ", b"/", b"/pay/", b"/backend/get_order?",
    b"/backend/create_order?", b"client_id=1&", b"order_id=A-1&", b"amount=100&", b"sign=",
    b"email=%40&", b" HTTP/1.1", b" HTTP/1.0", b" HTTP/2.0", b" HTTP/9", b"\r\n", b"\n",
    b"Host: x\r\n", b"Content-Length: 5\r\n", b"Content-Length: -1\r\n",
    b"Content-Length: 99999999999999999999\r\n", b"Transfer-Encoding: chunked\r\n",
    b"Content-Type: application/x-www-form-urlencoded\r\n", b"Expect: 100-continue\r\n",
    b"Connection: keep-alive\r\n", b"\r\n\r\n", b"%", b"%00", b"%FF", b"..", b"%2e%2e%2f",
    b"\x00", b"\xff", b"decision=approve", b":", b" ", b"<script>", b"\\",
]
request_bytes = st.lists(st.sampled_from(PIECES) | st.binary(max_size=16), max_size=14).map(
    b"".join
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(request_bytes)
def test_generated_byte_streams_get_a_calm_answer(
    server: tuple[SandboxServer, Problems, str], data: bytes
) -> None:
    sandbox, problems, _ = server
    assert_answered_calmly(raw_http(sandbox, data), problems, data)


def test_the_server_still_serves_after_the_generated_requests(
    server: tuple[SandboxServer, Problems, str],
) -> None:
    still_serving(server[0])


@pytest.fixture(scope="module")
def app() -> Iterator[tuple[SandboxApp, str]]:
    """The routing and service logic without sockets: many more examples a second."""
    with tempfile.TemporaryDirectory() as folder:
        clock = SandboxClock()
        config = SandboxConfig(secret_key=TEST_SECRET)
        ledger = Ledger(Path(folder) / "s.sqlite3", clock, lambda t: f"http://127.0.0.1/pay/{t}",
                        durable=False)
        try:
            order, _ = ledger.create(1, "A-1", 100, None, 900)
            yield SandboxApp(
                api=BackendApi(config, ledger),
                pages=PaymentPages(config, ledger, clock),
                faults=FaultInjector(),
                counter=RequestCounter(),
                stopping=threading.Event(),
                stall_seconds=0,
            ), order.token
        finally:
            ledger.close()


TARGET_PIECES = [
    "/", "/pay/", "/backend/create_order", "/backend/get_order", "?", "&", "=", "#", "..",
    "%2e%2e", "%2F", "%252e", "client_id=1", "client_id=-0", "order_id=A-1", "amount=1",
    "amount=00", "sign=", "email=", "%FF", "%00", "%C0%AF", "\x00", "\\", "//", ";", "+",
]


@settings(
    max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    method=st.sampled_from(["GET", "POST", "HEAD", "PUT", "DELETE"]) | st.text(max_size=8),
    pieces=st.lists(st.sampled_from([*TARGET_PIECES, "TOKEN"]) | st.text(max_size=12),
                    max_size=10),
    body=st.binary(max_size=200)
    | st.sampled_from([b"decision=approve&email=a%40b.ru", b"decision=decline",
                       b"decision=approve&decision=decline", b"email=%FF&decision=approve"]),
    content_type=st.none()
    | st.sampled_from(["application/x-www-form-urlencoded", "text/plain",
                       "application/x-www-form-urlencoded; charset=latin-1"])
    | st.text(max_size=20),
)
def test_any_request_is_routed_without_an_internal_error(
    app: tuple[SandboxApp, str],
    method: str,
    pieces: list[str],
    body: bytes,
    content_type: str | None,
) -> None:
    sandbox_app, token = app
    target = "".join(token if piece == "TOKEN" else piece for piece in pieces)
    reply = sandbox_app.handle(Request(method, target, body, content_type))
    assert reply is not None  # no fault is switched on: every request is answered
    assert reply.status < 500, (method, target, body, reply)


# -- traversal, oversize, reflection ----------------------------------------------------------

TRAVERSALS = [
    "/pay/../../etc/passwd",
    "/pay/..%2f..%2fetc%2fpasswd",
    "/pay/%2e%2e/%2e%2e/etc/passwd",
    "/pay/%252e%252e%252fetc%252fpasswd",
    "/pay/....//....//etc/passwd",
    "/pay/..\\..\\..\\windows\\win.ini",
    "/pay/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
    "/backend/../../etc/passwd",
    "/backend/create_order/../../etc/passwd",
    "/backend/..%2fpay%2f",
    "//etc/passwd",
    "/./backend/../etc/passwd",
    "/etc/passwd%00.html",
    "/pay/TOKEN/../../../etc/passwd",
    "/pay/TOKEN/..",
    "/pay/TOKEN%00",
    "/pay/TOKEN/",
    "/%2e%2e%2f%2e%2e%2fapp%2fpaydesk%2fsandbox%2fapi.py",
]


@pytest.mark.parametrize("path", TRAVERSALS)
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_no_path_leads_outside_the_endpoints_and_pages(
    server: tuple[SandboxServer, Problems, str], path: str, method: str
) -> None:
    sandbox, problems, token = server
    path = path.replace("TOKEN", token)
    request = (f"{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 16\r\n"
               "Content-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n"
               "decision=approve").encode("latin-1")
    answer = raw_http(sandbox, request)
    [status] = assert_answered_calmly(answer, problems)
    assert status in (400, 404, 405), answer[:300]
    for secret_looking in (b"root:", b"[fonts]", b"import ", b"def "):
        assert secret_looking not in answer
    order = sandbox.order("A-1")
    assert order is not None and not order.status.is_final  # no decision slipped through


@pytest.mark.parametrize(
    ("extra_headers", "status"),
    [
        ("".join(f"X-{n}: {n}\r\n" for n in range(150)), 431),  # too many header lines
        ("X-Long: " + "a" * 70_000 + "\r\n", 431),  # one header over 64 KiB
        ("Content-Length: 5\r\nContent-Length: 5\r\nContent-Length: 6\r\n", 400),
        ("Content-Length: +5\r\n", 400),
        ("Content-Length: ５\r\n", 400),  # a full-width digit: isdigit() says yes
        ("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", 411),
    ],
    ids=["150-headers", "70k-header", "three-lengths", "plus-length", "fullwidth-length",
         "chunked-and-length"],
)
def test_oversized_and_ambiguous_headers_are_refused(
    server: tuple[SandboxServer, Problems, str], extra_headers: str, status: int
) -> None:
    sandbox, problems, token = server
    request = (f"POST /pay/{token} HTTP/1.1\r\nHost: x\r\n{extra_headers}"
               "Connection: close\r\n\r\ndecision=approve").encode()
    answer = raw_http(sandbox, request)
    assert assert_answered_calmly(answer, problems)[:1] == [status], answer[:300]
    order = sandbox.order("A-1")
    assert order is not None and not order.status.is_final
    still_serving(sandbox)


def test_a_body_that_never_arrives_whole_is_dropped_quietly(
    server: tuple[SandboxServer, Problems, str],
) -> None:
    sandbox, problems, token = server
    request = (f"POST /pay/{token} HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n"
               "Content-Type: application/x-www-form-urlencoded\r\n\r\ndecision=approve")
    answer = raw_http(sandbox, request.encode())  # then the client half-closes
    assert answer == b""
    assert_answered_calmly(answer, problems)
    order = sandbox.order("A-1")
    assert order is not None and not order.status.is_final
    still_serving(sandbox)


@pytest.mark.parametrize(
    "request_line",
    [
        b"GET /pay/<img src=x onerror=alert(1)> HTTP/1.1",
        b"GET /<script>alert(1)</script> HTTP/1.1 extra",
        b"<script>alert(1)</script> / HTTP/1.1",
        b"GET /pay/\"><svg/onload=alert(1)> HTTP/7.7",
    ],
)
def test_a_malformed_request_line_is_never_reflected_as_markup(
    server: tuple[SandboxServer, Problems, str], request_line: bytes
) -> None:
    sandbox, problems, _ = server
    answer = raw_http(sandbox, request_line + b"\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert_answered_calmly(answer, problems)
    body = answer.partition(b"\r\n\r\n")[2]
    assert b"<script" not in body and b"<img" not in body and b"<svg" not in body


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(min_size=1, max_size=60))
def test_whatever_is_typed_on_the_payment_page_comes_back_escaped(
    server: tuple[SandboxServer, Problems, str], typed: str
) -> None:
    """An order without an e-mail shows the form again with what the buyer typed."""
    sandbox, problems, token = server
    page = open_form(f"{sandbox.base_url}/pay/{token}").submit("maybe", typed)
    assert page.status_code == 400  # "Choose Pay or Refuse", with the form again
    shown = html.escape(typed.replace("\r\n", "\n"), quote=True)
    value = re.search(r'name="email"[^>]*value="([^"]*)"', page.text)
    assert value is not None
    assert value[1] in (shown, html.escape(typed, quote=True), "")
    assert "<" not in value[1] and '"' not in value[1]
    assert "&lt;b&gt;Shop&lt;/b&gt; &amp; &quot;Co&quot;" in page.text
    assert not problems.records
