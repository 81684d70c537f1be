"""The buyer's web screen faces the shop's network: every attack gets a 4xx, never a 5xx."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paydesk.core.buyer_devices.guard import (
    HEADERS,
    KEPT_ADDRESSES,
    WINDOW_SECONDS,
    WRONG_TRIES,
    PairingLimit,
)
from paydesk.core.buyer_devices.page import PageWords
from paydesk.core.buyer_devices.web_server import MAX_CONNECTIONS, MAX_PER_ADDRESS, WebDisplay
from paydesk.core.counter.views import BuyerState, BuyerView

from raw_http import MALFORMED, Answer, connect, idle_flood, send
from web_display_client import EventStream, paired_session

SALE = BuyerView(BuyerState.PENDING, 123450, "https://pay.example/o/1", 900)
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


@pytest.fixture
def slow_display(tmp_path: Path) -> Iterator[WebDisplay]:
    """A display whose established connections wait a minute for their next request (an
    idle flood is not simply outwaited)."""
    server = WebDisplay(tmp_path, PageWords.made("en"), idle_seconds=60)
    server.start()
    yield server
    server.stop()


def _comes_back(display: WebDisplay, browser: requests.Session) -> None:
    """The paired tablet's reload: the page, then its stream's first view."""
    tablet = requests.Session()
    tablet.cookies.update(browser.cookies)
    assert tablet.get(display.base_url + "/", timeout=10).status_code == 200
    stream = EventStream(tablet, display.base_url)
    assert stream.next()[0] == "view"
    stream.close()


def test_a_flood_of_idle_connections_from_one_address_does_not_lock_out_a_tablet(
        slow_display: WebDisplay) -> None:
    browser = paired_session(slow_display)
    browser.close()
    with idle_flood(slow_display.base_url, 200, ["127.0.0.2"]):
        _comes_back(slow_display, browser)


def test_a_flood_from_many_addresses_makes_way_for_a_paired_tablet(
        slow_display: WebDisplay) -> None:
    """The strangers' connections make room; the paired devices' are kept."""
    browser = paired_session(slow_display)
    kept = EventStream(paired_session(slow_display), slow_display.base_url)
    assert kept.next()[0] == "view"
    sources = [f"127.0.0.{n}" for n in range(2, 4 + MAX_CONNECTIONS // MAX_PER_ADDRESS)]
    with idle_flood(slow_display.base_url, MAX_PER_ADDRESS, sources):
        _comes_back(slow_display, browser)
        slow_display.show(SALE)
        assert kept.next()[1]["state"] == "pending"
    kept.close()


def test_a_request_the_parser_refuses_after_a_good_one_is_answered_alike(
        display: WebDisplay, browser: requests.Session,
        caplog: pytest.LogCaptureFixture) -> None:
    """Garbage after a request that asked to upgrade (aiohttp parses it after the answer)."""
    token = browser.cookies["paydesk_display"].encode()
    caplog.set_level(logging.DEBUG)
    caplog.clear()
    answer = send(display.base_url, b"GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  b"Cookie: paydesk_display=" + token + b"\r\nConnection: Upgrade\r\n"
                  b"Upgrade: websocket\r\n\r\n\xff" + token)
    assert answer.status == 204
    second = Answer(answer.rest)
    assert second.status == 400 and second.rest == b"" and token not in second.raw
    assert "server" not in second.headers and second.headers["x-frame-options"] == "DENY"
    lines = [caplog.handler.format(record) for record in caplog.records]
    assert len(lines) == 1 and "\n" not in lines[0] and token.decode() not in lines[0]


def test_a_connection_that_asks_nothing_is_closed_before_the_keep_alive(
        slow_display: WebDisplay) -> None:
    with connect(slow_display.base_url, "127.0.0.2") as idle:
        idle.settimeout(30)  # the keep-alive is a minute
        assert idle.recv(1) == b""


def _pair_from(display: WebDisplay, source: str, code: str) -> int:
    return send(display.base_url, f"GET /pair?code={code} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Connection: close\r\n\r\n".encode(), source).status


def test_wrong_codes_from_one_address_lock_pairing_for_that_address_only(
        tmp_path: Path) -> None:
    display = WebDisplay(tmp_path, PageWords.made("en"))
    display.start()
    try:
        for attempt in range(12):
            assert _pair_from(display, "127.0.0.2", f"guess{attempt}") in (403, 429)
        code = display.pairing_address()[0].rsplit("=", 1)[1]
        assert _pair_from(display, "127.0.0.2", code) == 429
        assert _pair_from(display, "127.0.0.3", code) == 303
        assert len(display.devices()) == 1
    finally:
        display.stop()


def test_no_answer_names_the_server_software(display: WebDisplay,
                                             browser: requests.Session) -> None:
    for reply in (browser.get(display.base_url + "/", timeout=5),
                  requests.get(display.base_url + "/", timeout=5),
                  requests.get(display.base_url + "/pair?code=x", timeout=5)):
        assert "Server" not in reply.headers


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_a_request_the_parser_refuses_is_one_4xx_and_one_log_line(
        display: WebDisplay, browser: requests.Session, caplog: pytest.LogCaptureFixture,
        kind: str) -> None:
    token = browser.cookies["paydesk_display"].encode()
    caplog.set_level(logging.DEBUG)
    caplog.clear()
    answer = send(display.base_url, MALFORMED[kind](b"Cookie: paydesk_display=" + token, token,
                                                    b"/", b"/"))
    assert 400 <= answer.status < 500 and answer.rest == b"", answer.raw
    assert token not in answer.raw
    assert "server" not in answer.headers
    assert {name: answer.headers.get(name.lower()) for name in HEADERS} == HEADERS
    lines = [caplog.handler.format(record) for record in caplog.records]
    assert len(lines) == 1 and "\n" not in lines[0], lines
    assert token.decode() not in lines[0]


def test_the_pairing_limit_counts_each_address_for_a_minute_and_keeps_few() -> None:
    now = [1000.0]
    limit = PairingLimit(clock=lambda: now[0])
    for _ in range(WRONG_TRIES):
        limit.wrong("192.168.1.50")
    assert limit.locked("192.168.1.50") and not limit.locked("192.168.1.51")
    now[0] += WINDOW_SECONDS
    assert not limit.locked("192.168.1.50")
    limit.wrong("192.168.1.50")
    assert not limit.locked("192.168.1.50")  # its count began again
    for _ in range(WRONG_TRIES):
        limit.wrong("192.168.1.50")
    sweep = [f"10.0.{n // 250}.{n % 250}" for n in range(KEPT_ADDRESSES)]
    for address in sweep[:-1]:  # a sweep of addresses, one guess each
        limit.wrong(address)
    assert limit.locked("192.168.1.50")
    limit.wrong(sweep[-1])  # one too many to remember: the least recently wrong goes
    assert not limit.locked("192.168.1.50")
