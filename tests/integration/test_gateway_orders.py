"""GatewayClient against the real sandbox over HTTP on loopback: orders and refusals."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from paydesk.domain.money import MAX_AMOUNT
from paydesk.domain.orders import OrderStatus
from paydesk.domain.signing import create_order_sign, get_order_sign
from paydesk.gateway import (
    CredentialsRefused,
    GatewayClient,
    OrderConflict,
    OrderNotFound,
    ParameterRefused,
    ServiceRefused,
)
from paydesk.sandbox import SandboxServer

from test_values import TEST_SECRET

SECRET = TEST_SECRET  # the sandbox fixture's

MakeClient = Callable[..., GatewayClient]

#: The sandbox answers refusals with the contract's 4xx codes, or as the real service is
#: believed to, with HTTP 200 (``--refusals http200``): the client must read both alike.
REFUSAL_STYLES = ["codes", "http200"]
both_refusal_styles = pytest.mark.parametrize("sandbox", REFUSAL_STYLES, indirect=True)


def refusal_code(sandbox: SandboxServer, code: int) -> int:
    """The HTTP status this sandbox gives a refusal the contract gives ``code``."""
    return 200 if sandbox.config.refusals == "http200" else code


@pytest.fixture
def make_client(sandbox: SandboxServer) -> Iterator[MakeClient]:
    made: list[GatewayClient] = []

    def make(**options: Any) -> GatewayClient:
        client_id = options.pop("client_id", 1)
        secret = options.pop("secret_key", SECRET)
        options.setdefault("backoff_base", 0.01)
        options.setdefault("backoff_cap", 0.05)
        options.setdefault("deadline", 10.0)
        client = GatewayClient(sandbox.base_url, client_id, secret, **options)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def client(make_client: MakeClient) -> GatewayClient:
    return make_client()


def test_create_order_returns_the_payment_link(
    client: GatewayClient, sandbox: SandboxServer
) -> None:
    url = client.create_order("A-1001", 15000)
    assert url.startswith(f"{sandbox.base_url}/pay/")
    order = sandbox.order("A-1001")
    assert order is not None
    assert order.url == url
    assert order.amount == 15000
    assert order.email is None
    assert order.status is OrderStatus.PENDING


def test_email_is_trimmed_before_sending(client: GatewayClient, sandbox: SandboxServer) -> None:
    client.create_order("A-1002", 100, email="  buyer@mail.ru \t")
    order = sandbox.order("A-1002")
    assert order is not None
    assert order.email == "buyer@mail.ru"


def test_largest_amount_is_accepted(client: GatewayClient, sandbox: SandboxServer) -> None:
    client.create_order("A-big", MAX_AMOUNT)
    order = sandbox.order("A-big")
    assert order is not None
    assert order.amount == MAX_AMOUNT


def test_repeated_create_is_idempotent(client: GatewayClient, sandbox: SandboxServer) -> None:
    first = client.create_order("A-1003", 2500, email="a@b.ru")
    second = client.create_order("A-1003", 2500, email=" a@b.ru")
    assert second == first
    assert len(sandbox.orders()) == 1
    assert sandbox.request_count("create_order") == 2


def test_client_id_as_digit_string(make_client: MakeClient, sandbox: SandboxServer) -> None:
    client = make_client(client_id="1")
    assert client.create_order("A-str", 100).startswith(sandbox.base_url)


def test_new_order_is_pending(client: GatewayClient) -> None:
    client.create_order("A-2001", 100)
    status = client.get_order("A-2001")
    assert status is OrderStatus.PENDING
    assert not status.is_final


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        (SandboxServer.approve, OrderStatus.APPROVE),
        (SandboxServer.decline, OrderStatus.DECLINE),
        (SandboxServer.expire, OrderStatus.EXPIRED),
    ],
    ids=["approve", "decline", "expire"],
)
def test_final_statuses_are_read(
    client: GatewayClient,
    sandbox: SandboxServer,
    move: Callable[[SandboxServer, str], object],
    expected: OrderStatus,
) -> None:
    client.create_order("A-2002", 100)
    move(sandbox, "A-2002")
    status = client.get_order("A-2002")
    assert status is expected
    assert status.is_known
    assert status.is_final


def test_order_past_its_lifetime_reads_expired(
    client: GatewayClient, sandbox: SandboxServer
) -> None:
    client.create_order("A-2003", 100)
    sandbox.advance_clock(sandbox.config.ttl_seconds + 1)
    assert client.get_order("A-2003") is OrderStatus.EXPIRED


@both_refusal_styles
def test_unknown_order_is_order_not_found(client: GatewayClient, sandbox: SandboxServer) -> None:
    with pytest.raises(OrderNotFound) as caught:
        client.get_order("never-created")
    assert caught.value.http_status == refusal_code(sandbox, 404)
    assert caught.value.service_message
    assert caught.value.retryable is False
    assert sandbox.request_count("get_order") == 1


@both_refusal_styles
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ({"amount": 100}, {"amount": 200}),
        ({"amount": 100, "email": "a@b.ru"}, {"amount": 100, "email": "c@d.ru"}),
        ({"amount": 100}, {"amount": 100, "email": "c@d.ru"}),
    ],
    ids=["amount", "email", "email-added"],
)
def test_reused_order_id_with_other_fields_is_a_conflict(
    client: GatewayClient,
    sandbox: SandboxServer,
    first: dict[str, Any],
    second: dict[str, Any],
) -> None:
    url = client.create_order("A-3001", **first)
    with pytest.raises(OrderConflict) as caught:
        client.create_order("A-3001", **second)
    assert caught.value.http_status == refusal_code(sandbox, 409)
    assert caught.value.retryable is False
    assert isinstance(caught.value, ServiceRefused)
    assert sandbox.request_count("create_order") == 2  # not retried
    order = sandbox.order("A-3001")
    assert order is not None
    assert order.url == url
    assert order.amount == 100


@both_refusal_styles
def test_wrong_secret_is_credentials_refused(
    make_client: MakeClient, sandbox: SandboxServer
) -> None:
    client = make_client(secret_key="not-the-secret")
    with pytest.raises(CredentialsRefused) as caught:
        client.create_order("A-4001", 100)
    assert caught.value.http_status == refusal_code(sandbox, 403)
    assert caught.value.retryable is False
    assert "settings" in caught.value.user_message
    with pytest.raises(CredentialsRefused):
        client.get_order("A-4001")
    assert sandbox.orders() == []
    assert sandbox.request_count() == 2  # neither call retried


@both_refusal_styles
def test_unknown_client_id_is_credentials_refused(
    make_client: MakeClient, sandbox: SandboxServer
) -> None:
    client = make_client(client_id=999)
    with pytest.raises(CredentialsRefused):
        client.create_order("A-4002", 100)
    with pytest.raises(CredentialsRefused):
        client.get_order("A-4002")
    assert sandbox.orders() == []


@both_refusal_styles
def test_verify_credentials_accepts_good_ones(
    client: GatewayClient, sandbox: SandboxServer
) -> None:
    assert client.verify_credentials() is None  # type: ignore[func-returns-value]
    assert sandbox.request_count("get_order") == 1
    assert sandbox.orders() == []


@both_refusal_styles
@pytest.mark.parametrize(
    "options", [{"secret_key": "wrong"}, {"client_id": 2}], ids=["secret", "client_id"]
)
def test_verify_credentials_refuses_bad_ones(
    make_client: MakeClient, sandbox: SandboxServer, options: dict[str, Any]
) -> None:
    client = make_client(**options)
    with pytest.raises(CredentialsRefused):
        client.verify_credentials()


@pytest.mark.parametrize("refusals", REFUSAL_STYLES)
def test_a_parameter_the_service_refuses_is_parameter_refused(
    start_sandbox: Callable[..., SandboxServer], refusals: str
) -> None:
    """The merchant's ceiling at the service is lower than the one set in PayDesk."""
    sandbox = start_sandbox(client_id=1, max_amount=10_000, refusals=refusals)
    with GatewayClient(sandbox.base_url, 1, SECRET, deadline=10.0) as client:
        with pytest.raises(ParameterRefused) as caught:
            client.create_order("A-6001", 10_001)
        assert isinstance(caught.value, ServiceRefused)
        assert caught.value.http_status == refusal_code(sandbox, 400)
        assert caught.value.retryable is False
        assert caught.value.service_message is not None
        assert "amount" in caught.value.service_message
        assert caught.value.user_message == (
            f"The payment service refused the request: {caught.value.service_message}"
        )
    assert sandbox.request_count("create_order") == 1  # not retried
    assert sandbox.orders() == []


