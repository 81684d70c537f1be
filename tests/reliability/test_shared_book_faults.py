"""The shop's shared order book under faults: the server stopped in the middle of an
upload, a till killed with SIGKILL mid-upload, a till's connection cut, and a stale
till sending an older status. Each ends with nothing lost, nothing doubled, nothing
falsely paid, and the tills' books agreeing with the shared one.

Real PostgreSQL (the server the tests start), the real sync thread or a real
``paydesk`` process. "Mid-upload" is a condition, not a moment guessed with a sleep:
:class:`book_rows.ChangeGate` holds uploads inside their transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from paydesk.core.shared_book.sync import UPLOAD_BATCH, BookState
from paydesk.core.watch.threads import watch_until_final
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import CheckResult, OrderQuery, OrderStore
from paydesk.store.shared.book import SharedBook

from book_rows import ChangeGate, shared_count, shared_orders
from bulk_orders import bulk_insert
from cli_process import Paydesk
from payment_page import decide
from postgres import PostgresServer
from test_values import TEST_CLIENT_ID
from tills import Till

WAIT = 60.0
MANY = 3_000
_STATUSES = (OrderStatus.PENDING, OrderStatus.APPROVE, OrderStatus.DECLINE, OrderStatus.EXPIRED)


def _journaled(count: int, till: str) -> list[Order]:
    """``count`` orders as a till's book has them after a day offline: some open, most final."""
    start = datetime(2026, 3, 1, 8, tzinfo=UTC)
    orders = []
    for n in range(count):
        status = _STATUSES[n % len(_STATUSES)]
        created = start + timedelta(seconds=n)
        orders.append(Order(
            TEST_CLIENT_ID, f"fault-{n:05d}", 100 + n, None, "", f"https://pay.example/{n}",
            status, CreationState.CONFIRMED, created,
            created + timedelta(minutes=1) if status is OrderStatus.APPROVE else None,
            till=till))
    return orders


def _local_orders(store: OrderStore) -> dict[str, tuple[str, str]]:
    return {o.order_id: (o.till, o.status.value) for o in store.query(OrderQuery())}


def test_the_server_stopped_mid_upload_then_back_every_order_goes_up_once(
    shop: dict[str, Till], postgres_server: PostgresServer, book_database: str,
    wait_until: Callable[..., None],
) -> None:
    a = shop["A"]
    bulk_insert(a.desk.store, _journaled(MANY, "A"))
    assert a.desk.store.waiting_count() == MANY
    gate = ChangeGate(postgres_server, book_database, wait_until)
    try:
        sync = a.start_sync()
        gate.let_one_through()  # the first batch is in; the second is inside its transaction
        gate.wait_for_blocked()
        assert shared_count(postgres_server, book_database) == UPLOAD_BATCH
        with postgres_server.stopped():
            wait_until(lambda: sync.status.state is BookState.OFFLINE, timeout=WAIT)
            assert sync.status.waiting == MANY - UPLOAD_BATCH  # the cut batch still waits
    finally:
        gate.open()
    wait_until(lambda: sync.status.state is BookState.ONLINE and sync.status.waiting == 0,
               timeout=WAIT)
    shared = shared_orders(postgres_server, book_database)
    assert len(shared) == MANY
    assert shared == _local_orders(a.desk.store)
    assert a.desk.store.waiting_count() == 0


@pytest.mark.scenario
def test_a_till_killed_mid_upload_loses_and_doubles_nothing(
    tmp_path: Path, paydesk: Paydesk, book_url: str, postgres_server: PostgresServer,
    book_database: str, wait_until: Callable[..., None],
) -> None:
    with SharedBook.connect(book_url) as book:
        book.init_schema()
    for name, value in (("client_id", str(TEST_CLIENT_ID)), ("order_book", book_url),
                        ("till", "Till 1")):
        assert paydesk.run("config", "set", name, value).code == 0
    with OrderStore.open(paydesk.book) as store:
        bulk_insert(store, _journaled(MANY, "Till 1"))
    gate = ChangeGate(postgres_server, book_database, wait_until)
    try:
        syncing = paydesk.spawn("book", "status")
        gate.let_one_through()
        gate.wait_for_blocked()  # the till's second batch, half-way through its transaction
        assert shared_count(postgres_server, book_database) == UPLOAD_BATCH
        syncing.kill()
    finally:
        gate.open()
    with OrderStore.open(paydesk.book) as store:
        assert store.waiting_count() == MANY - UPLOAD_BATCH  # the first batch was marked sent

    again = paydesk.run("book", "status", "--json")
    assert again.code == 0, again.text
    assert '"waiting": 0' in again.out
    shared = shared_orders(postgres_server, book_database)
    assert len(shared) == MANY
    with OrderStore.open(paydesk.book) as store:
        assert store.waiting_count() == 0
        assert _local_orders(store) == shared


