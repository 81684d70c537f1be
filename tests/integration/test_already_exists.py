"""A resend answered "already exists": the real service is believed to refuse the repeat
of a create it carried out (HTTP 200, ``status: false``) instead of sending the link
again. PayDesk then asks get_order: an order the service has is watched (its link
unknown, and said so), never given up or made twice; another order's id (another
amount) is not taken as ours. Over loopback, the real client and the real book.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.remote import fetch_status, resume_creation, send_creation
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.gateway import GatewayClient
from paydesk.sandbox import Fault, SandboxServer
from paydesk.store import OrderStore

from fake_service import FakeService, reply_bytes
from test_values import TEST_CLIENT_ID, TEST_SECRET

LIFETIME = timedelta(minutes=15)
LINK_UNKNOWN = Failure(FailureCode.LINK_UNKNOWN)


def one_try(base_url: str) -> GatewayClient:
    """One attempt per call: a lost reply is lost, and the resend is PayDesk's own."""
    return GatewayClient(base_url, TEST_CLIENT_ID, TEST_SECRET, max_attempts=1,
                         read_timeout=5.0, deadline=10.0)


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[OrderDesk]:
    with OrderStore.open(tmp_path / "orders.sqlite3") as store:
        yield OrderDesk(store, TEST_CLIENT_ID)


@pytest.mark.parametrize("refusals", ["codes", "http200"])
def test_a_lost_reply_resent_and_answered_already_exists_is_watched_to_the_end(
    start_sandbox: Callable[..., SandboxServer], desk: OrderDesk, refusals: str
) -> None:
    sandbox = start_sandbox(client_id=TEST_CLIENT_ID, repeats="refused", refusals=refusals)
    order = desk.start_order("150")
    sandbox.inject(Fault.DROP_AFTER_PROCESSING, endpoint="create_order")
    with one_try(sandbox.base_url) as client:
        lost = desk.record_creation(send_creation(client, order))
        assert lost.creation is CreationState.UNCONFIRMED  # the service has it; we do not know
        [remote] = sandbox.orders()

        resent = resume_creation(client, lost, lifetime=LIFETIME)  # as the window, refresh do
        found = desk.record_creation(resent)

        assert resent.found is OrderStatus.PENDING and resent.failure is None
        assert (found.creation, found.url, found.status) == (
            CreationState.CONFIRMED, None, OrderStatus.PENDING)
        assert found.is_watched and not found.is_payable  # checked; no code for a buyer
        assert found.last_error == LINK_UNKNOWN
        assert phase_of(found) is OrderPhase.PENDING
        details = desk.reader.details(order.order_id)
        assert details is not None
        assert [(a.outcome, a.error) for a in details.attempts][-1] == ("confirmed", LINK_UNKNOWN)

        sandbox.approve(remote.order_id)
        [(paid, changed)] = desk.record_checks([fetch_status(client, order.order_id)])
    assert changed and phase_of(paid) is OrderPhase.PAID and paid.paid_at is not None
    assert paid.last_error == LINK_UNKNOWN  # a check says nothing of the link
    assert [o.order_id for o in sandbox.orders()] == [order.order_id]  # made once


def test_an_order_id_the_contract_says_is_taken_otherwise_is_not_asked_about(
    start_sandbox: Callable[..., SandboxServer], desk: OrderDesk
) -> None:
    """The contract's 409: the id is another order's (another amount): given up at once,
    as before, with no get_order."""
    sandbox = start_sandbox(client_id=TEST_CLIENT_ID)
    with one_try(sandbox.base_url) as client:
        client.create_order("A-1", 100)  # someone else's order under that id
        order = desk.store.add_unconfirmed(TEST_CLIENT_ID, "A-1", 200, None, "", desk.now())
        given_up = desk.record_creation(send_creation(client, order))
    assert given_up.creation is CreationState.ABANDONED and given_up.url is None
    assert given_up.last_error is not None
    assert given_up.last_error.code == FailureCode.ORDER_CONFLICT
    assert sandbox.request_count("get_order") == 0


ALREADY_EXISTS = {"status": False, "message": "Order already exists"}


def answering(fake: FakeService, get_order: bytes) -> Callable[[socket.socket], None]:
    """A service that refuses every create as existing and answers get_order so."""

    def answer(sock: socket.socket) -> None:
        if fake.requests[-1].startswith("/backend/create_order"):
            sock.sendall(reply_bytes(json.dumps(ALREADY_EXISTS).encode()))
        else:
            sock.sendall(get_order)

    return answer


def found_as(reply: dict[str, Any] | bytes) -> bytes:
    return reply if isinstance(reply, bytes) else reply_bytes(json.dumps(reply).encode())


@pytest.mark.parametrize(
    ("get_order", "creation", "status", "failure"),
    [
        # The service names the amount: the book's (15000 kopecks), or another.
        ({"status": True, "order_status": "pending", "amount": 15000},
         CreationState.CONFIRMED, OrderStatus.PENDING, FailureCode.LINK_UNKNOWN),
        ({"status": True, "order_status": "pending", "amount": "15000"},
         CreationState.CONFIRMED, OrderStatus.PENDING, FailureCode.LINK_UNKNOWN),
        ({"status": True, "order_status": "pending", "amount": 99900},
         CreationState.ABANDONED, OrderStatus.PENDING, FailureCode.ORDER_CONFLICT),
        ({"status": True, "order_status": "approve", "amount": 1},
         CreationState.ABANDONED, OrderStatus.PENDING, FailureCode.ORDER_CONFLICT),
        # It does not say (the contract's reply): the id is PayDesk's own, so ours.
        ({"status": True, "order_status": "approve"},
         CreationState.CONFIRMED, OrderStatus.APPROVE, FailureCode.LINK_UNKNOWN),
        # It says it has no such order after all: the refusal stands.
        ({"status": False, "message": "Order not found"},
         CreationState.ABANDONED, OrderStatus.PENDING, FailureCode.ORDER_CONFLICT),
        # No answer to get_order yet: nothing decided, the order is sent again later.
        (reply_bytes(b"", status="503 Service Unavailable"),
         CreationState.UNCONFIRMED, OrderStatus.PENDING, FailureCode.FAULT_REPLY),
    ],
    ids=["same-amount", "same-amount-as-text", "other-amount", "other-amount-paid",
         "amount-not-said", "not-found", "get-order-fails"],
)
def test_already_exists_is_ours_unless_the_service_names_another_amount(
    desk: OrderDesk, get_order: dict[str, Any] | bytes, creation: CreationState,
    status: OrderStatus, failure: FailureCode,
) -> None:
    order: Order = desk.start_order("150")
    with FakeService() as fake, one_try(fake.base_url) as client:
        fake.answer = answering(fake, found_as(get_order))
        recorded = desk.record_creation(send_creation(client, order))
        asked = [path.split("?")[0] for path in fake.requests]
    assert asked == ["/backend/create_order", "/backend/get_order"]
    assert (recorded.creation, recorded.status, recorded.url) == (creation, status, None)
    assert recorded.last_error is not None and recorded.last_error.code == failure
    assert recorded.is_watched is (creation is CreationState.CONFIRMED
                                   and status is OrderStatus.PENDING)
