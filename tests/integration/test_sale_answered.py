"""The sale's answer reaches the screens before the order book: the watch engine alone
(no Qt), the real client, the real sandbox on loopback, the real order book; requests
held by the test (held_requests.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from held_requests import HeldRequests, Monotonic, of

from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.engine import RESEND_PAUSE_S, WatchEngine
from paydesk.core.watch.events import (
    CreationRecorded,
    Event,
    Problem,
    ProblemCode,
    SaleAnswered,
    WatchEvent,
)
from paydesk.domain.orders import CreationState, Order
from paydesk.gateway import GatewayClient
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore

from book_troubles import give_up_soon, write_lock_held
from test_values import TEST_CLIENT_ID, TEST_SECRET


@pytest.fixture
def client(sandbox: SandboxServer) -> Iterator[GatewayClient]:
    with GatewayClient(sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET, max_attempts=1,
                       read_timeout=2.0, deadline=5.0) as gateway:
        yield gateway


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[OrderDesk]:
    with OrderStore.open(tmp_path / "orders.sqlite3") as store:
        yield OrderDesk(store, TEST_CLIENT_ID)


def engine_on(desk: OrderDesk, client: GatewayClient, monotonic: Monotonic | None = None,
              ) -> tuple[WatchEngine, HeldRequests, list[Event]]:
    runner = HeldRequests()
    engine = WatchEngine(desk, lambda: client, runner, monotonic=monotonic or Monotonic())
    heard: list[Event] = []
    engine.hub.subscribe(WatchEvent, heard.append)
    return engine, runner, heard


def test_the_sales_link_is_on_the_screens_before_the_book_holds_it(
    desk: OrderDesk, client: GatewayClient,
) -> None:
    """The buyer waits for the code: the screens show the answer first, the book
    records it right after (the order itself was written before it was sent)."""
    engine, runner, heard = engine_on(desk, client)
    engine.state.buyer_screen_opened()
    sale = engine.create("150")
    assert sale is not None
    in_the_book_when_shown: list[Order | None] = []
    engine.hub.subscribe(SaleAnswered, lambda _event: in_the_book_when_shown.append(
        desk.get(sale.order_id)))

    runner.finish(engine)
    [answered] = of(SaleAnswered, heard)
    [recorded] = of(CreationRecorded, heard)
    assert heard.index(answered) < heard.index(recorded)
    [before] = in_the_book_when_shown
    assert before is not None and before.creation is CreationState.UNCONFIRMED
    assert before.url is None
    # What the screens showed is what the book then held, and the same countdown.
    assert answered.order.url == recorded.order.url is not None
    assert (answered.order.creation, answered.order.confirmed_at, answered.order.status) == (
        recorded.order.creation, recorded.order.confirmed_at, recorded.order.status)
    assert desk.expires_at(answered.order) == desk.expires_at(recorded.order)
    assert engine.state.screens.buyer.link == recorded.order.url


def test_a_link_shown_but_not_recorded_is_sent_again_and_the_service_gives_the_same(
    tmp_path: Path, client: GatewayClient, sandbox: SandboxServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another program holds the book's write lock as the answer comes: the buyer has
    the code already; the order stays unconfirmed in the book and goes again with its
    order_id, and the service's answer to the repeat is the link the buyer holds."""
    give_up_soon(monkeypatch)
    book = tmp_path / "locked.sqlite3"
    monotonic = Monotonic()
    with OrderStore.open(book) as store:
        desk = OrderDesk(store, TEST_CLIENT_ID)
        engine, runner, heard = engine_on(desk, client, monotonic)
        engine.state.buyer_screen_opened()
        sale = engine.create("150")
        assert sale is not None

        with write_lock_held(book):
            runner.call(engine)
        [answered] = of(SaleAnswered, heard)
        assert engine.state.screens.buyer.link == answered.order.url is not None
        [problem] = of(Problem, heard)
        assert problem.code is ProblemCode.NOT_SAVED and problem.order_id == sale.order_id
        unsaved = desk.get(sale.order_id)
        assert unsaved is not None and unsaved.creation is CreationState.UNCONFIRMED

        monotonic.now += RESEND_PAUSE_S
        engine.tick()
        [again] = runner.requests
        assert again.order_id == sale.order_id
        runner.finish(engine)
        saved = desk.get(sale.order_id)
        assert saved is not None and saved.creation is CreationState.CONFIRMED
        assert saved.url == answered.order.url
        # Its countdown runs from the answer the buyer was shown, not from the repeat.
        assert saved.confirmed_at == answered.order.confirmed_at
        assert desk.expires_at(saved) == desk.expires_at(answered.order)
        assert engine.state.screens.buyer.link == answered.order.url
        [remote] = sandbox.orders()
        assert remote.order_id == sale.order_id