def test_a_tills_connection_cut_it_reconnects_and_keeps_sharing(
    shop: dict[str, Till], postgres_server: PostgresServer, book_database: str,
    wait_until: Callable[..., None],
) -> None:
    a, b = shop["A"], shop["B"]
    sync_a, sync_b = a.start_sync(), b.start_sync()
    first = a.sell("5")
    wait_until(lambda: b.get(first.order_id) is not None, timeout=WAIT)
    offline_before = sum(s.state is BookState.OFFLINE for s in a.statuses)
    assert postgres_server.terminate(book_database, "paydesk A") >= 1
    wait_until(lambda: sum(s.state is BookState.OFFLINE for s in a.statuses) > offline_before,
               timeout=WAIT)  # A noticed the cut ...
    wait_until(lambda: sync_a.status.state is BookState.ONLINE, timeout=WAIT)  # ... and is back
    second = a.sell("6")
    wait_until(lambda: (o := b.get(second.order_id)) is not None and o.url is not None,
               timeout=WAIT)
    # B's connection cut too: the order A takes next still reaches it.
    assert postgres_server.terminate(book_database, "paydesk B") >= 1
    third = a.sell("7")
    wait_until(lambda: b.get(third.order_id) is not None, timeout=WAIT)
    wait_until(lambda: sync_a.status.waiting == 0 and sync_b.status.state is BookState.ONLINE,
               timeout=WAIT)
    shared = shared_orders(postgres_server, book_database)
    assert set(shared) == {first.order_id, second.order_id, third.order_id}
    for till in (a, b):
        assert _local_orders(till.desk.store) == shared


def test_a_stale_tills_pending_never_undoes_a_payment(
    shop: dict[str, Till], postgres_server: PostgresServer, book_database: str,
    wait_until: Callable[..., None],
) -> None:
    a, b = shop["A"], shop["B"]
    a.start_sync()
    b.start_sync()
    order = a.sell("250")
    assert order.url is not None
    wait_until(lambda: (o := b.get(order.order_id)) is not None and o.url is not None,
               timeout=WAIT)
    b.stop_sync()  # B goes offline, with the order pending in its book
    asked = b.desk.now()
    decide(order.url, "approve", "buyer@example.com").raise_for_status()
    paid = watch_until_final(a.desk, a.runtime.gateway(), order.order_id,
                             on_change=lambda _order: None)
    assert paid is not None and paid.status is OrderStatus.APPROVE
    wait_until(lambda: shared_orders(postgres_server, book_database)[order.order_id][1]
               == "approve", timeout=WAIT)

    # B, stale and cut off, recorded a failed check and then an older one that still said
    # pending (both changes of its own, so its row waits to go up), and sends it when back.
    lost = Failure(FailureCode.UNREACHABLE, "connection reset")
    b.desk.store.record_checks([CheckResult(TEST_CLIENT_ID, order.order_id, None,
                                            asked - timedelta(seconds=2), None, error=lost)])
    b.desk.store.record_checks([CheckResult(TEST_CLIENT_ID, order.order_id,
                                            OrderStatus.PENDING, asked, None, asked_at=asked)])
    stale = b.get(order.order_id)
    assert stale is not None and stale.status is OrderStatus.PENDING
    assert b.desk.store.waiting_count() == 1
    sync_b = b.start_sync()
    wait_until(lambda: sync_b.status.state is BookState.ONLINE and sync_b.status.waiting == 0,
               timeout=WAIT)
    wait_until(lambda: (o := b.get(order.order_id)) is not None
               and o.status is OrderStatus.APPROVE, timeout=WAIT)
    assert shared_orders(postgres_server, book_database) == {order.order_id: ("A", "approve")}
    for till in (a, b):
        mine = till.get(order.order_id)
        assert mine is not None and mine.status is OrderStatus.APPROVE
        assert mine.paid_at == paid.paid_at
