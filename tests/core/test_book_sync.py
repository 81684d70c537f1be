"""Two tills of one shop on one shared book: the real sync threads, the real PostgreSQL
server the tests start, the real sandbox. Nothing lost, nothing doubled, nothing
falsely paid, and the books agree afterwards."""

from __future__ import annotations

import select
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from paydesk.core.shared_book import sync as book_sync
from paydesk.core.shared_book.sync import BookState
from paydesk.core.watch.refresh import refresh_all
from paydesk.core.watch.remote import send_creation
from paydesk.core.watch.threads import watch_until_final
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderQuery
from paydesk.store.shared.book import SharedBook

from memory_keyring import MemoryKeyring
from payment_page import decide
from postgres import PostgresServer
from test_values import TEST_CLIENT_ID
from tills import Till, open_till

WAIT = 15.0


def _shared_orders(book_url: str) -> dict[str, tuple[str, str]]:
    """The shared book's orders: order id -> (till, status)."""
    with SharedBook.connect(book_url) as book:
        entries, _ = book.changes_since(TEST_CLIENT_ID, 0, 100_000)
    return {e.order.order_id: (e.order.till, e.order.status.value) for e in entries}


def test_an_order_taken_at_one_till_shows_at_the_other_and_only_its_till_watches_it(
    shop: dict[str, Till], wait_until: Callable[..., None]
) -> None:
    a, b = shop["A"], shop["B"]
    a.start_sync()
    b.start_sync()
    order = a.sell("150")
    # First as written down (before the request), then with its link.
    wait_until(lambda: (o := b.get(order.order_id)) is not None and o.url is not None,
               timeout=WAIT)
    copy = b.get(order.order_id)
    assert copy is not None and copy.till == "A" and copy.amount == 15000
    assert copy.url == order.url and copy.creation is order.creation
    # B never asks the service about A's order while A is there.
    assert order.order_id not in {o.order_id for o in b.desk.pending()}
    assert order.order_id in {o.order_id for o in a.desk.pending()}
    wait_until(lambda: a.sync is not None and a.sync.status.state is BookState.ONLINE
               and a.sync.status.waiting == 0, timeout=WAIT)


def test_a_payment_seen_at_one_till_shows_at_the_other(
    shop: dict[str, Till], wait_until: Callable[..., None]
) -> None:
    a, b = shop["A"], shop["B"]
    a.start_sync()
    b.start_sync()
    order = a.sell("99,90")
    assert order.url is not None
    decide(order.url, "approve", "buyer@example.com").raise_for_status()
    # A watches its order as its counter does, until the service says it is final.
    final = watch_until_final(a.desk, a.runtime.gateway(), order.order_id,
                              on_change=lambda _order: None)
    assert final is not None and final.status is OrderStatus.APPROVE
    wait_until(lambda: (o := b.get(order.order_id)) is not None
               and o.status is OrderStatus.APPROVE, timeout=WAIT)
    copy = b.get(order.order_id)
    assert copy is not None and copy.paid_at is not None
    # The payment is the shop's: both tills count it today.
    day = a.desk.now().astimezone().date()
    assert a.desk.reader.paid_on(day).paid_amount == b.desk.reader.paid_on(day).paid_amount == 9990


