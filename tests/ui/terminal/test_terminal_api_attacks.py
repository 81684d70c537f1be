"""What the till program's API refuses: every refusal a 4xx problem details answer
(RFC 9457) with the catalogue's code, never a 5xx, and never an order made."""

from __future__ import annotations

import json
import logging
import socket
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from paydesk.sandbox import SandboxServer

from raw_http import MALFORMED, idle_flood, send
from terminal_client import TillProgram


def refused(reply: requests.Response, status: int, code: str) -> dict[str, Any]:
    assert reply.status_code == status, reply.text
    assert reply.headers["Content-Type"].startswith("application/problem+json")
    body: dict[str, Any] = reply.json()
    assert body["status"] == status and body["code"] == code
    assert body["type"] == f"urn:paydesk:problem:{code}" and body["title"]
    return body


def test_a_request_without_this_tills_token_is_refused(
        till: TillProgram, sandbox: SandboxServer) -> None:
    ask = {"amount_kopecks": 100, "reference": "a"}
    for token in ("", "wrong", "A" * 43, till.token[:-1] + ("A" if till.token[-1] != "A"
                                                          else "B")):
        reply = till.call("POST", "/v1/payments", json=ask, token=token)
        refused(reply, 401, "api_unauthorized")
        assert reply.headers["WWW-Authenticate"].startswith("Bearer")
        assert till.token not in reply.text
    basic = till.call("GET", "/v1/health", headers={"Authorization": f"Basic {till.token}"})
    refused(basic, 401, "api_unauthorized")
    assert sandbox.orders() == []


def test_a_foreign_host_is_refused_before_the_token_is_looked_at(till: TillProgram) -> None:
    for host in ("evil.example", "localhost.evil.example:80", ""):
        reply = till.call("GET", "/v1/health", headers={"Host": host})
        refused(reply, 421, "api_foreign_host")


def test_bodies_too_large_or_not_json_objects_are_refused(
        till: TillProgram, sandbox: SandboxServer) -> None:
    huge = json.dumps({"amount_kopecks": 100, "reference": "b", "note": "x" * 100_000})
    refused(till.call("POST", "/v1/payments", data=huge,
                      headers={"Content-Type": "application/json"}), 413, "api_too_large")
    for body in (b"{", b"[1, 2]", b"\xff\xfe", b"null", b"\"text\""):
        refused(till.call("POST", "/v1/payments", data=body), 400, "api_malformed")
    assert sandbox.orders() == []


def test_a_body_sent_in_chunks_past_the_limit_is_refused(till: TillProgram) -> None:
    """No Content-Length to refuse by: the server stops reading at its limit."""
    def chunks() -> Iterator[bytes]:
        yield b'{"amount_kopecks": 100, "reference": "c", "note": "'
        for _ in range(50):
            yield b"x" * 1000
        yield b'"}'

    refused(till.call("POST", "/v1/payments", data=chunks()), 413, "api_too_large")


@pytest.mark.parametrize(("ask", "code"), [
    ({"amount_kopecks": -100, "reference": "d"}, "amount_kopecks.negative"),
    ({"amount_kopecks": 0, "reference": "d"}, "amount_kopecks.zero"),
    ({"amount_kopecks": 12.5, "reference": "d"}, "amount_kopecks.not_integer"),
    ({"amount_kopecks": "100", "reference": "d"}, "amount_kopecks.not_integer"),
    ({"amount_kopecks": True, "reference": "d"}, "amount_kopecks.not_integer"),
    ({"reference": "d"}, "amount_kopecks.not_integer"),
    ({"amount_kopecks": 100}, "reference.missing"),
    ({"amount_kopecks": 100, "reference": 7}, "reference.missing"),
    ({"amount_kopecks": 100, "reference": "r" * 10_000}, "reference.too_long"),
    ({"amount_kopecks": 100, "reference": "a\nb"}, "reference.not_printable"),
    ({"amount_kopecks": 100, "reference": "d", "note": ["x"]}, "note.not_text"),
    ({"amount_kopecks": 100, "reference": "d", "email": "nobody"}, "email.at_sign"),
    ({"amount_kopecks": 100, "reference": " d"}, "reference.not_printable"),
    ({"amount_kopecks": 100, "reference": "d\u202e"}, "reference.not_printable"),
    ({"amount_kopecks": 100, "reference": "d", "email": " b@example.com"},
     "email.not_an_address"),
    ({"amount_kopecks": 100, "reference": "d", "note": "2 coffees\n1 cake"},
     "note.not_one_line"),
    ({"amount_kopecks": 100, "reference": "d", "note": "x" * 501}, "note.too_long"),
    ({"amount_kopecks": 10**15, "reference": "d"}, "amount_kopecks.too_large"),
])
def test_a_wrong_field_is_refused_with_its_name(
        till: TillProgram, sandbox: SandboxServer, ask: dict[str, Any], code: str) -> None:
    body = refused(till.call("POST", "/v1/payments", json=ask), 422, code)
    assert body["field"] == code.partition(".")[0]
    assert sandbox.orders() == []