def test_logs_carry_no_secret_sign_or_query(
    client: GatewayClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG):
        client.create_order("A-5001", 15000)
        client.get_order("A-5001")
        with pytest.raises(OrderNotFound):
            client.get_order("A-5002")
    gateway_lines = [r.getMessage() for r in caplog.records if r.name == "paydesk.gateway"]
    assert any("create_order order_id=A-5001 attempt=1 http_status=200" in m for m in gateway_lines)
    assert any("get_order order_id=A-5002 attempt=1 http_status=404" in m for m in gateway_lines)
    signs = [
        create_order_sign("A-5001", 15000, SECRET),
        get_order_sign("A-5001", SECRET),
        get_order_sign("A-5002", SECRET),
    ]
    client_side = [r for r in caplog.records if not r.name.startswith("paydesk.sandbox")]
    assert any(r.name.startswith("urllib3") for r in client_side)
    for record in client_side:
        text = record.getMessage().lower()
        assert SECRET not in text
        for sign in signs:
            assert sign not in text, f"sign leaked in {record.name}: {text}"


def test_one_client_serves_many_threads(client: GatewayClient, sandbox: SandboxServer) -> None:
    order_ids = [f"T-{n}" for n in range(16)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        urls = list(pool.map(lambda oid: client.create_order(oid, 100), order_ids))
        sandbox.approve("T-3")
        statuses = list(pool.map(client.get_order, order_ids * 4))
    assert len(set(urls)) == 16
    assert len(sandbox.orders()) == 16
    expected = [OrderStatus.APPROVE if oid == "T-3" else OrderStatus.PENDING for oid in order_ids]
    assert statuses == expected * 4
