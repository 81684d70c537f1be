"""SandboxServer in process: steering orders, the clock, persistence, and hostile input."""

from __future__ import annotations

import glob
import logging
import os
import re
import tempfile
import threading
from collections.abc import Callable
from datetime import UTC, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import requests

from paydesk.domain.orders import OrderStatus
from paydesk.domain.signing import create_order_sign
from paydesk.sandbox import SandboxConfig, SandboxOrder, SandboxServer

if TYPE_CHECKING:
    from conftest import SandboxCalls


def the_order(server: SandboxServer, order_id: str) -> SandboxOrder:
    order = server.order(order_id)
    assert order is not None
    return order


def test_order_record(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    url = calls.url("A-1", 15000, email="buyer@example.com")

    order = the_order(sandbox, "A-1")

    assert (order.client_id, order.order_id, order.amount) == (1, "A-1", 15000)
    assert order.email == "buyer@example.com"
    assert order.url == url == f"{sandbox.pay_url}/pay/{order.token}"
    assert order.status is OrderStatus.PENDING
    assert order.created_at.tzinfo is not None
    assert order.created_at.utcoffset() == timedelta(0)
    assert order.expires_at - order.created_at == timedelta(seconds=900)
    assert sandbox.order("unknown") is None
    assert sandbox.orders() == [order]


@pytest.mark.parametrize(
    ("force", "status"),
    [
        (SandboxServer.approve, OrderStatus.APPROVE),
        (SandboxServer.decline, OrderStatus.DECLINE),
        (SandboxServer.expire, OrderStatus.EXPIRED),
    ],
)
def test_forcing_a_final_status(
    sandbox: SandboxServer,
    calls: SandboxCalls,
    force: Callable[[SandboxServer, str], SandboxOrder],
    status: OrderStatus,
) -> None:
    calls.create("A-1", 100)

    forced = force(sandbox, "A-1")

    assert forced.status is status
    assert the_order(sandbox, "A-1") == forced
    assert calls.get("A-1").json() == {"status": True, "order_status": status.value}
    for again in (SandboxServer.approve, SandboxServer.decline, SandboxServer.expire):
        with pytest.raises(ValueError, match="already"):
            again(sandbox, "A-1")
    assert the_order(sandbox, "A-1").status is status
    with pytest.raises(KeyError):
        force(sandbox, "unknown")


def test_orders_expire_by_the_sandbox_clock(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    calls.create("A-1", 100)
    calls.create("A-2", 100)
    sandbox.approve("A-2")

    sandbox.advance_clock(899)
    before = calls.get("A-1").json()["order_status"]
    sandbox.advance_clock(1)

    assert before == "pending"
    assert calls.get("A-1").json()["order_status"] == "expired"
    assert [o.status for o in sandbox.orders()] == [OrderStatus.EXPIRED, OrderStatus.APPROVE]
    with pytest.raises(ValueError, match="already expired"):
        sandbox.approve("A-1")
    assert the_order(sandbox, "A-1").finished_at == the_order(sandbox, "A-1").expires_at


def test_ttl_is_configurable(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    server = start_sandbox(ttl_seconds=60)
    make_calls(server).create("A-1", 100)

    server.advance_clock(60)

    assert the_order(server, "A-1").status is OrderStatus.EXPIRED


def test_the_clock_only_moves_forward(sandbox: SandboxServer) -> None:
    with pytest.raises(ValueError, match="forward"):
        sandbox.advance_clock(-1)


def test_tokens_are_random_and_long(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    for n in range(40):
        calls.create(f"A-{n}", 100)

    tokens = [order.token for order in sandbox.orders()]

    assert len(set(tokens)) == len(tokens)
    for order in sandbox.orders():
        assert re.fullmatch(r"[A-Za-z0-9_-]{32,}", order.token)  # >= 24 bytes = 192 bits
        assert order.order_id not in order.token
        assert calls.secret not in order.token


def test_orders_survive_a_restart_with_db_path(tmp_path: Path) -> None:
    config = SandboxConfig(secret_key="k", db_path=tmp_path / "sandbox.sqlite3")
    with SandboxServer(config) as first:
        for order_id in ("A-1", "A-2"):
            reply = requests.get(
                f"{first.base_url}/backend/create_order",
                params={
                    "client_id": "1",
                    "order_id": order_id,
                    "amount": "100",
                    "sign": create_order_sign(order_id, 100, "k"),
                },
                timeout=5,
            )
            assert reply.status_code == 200
        first.approve("A-1")
        before = first.orders()

    with SandboxServer(config) as second:
        after = second.orders()
        again = requests.get(
            f"{second.base_url}/backend/create_order",
            params={
                "client_id": "1",
                "order_id": "A-1",
                "amount": "100",
                "sign": create_order_sign("A-1", 100, "k"),
            },
            timeout=5,
        )

    assert [(o.order_id, o.token, o.status, o.created_at) for o in after] == [
        (o.order_id, o.token, o.status, o.created_at) for o in before
    ]
    assert [o.status for o in after] == [OrderStatus.APPROVE, OrderStatus.PENDING]
    assert again.json()["url"] == f"{second.pay_url}/pay/{before[0].token}"


def test_concurrent_identical_creates_make_one_order(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    barrier = threading.Barrier(8)
    urls: list[str] = []

    def create() -> None:
        with requests.Session() as session:
            barrier.wait()
            reply = session.get(
                f"{sandbox.base_url}/backend/create_order",
                params={
                    "client_id": "1",
                    "order_id": "A-1",
                    "amount": "100",
                    "sign": create_order_sign("A-1", 100, calls.secret),
                },
                timeout=10,
            )
            urls.append(reply.json()["url"])

    threads = [threading.Thread(target=create) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)

    assert len(urls) == 8
    assert len(set(urls)) == 1
    assert len(sandbox.orders()) == 1


def _status(raw: bytes) -> int:
    match = re.match(rb"HTTP/1\.[01] (\d{3}) ", raw)
    assert match, raw[:200]
    return int(match[1])


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /backend/get_order?client_id=1&order_id=%FF&sign=" + b"0" * 32, 400),
        (b"GET /backend/get_order?client_id=1&order_id=%zz&sign=" + b"0" * 32, 400),
        (b"GET /backend/get_order?client_id=%C0%AF&order_id=a&sign=" + b"0" * 32, 400),
        (b"GET /backend/get_order?" + b"&".join(b"p%d=1" % n for n in range(40)), 400),
        (b"GET /%%%/..//../etc/passwd", 404),
        (b"GET /pay/%2E%2E%2F%2E%2E", 404),
        (b"GET /pay/" + "ключ".encode() + b"\xff", 404),
        (b"GET http://[/backend/get_order", 400),
        (b"GET \x00\xff\xfe", 404),
        (b"GET", 400),
        (b"GET /", 200),  # HTTP/0.9 style: still answered with a status line
        (b"BREW /backend/get_order", 405),
        (b"GET / FOO/1.1", 400),
    ],
)
def test_malformed_requests_get_a_4xx_not_a_traceback(
    sandbox: SandboxServer,
    raw_http: Callable[..., bytes],
    caplog: pytest.LogCaptureFixture,
    request_bytes: bytes,
    status: int,
) -> None:
    if request_bytes.count(b" ") == 1 and status != 200:
        request_bytes += b" HTTP/1.1"
    with caplog.at_level(logging.WARNING, logger="paydesk.sandbox"):
        answer = raw_http(sandbox, request_bytes + b"\r\nHost: x\r\nConnection: close\r\n\r\n")

    assert _status(answer) == status
    assert b"Traceback" not in answer
    assert not caplog.records


def test_request_line_over_8_kib_is_414(sandbox: SandboxServer) -> None:
    reply = requests.get(f"{sandbox.base_url}/backend/get_order?x={'a' * 9000}", timeout=5)

    assert reply.status_code == 414
    assert reply.json()["status"] is False


def test_body_over_16_kib_is_413_and_the_client_reads_the_answer(sandbox: SandboxServer) -> None:
    reply = requests.post(f"{sandbox.base_url}/backend/get_order", data=b"x" * 100_000, timeout=5)

    assert reply.status_code == 413
    assert reply.json()["status"] is False


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        (b"Content-Length: ten\r\n", 400),
        (b"Content-Length: 1\r\nContent-Length: 2\r\n", 400),
        (b"Transfer-Encoding: chunked\r\n", 411),
    ],
)
def test_bad_body_framing_is_refused(
    sandbox: SandboxServer, raw_http: Callable[..., bytes], headers: bytes, status: int
) -> None:
    answer = raw_http(sandbox, b"POST /pay/abc HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n")

    assert _status(answer) == status


def test_keep_alive_serves_pipelined_requests_on_one_connection(
    sandbox: SandboxServer, raw_http: Callable[..., bytes]
) -> None:
    first = b"GET /backend/get_order HTTP/1.1\r\nHost: x\r\n\r\n"
    second = b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"

    answer = raw_http(sandbox, first + second)

    statuses = re.findall(rb"HTTP/1\.[01] (\d{3}) ", answer)
    assert statuses == [b"400", b"200"]
    assert answer.count(b"Content-Length: ") == 2


def test_requests_are_logged_not_printed(
    sandbox: SandboxServer,
    calls: SandboxCalls,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    with caplog.at_level(logging.DEBUG, logger="paydesk.sandbox"):
        calls.get("A-1")
        requests.get(f"{sandbox.base_url}/backend/get_order?order_id=%FF", timeout=5)

    assert any("get_order" in record.getMessage() for record in caplog.records)
    assert all(record.name.startswith("paydesk.sandbox") for record in caplog.records)
    assert capfd.readouterr().err == ""


def test_lifecycle_rules() -> None:
    server = SandboxServer(SandboxConfig())
    with pytest.raises(RuntimeError, match="not been started"):
        _ = server.base_url
    pattern = os.path.join(tempfile.gettempdir(), "paydesk-sandbox-*")
    before = set(glob.glob(pattern))

    with server:
        assert len(set(glob.glob(pattern)) - before) == 1  # a private db folder
        with pytest.raises(RuntimeError, match="only once"):
            server.start()
    server.stop()  # idempotent

    assert set(glob.glob(pattern)) == before  # removed at stop
    with pytest.raises(RuntimeError, match="not running"):
        server.orders()
    with pytest.raises(requests.ConnectionError):
        requests.get(f"{server.base_url}/", timeout=5)


def test_stop_cuts_idle_keep_alive_connections(sandbox: SandboxServer) -> None:
    session = requests.Session()
    session.get(f"{sandbox.base_url}/", timeout=5)  # leaves a pooled connection open

    stopper = threading.Thread(target=sandbox.stop)
    stopper.start()
    stopper.join(timeout=5)
    session.close()

    assert not stopper.is_alive()


def test_non_loopback_host_needs_allow_remote() -> None:
    with pytest.raises(ValueError, match="loopback"):
        SandboxServer(SandboxConfig(), host="0.0.0.0")  # refused, never bound


@pytest.mark.parametrize(
    "settings",
    [
        {"fail_rate": 1.5},
        {"fail_rate": -0.1},
        {"latency_ms": -1},
        {"ttl_seconds": 0},
        {"secret_key": ""},
        {"rate_limit_per_second": 0},
        {"max_amount": 0},
        {"client_id": "1"},
    ],
)
def test_config_refuses_bad_values(settings: dict[str, object]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - each case has its own message
        SandboxConfig(**settings)  # type: ignore[arg-type]


def test_created_at_is_utc(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    calls.create("A-1", 100)

    assert the_order(sandbox, "A-1").created_at.tzinfo == UTC
