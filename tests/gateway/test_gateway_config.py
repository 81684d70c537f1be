"""What GatewayClient accepts at construction: the address, the client id, the options."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from paydesk.gateway import GatewayClient, GatewayConfigError, GatewayError
from paydesk.gateway.endpoint import parse_base_url, parse_client_id
from paydesk.support.loopback import is_loopback_host

SECRET = "config-test-secret"


@pytest.mark.parametrize(
    ("base_url", "expected"),
    [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080"),
        ("http://localhost:5000/api/", "http://localhost:5000/api"),
        ("HTTP://localhost", "http://localhost"),
        ("http://[::1]:9000", "http://[::1]:9000"),
        ("https://pay.example.com", "https://pay.example.com"),
        ("https://pay.example.com/", "https://pay.example.com"),
        ("HTTPS://Pay.Example.com:8443/gw//", "https://pay.example.com:8443/gw"),
        ("  https://pay.example.com  ", "https://pay.example.com"),
    ],
)
def test_accepted_addresses(base_url: str, expected: str) -> None:
    assert parse_base_url(base_url).base_url == expected
    with GatewayClient(base_url, 1, SECRET) as client:
        assert client.base_url == expected


@pytest.mark.parametrize(
    "base_url",
    [
        "http://pay.example.com",
        "http://till.example.net:8000",
        "http://shop.example.org",
        "http://[2001:db8::1]",
        "http://127.0.0.1.example.net",
        "http://localhost.example.com",
    ],
)
def test_plain_http_off_loopback_is_refused(base_url: str) -> None:
    with pytest.raises(GatewayConfigError) as caught:
        GatewayClient(base_url, 1, SECRET)
    assert "https://" in caught.value.user_message
    assert "https://" in str(caught.value)


def test_allow_insecure_permits_plain_http_off_loopback() -> None:
    client = GatewayClient("http://till.example.net:8000/", 1, SECRET, allow_insecure=True)
    assert client.base_url == "http://till.example.net:8000"
    client.close()


@pytest.mark.parametrize(
    ("base_url", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("ftp://127.0.0.1", "https://"),
        ("127.0.0.1:8000", "https://"),
        ("pay.example.com", "https://"),
        ("https://", "host"),
        ("https:///path", "host"),
        ("https://user:pw@pay.example.com", "user name or password"),
        ("https://pay.example.com/?x=1", "'?'"),
        ("https://pay.example.com/#frag", "'?'"),
        ("http://127.0.0.1:99999", "not a valid URL"),
        ("http://127.0.0.1:port", "not a valid URL"),
        ("https://pay.example.com /x", "spaces"),
        ("https://pay.example.com/\nx", "spaces"),
    ],
)
def test_unusable_addresses_are_refused_with_a_reason(base_url: str, reason: str) -> None:
    with pytest.raises(GatewayConfigError) as caught:
        GatewayClient(base_url, 1, SECRET)
    assert reason in caught.value.user_message
    assert isinstance(caught.value, GatewayError)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("localhost", True),
        ("127.0.0.1", True),
        ("127.255.0.9", True),
        ("::1", True),
        ("0.0.0.0", False),
        ("128.0.0.1", False),
        ("example.com", False),
        ("localhost.example.com", False),
    ],
)
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert is_loopback_host(host) is loopback


@pytest.mark.parametrize(("client_id", "expected"), [(1, 1), (42, 42), ("7", 7), (" 12 ", 12)])
def test_client_id_accepted(client_id: int | str, expected: int) -> None:
    assert parse_client_id(client_id) == expected
    with GatewayClient("http://127.0.0.1:1", client_id, SECRET) as client:
        assert client.client_id == expected


@pytest.mark.parametrize("client_id", [0, -1, "0", "-1", "", "abc", "1.5", "١٢", True, 1.0, None])
def test_client_id_refused(client_id: Any) -> None:
    with pytest.raises(GatewayConfigError):
        GatewayClient("http://127.0.0.1:1", client_id, SECRET)


@pytest.mark.parametrize("secret_key", ["", None, 123])
def test_secret_key_must_be_text(secret_key: Any) -> None:
    with pytest.raises(GatewayConfigError):
        GatewayClient("http://127.0.0.1:1", 1, secret_key)


@pytest.mark.parametrize(
    "options",
    [
        {"connect_timeout": 0},
        {"read_timeout": -1.0},
        {"deadline": 0.0},
        {"deadline": float("nan")},
        {"max_attempts": 0},
        {"max_attempts": 1.5},
        {"pool_size": 0},
        {"backoff_base": -0.1},
        {"backoff_cap": 0},
        {"connect_timeout": True},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(GatewayConfigError):
        GatewayClient("http://127.0.0.1:1", 1, SECRET, **options)


def test_options_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        GatewayClient("http://127.0.0.1:1", 1, SECRET, 5.0)  # type: ignore[call-arg]


def test_own_session_has_one_pool_and_no_adapter_retries() -> None:
    client = GatewayClient("http://127.0.0.1:1", 1, SECRET, pool_size=8)
    session: requests.Session = client._session
    for prefix in ("http://", "https://"):
        adapter = session.get_adapter(prefix + "127.0.0.1")
        assert isinstance(adapter, requests.adapters.HTTPAdapter)
        assert adapter.max_retries.total == 0
        assert adapter._pool_maxsize == 8  # type: ignore[attr-defined]
        assert adapter._pool_connections == 1  # type: ignore[attr-defined]
    assert session.get_adapter("http://127.0.0.1") is session.get_adapter("https://127.0.0.1")
    client.close()


def test_injected_session_is_used_as_is_and_left_open() -> None:
    session = requests.Session()
    adapters_before = dict(session.adapters)
    client = GatewayClient("http://127.0.0.1:1", 1, SECRET, session=session)
    assert client._session is session
    client.close()
    assert dict(session.adapters) == adapters_before
    session.close()


def test_closed_client_refuses_calls() -> None:
    client = GatewayClient("http://127.0.0.1:1", 1, SECRET)
    client.close()
    with pytest.raises(GatewayConfigError, match="closed"):
        client.get_order("A-1")
