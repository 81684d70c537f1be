"""Hostile payment links: a link that is not https (unless the service itself is the
plain-http sandbox on this computer, and the link leads to this computer too), or that
hides credentials or invisible characters, is refused and never becomes a QR.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import requests
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict

from paydesk.core.problems import english
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.remote import send_creation
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState
from paydesk.gateway import GatewayClient, ProtocolError
from paydesk.sandbox import Fault, SandboxServer
from paydesk.sandbox.faults import ELSEWHERE
from paydesk.store import OrderStore

from cli_process import Paydesk, service_env
from panel_orders import OnPanel
from test_values import TEST_CLIENT_ID, TEST_SECRET


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


LOOPBACK_SERVICES = ["http://127.0.0.1:8765", "http://localhost:8765", "http://[::1]:8765"]


@pytest.mark.parametrize("base_url", LOOPBACK_SERVICES)
@pytest.mark.parametrize("link", ["http://127.0.0.1:8765/pay/abc", "HTTP://LOCALHOST:9/pay/abc",
                                  "http://[::1]:8765/pay/abc", "http://127.0.0.1:9/pay/abc"])
def test_a_plain_http_service_on_loopback_may_link_to_this_computer_over_http(
    base_url: str, link: str
) -> None:
    client, _ = https_client(link, base_url)
    with client:
        assert client.create_order("A-1", 100) == link


@pytest.mark.parametrize("base_url", LOOPBACK_SERVICES)
@pytest.mark.parametrize("link", [
    "http://evil.example/pay/x",
    "http://counter-pc.example:8765/pay/abc",  # this computer's name on the LAN, maybe
    "http://till-2.lan.example:8765/pay/abc",  # another computer of the shop
    "http://localhost.evil.example/pay/abc",
    "http://127.0.0.1.evil.example/pay/abc",
    "http://[::ffff:192.0.2.7]/pay/abc",
])
def test_a_plain_http_service_on_loopback_may_not_link_elsewhere_over_http(
    base_url: str, link: str
) -> None:
    """Whoever answers that name on the buyer's network would get the buyer."""
    client, adapter = https_client(link, base_url)
    with client, pytest.raises(ProtocolError) as caught:
        client.create_order("A-1", 100)
    assert adapter.sent
    assert caught.value.failure == Failure(FailureCode.INSECURE_LINK)
    assert "not secure" in caught.value.user_message and link not in str(caught.value)


def test_the_loopback_sandbox_links_to_this_computer_and_not_to_another_over_http(
    start_sandbox: Callable[..., SandboxServer],
) -> None:
    server = start_sandbox(client_id=TEST_CLIENT_ID)
    with GatewayClient(server.base_url, TEST_CLIENT_ID, TEST_SECRET) as client:
        assert client.create_order("A-1", 100).startswith(server.base_url + "/pay/")
    # A phone on the LAN would need the sandbox's links under this computer's LAN name:
    # over plain http PayDesk refuses them (an https address in front would do).
    phone = SandboxServer(server.config, public_url="http://counter-pc.example:8765").start()
    try:
        with GatewayClient(phone.base_url, TEST_CLIENT_ID, TEST_SECRET) as client, \
                pytest.raises(ProtocolError) as caught:
            client.create_order("A-2", 100)
        assert caught.value.code == FailureCode.INSECURE_LINK
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

    panel = PaymentPanel()
    qtbot.addWidget(panel)
    on = OnPanel(panel, lambda: datetime.now(UTC))
    on.show(order, None)
    assert panel.qr.matrix() is None and panel.qr.text() is None
    assert not panel.open_button.isEnabled()
    # And had the link somehow been stored, the panel would have shown it: the guard is
    # that it never is.
    on.show(replace(order, url="https://pay.example.com/pay/abc",
                    creation=CreationState.CONFIRMED), None)
    assert panel.qr.matrix() is not None


def test_create_keeps_a_link_to_another_computer_out_of_the_book_and_the_terminal(
    paydesk: Paydesk, sandbox: SandboxServer
) -> None:
    """The service on this computer makes the order, then answers with a plain-http link
    elsewhere: ``paydesk create --qr`` stores and prints no link, says why, and keeps the
    order to be sent again under its own id, as for any reply it cannot use."""
    env = service_env(sandbox)
    sandbox.inject(Fault.LINK_ELSEWHERE, endpoint="create_order")
    run = paydesk.run("create", "150", "--qr", env=env)
    assert run.code == 4, run.text  # a reply PayDesk cannot use, not a refusal
    assert ELSEWHERE not in run.text and "evil" not in run.text
    assert "not secure" in run.err and "paydesk refresh" in run.err
    assert "█" not in run.out  # no QR code of any link
    [record] = json.loads(paydesk.run("list", "--format", "json", env=env).out)
    assert (record["creation"], record["url"], record["phase"]) == ("unconfirmed", "", "not_sent")
    [remote] = sandbox.orders()  # the service made it: it must not be made twice
    assert remote.order_id == record["order_id"]

    run = paydesk.run("refresh", env=env)  # the service's own link this time

    assert run.code == 0, run.text
    [record] = json.loads(paydesk.run("list", "--format", "json", env=env).out)
    assert record["creation"] == "confirmed" and record["url"] == remote.url
    assert record["url"].startswith(sandbox.base_url + "/pay/")
    assert [order.order_id for order in sandbox.orders()] == [remote.order_id]
