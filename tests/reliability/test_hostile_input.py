"""Hostile input: what people type, what a service (or something posing as it) sends back.

Typed values: amounts, e-mails and order ids either come out as the contract
wants them, exactly as the service then stores them, or are refused with an
InputError and nothing written or sent. Replies: random bytes, huge or endless
bodies, compression bombs, deep nesting, wrong types and another order's answer
all end as a GatewayError (ProtocolError mostly), never another exception, and
the client never reads more than it caps. A payment link that is not https
(unless the service itself is the plain-http sandbox on this computer), or that
hides credentials or invisible characters, is refused and never becomes a QR.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import logging
import re
import socket
import string
import tempfile
import threading
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import requests
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict

from paydesk.core.desk import NOTE_MAX, OrderDesk
from paydesk.core.problems import english
from paydesk.core.remote import send_creation
from paydesk.domain.errors import EmailError, InputError, OrderIdError
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.money import MAX_AMOUNT, format_rubles, parse_amount
from paydesk.domain.orders import CreationState, OrderStatus, normalize_email, validate_order_id
from paydesk.domain.signing import get_order_sign
from paydesk.gateway import GatewayClient, GatewayError, InvalidRequestError, ProtocolError
from paydesk.gateway.errors import SERVICE_MESSAGE_MAX
from paydesk.gateway.replies import RawReply, classify, order_status, payment_url
from paydesk.gateway.transport import MAX_BODY
from paydesk.sandbox import Fault, SandboxConfig, SandboxServer
from paydesk.store import OrderQuery, OrderStore

from cli_process import Paydesk, service_env
from test_values import TEST_CLIENT_ID, TEST_SECRET

ORDER_ID_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")
CONTRACT_ALPHABET = string.ascii_letters + string.digits + "._-"

# Text a person (or a barcode scanner, or a paste) can put in a field: any
# Unicode, the nasty ASCII ones over-represented.
NASTY = "@.+&=%#?;:/\\'\"<>` \t\n\r\x00\x7f\u00a0\u2028\u200b\u202e"
typed_text = st.one_of(
    st.text(max_size=80),
    st.text(alphabet=st.sampled_from(NASTY + "ab1"), max_size=30),
)


# -- typed values: the contract's rules, whatever is typed ----------------------------


@given(st.emails() | typed_text)
def test_an_email_is_refused_or_fits_the_contract(text: str) -> None:
    try:
        email = normalize_email(text)
    except EmailError:
        return
    if email is None:
        assert not text.strip()
        return
    assert email == email.strip() and len(email) <= 254
    assert email.count("@") == 1 and not any(ch.isspace() for ch in email)
    local, domain = email.split("@")
    assert local and "." in domain and all(domain.split("."))
    assert normalize_email(email) == email  # settled: checking again changes nothing


@given(typed_text | st.text(alphabet=CONTRACT_ALPHABET, min_size=1, max_size=70))
def test_an_order_id_is_refused_or_fits_the_contract(text: str) -> None:
    try:
        order_id = validate_order_id(text)
    except OrderIdError:
        assert not ORDER_ID_RE.fullmatch(text)
        return
    assert order_id == text and ORDER_ID_RE.fullmatch(order_id)


@given(st.integers(min_value=1, max_value=MAX_AMOUNT), st.sampled_from([" ", "\u00a0", ""]))
def test_an_amount_as_people_write_it_is_the_same_kopecks(kopecks: int, group: str) -> None:
    for text in (format_rubles(kopecks, group=group), format_rubles(kopecks, decimal=".")):
        assert parse_amount(f"  {text} ₽ ") == kopecks


@pytest.fixture(scope="module")
def book() -> Iterator[OrderDesk]:
    with tempfile.TemporaryDirectory() as folder, OrderStore.open(Path(folder) / "b.sqlite3") as s:
        yield OrderDesk(s, TEST_CLIENT_ID)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(amount=typed_text | st.decimals(0, 10**9, places=2).map(str), email=typed_text,
       note=typed_text)
def test_typed_values_write_an_order_only_when_all_are_good(
    book: OrderDesk, amount: str, email: str, note: str
) -> None:
    before = book.store.count(OrderQuery())
    try:
        order = book.start_order(amount, email, note)
    except InputError:
        assert book.store.count(OrderQuery()) == before  # nothing written
        return
    assert order.amount == parse_amount(amount)
    assert order.email == normalize_email(email)
    assert order.note == " ".join(note.split()) and len(order.note) <= NOTE_MAX
    assert order.creation is CreationState.UNCONFIRMED
    assert book.get(order.order_id) == order


# -- the wire: what the client accepts, the service stores exactly -----------------------


@pytest.fixture(scope="module")
def service() -> Iterator[tuple[SandboxServer, GatewayClient]]:
    with (
        SandboxServer(SandboxConfig(client_id=TEST_CLIENT_ID, secret_key=TEST_SECRET)) as server,
        GatewayClient(server.base_url, TEST_CLIENT_ID, TEST_SECRET, max_attempts=1) as client,
    ):
        yield server, client


_used_ids: set[str] = set()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    order_id=st.text(alphabet=CONTRACT_ALPHABET, min_size=1, max_size=64) | typed_text,
    amount=st.integers(min_value=-5, max_value=MAX_AMOUNT + 5),
    email=st.none() | st.emails() | typed_text,
)
def test_what_the_client_sends_the_service_stores_exactly(
    service: tuple[SandboxServer, GatewayClient], order_id: str, amount: int, email: str | None
) -> None:
    server, client = service
    assume(order_id not in _used_ids)
    _used_ids.add(order_id)
    requests_before = server.request_count()
    try:
        clean_id = validate_order_id(order_id)
        clean_email = normalize_email(email)
        valid = 1 <= amount <= MAX_AMOUNT
    except InputError:
        valid = False
    if not valid:
        with pytest.raises(InvalidRequestError):
            client.create_order(order_id, amount, email)
        assert server.request_count() == requests_before  # refused before sending
        return
    url = client.create_order(clean_id, amount, email)
    stored = server.order(clean_id)
    assert stored is not None
    assert (stored.amount, stored.email, stored.url) == (amount, clean_email, url)
    assert client.get_order(clean_id) is OrderStatus.PENDING


# -- replies: anything at all becomes a GatewayError or a checked value ------------------


def judged(raw: RawReply) -> object:
    """What the client makes of a reply: a value, or the GatewayError it raises."""
    try:
        success = classify(raw)
        if raw.endpoint == "create_order":
            return payment_url(success)
        return order_status(success)
    except GatewayError as error:
        return error


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=20,
)
reply_objects = st.fixed_dictionaries(
    {},
    optional={
        "status": st.booleans() | json_values,
        "url": st.sampled_from(["https://pay.example/pay/x", "http://pay.example/pay/x"])
        | json_values,
        "order_status": st.sampled_from(["pending", "approve"]) | json_values,
        "message": json_values,
        "order_id": json_values,
    },
)


@given(
    endpoint=st.sampled_from(["create_order", "get_order"]),
    code=st.sampled_from([200, 201, 204, 302, 400, 403, 404, 409, 429, 500, 502, 503, 599])
    | st.integers(100, 599),
    body=st.binary(max_size=300) | reply_objects.map(lambda o: json.dumps(o).encode()),
    retry_after=st.none() | st.text(max_size=30),
)
def test_any_reply_is_a_gateway_error_or_a_checked_value(
    endpoint: str, code: int, body: bytes, retry_after: str | None
) -> None:
    headers = {} if retry_after is None else {"Retry-After": retry_after}
    outcome = judged(RawReply(endpoint, code, headers, body))
    if isinstance(outcome, GatewayError):
        assert outcome.user_message and str(outcome)
    elif endpoint == "create_order":
        assert isinstance(outcome, str) and outcome.startswith("https://")
        assert 200 <= code <= 299
    else:
        assert isinstance(outcome, OrderStatus) and 200 <= code <= 299


def _shown_clean(text: str) -> bool:
    """One line of visible text: no control, format or separator character."""
    return not any(
        unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp")
        for ch in text
    )


@given(
    endpoint=st.sampled_from(["create_order", "get_order"]),
    code=st.sampled_from([200, 400, 403, 404, 409, 429, 500, 503]),
    field=st.sampled_from(["message", "error"]),
    text=st.text(max_size=600) | st.text(alphabet=st.sampled_from(NASTY + "ab"), max_size=600),
)
def test_the_services_own_words_are_shown_clean_and_short(
    endpoint: str, code: int, field: str, text: str
) -> None:
    body = json.dumps({"status": False, field: text}).encode()
    outcome = judged(RawReply(endpoint, code, {}, body))
    assert isinstance(outcome, GatewayError)
    shown = outcome.service_message
    if shown is not None:
        assert len(shown) <= SERVICE_MESSAGE_MAX and shown == shown.strip()
        assert _shown_clean(shown) and "  " not in shown
    assert _shown_clean(outcome.user_message) and _shown_clean(str(outcome))


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 60_000,  # within the 64 KiB cap, far past the parser's recursion limit
        b'{"status": true, "url": ' + b"[" * 30_000 + b"]" * 30_000 + b"}",
        b'{"status": true, "order_status": ' + b'{"a": ' * 8_000 + b"1" + b"}" * 8_001,
        b'{"status": true, "order_status": ' + b"9" * 50_000 + b"}",  # a 50 000-digit number
        b'{"status": true, "order_status": NaN}',
        b'{"status": true, "url": "https://pay.example/pay/x", "url": 5}',  # duplicate key
        b"\xef\xbb\xbf" + b'{"status": true}',  # a byte-order mark
        b'{"status": true, "order_status": "\xff\xfe"}',  # not UTF-8
    ],
    ids=["nested-list", "nested-url", "nested-object", "huge-number", "nan", "duplicate-key",
         "bom", "bad-utf8"],
)
@pytest.mark.parametrize("endpoint", ["create_order", "get_order"])
def test_pathological_json_is_a_protocol_error(body: bytes, endpoint: str) -> None:
    assert len(body) <= MAX_BODY  # what the transport lets through
    outcome = judged(RawReply(endpoint, 200, {}, body))
    assert isinstance(outcome, ProtocolError), outcome


# -- replies over a real socket -------------------------------------------------------------


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


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeService]:
    """One fake service for the module (stopping one costs serve_forever's 0.5 s poll);
    each test sets its ``answer``."""
    with FakeService() as service:
        yield service


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


# -- a service that trickles its replies -----------------------------------------------------


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


# -- payment links ----------------------------------------------------------------------------


class CannedAdapter(BaseAdapter):
    """A requests transport that answers from memory: an https service with no network."""

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__()
        self.payload = payload
        self.sent: list[str] = []

    def send(  # type: ignore[override]  # the keyword arguments are ignored here
        self, request: requests.PreparedRequest, **kwargs: Any
    ) -> requests.Response:
        self.sent.append(str(request.url))
        response = requests.Response()
        response.status_code = 200
        response.headers = CaseInsensitiveDict({"Content-Type": "application/json"})
        response.raw = io.BytesIO(json.dumps(self.payload).encode())
        response.url = str(request.url)
        response.request = request
        return response

    def close(self) -> None:
        pass


def https_client(
    link: str, base_url: str = "https://pay.example.com", **options: Any
) -> tuple[GatewayClient, CannedAdapter]:
    """A client of ``base_url`` whose service answers create_order with ``link``."""
    adapter = CannedAdapter({"status": True, "url": link})
    session = requests.Session()
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    client = GatewayClient(base_url, TEST_CLIENT_ID, TEST_SECRET,
                           session=session, max_attempts=1, **options)
    return client, adapter


BAD_LINKS = [
    "http://pay.example.com/pay/abc",  # not https, from an https service
    "HTTP://pay.example.com/pay/abc",
    "https://user:pass@pay.example.com/pay/abc",
    "https://pay.example.com@evil.example/pay/abc",
    "https://pay.example.com\\@evil.example/pay/abc",
    "https://pay.example.com/pay/a\u200bbc",  # zero-width space
    "https://pay.example.com/pay/\u202ecba",  # right-to-left override
    "https://pay.example.com/pay/abc\x00",
    "https://pay.example.com/pay/" + "a" * 3000,  # no QR could hold it
    "https://pay.example.com:99999/pay/abc",
    "javascript:alert(1)//https://pay.example.com",
    "data:text/html,<script>alert(1)</script>",
    "//pay.example.com/pay/abc",
    "https:pay.example.com/pay/abc",  # no "//": no host, whatever a phone makes of it
    "https:/pay.example.com/pay/abc",
    "https:///pay.example.com/pay/abc",
    " https://pay.example.com/pay/abc",
    "hxxps://pay.example.com/pay/abc",
    "intent://pay.example.com/pay/abc#Intent;scheme=https;end",
]


@pytest.mark.parametrize("link", BAD_LINKS)
def test_a_payment_link_unfit_for_a_buyer_is_refused(link: str) -> None:
    client, adapter = https_client(link)
    with client, pytest.raises(ProtocolError) as caught:
        client.create_order("A-1", 100)
    assert adapter.sent  # it was asked; the answer is what is refused
    assert link not in caught.value.user_message


def test_plain_http_links_are_refused_with_a_message_for_the_cashier() -> None:
    client, _ = https_client("http://pay.example.com/pay/abc")
    with client, pytest.raises(ProtocolError) as caught:
        client.create_order("A-1", 100)
    assert "not secure" in caught.value.user_message
    assert caught.value.retryable is False


@pytest.mark.parametrize(
    "link", ["https://pay.example.com/pay/Zx8kQ2mN4pR7sT1v", "HTTPS://pay.example.com/pay/Zx8"]
)
def test_https_links_are_accepted_from_an_https_service(link: str) -> None:
    client, _ = https_client(link)
    with client:
        assert client.create_order("A-1", 100) == link


@pytest.mark.parametrize(
    ("base_url", "options"),
    [
        # Plain http to a service off this computer (allowed for a test service on a
        # local network): its links must still be https, it is not on loopback.
        ("http://till.example:8000", {"allow_insecure": True}),
        ("http://pay.example.com", {"allow_insecure": True}),
        # On loopback, but over https: an http link would be a step down.
        ("https://127.0.0.1:8443", {}),
        ("https://localhost", {}),
    ],
)
@pytest.mark.parametrize(
    "link", ["http://pay.example.com/pay/abc", "http://127.0.0.1:8765/pay/abc", "HTTP://pay.example.net/p"]
)
def test_plain_http_links_only_from_a_plain_http_service_on_loopback(
    base_url: str, options: dict[str, Any], link: str
) -> None:
    client, adapter = https_client(link, base_url, **options)
    with client, pytest.raises(ProtocolError) as caught:
        client.create_order("A-1", 100)
    assert adapter.sent
    assert "not secure" in caught.value.user_message


@pytest.mark.parametrize("base_url", ["http://127.0.0.1:8765", "http://localhost:8765",
                                      "http://[::1]:8765"])
def test_a_plain_http_service_on_loopback_may_link_over_http(base_url: str) -> None:
    client, _ = https_client("HTTP://counter-pc.example:8765/pay/abc", base_url)
    with client:
        assert client.create_order("A-1", 100) == "HTTP://counter-pc.example:8765/pay/abc"


def test_the_loopback_sandbox_may_hand_out_plain_http_links(
    start_sandbox: Callable[..., SandboxServer],
) -> None:
    """Demo mode with a phone: the sandbox on loopback links to this computer's LAN address."""
    server = start_sandbox(client_id=TEST_CLIENT_ID)
    phone = SandboxServer(server.config, public_url="http://counter-pc.example:8765").start()
    try:
        with GatewayClient(phone.base_url, TEST_CLIENT_ID, TEST_SECRET) as client:
            assert client.create_order("A-1", 100).startswith("http://counter-pc.example:8765/pay/")
    finally:
        phone.stop()


def test_a_refused_link_leaves_the_order_unconfirmed_and_never_shown(
    tmp_path: Path, qtbot: Any
) -> None:
    from paydesk.ui.payment.panel import PaymentPanel

    client, _ = https_client("http://pay.example.com/pay/abc")
    with client, OrderStore.open(tmp_path / "b.sqlite3") as store:
        desk = OrderDesk(store, TEST_CLIENT_ID)
        order = desk.record_creation(send_creation(client, desk.start_order("150")))
    assert order.creation is CreationState.UNCONFIRMED and order.url is None
    assert order.last_error == Failure(FailureCode.INSECURE_LINK)
    assert "not secure" in english(order.last_error)

    panel = PaymentPanel(clock=lambda: datetime.now(UTC))
    qtbot.addWidget(panel)
    panel.show_order(order, None)
    assert panel.qr.matrix() is None and panel.qr.text() is None
    assert not panel.open_button.isEnabled()
    # And had the link somehow been stored, the panel would have shown it: the guard is
    # that it never is.
    panel.show_order(replace(order, url="https://pay.example.com/pay/abc",
                             creation=CreationState.CONFIRMED), None)
    assert panel.qr.matrix() is not None
