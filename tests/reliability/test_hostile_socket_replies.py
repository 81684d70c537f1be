"""Hostile replies over a real socket: endless or huge bodies, compression bombs, broken
HTTP and another order's answer end as a GatewayError, and the client never reads more
than it caps; a service that trickles its replies holds no command past its deadline.
"""

from __future__ import annotations

import gzip
import json
import logging
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paydesk.core.problems import english
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.remote import send_creation
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import OrderStatus
from paydesk.domain.signing import get_order_sign
from paydesk.gateway import GatewayClient, GatewayError, ProtocolError
from paydesk.sandbox import Fault, SandboxServer
from paydesk.store import OrderStore

from cli_process import Paydesk, service_env
from fake_service import FakeService, fixed, reply_bytes
from test_values import TEST_CLIENT_ID, TEST_SECRET


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeService]:
    """One fake service for the module (stopping one costs serve_forever's 0.5 s poll);
    each test sets its ``answer``."""
    with FakeService() as service:
        yield service


def client_for(service: FakeService, **options: Any) -> GatewayClient:
    options.setdefault("max_attempts", 1)
    return GatewayClient(service.base_url, TEST_CLIENT_ID, TEST_SECRET, read_timeout=5.0,
                         deadline=10.0, **options)


def test_an_endless_body_is_cut_at_the_cap(fake: FakeService) -> None:
    sent = [0]

    def endless(sock: socket.socket) -> None:
        sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"10000\r\n" + b" " * 0x10000 + b"\r\n"
        while sent[0] < 200 * 1024 * 1024:  # the client must hang up long before
            sock.sendall(chunk)
            sent[0] += len(chunk)

    fake.answer = endless
    with client_for(fake) as client, pytest.raises(ProtocolError, match="too large"):
        client.get_order("A-1")
    # What the kernel buffers aside, the client stopped reading near the cap.
    assert sent[0] < 64 * 1024 * 1024


@pytest.mark.parametrize(
    "answer",
    [
        reply_bytes(b"{}", length=99_999_999_999),  # declared too large
        b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Type: application/json\r\n"
        b"Connection: close\r\n\r\n" + gzip.compress(b" " * (20 * 1024 * 1024)),  # a bomb
    ],
    ids=["declared-huge", "gzip-bomb"],
)
def test_huge_replies_are_refused_without_reading_them(fake: FakeService, answer: bytes) -> None:
    fake.answer = fixed(answer)
    with client_for(fake) as client, pytest.raises(ProtocolError, match="too large"):
        client.create_order("A-1", 100)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(min_size=1, max_size=2000) | st.binary(max_size=500).map(
    lambda tail: b"HTTP/1.1 200 OK\r\n" + tail))
def test_random_bytes_on_the_socket_are_a_gateway_error(fake: FakeService, garbage: bytes) -> None:
    """Not even a status line, or a status line and then noise: whatever arrives, the
    client says so in its own terms."""
    fake.answer = fixed(garbage)
    with client_for(fake) as client, pytest.raises(GatewayError):
        client.get_order("A-1")


@pytest.mark.parametrize(
    "answer",
    [
        reply_bytes(b'{"status": true, "order_status": "pending"}',
                    headers="".join(f"X-{n}: {n}\r\n" for n in range(300))),  # many headers
        reply_bytes(b'{"status": true}', headers="X-Long: " + "a" * 100_000 + "\r\n"),
        b"HTTP/1.1 abc Nonsense\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"status\": tr",  # cut short
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nxx\r\n",  # bad chunking
        b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 9\r\n\r\nnot gzip!",
    ],
    ids=["300-headers", "100k-header", "bad-status-line", "cut-short", "bad-chunks", "bad-gzip"],
)
def test_broken_http_is_a_gateway_error(fake: FakeService, answer: bytes) -> None:
    fake.answer = fixed(answer)
    with client_for(fake) as client, pytest.raises(GatewayError):
        client.get_order("A-1")


