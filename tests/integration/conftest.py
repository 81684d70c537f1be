"""Fixtures for tests that talk to a real sandbox over loopback HTTP."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import requests

from paydesk.domain.signing import create_order_sign, get_order_sign
from paydesk.sandbox import SandboxServer

from test_values import TEST_SECRET


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
