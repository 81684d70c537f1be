"""Fixtures for tests that talk to a real sandbox over loopback HTTP."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import requests

from paydesk.sandbox import SandboxConfig, SandboxServer
from paydesk.signing import create_order_sign, get_order_sign

TEST_SECRET = "test-secret-key"


@pytest.fixture
def sandbox() -> Iterator[SandboxServer]:
    """A sandbox for client_id 1 with secret "test-secret-key" on 127.0.0.1, any free port."""
    with SandboxServer(SandboxConfig(client_id=1, secret_key=TEST_SECRET)) as server:
        yield server


@pytest.fixture
def start_sandbox() -> Iterator[Callable[..., SandboxServer]]:
    """Start a sandbox with other settings: ``start_sandbox(fail_rate=1.0)``."""
    servers: list[SandboxServer] = []

    def start(**settings: Any) -> SandboxServer:
        settings.setdefault("secret_key", TEST_SECRET)
        server = SandboxServer(SandboxConfig(**settings)).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


class SandboxCalls:
    """Signed /backend requests sent with ``requests``, as a client would send them."""

    def __init__(self, server: SandboxServer, secret: str = TEST_SECRET) -> None:
        self.server = server
        self.secret = secret
        self.session = requests.Session()

    def create(
        self,
        order_id: str,
        amount: int | str,
        *,
        email: str | None = None,
        sign: str | None = None,
        client_id: int | str = 1,
        timeout: float = 5.0,
    ) -> requests.Response:
        params: dict[str, Any] = {
            "client_id": client_id,
            "order_id": order_id,
            "amount": amount,
            "sign": sign if sign is not None else create_order_sign(order_id, amount, self.secret),
        }
        if email is not None:
            params["email"] = email
        return self.session.get(
            f"{self.server.base_url}/backend/create_order", params=params, timeout=timeout
        )

    def get(
        self,
        order_id: str,
        *,
        sign: str | None = None,
        client_id: int | str = 1,
        timeout: float = 5.0,
    ) -> requests.Response:
        params = {
            "client_id": client_id,
            "order_id": order_id,
            "sign": sign if sign is not None else get_order_sign(order_id, self.secret),
        }
        return self.session.get(
            f"{self.server.base_url}/backend/get_order", params=params, timeout=timeout
        )

    def url(self, order_id: str, amount: int, email: str | None = None) -> str:
        """Create the order and return its payment link."""
        reply = self.create(order_id, amount, email=email)
        assert reply.status_code == 200, reply.text
        url = reply.json()["url"]
        assert isinstance(url, str)
        return url

    def close(self) -> None:
        self.session.close()


@pytest.fixture
def calls(sandbox: SandboxServer) -> Iterator[SandboxCalls]:
    client = SandboxCalls(sandbox)
    yield client
    client.close()


@pytest.fixture
def make_calls() -> Iterator[Callable[..., SandboxCalls]]:
    """``make_calls(server, secret)`` for sandboxes started by ``start_sandbox``."""
    made: list[SandboxCalls] = []

    def make(server: SandboxServer, secret: str = TEST_SECRET) -> SandboxCalls:
        client = SandboxCalls(server, secret)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


def _wait_until(predicate: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for a condition (like qtbot.waitUntil); fail the test if it never holds."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"condition not met within {timeout} s")
        pause.wait(0.005)


@pytest.fixture
def wait_until() -> Callable[..., None]:
    return _wait_until


def _raw_http(server: SandboxServer, data: bytes, timeout: float = 5.0) -> bytes:
    """Send exact bytes to the sandbox and return everything it sends back until it
    closes the connection (so send ``Connection: close`` unless it will close anyway)."""
    host, port = server.base_url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except ConnectionResetError:
            pass  # what arrived before the reset is still the answer
    return b"".join(chunks)


@pytest.fixture
def raw_http() -> Callable[..., bytes]:
    return _raw_http