def test_a_header_line_urllib3_warns_about_is_logged_without_the_sign(
    fake: FakeService, caplog: pytest.LogCaptureFixture
) -> None:
    """urllib3 logs the request's URL (the query, sign included) when a reply's header
    line has no colon; the record is masked where it is made, not only by our handlers."""
    fake.answer = fixed(reply_bytes(b'{"status": true, "order_status": "pending"}',
                                    headers="Broken header line\r\n"))
    with caplog.at_level(logging.DEBUG), client_for(fake) as client:
        client.get_order("A-1")
    warned = [r.getMessage() for r in caplog.records if r.name.startswith("urllib3")]
    assert any("Failed to parse headers" in text for text in warned)
    sign = get_order_sign("A-1", TEST_SECRET)
    assert all(sign not in text for text in warned)


@pytest.mark.parametrize("endpoint", ["create_order", "get_order"])
def test_an_answer_about_another_order_is_refused(fake: FakeService, endpoint: str) -> None:
    """The contract's replies name no order, so a reply meant for another order cannot be
    told apart in general; when the service does echo an order_id, it must be ours."""

    def ask(client: GatewayClient) -> object:
        if endpoint == "create_order":
            return client.create_order("A-1", 100)
        return client.get_order("A-1")

    other = {"status": True, "order_id": "B-2", "url": "http://127.0.0.1/pay/x",
             "order_status": "approve"}
    fake.answer = fixed(reply_bytes(json.dumps(other).encode()))
    with client_for(fake) as client, pytest.raises(ProtocolError, match="another order") as caught:
        ask(client)
    assert "different order" in caught.value.user_message

    fake.answer = fixed(reply_bytes(json.dumps({**other, "order_id": "A-1"}).encode()))
    with client_for(fake) as client:
        assert ask(client) in ("http://127.0.0.1/pay/x", OrderStatus.APPROVE)


def test_the_order_book_keeps_the_clean_words(fake: FakeService, tmp_path: Path) -> None:
    """The order book (and so the window and the command line, which read it) gets the
    sentence the client cleaned: one line, no escapes, no reversed text."""
    nasty = "Shop\r\nblocked \x1b[2J\u202eevil\u200b"
    fake.answer = fixed(reply_bytes(json.dumps({"status": False, "message": nasty}).encode()))
    with client_for(fake) as client, OrderStore.open(tmp_path / "b.sqlite3") as store:
        desk = OrderDesk(store, TEST_CLIENT_ID)
        order = desk.record_creation(send_creation(client, desk.start_order("150")))
    assert order.last_error == Failure(FailureCode.REFUSED, "Shop blocked [2J evil")
    assert english(order.last_error) == (
        "The payment service refused the request: Shop blocked [2J evil"
    )


@pytest.mark.scenario
def test_a_trickling_service_holds_no_command_past_its_deadline(
    paydesk: Paydesk, start_sandbox: Callable[..., SandboxServer]
) -> None:
    """A reply sent a byte at a time (each byte well within the read timeout): create,
    status and refresh, through the real command, each end at the deadline (set to 1 s,
    like any setting) as "too slow, try again" (exit code 4), and nothing is lost."""
    sandbox = start_sandbox(client_id=TEST_CLIENT_ID, trickle_ms=20)
    env = service_env(sandbox)
    assert paydesk.run("config", "set", "request_deadline_seconds", "1", env=env).code == 0
    sandbox.inject(Fault.TRICKLE, times=1000)

    create = paydesk.run("create", "150", env=env)
    assert create.code == 4, create
    assert "did not answer in time" in create.err
    [record] = json.loads(paydesk.run("list", "--format", "json", env=env).out)
    status = paydesk.run("status", record["order_id"], env=env)
    assert status.code == 4, status
    assert "did not answer in time" in status.err
    refresh = paydesk.run("refresh", env=env)
    assert refresh.code == 4, refresh
    assert f"failed      {record['order_id']}" in refresh.err

    sandbox.clear_faults()
    refresh = paydesk.run("refresh", env=env)
    assert refresh.code == 0, refresh
    assert f"sent again  {record['order_id']}" in refresh.out
    [remote] = sandbox.orders()  # the slow create was carried out: one order, same id
    assert remote.order_id == record["order_id"]
