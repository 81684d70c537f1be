"""Crash safety: ``paydesk create`` killed with SIGKILL at every step of making an order.

An order is written to the order book (committed, WAL fsynced: synchronous=FULL)
before its create_order is sent, and a repeat of create_order with the same
order_id is answered with the same link. So wherever the process dies, the next
``paydesk refresh`` finds the order and finishes it under the same order_id, and
the service ends up with exactly one order for the sale, or none if the process
died before the order was written (nothing was sent then either).

The points are reached by conditions, never by waiting a while: a pause the
test installs in the child (tests/helpers/paused_paydesk.py, around the desk's
own steps) that announces itself on stderr, or, for the request in flight, the
sandbox's own count of requests received while its latency switch holds the reply.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from paydesk.core.runtime import open_runtime
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.sandbox import Fault, SandboxServer
from paydesk.store import OrderQuery, OrderStore

from cli_process import Paydesk, Spawned, service_env
from test_values import TEST_CLIENT_ID

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX"),
    pytest.mark.slow,
    pytest.mark.scenario,
]

#: Wide enough that the request is surely still at the sandbox when the kill lands.
LATENCY_MS = 1500


@pytest.fixture
def slow_sandbox(start_sandbox: Callable[..., SandboxServer]) -> SandboxServer:
    return start_sandbox(latency_ms=LATENCY_MS)


def local_orders(paydesk: Paydesk) -> list[Order]:
    if not paydesk.book.exists():
        return []
    with OrderStore.open(paydesk.book) as store:
        return store.query(OrderQuery(client_id=TEST_CLIENT_ID))


def start_create(paydesk: Paydesk, sandbox: SandboxServer, pause_at: str | None) -> Spawned:
    return paydesk.spawn("create", "150", "--note", "crash test", env=service_env(sandbox),
                         pause_at=pause_at)


def refresh_and_check_one_order(
    paydesk: Paydesk, sandbox: SandboxServer, written: Order
) -> None:
    """After the crash: refresh resumes the order under its id; one order at the service."""
    sandbox.set_latency(0)
    run = paydesk.run("refresh", env=service_env(sandbox))
    assert run.code == 0, run.text
    assert f"sent again  {written.order_id}" in run.out

    [after] = local_orders(paydesk)
    assert after.order_id == written.order_id
    assert after.creation is CreationState.CONFIRMED
    assert after.status is OrderStatus.PENDING and after.paid_at is None
    assert (after.amount, after.note) == (15000, "crash test")
    [remote] = sandbox.orders()
    assert remote.order_id == written.order_id
    assert remote.amount == 15000
    assert after.url == remote.url

    # And again: nothing more happens, the order is just checked.
    again = paydesk.run("refresh", env=service_env(sandbox))
    assert again.code == 0, again.text
    assert "sent again" not in again.out
    assert len(sandbox.orders()) == 1


def test_killed_before_the_order_is_written_leaves_nothing_anywhere(
    paydesk: Paydesk, sandbox: SandboxServer
) -> None:
    create = start_create(paydesk, sandbox, "before_write")
    create.wait_for_line("paused at before_write")
    create.kill()

    assert local_orders(paydesk) == []
    assert sandbox.request_count() == 0
    run = paydesk.run("refresh", env=service_env(sandbox))
    assert run.code == 0, run.text
    assert local_orders(paydesk) == [] and sandbox.orders() == []


def test_killed_after_the_write_before_sending_is_sent_by_refresh(
    paydesk: Paydesk, sandbox: SandboxServer
) -> None:
    create = start_create(paydesk, sandbox, "after_write")
    create.wait_for_line("paused at after_write")
    create.kill()

    [written] = local_orders(paydesk)
    assert written.creation is CreationState.UNCONFIRMED and written.url is None
    assert sandbox.request_count() == 0 and sandbox.orders() == []
    refresh_and_check_one_order(paydesk, sandbox, written)


def test_killed_while_create_order_is_in_flight_resumes_the_same_order(
    paydesk: Paydesk, slow_sandbox: SandboxServer, wait_until: Callable[..., None]
) -> None:
    create = start_create(paydesk, slow_sandbox, None)
    # The sandbox has the request and holds it for its latency: kill the client now.
    wait_until(lambda: slow_sandbox.request_count("create_order") >= 1, timeout=30)
    create.kill()

    [written] = local_orders(paydesk)
    assert written.creation is CreationState.UNCONFIRMED and written.url is None
    # The service carries the request out with nobody left to hear the answer: the
    # worst case, an order at the service the book has no link for.
    wait_until(lambda: slow_sandbox.order(written.order_id) is not None, timeout=30)
    refresh_and_check_one_order(paydesk, slow_sandbox, written)


def test_killed_while_the_request_is_stuck_and_never_carried_out(
    paydesk: Paydesk, start_sandbox: Callable[..., SandboxServer], wait_until: Callable[..., None]
) -> None:
    """In flight the other way: the service never acts on it (a STALL until stop)."""
    sandbox = start_sandbox(stall_seconds=600)
    sandbox.inject(Fault.STALL, endpoint="create_order")
    create = start_create(paydesk, sandbox, None)
    wait_until(lambda: sandbox.request_count("create_order") >= 1, timeout=30)
    create.kill()

    [written] = local_orders(paydesk)
    assert written.creation is CreationState.UNCONFIRMED and sandbox.orders() == []
    refresh_and_check_one_order(paydesk, sandbox, written)


def test_killed_after_the_service_answered_before_the_link_is_stored(
    paydesk: Paydesk, sandbox: SandboxServer
) -> None:
    create = start_create(paydesk, sandbox, "after_send")
    create.wait_for_line("paused at after_send")
    create.kill()

    [written] = local_orders(paydesk)
    assert written.creation is CreationState.UNCONFIRMED and written.url is None
    [remote] = sandbox.orders()  # created, and its link died with the process
    assert remote.order_id == written.order_id
    refresh_and_check_one_order(paydesk, sandbox, written)


def test_killed_while_waiting_for_the_payment_needs_nothing(
    paydesk: Paydesk, sandbox: SandboxServer, wait_until: Callable[..., None]
) -> None:
    """The last step: the link is stored and ``create --wait`` is polling; kill it there."""
    create = paydesk.spawn("create", "150", "--wait", env=service_env(sandbox))

    def confirmed() -> bool:
        orders = local_orders(paydesk)
        return bool(orders) and orders[0].creation is CreationState.CONFIRMED

    wait_until(confirmed, timeout=30)
    create.kill()

    [stored] = local_orders(paydesk)
    sandbox.set_latency(0)
    sandbox.approve(stored.order_id)
    run = paydesk.run("refresh", env=service_env(sandbox))
    assert run.code == 0, run.text
    assert "sent again" not in run.out and f"changed     {stored.order_id}  Paid" in run.out
    [after] = local_orders(paydesk)
    assert after.status is OrderStatus.APPROVE and after.url == stored.url
    assert [o.order_id for o in sandbox.orders()] == [stored.order_id]


def test_the_book_every_front_end_opens_syncs_each_commit(tmp_path: Path) -> None:
    """synchronous=FULL in WAL mode: each commit (the order written before its request is
    sent) is fsynced, so a power cut after the request left cannot take the order back.
    NORMAL would sync only at checkpoints: a crash of the process keeps the order, but a
    power cut could lose the last commits while the service already has the order."""
    runtime = open_runtime(str(tmp_path / "data"))
    with runtime.open_store() as store:
        connection = store._db  # white-box: these are per-connection settings
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    runtime.close()