def test_lookups_and_addresses_that_are_not_there(till: TillProgram) -> None:
    refused(till.call("GET", "/v1/payments", params={"reference": "r" * 100}),
            422, "reference.too_long")
    refused(till.call("GET", "/v1/payments"), 422, "reference.missing")
    refused(till.call("GET", "/v1/payments/no-such-order"), 404, "api_not_found")
    refused(till.call("GET", "/v1/payments/" + "x" * 300), 404, "api_not_found")
    refused(till.call("GET", "/v1/nothing"), 404, "api_not_found")
    not_taken = till.call("DELETE", "/v1/payments")
    refused(not_taken, 405, "api_method")
    assert set(not_taken.headers["Allow"].split(",")) == {"GET", "HEAD", "POST"}
    traced = till.call("TRACE", "/v1/health")
    refused(traced, 405, "api_method")
    assert set(traced.headers["Allow"].split(",")) == {"GET", "HEAD"}


def test_a_request_line_too_long_is_a_4xx(till: TillProgram) -> None:
    host, port = till.base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall(b"GET /v1/payments?reference=" + b"r" * 10_000 + b" HTTP/1.1\r\n"
                     b"Host: 127.0.0.1\r\n\r\n")
        status_line = conn.makefile("rb").readline()
    assert status_line.split()[1].startswith(b"4"), status_line


def test_a_flood_of_idle_connections_from_one_address_does_not_lock_out_the_till(
        till: TillProgram) -> None:
    with idle_flood(till.base_url, 200, ["127.0.0.2"]):
        assert till.call("GET", "/v1/health").status_code == 200


def test_a_flood_from_many_addresses_makes_way_for_the_till(till: TillProgram) -> None:
    with idle_flood(till.base_url, 40, [f"127.0.0.{n}" for n in range(2, 6)]):
        assert till.call("GET", "/v1/health").status_code == 200


#: What the server's own log says: aiohttp's and the API's (the window logs on meanwhile).
_SERVER_LOGS = ("aiohttp", "asyncio", "paydesk.core.served_loop", "paydesk.core.terminal.api")


def test_a_request_the_parser_refuses_is_one_4xx_and_one_log_line(
        till: TillProgram, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    secret = till.token.encode()
    usual = till.call("GET", "/v1/health", token="wrong").headers
    assert "Server" not in usual
    for kind, build in sorted(MALFORMED.items()):
        caplog.clear()
        answer = send(till.base_url, build(b"Authorization: Bearer " + secret, secret,
                                           b"/v1/health", b"/v1/payments"))
        assert 400 <= answer.status < 500 and answer.rest == b"", (kind, answer.raw)
        assert secret not in answer.raw, kind
        assert "server" not in answer.headers, kind
        assert answer.headers["content-type"] == "application/problem+json; charset=utf-8"
        for name in ("Cache-Control", "X-Content-Type-Options"):
            assert answer.headers.get(name.lower()) == usual[name], (kind, name)
        assert json.loads(answer.raw.partition(b"\r\n\r\n")[2])["code"] == "api_malformed"
        lines = [caplog.handler.format(record) for record in caplog.records
                 if record.name.startswith(_SERVER_LOGS)]
        assert len(lines) == 1 and "\n" not in lines[0], (kind, lines)
        assert till.token not in lines[0], kind
