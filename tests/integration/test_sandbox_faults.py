"""Scripted faults, random failures, latency and rate limits, seen from a client."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import pytest
import requests

from paydesk.domain.signing import create_order_sign
from paydesk.sandbox import Fault, SandboxServer

if TYPE_CHECKING:
    from conftest import SandboxCalls


def json_failure(reply: requests.Response, status: int) -> dict[str, Any]:
    assert reply.status_code == status, reply.text
    assert reply.headers["Content-Type"] == "application/json; charset=utf-8"
    body = reply.json()
    assert body["status"] is False
    assert isinstance(body["message"], str)
    assert body["message"]
    return dict(body)


@pytest.mark.parametrize(
    ("fault", "status"),
    [(Fault.SERVER_ERROR, 500), (Fault.UNAVAILABLE, 503), (Fault.RATE_LIMITED, 429)],
)
def test_error_faults_answer_json_failures_without_processing(
    sandbox: SandboxServer, calls: SandboxCalls, fault: Fault, status: int
) -> None:
    sandbox.inject(fault)

    reply = calls.create("A-1", 100)

    json_failure(reply, status)
    if fault is Fault.RATE_LIMITED:
        assert reply.headers["Retry-After"] == "1"
    assert sandbox.orders() == []
    assert calls.create("A-1", 100).status_code == 200  # injected once only


def test_html_error_is_a_502_html_page(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    sandbox.inject(Fault.HTML_ERROR)

    reply = calls.get("A-1")

    assert reply.status_code == 502
    assert reply.headers["Content-Type"].startswith("text/html")
    assert reply.text.lstrip().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(
    ("endpoint", "expected"),
    [
        ("create_order", {"status": "true", "url": 5}),
        ("get_order", {"status": "true", "order_status": 5}),
    ],
)
def test_wrong_types_is_200_json_with_wrong_field_types(
    sandbox: SandboxServer, calls: SandboxCalls, endpoint: str, expected: dict[str, Any]
) -> None:
    calls.create("A-1", 100)
    sandbox.inject(Fault.WRONG_TYPES, endpoint=endpoint)

    reply = calls.create("A-1", 100) if endpoint == "create_order" else calls.get("A-1")

    assert reply.status_code == 200
    assert reply.json() == expected


def test_refused_with_200_is_a_status_false_reply(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    sandbox.inject(Fault.REFUSED_WITH_200)

    reply = calls.create("A-1", 100)

    assert reply.status_code == 200
    assert reply.json() == {"status": False, "message": "Service refused the request"}
    assert sandbox.orders() == []


def test_truncated_json_processes_the_request_and_cuts_the_reply(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    sandbox.inject(Fault.TRUNCATED_JSON)

    cut = calls.create("A-1", 100)
    whole = calls.create("A-1", 100)

    assert cut.status_code == 200
    assert cut.headers["Content-Type"] == "application/json; charset=utf-8"
    with pytest.raises(json.JSONDecodeError):
        json.loads(cut.content)
    assert cut.content
    assert whole.content.startswith(cut.content)
    assert len(sandbox.orders()) == 1


def test_drop_after_processing_creates_the_order_but_loses_the_reply(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    sandbox.inject(Fault.DROP_AFTER_PROCESSING, endpoint="create_order")

    with pytest.raises(requests.ConnectionError):
        calls.create("A-1", 100)
    (order,) = sandbox.orders()
    retry = calls.create("A-1", 100)  # what a client does after a lost reply

    assert retry.json() == {"status": True, "url": order.url}
    assert len(sandbox.orders()) == 1


def _send_create(server: SandboxServer, calls: SandboxCalls) -> socket.socket:
    """A create_order sent by hand, so each byte of the reply can be watched."""
    query = urlencode({"client_id": 1, "order_id": "A-1", "amount": 100,
                       "sign": create_order_sign("A-1", 100, calls.secret)})
    host, port = server.base_url.removeprefix("http://").rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=10)
    request = f"GET /backend/create_order?{query} HTTP/1.1\r\nHost: {host}\r\n\r\n"
    sock.sendall(request.encode())
    return sock


def test_trickle_sends_the_reply_a_byte_at_a_time_after_carrying_it_out(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls],
    wait_until: Callable[..., None],
) -> None:
    server = start_sandbox(trickle_ms=60_000)  # a minute between two bytes
    server.inject(Fault.TRICKLE)
    assert Fault.TRICKLE.processes_request

    with _send_create(server, make_calls(server)) as sock:
        assert sock.recv(65536) == b"H"  # the status line's first byte, and no more
        wait_until(lambda: len(server.orders()) == 1)  # done before the reply began


def test_trickle_body_sends_the_head_at_once_then_the_body_slowly(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    server = start_sandbox(trickle_ms=60_000)
    server.inject(Fault.TRICKLE_BODY)

    with _send_create(server, make_calls(server)) as sock:
        data = b""
        while not data.endswith(b"\r\n\r\n{"):
            chunk = sock.recv(65536)
            assert chunk, data
            data += chunk
    assert data.startswith(b"HTTP/1.1 200 ")
    assert b"Content-Length: " in data
    assert len(server.orders()) == 1


@pytest.mark.parametrize("fault", [Fault.TRICKLE, Fault.TRICKLE_BODY])
def test_a_patient_client_gets_the_whole_real_reply(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls],
    fault: Fault,
) -> None:
    server = start_sandbox(trickle_ms=0)  # still a byte per write, without a pause
    calls = make_calls(server)
    server.inject(fault)

    reply = calls.create("A-1", 100)

    (order,) = server.orders()
    assert reply.json() == {"status": True, "url": order.url}
    assert server.faults_injected() == {fault.value: 1}


def test_stop_returns_promptly_while_a_reply_trickles(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    server = start_sandbox(trickle_ms=60_000)
    server.inject(Fault.TRICKLE)
    with _send_create(server, make_calls(server)) as sock:
        assert sock.recv(1) == b"H"
        stopper = threading.Thread(target=server.stop)
        stopper.start()
        stopper.join(timeout=5)
        assert not stopper.is_alive(), "stop() is stuck behind a trickling reply"
        assert sock.recv(65536) == b""  # the sandbox hung up


def test_stall_holds_the_reply_until_the_client_times_out(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    sandbox.inject(Fault.STALL)

    with pytest.raises(requests.ReadTimeout):
        calls.create("A-1", 100, timeout=0.3)

    assert sandbox.orders() == []
    assert calls.create("A-1", 100).status_code == 200


def test_stall_ends_without_a_reply_after_stall_seconds(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    server = start_sandbox(stall_seconds=0.05)
    server.inject(Fault.STALL)

    with pytest.raises(requests.ConnectionError):
        make_calls(server).get("A-1", timeout=10)


def test_stop_returns_promptly_while_a_stall_is_held(
    sandbox: SandboxServer, calls: SandboxCalls, wait_until: Callable[..., None]
) -> None:
    sandbox.inject(Fault.STALL)  # would hold for 30 s
    outcome: list[BaseException | requests.Response] = []

    def stalled_call() -> None:
        try:
            outcome.append(calls.get("A-1", timeout=30))
        except requests.RequestException as err:
            outcome.append(err)

    caller = threading.Thread(target=stalled_call)
    caller.start()
    wait_until(lambda: sandbox.request_count("get_order") == 1)
    stopper = threading.Thread(target=sandbox.stop)
    stopper.start()
    stopper.join(timeout=5)
    caller.join(timeout=5)

    assert not stopper.is_alive(), "stop() is stuck behind a stalled request"
    assert not caller.is_alive()
    assert len(outcome) == 1
    assert isinstance(outcome[0], requests.ConnectionError)


def test_injected_times_and_endpoint(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    sandbox.inject(Fault.UNAVAILABLE, times=2, endpoint="get_order")

    created = calls.create("A-1", 100)
    first, second, third = calls.get("A-1"), calls.get("A-1"), calls.get("A-1")

    assert created.status_code == 200
    assert [first.status_code, second.status_code, third.status_code] == [503, 503, 200]


def test_faults_are_taken_in_injection_order(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    sandbox.inject(Fault.SERVER_ERROR)
    sandbox.inject(Fault.UNAVAILABLE)

    assert [calls.get("A-1").status_code for _ in range(3)] == [500, 503, 404]


def test_faults_without_endpoint_leave_the_payment_page_alone(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    url = calls.url("A-1", 100)
    sandbox.inject(Fault.SERVER_ERROR)

    page = requests.get(url, timeout=5)
    status = calls.get("A-1")

    assert page.status_code == 200
    assert status.status_code == 500


def test_faults_can_target_the_payment_page(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100)
    sandbox.inject(Fault.HTML_ERROR, endpoint="pay_page")

    assert requests.get(url, timeout=5).status_code == 502
    assert requests.get(url, timeout=5).status_code == 200


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((Fault.STALL, 0), ValueError),
        ((Fault.STALL, 1, "delete_order"), ValueError),
        (("stall",), TypeError),
    ],
)
def test_inject_refuses_bad_arguments(
    sandbox: SandboxServer, args: tuple[Any, ...], error: type[Exception]
) -> None:
    with pytest.raises(error):
        sandbox.inject(*args)


def test_request_count_per_endpoint(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100)
    calls.get("A-1")
    calls.get("A-1")
    requests.get(url, timeout=5)
    requests.get(f"{sandbox.base_url}/", timeout=5)

    assert sandbox.request_count("create_order") == 1
    assert sandbox.request_count("get_order") == 2
    assert sandbox.request_count("pay_page") == 1
    assert sandbox.request_count() == 5
    with pytest.raises(ValueError, match="unknown endpoint"):
        sandbox.request_count("nope")


def test_fail_rate_one_fails_every_backend_request(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    server = start_sandbox(fail_rate=1.0)
    client = make_calls(server)

    replies = [client.create(f"A-{n}", 100) for n in range(20)]

    for reply in replies:
        assert reply.status_code in (500, 503)
        json_failure(reply, reply.status_code)
    assert server.orders() == []
    server.set_fail_rate(0.0)
    assert client.create("A-1", 100).status_code == 200


def test_fail_rate_can_be_switched_on_while_running(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    sandbox.set_fail_rate(1.0)

    assert calls.get("A-1").status_code in (500, 503)


def test_switches_refuse_bad_values(sandbox: SandboxServer) -> None:
    with pytest.raises(ValueError, match="fail rate"):
        sandbox.set_fail_rate(1.5)
    with pytest.raises(ValueError, match="latency"):
        sandbox.set_latency(-1)


def test_latency_holds_backend_replies(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    server = start_sandbox(latency_ms=60_000)
    client = make_calls(server)

    with pytest.raises(requests.ReadTimeout):
        client.get("A-1", timeout=0.3)
    server.set_latency(0)

    assert client.get("A-1").status_code == 404
    server.stop()  # does not wait out the first request's minute


def test_rate_limit_answers_429_with_retry_after_per_client(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    client = make_calls(start_sandbox(rate_limit_per_second=1))

    replies = [client.get("A-1") for _ in range(5)]
    other_client = client.get("A-1", client_id=2)  # its own bucket

    assert replies[0].status_code == 404
    limited = [reply for reply in replies if reply.status_code == 429]
    assert limited
    for reply in limited:
        json_failure(reply, 429)
        assert int(reply.headers["Retry-After"]) >= 1
    assert other_client.status_code == 403
