"""GatewayClient against the real sandbox's injected faults: retries, timeouts, bad replies."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from paydesk.domain.orders import OrderStatus
from paydesk.domain.signing import create_order_sign, get_order_sign
from paydesk.gateway import (
    GatewayClient,
    GatewayConnectionError,
    GatewayError,
    GatewayTimeout,
    ProtocolError,
    RateLimited,
    ServiceRefused,
    ServiceUnavailable,
)
from paydesk.sandbox import Fault, SandboxServer

from test_values import TEST_SECRET

SECRET = TEST_SECRET  # the sandbox fixture's

MakeClient = Callable[..., GatewayClient]


class SleepLog:
    """An injected sleep that records the waits and does not wait."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture
def sleeps() -> SleepLog:
    return SleepLog()


@pytest.fixture
def make_client(sandbox: SandboxServer, sleeps: SleepLog) -> Iterator[MakeClient]:
    """Clients with short timeouts and a recording (non-waiting) sleep."""
    made: list[GatewayClient] = []

    def make(**options: Any) -> GatewayClient:
        base_url = options.pop("base_url", sandbox.base_url)
        options.setdefault("connect_timeout", 2.0)
        options.setdefault("read_timeout", 2.0)
        options.setdefault("deadline", 10.0)
        options.setdefault("sleep", sleeps)
        client = GatewayClient(base_url, 1, SECRET, **options)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def client(make_client: MakeClient) -> GatewayClient:
    return make_client()


def assert_no_secrets(error: GatewayError, order_id: str, amount: int | None = None) -> None:
    texts = [str(error), repr(error), error.user_message, error.body or ""]
    needles = [SECRET, get_order_sign(order_id, SECRET), "sign="]
    if amount is not None:
        needles.append(create_order_sign(order_id, amount, SECRET))
    for text in texts:
        for needle in needles:
            assert needle not in text


# -- retried, then fine ----------------------------------------------------------------


def test_rate_limited_once_then_success_waits_retry_after(
    client: GatewayClient, sandbox: SandboxServer, sleeps: SleepLog
) -> None:
    client.create_order("R-1", 100)
    sandbox.inject(Fault.RATE_LIMITED, endpoint="get_order")
    assert client.get_order("R-1") is OrderStatus.PENDING
    assert sandbox.request_count("get_order") == 2
    assert len(sleeps.waits) == 1
    assert sleeps.waits[0] >= 1.0  # the sandbox's Retry-After: 1


def test_rate_limited_past_the_deadline_is_raised_at_once(
    make_client: MakeClient, sandbox: SandboxServer, sleeps: SleepLog
) -> None:
    client = make_client(deadline=0.5)
    sandbox.inject(Fault.RATE_LIMITED, endpoint="get_order")
    with pytest.raises(RateLimited) as caught:
        client.get_order("R-2")
    assert caught.value.retry_after == 1.0
    assert caught.value.http_status == 429
    assert sleeps.waits == []
    assert sandbox.request_count("get_order") == 1


@pytest.mark.parametrize("fault", [Fault.SERVER_ERROR, Fault.UNAVAILABLE])
def test_service_fault_once_then_success(
    client: GatewayClient, sandbox: SandboxServer, sleeps: SleepLog, fault: Fault
) -> None:
    sandbox.inject(fault, endpoint="create_order")
    url = client.create_order("F-1", 100)
    assert url.startswith(sandbox.base_url)
    assert sandbox.request_count("create_order") == 2
    assert len(sandbox.orders()) == 1
    assert len(sleeps.waits) == 1
    assert 0 <= sleeps.waits[0] <= 0.25  # first backoff: full jitter up to backoff_base


def test_service_fault_forever_gives_up_after_max_attempts(
    make_client: MakeClient, sandbox: SandboxServer, sleeps: SleepLog
) -> None:
    client = make_client(max_attempts=3)
    sandbox.inject(Fault.SERVER_ERROR, times=100)
    with pytest.raises(ServiceUnavailable) as caught:
        client.get_order("F-2")
    error = caught.value
    assert error.http_status == 500
    assert error.retryable is True
    assert error.service_message  # the sandbox's JSON message is kept
    assert sandbox.request_count("get_order") == 3
    assert len(sleeps.waits) == 2
    assert_no_secrets(error, "F-2")


def test_html_error_page_once_is_retried(client: GatewayClient, sandbox: SandboxServer) -> None:
    client.create_order("H-1", 100)
    sandbox.inject(Fault.HTML_ERROR, endpoint="get_order")
    assert client.get_order("H-1") is OrderStatus.PENDING
    assert sandbox.request_count("get_order") == 2


def test_html_error_page_is_a_protocol_error(
    make_client: MakeClient, sandbox: SandboxServer
) -> None:
    client = make_client(max_attempts=2)
    sandbox.inject(Fault.HTML_ERROR, times=100)
    with pytest.raises(ProtocolError) as caught:
        client.get_order("H-2")
    error = caught.value
    assert error.http_status == 502
    assert error.retryable is True
    assert "fault" in error.user_message
    assert error.body is not None
    assert "Bad Gateway" in error.body
    assert sandbox.request_count("get_order") == 2


def test_stall_once_then_success(make_client: MakeClient, sandbox: SandboxServer) -> None:
    client = make_client(read_timeout=0.3)
    client.create_order("S-1", 100)
    sandbox.inject(Fault.STALL, endpoint="get_order")
    assert client.get_order("S-1") is OrderStatus.PENDING
    assert sandbox.request_count("get_order") == 2


def test_drop_after_processing_on_get_is_retried(
    client: GatewayClient, sandbox: SandboxServer
) -> None:
    client.create_order("D-1", 100)
    sandbox.approve("D-1")
    sandbox.inject(Fault.DROP_AFTER_PROCESSING, endpoint="get_order")
    assert client.get_order("D-1") is OrderStatus.APPROVE
    assert sandbox.request_count("get_order") == 2


