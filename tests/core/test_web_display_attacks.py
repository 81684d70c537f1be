"""The buyer's web screen faces the shop's network: every attack gets a 4xx, never a 5xx."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paydesk.core.display_page import PageWords
from paydesk.core.web_display import MAX_CONNECTIONS, WebDisplay

from web_display_client import paired_session

PATHS = ["/", "/events", "/display.js", "/display.css", "/code.svg", "/hello", "/alive"]


@pytest.fixture(scope="module")
def display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDisplay]:
    server = WebDisplay(Path(tmp_path_factory.mktemp("web")), PageWords.made("en"),
                        idle_seconds=0.5)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser(display: WebDisplay) -> requests.Session:
    return paired_session(display)


def _raw(display: WebDisplay, request: bytes) -> bytes:
    """Send ``request`` as it is; the server's whole answer (it closes or answers)."""
    address = urlsplit(display.base_url)
    with socket.create_connection((address.hostname, address.port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    return answer


def _status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


@pytest.mark.parametrize("path", PATHS)
def test_no_token_or_a_wrong_one_is_refused(display: WebDisplay, path: str) -> None:
    assert requests.get(display.base_url + path, timeout=5).status_code == 401
    wrong = requests.get(display.base_url + path, timeout=5,
                         cookies={"paydesk_display": "A" * 22})
    assert wrong.status_code == 401 and "Traceback" not in wrong.text


def test_a_foreign_host_is_refused_even_with_a_token(display: WebDisplay,
                                                    browser: requests.Session) -> None:
    # (requests matches cookies to a Host header given: the token goes by hand)
    cookie = f"paydesk_display={browser.cookies['paydesk_display']}"
    for host in ("evil.example", "evil.example:8765", "127.0.0.1.evil.example", ""):
        reply = requests.get(display.base_url + "/", headers={"Host": host, "Cookie": cookie},
                             timeout=5)
        assert reply.status_code == 421, host
    for host in ("localhost", "127.0.0.1", "[::1]:8765", "192.168.1.20:8765"):
        assert requests.get(display.base_url + "/", headers={"Host": host, "Cookie": cookie},
                            timeout=5).status_code == 200


def test_every_answer_carries_the_security_headers_and_no_cors(
        display: WebDisplay, browser: requests.Session) -> None:
    for reply in (browser.get(display.base_url + "/", timeout=5,
                              headers={"Origin": "http://evil.example"}),
                  requests.get(display.base_url + "/", timeout=5),
                  requests.get(display.base_url + "/pair?code=x", timeout=5)):
        headers = reply.headers
        assert headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert not [name for name in headers if name.lower().startswith("access-control")]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_the_page_is_read_only(display: WebDisplay, browser: requests.Session,
                               method: str) -> None:
    for path in [*PATHS, "/pair"]:
        assert browser.request(method, display.base_url + path, data=b"x",
                               timeout=5).status_code == 405


def test_oversized_requests_are_refused(display: WebDisplay, browser: requests.Session) -> None:
    assert browser.get(display.base_url + "/", headers={"X-Big": "a" * 20000},
                       timeout=5).status_code == 400
    assert browser.get(display.base_url + "/?" + "a" * 20000, timeout=5).status_code in (400, 414)
    assert browser.get(display.base_url + "/", data=b"x" * 100000, timeout=5).status_code == 413
    many = "".join(f"X-{n}: {n}\r\n" for n in range(5000)).encode()
    answer = _raw(display, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + many + b"\r\n")
    assert 400 <= _status(answer) < 500


def test_idle_connections_are_closed_and_the_page_still_served(
        display: WebDisplay, browser: requests.Session) -> None:
    address = urlsplit(display.base_url)
    idle = [socket.create_connection((address.hostname, address.port), timeout=10)
            for _ in range(200)]
    try:
        for sock in idle:  # each is closed by the server: refused over the limit, or idle
            assert sock.recv(1) == b""
    finally:
        for sock in idle:
            sock.close()
    assert MAX_CONNECTIONS < 200
    assert browser.get(display.base_url + "/hello", timeout=5).status_code == 204


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(method=st.sampled_from([b"GET", b"HEAD", b"POST", b"GETT", b"\x00", b"get"]),
       path=st.binary(min_size=0, max_size=300),
       header=st.binary(min_size=0, max_size=300))
def test_fuzzed_requests_never_get_a_5xx(display: WebDisplay, method: bytes, path: bytes,
                                         header: bytes) -> None:
    request = (method + b" /" + path.replace(b"\r\n", b"") + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               b"Cookie: paydesk_display=" + header.replace(b"\r\n", b"") + b"\r\n\r\n")
    answer = _raw(display, request)
    if answer:  # a request too broken to answer may just be closed
        assert 400 <= _status(answer) < 500 or answer.startswith(b"HTTP/1.1 2")
        assert b"Traceback" not in answer
