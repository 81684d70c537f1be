"""A sale's code is on a screen only once the order book holds its answer: the watch
engine alone (no Qt), the real client, the real sandbox on loopback, the real order
book; requests held by the test (held_requests.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from held_requests import HeldRequests, Monotonic, of

from paydesk.core.counter.views import CounterScreens
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.engine import RESEND_PAUSE_S, WatchEngine
from paydesk.core.watch.events import (
    CreationRecorded,
    Event,
    Problem,
    ProblemCode,
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


def test_the_sales_code_is_on_the_screens_once_the_book_holds_it(
    desk: OrderDesk, client: GatewayClient,
) -> None:
    """What the buyer's screen shows is what the book holds: the first screens with the
    code come after the answer is written, and carry the book's order and countdown."""
    engine, runner, heard = engine_on(desk, client)
    engine.state.buyer_screen_opened()
    sale = engine.create("150")
    assert sale is not None
    in_the_book_when_shown: list[Order | None] = []

    def shown(screens: CounterScreens) -> None:
        if screens.buyer.link is not None and not in_the_book_when_shown:
            in_the_book_when_shown.append(desk.get(sale.order_id))

    engine.hub.subscribe(CounterScreens, shown)
    runner.finish(engine)
    [recorded] = of(CreationRecorded, heard)
    [in_the_book] = in_the_book_when_shown
    assert in_the_book is not None and in_the_book.creation is CreationState.CONFIRMED
    assert in_the_book.url == recorded.order.url is not None
    assert engine.state.screens.buyer.link == recorded.order.url
    assert engine.state.screens.sale == recorded.order == in_the_book


def test_a_link_not_recorded_is_shown_to_nobody_and_sent_again_with_the_same_answer(
    tmp_path: Path, client: GatewayClient, sandbox: SandboxServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another program holds the book's write lock as the answer comes: the book keeps
    the order unconfirmed, so no screen shows its code; it goes again with its
    order_id, the service answers the repeat with the same link, and the code comes
    to the screens once it is recorded, its countdown from the first answer."""
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
        [problem] = of(Problem, heard)
        assert problem.code is ProblemCode.NOT_SAVED and problem.order_id == sale.order_id
        assert engine.state.screens.buyer.link is None
        assert not engine.state.screens.creating  # the cashier is told, not kept waiting
        unsaved = desk.get(sale.order_id)
        assert unsaved is not None and unsaved.creation is CreationState.UNCONFIRMED

        monotonic.now += RESEND_PAUSE_S
        engine.tick()
        [again] = runner.requests
        assert again.order_id == sale.order_id
        runner.finish(engine)
        saved = desk.get(sale.order_id)
        assert saved is not None and saved.creation is CreationState.CONFIRMED
        assert engine.state.screens.buyer.link == saved.url is not None
        [remote] = sandbox.orders()
        assert remote.order_id == sale.order_id and remote.url == saved.url