def test_lost_create_reply_is_recovered_with_the_same_order(
    client: GatewayClient, sandbox: SandboxServer
) -> None:
    sandbox.inject(Fault.DROP_AFTER_PROCESSING, endpoint="create_order")
    url = client.create_order("D-2", 4200, email="buyer@mail.ru")
    orders = sandbox.orders()
    assert len(orders) == 1
    assert orders[0].order_id == "D-2"
    assert orders[0].url == url
    assert sandbox.request_count("create_order") == 2


# -- not retried: malformed or refused -------------------------------------------------


def test_truncated_json_is_a_protocol_error(client: GatewayClient, sandbox: SandboxServer) -> None:
    sandbox.inject(Fault.TRUNCATED_JSON, endpoint="create_order")
    with pytest.raises(ProtocolError) as caught:
        client.create_order("P-1", 100)
    assert caught.value.http_status == 200
    assert caught.value.retryable is False
    assert sandbox.request_count("create_order") == 1
    assert_no_secrets(caught.value, "P-1", 100)
    # The service did act on it; repeating the same create fetches the link.
    assert client.create_order("P-1", 100) == sandbox.orders()[0].url


def test_truncated_json_on_get_is_a_protocol_error(
    client: GatewayClient, sandbox: SandboxServer
) -> None:
    client.create_order("P-2", 100)
    sandbox.inject(Fault.TRUNCATED_JSON, endpoint="get_order")
    with pytest.raises(ProtocolError):
        client.get_order("P-2")


def test_wrong_types_on_create_are_a_protocol_error(
    client: GatewayClient, sandbox: SandboxServer
) -> None:
    sandbox.inject(Fault.WRONG_TYPES, endpoint="create_order")
    with pytest.raises(ProtocolError) as caught:
        client.create_order("P-3", 100)
    assert caught.value.retryable is False
    assert sandbox.request_count("create_order") == 1


def test_wrong_types_on_get_are_a_protocol_error(
    client: GatewayClient, sandbox: SandboxServer
) -> None:
    sandbox.inject(Fault.WRONG_TYPES, endpoint="get_order")
    with pytest.raises(ProtocolError) as caught:
        client.get_order("P-3")
    assert caught.value.retryable is False
    assert sandbox.request_count("get_order") == 1


def test_refused_with_200_is_service_refused(client: GatewayClient, sandbox: SandboxServer) -> None:
    sandbox.inject(Fault.REFUSED_WITH_200, endpoint="create_order")
    with pytest.raises(ServiceRefused) as caught:
        client.create_order("P-4", 100)
    error = caught.value
    assert type(error) is ServiceRefused
    assert error.http_status == 200
    assert error.service_message == "Service refused the request"
    assert "Service refused the request" in error.user_message
    assert sandbox.request_count("create_order") == 1


# -- timeouts and connection trouble ---------------------------------------------------


def test_stall_forever_is_a_timeout_within_the_deadline(
    make_client: MakeClient, sandbox: SandboxServer
) -> None:
    client = make_client(read_timeout=0.3, deadline=1.0, sleep=SleepLog())
    sandbox.inject(Fault.STALL, times=100)
    with pytest.raises(GatewayTimeout) as caught:
        client.get_order("T-1")
    assert caught.value.retryable is True
    assert 1 <= sandbox.request_count("get_order") <= 4
    assert_no_secrets(caught.value, "T-1")


def test_deadline_clips_a_long_read_timeout(
    make_client: MakeClient, sandbox: SandboxServer
) -> None:
    # read_timeout alone would hold this call for a minute; the deadline cuts it.
    client = make_client(read_timeout=60.0, deadline=0.5, max_attempts=1)
    sandbox.inject(Fault.STALL, times=100)
    with pytest.raises(GatewayTimeout):
        client.get_order("T-2")


@pytest.mark.parametrize("fault", [Fault.TRICKLE, Fault.TRICKLE_BODY])
def test_a_trickled_reply_is_a_timeout_at_the_deadline(
    start_sandbox: Callable[..., SandboxServer], fault: Fault
) -> None:
    """Each byte comes well within the read timeout; the whole reply would take seconds."""
    server = start_sandbox(client_id=1, trickle_ms=20)
    server.inject(fault, times=100)
    client = GatewayClient(
        server.base_url, 1, SECRET, read_timeout=2.0, deadline=0.5, sleep=SleepLog()
    )
    with client:
        with pytest.raises(GatewayTimeout) as caught:
            client.create_order("T-3", 100)
        assert caught.value.retryable is True
        assert server.faults_injected() == {fault.value: 1}  # no time left for a retry
        # The service did create it; only its reply was slow. The same create, once
        # the service is quick again, gets the link: one order.
        server.clear_faults()
        assert client.create_order("T-3", 100) == server.orders()[0].url


def test_stopped_server_is_a_connection_error(
    start_sandbox: Callable[..., SandboxServer], make_client: MakeClient, sleeps: SleepLog
) -> None:
    server = start_sandbox(client_id=1)
    base_url = server.base_url
    server.stop()
    client = make_client(base_url=base_url, max_attempts=3)
    with pytest.raises(GatewayConnectionError) as caught:
        client.create_order("C-1", 100)
    error = caught.value
    assert not isinstance(error, GatewayTimeout)
    assert error.retryable is True
    assert error.http_status is None
    assert "internet connection" in error.user_message
    assert len(sleeps.waits) == 2  # three attempts
    assert_no_secrets(error, "C-1", 100)
    assert error.__context__ is None
    assert error.__cause__ is None
