"""Every failure the sandbox can produce reaches the caller as its stable code.

The code (and the failure the order book keeps: code + detail) is what the
window and the command line choose their words by, so each one is pinned here
against the real sandbox over loopback, with one attempt and short timeouts.
"""

from __future__ import annotations

import socket
from collections.abc import Callable

import pytest

from paydesk.domain.failures import Failure, FailureCode
from paydesk.gateway import GatewayClient, GatewayError
from paydesk.sandbox import Fault, SandboxServer

from test_values import TEST_SECRET

REFUSAL_STYLES = ["codes", "http200"]

#: What each injected fault becomes. The service's own words (a JSON ``message``)
#: are kept as the detail; an HTML page or a cut reply has none.
FAULT_CODES = {
    Fault.SERVER_ERROR: FailureCode.SERVICE_FAULT,
    Fault.UNAVAILABLE: FailureCode.SERVICE_FAULT,
    Fault.RATE_LIMITED: FailureCode.RATE_LIMITED,
    Fault.HTML_ERROR: FailureCode.FAULT_REPLY,
    Fault.TRUNCATED_JSON: FailureCode.BAD_REPLY,
    Fault.WRONG_TYPES: FailureCode.BAD_REPLY,
    Fault.REFUSED_WITH_200: FailureCode.REFUSED,
    Fault.STALL: FailureCode.TIMEOUT,
    Fault.DROP_AFTER_PROCESSING: FailureCode.UNREACHABLE,
    Fault.TIMEOUT: FailureCode.TIMEOUT,
    Fault.TRICKLE: FailureCode.TIMEOUT,
    Fault.TRICKLE_BODY: FailureCode.TIMEOUT,
    Fault.LINK_ELSEWHERE: FailureCode.INSECURE_LINK,
}
WITH_WORDS = {Fault.SERVER_ERROR, Fault.UNAVAILABLE, Fault.RATE_LIMITED, Fault.REFUSED_WITH_200}


def one_try(server: SandboxServer, secret: str = TEST_SECRET) -> GatewayClient:
    """One attempt, short timeouts: the first failure is the one raised."""
    return GatewayClient(server.base_url, 1, secret, max_attempts=1, connect_timeout=2.0,
                         read_timeout=0.3, deadline=1.0)


def test_every_fault_has_a_code() -> None:
    assert set(FAULT_CODES) == set(Fault)


@pytest.mark.parametrize("fault", list(Fault), ids=lambda fault: fault.value)
def test_each_sandbox_fault_becomes_its_code(
    start_sandbox: Callable[..., SandboxServer], fault: Fault
) -> None:
    sandbox = start_sandbox(client_id=1, stall_seconds=2.0)
    sandbox.inject(fault, endpoint="create_order")
    with one_try(sandbox) as client, pytest.raises(GatewayError) as caught:
        client.create_order("C-1", 100)
    error = caught.value
    assert error.code == FAULT_CODES[fault]
    assert error.failure.code == FAULT_CODES[fault]
    if fault in WITH_WORDS:
        assert error.failure.detail and error.failure.detail == error.service_message
    else:
        assert error.failure.detail is None
    assert TEST_SECRET not in str(error.failure)


@pytest.mark.parametrize("refusals", REFUSAL_STYLES)
def test_each_refusal_becomes_its_code(
    start_sandbox: Callable[..., SandboxServer], refusals: str
) -> None:
    sandbox = start_sandbox(client_id=1, max_amount=10_000, refusals=refusals)
    with one_try(sandbox, "wrong") as client, pytest.raises(GatewayError) as wrong:
        client.verify_credentials()
    assert wrong.value.code == FailureCode.CREDENTIALS_REFUSED
    with one_try(sandbox) as client:
        with pytest.raises(GatewayError) as unknown:
            client.get_order("C-404")
        assert unknown.value.code == FailureCode.ORDER_NOT_FOUND
        client.create_order("C-2", 100)
        with pytest.raises(GatewayError) as reused:
            client.create_order("C-2", 200)
        assert reused.value.code == FailureCode.ORDER_CONFLICT
        with pytest.raises(GatewayError) as over:
            client.create_order("C-3", 10_001)
    # The service's ceiling is lower than PayDesk's: its own words say so, kept as detail.
    assert over.value.code == FailureCode.PARAMETER_REFUSED
    assert over.value.failure == Failure(FailureCode.PARAMETER_REFUSED,
                                         over.value.service_message)
    assert over.value.service_message and "amount" in over.value.service_message


def test_nobody_listening_is_unreachable(sandbox: SandboxServer) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago, now closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = GatewayClient(f"http://127.0.0.1:{port}", 1, TEST_SECRET, max_attempts=1)
    with client, pytest.raises(GatewayError) as caught:
        client.get_order("C-5")
    assert caught.value.code == FailureCode.UNREACHABLE
    assert caught.value.failure == Failure(FailureCode.UNREACHABLE)


@pytest.mark.parametrize(
    ("base_url", "code"),
    [
        ("", FailureCode.ADDRESS_EMPTY),
        ("https://pay.example.com /x", FailureCode.ADDRESS_SPACES),
        ("https://pay.example.com:99999", FailureCode.ADDRESS_NOT_URL),
        ("ftp://pay.example.com", FailureCode.ADDRESS_SCHEME),
        ("https://", FailureCode.ADDRESS_NO_HOST),
        ("https://pay.example.com@pay.example.net", FailureCode.ADDRESS_USER_INFO),
        ("https://pay.example.com/?x=1", FailureCode.ADDRESS_QUERY),
        ("http://pay.example.com", FailureCode.ADDRESS_NOT_HTTPS),
    ],
)
def test_each_address_problem_has_its_code(base_url: str, code: FailureCode) -> None:
    with pytest.raises(GatewayError) as caught:
        GatewayClient(base_url, 1, TEST_SECRET)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("client_id", "secret", "code"),
    [
        ("x", TEST_SECRET, FailureCode.CLIENT_ID_NOT_NUMBER),
        (0, TEST_SECRET, FailureCode.CLIENT_ID_NOT_POSITIVE),
        (1, "", FailureCode.SECRET_EMPTY),
    ],
)
def test_each_setting_problem_has_its_code(client_id: object, secret: str,
                                           code: FailureCode) -> None:
    with pytest.raises(GatewayError) as caught:
        GatewayClient("http://127.0.0.1:9", client_id, secret)  # type: ignore[arg-type]
    assert caught.value.code == code