def test_a_till_that_leaves_hands_its_open_orders_over(
    shop: dict[str, Till], wait_until: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(book_sync, "RENEW_SECONDS", 0.2)
    a, b = shop["A"], shop["B"]
    a.start_sync()
    b.start_sync()
    order = a.sell("10")
    wait_until(lambda: (o := b.get(order.order_id)) is not None and o.url is not None,
               timeout=WAIT)
    assert order.order_id not in {o.order_id for o in b.desk.pending()}
    a.stop_sync()  # a clean exit gives the leases back
    wait_until(lambda: order.order_id in b.taken, timeout=WAIT)
    assert order.order_id in {o.order_id for o in b.desk.due_for_check()}


def test_a_till_gone_quiet_loses_its_orders_after_the_lease_time(
    shop: dict[str, Till], wait_until: Callable[..., None], monkeypatch: pytest.MonkeyPatch,
    postgres_server: PostgresServer, book_database: str,
) -> None:
    monkeypatch.setattr(book_sync, "RENEW_SECONDS", 0.2)
    monkeypatch.setattr(book_sync, "LEASE_SECONDS", 1.0)
    a, b = shop["A"], shop["B"]
    a.start_sync()
    b.start_sync()
    order = a.sell("11")
    wait_until(lambda: (o := b.get(order.order_id)) is not None and o.url is not None,
               timeout=WAIT)
    # A's connection is cut and A stops renewing (as a till switched off at the wall).
    assert a.sync is not None
    a.sync._stopping.set()  # the thread ends without its goodbye
    postgres_server.terminate(book_database, "paydesk A")
    wait_until(lambda: order.order_id in b.taken, timeout=WAIT)


def test_a_till_keeps_selling_with_the_book_down_and_everything_goes_up_once(
    shop: dict[str, Till], wait_until: Callable[..., None],
    postgres_server: PostgresServer, book_url: str,
) -> None:
    a, b = shop["A"], shop["B"]
    a.start_sync()
    b.start_sync()
    first = a.sell("1")
    wait_until(lambda: (o := b.get(first.order_id)) is not None and o.url is not None
               and a.sync is not None and a.sync.status.waiting == 0, timeout=WAIT)
    with postgres_server.stopped():
        sold = [a.sell(str(amount)) for amount in (2, 3, 4)]
        assert all(o.url for o in sold)  # the payment service is still there
        wait_until(lambda: a.sync is not None and a.sync.status.state is BookState.OFFLINE
                   and a.sync.status.waiting == 3, timeout=WAIT)
    wait_until(lambda: all(b.get(o.order_id) is not None for o in sold), timeout=WAIT)
    wait_until(lambda: a.sync is not None and a.sync.status.waiting == 0, timeout=WAIT)
    shared = _shared_orders(book_url)
    assert sorted(shared) == sorted(o.order_id for o in [first, *sold])
    assert {till for till, _ in shared.values()} == {"A"}
    # The two tills' books agree with the shared one.
    for till in (a, b):
        assert {o.order_id for o in till.desk.reader.query(OrderQuery())} == set(shared)


def test_a_book_not_set_up_is_refused_with_its_reason_until_it_is(
    tmp_path: Path, sandbox: SandboxServer, postgres_server: PostgresServer,
    memory_keyring: MemoryKeyring, wait_until: Callable[..., None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(book_sync, "REFUSED_RETRY_SECONDS", 0.2)
    url = postgres_server.url(postgres_server.create_database())
    till = open_till(tmp_path, "A", sandbox, url)
    try:
        till.start_sync()
        order = till.sell("5")  # selling never waits for the shared book
        wait_until(lambda: till.sync is not None
                   and till.sync.status.state is BookState.REFUSED, timeout=WAIT)
        status = till.sync.status if till.sync else None
        assert status is not None and status.failure is not None
        assert status.failure.code == "book_not_ready" and status.waiting == 1
        with SharedBook.connect(url) as book:
            book.init_schema()
        wait_until(lambda: till.sync is not None and till.sync.status.state is BookState.ONLINE
                   and till.sync.status.waiting == 0, timeout=WAIT)
        assert order.order_id in _shared_orders(url)
    finally:
        till.close()


class _BusyBook:
    """The real shared book, whose first lease claim waits until a NOTIFY is in its
    socket: the claim's own query then reads it, and the socket is quiet after it."""

    def __init__(self, book: SharedBook, claiming: threading.Event) -> None:
        self._book = book
        self._claiming = claiming

    def __getattr__(self, name: str) -> Any:
        return getattr(self._book, name)

    def claim_leases(self, client_id: int, till: str, lease_seconds: float = 20) -> set[str]:
        if not self._claiming.is_set():
            self._claiming.set()
            select.select([self._book.fileno()], [], [], WAIT)
        return self._book.claim_leases(client_id, till, lease_seconds)


def test_a_change_rung_while_the_till_ran_a_query_of_its_own_still_comes_down(
    shop: dict[str, Till], wait_until: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(book_sync, "CATCH_UP_SECONDS", 3600.0)  # only the doorbell brings it
    a, b = shop["A"], shop["B"]
    a.start_sync()
    wait_until(lambda: a.sync is not None and a.sync.status.state is BookState.ONLINE,
               timeout=WAIT)
    claiming = threading.Event()
    sync = book_sync.BookSync(
        open_journal=lambda: b.runtime.open_store(check_whole_file=False),
        connect=lambda: _BusyBook(b.runtime.connect_shared_book(), claiming),
        client_id=TEST_CLIENT_ID, till="B", address="")
    sync.start()
    try:
        assert claiming.wait(WAIT)  # B is connected, has caught up, and claims its leases
        order = a.desk.start_order("13")  # one change: one ring, heard during the claim
        wait_until(lambda: b.get(order.order_id) is not None, timeout=WAIT)
    finally:
        sync.stop()


def test_an_order_a_till_left_unsent_is_sent_again_by_another_under_its_own_id(
    shop: dict[str, Till], wait_until: Callable[..., None], monkeypatch: pytest.MonkeyPatch,
    postgres_server: PostgresServer, book_database: str, book_url: str,
    sandbox: SandboxServer,
) -> None:
    monkeypatch.setattr(book_sync, "RENEW_SECONDS", 0.2)
    monkeypatch.setattr(book_sync, "LEASE_SECONDS", 1.0)
    a, b = shop["A"], shop["B"]
    a.start_sync()
    b.start_sync()
    written = a.desk.start_order("7")  # written down, and up, before it is sent
    wait_until(lambda: b.get(written.order_id) is not None, timeout=WAIT)
    # A goes quiet for good; the service confirms A's request, but the link never goes up.
    assert a.sync is not None
    a.sync._stopping.set()
    postgres_server.terminate(book_database, "paydesk A")
    confirmed = a.desk.record_creation(send_creation(a.runtime.gateway(), written))
    assert confirmed.url is not None
    wait_until(lambda: written.order_id in b.taken, timeout=WAIT)
    refresh_all(b.desk, b.runtime.gateway())  # B's watch engine sends it again
    mine = b.get(written.order_id)
    assert mine is not None and mine.url == confirmed.url  # the same link: one order
    assert [o.order_id for o in sandbox.orders()].count(written.order_id) == 1
    wait_until(lambda: _shared_orders(book_url)[written.order_id][1] == "pending"
               and _shared_link(book_url, written.order_id) == confirmed.url, timeout=WAIT)


def _shared_link(book_url: str, order_id: str) -> str | None:
    with SharedBook.connect(book_url) as book:
        entries, _ = book.changes_since(TEST_CLIENT_ID, 0, 100_000)
    return next(e.order.url for e in entries if e.order.order_id == order_id)
