"""The watch engine alone, without Qt: the real client, the real sandbox on loopback,
the real order book.

Its requests are held by a runner the test drives (a synchronous pool): each call
is made when the test says, in the test's thread, so what is out at any moment is
exactly what the test sees. The desk's clock and the engine's monotonic clock
move only when the test moves them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from held_requests import HeldRequests, Monotonic, of

from paydesk.core.settings.values import Settings
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.engine import RESEND_PAUSE_S, WatchEngine
from paydesk.core.watch.events import (
    BookLost,
    CreationOut,
    CreationRecorded,
    Event,
    OrderChecked,
    OrderPaid,
    OrderRefused,
    Problem,
    ProblemCleared,
    ProblemCode,
    WatchEvent,
)
from paydesk.core.watch.remote import send_creation
from paydesk.core.watch.threads import watch_until_final
from paydesk.domain.catalogue import english
from paydesk.domain.clock import utc_now
from paydesk.domain.failures import StoreProblem
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.domain.phase import OrderPhase
from paydesk.gateway import GatewayClient
from paydesk.sandbox import Fault, SandboxServer
from paydesk.store import OrderStore, quarantine

from bulk_orders import bulk_insert
from fake_time import FakeClock
from test_values import TEST_CLIENT_ID, TEST_SECRET


@pytest.fixture
def client(sandbox: SandboxServer) -> Iterator[GatewayClient]:
    # One attempt per call: a scripted fault is the call's outcome.
    with GatewayClient(sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET, max_attempts=1,
                       read_timeout=2.0, deadline=5.0) as gateway:
        yield gateway


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(utc_now())


@pytest.fixture
def desk(tmp_path: Path, clock: FakeClock) -> Iterator[OrderDesk]:
    with OrderStore.open(tmp_path / "orders.sqlite3") as store:
        yield OrderDesk(store, TEST_CLIENT_ID, clock=clock)


@pytest.fixture
def monotonic() -> Monotonic:
    return Monotonic()


Made = tuple[WatchEngine, HeldRequests, list[Event]]


@pytest.fixture
def make_engine(
    desk: OrderDesk, client: GatewayClient, monotonic: Monotonic
) -> Callable[..., Made]:
    def make(**options: object) -> Made:
        runner = HeldRequests()
        engine = WatchEngine(desk, lambda: client, runner, monotonic=monotonic,
                             **options)  # type: ignore[arg-type]
        heard: list[Event] = []
        engine.hub.subscribe(WatchEvent, heard.append)
        return engine, runner, heard

    return make


def confirmed(desk: OrderDesk, client: GatewayClient, count: int) -> list[Order]:
    """Orders created at the service and confirmed in the book, not watched by anyone."""
    return [desk.record_creation(send_creation(client, desk.start_order(str(n + 1))),
                                 focused=False) for n in range(count)]


def test_due_checks_go_out_at_most_max_in_flight_at_a_time_and_are_written_per_batch(
    desk: OrderDesk, client: GatewayClient, sandbox: SandboxServer,
    make_engine: Callable[..., Made],
) -> None:
    orders = confirmed(desk, client, 7)
    engine, runner, heard = make_engine(max_in_flight=3)
    before = sandbox.request_count("get_order")

    engine.check_now()
    assert len(runner.requests) == 3 and not any(r.urgent for r in runner.requests)
    runner.call(engine)
    assert of(OrderChecked, heard) == []  # back, not written yet
    assert len(engine.in_flight()) == 3  # nor sent again meanwhile
    engine.flush()
    assert len(of(OrderChecked, heard)) == 3  # one batch
    assert len(runner.requests) == 3  # the freed slots are refilled

    runner.finish(engine)
    assert sorted(e.order.order_id for e in of(OrderChecked, heard)) == sorted(
        o.order_id for o in orders)
    assert sandbox.request_count("get_order") - before == 7
    assert not engine.busy


def test_a_payment_and_a_refusal_are_announced_and_final_orders_are_left_alone(
    desk: OrderDesk, client: GatewayClient, sandbox: SandboxServer,
    make_engine: Callable[..., Made],
) -> None:
    paid, refused, waiting = confirmed(desk, client, 3)
    sandbox.approve(paid.order_id)
    sandbox.decline(refused.order_id)
    engine, runner, heard = make_engine()

    engine.check_now()
    runner.finish(engine)
    assert [e.order.order_id for e in of(OrderPaid, heard)] == [paid.order_id]
    assert [e.order.order_id for e in of(OrderRefused, heard)] == [refused.order_id]
    changed = {e.order.order_id for e in of(OrderChecked, heard) if e.changed}
    assert changed == {paid.order_id, refused.order_id}

    engine.check_now()
    assert runner.ids() == [waiting.order_id]


def test_the_orders_someone_watches_keep_the_focus_pace_the_others_back_off(
    desk: OrderDesk, client: GatewayClient, make_engine: Callable[..., Made],
) -> None:
    viewed, other = confirmed(desk, client, 2)
    engine, runner, _on_event = make_engine()
    engine.view(viewed.order_id)
    assert runner.ids() == [viewed.order_id]  # looked at: asked about at once
    engine.check_now()
    runner.finish(engine)

    policy = desk.policy
    for order_id, interval in ((viewed.order_id, policy.focus_interval),
                               (other.order_id, policy.backoff_start)):
        order = desk.get(order_id)
        assert order is not None and order.next_check_at and order.last_checked_at
        assert order.next_check_at - order.last_checked_at == interval, order_id


def test_a_creation_not_confirmed_is_sent_again_after_the_pause_under_the_same_id(
    desk: OrderDesk, sandbox: SandboxServer, monotonic: Monotonic,
    make_engine: Callable[..., Made],
) -> None:
    engine, runner, heard = make_engine()
    sandbox.inject(Fault.UNAVAILABLE, endpoint="create_order")
    sale = engine.create("150")
    assert sale is not None and engine.state.sale_id == sale.order_id
    [request] = runner.requests
    assert request.urgent and request.order_id == sale.order_id
    assert engine.state.screens.creating  # the form waits, the screens say "Creating…"

    runner.finish(engine)
    [problem] = of(Problem, heard)
    assert problem.code is ProblemCode.NOT_CONFIRMED and problem.retry_id == sale.order_id
    # Waited for no longer once what the service said is recorded: the sale's screens
    # read "not sent" from then on, never while it was out.
    assert not engine.state.screens.creating
    assert engine.state.screens.panel.phase is OrderPhase.NOT_SENT
    assert sandbox.orders() == []

    monotonic.now += RESEND_PAUSE_S - 1
    engine.tick()
    assert runner.requests == []  # not yet
    monotonic.now += 1
    engine.tick()
    [again] = runner.requests
    assert again.order_id == sale.order_id and not again.urgent  # nobody waits for it now
    runner.finish(engine)

    recorded = of(CreationRecorded, heard)[-1].order
    assert recorded.order_id == sale.order_id and recorded.creation is CreationState.CONFIRMED
    assert of(ProblemCleared, heard) == [ProblemCleared(sale.order_id)]
    [remote] = sandbox.orders()
    assert remote.order_id == sale.order_id and remote.url == recorded.url
    # Out and back, twice: each time "back" once its answer is recorded.
    back = CreationOut(sale.order_id, False)
    assert of(CreationOut, heard) == [CreationOut(sale.order_id, True, new=True), back,
                                      CreationOut(sale.order_id, True), back]
    assert heard.index(of(CreationRecorded, heard)[0]) < heard.index(back)


def test_ending_the_sale_sets_its_creation_aside_and_it_is_still_recorded(
    desk: OrderDesk, sandbox: SandboxServer, make_engine: Callable[..., Made],
) -> None:
    engine, runner, _heard = make_engine()
    sale = engine.create("150")
    assert sale is not None and engine.awaited == sale.order_id

    engine.end_sale()  # Esc
    assert engine.awaited is None and not engine.state.screens.creating
    assert sale.order_id in engine.in_flight()  # still on its way
    # The next sale goes at once, beside the first.
    following = engine.create("160")
    assert following is not None and runner.ids() == [sale.order_id, following.order_id]

    runner.finish(engine)
    recorded = desk.get(sale.order_id)
    assert recorded is not None and recorded.creation is CreationState.CONFIRMED
    assert engine.state.sale_id == following.order_id
    assert len(sandbox.orders()) == 2


def test_saved_settings_change_the_pace_the_rate_and_the_requests_out_at_once(
    desk: OrderDesk, client: GatewayClient, clock: FakeClock,
    make_engine: Callable[..., Made],
) -> None:
    viewed, *_others = confirmed(desk, client, 5)
    engine, runner, _on_event = make_engine(max_in_flight=8)
    engine.view(viewed.order_id)
    engine.check_now()
    runner.finish(engine)
    assert runner.requests == []

    engine.apply_settings(Settings(focus_interval_seconds=5, max_in_flight=2,
                                   max_requests_per_second=50))
    assert desk.policy.focus_interval == timedelta(seconds=5)
    assert engine.limiter is not None and engine.limiter.rate == 50
    engine.tick()
    assert runner.ids() == [viewed.order_id]  # asked now: the next check keeps the new pace
    runner.finish(engine)
    order = desk.get(viewed.order_id)
    assert order is not None and order.next_check_at and order.last_checked_at
    assert order.next_check_at - order.last_checked_at == timedelta(seconds=5)

    clock.now += timedelta(hours=1)  # everything is due
    engine.tick()
    assert len(runner.requests) == 2


def test_one_pass_asks_each_order_once_even_when_every_check_fails(
    desk: OrderDesk, client: GatewayClient, clock: FakeClock, sandbox: SandboxServer,
    make_engine: Callable[..., Made],
) -> None:
    orders = confirmed(desk, client, 4)
    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="get_order")
    engine, runner, heard = make_engine(max_in_flight=2, one_pass=True)
    before = sandbox.request_count("get_order")

    engine.check_now()
    while runner.requests:
        clock.now += timedelta(hours=1)  # a failed order is due again: not in this pass
        runner.call(engine)
        engine.flush()
    assert sandbox.request_count("get_order") - before == len(orders)
    assert of(Problem, heard)[-1].code is ProblemCode.CHECKS_FAILING


def test_only_the_listed_orders_are_watched(
    desk: OrderDesk, client: GatewayClient, make_engine: Callable[..., Made],
) -> None:
    mine, _other = confirmed(desk, client, 2)
    desk.check_now()  # both due
    engine, runner, _on_event = make_engine(only=[mine.order_id])
    engine.tick()
    assert runner.ids() == [mine.order_id]


def test_a_request_that_raised_is_said_and_sent_again(
    desk: OrderDesk, client: GatewayClient, make_engine: Callable[..., Made],
) -> None:
    [order] = confirmed(desk, client, 1)
    engine, runner, heard = make_engine()
    engine.check_now()
    [request] = runner.requests
    runner.requests.clear()
    engine.crashed(request.order_id, RuntimeError("a bug"))  # what a runner does then
    [problem] = of(Problem, heard)
    assert (problem.code, problem.order_id) == (ProblemCode.CRASHED, order.order_id)
    assert engine.in_flight() == frozenset()
    engine.tick()
    assert runner.ids() == [order.order_id]
    assert of(CreationOut, heard) == []  # a status check's: no creation was out

    sale = engine.create("150")
    assert sale is not None
    engine.crashed(sale.order_id, RuntimeError("a bug"))
    assert of(CreationOut, heard)[-1] == CreationOut(sale.order_id, False)  # out no more


def test_a_damaged_book_is_said_once_and_nothing_more_is_written_or_sent(
    tmp_path: Path, client: GatewayClient, sandbox: SandboxServer,
) -> None:
    book = tmp_path / "damaged.sqlite3"
    start = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    with OrderStore.open(book) as store:
        bulk_insert(store, (
            Order(TEST_CLIENT_ID, f"P-{n:05d}", 100 + n, f"buyer{n}@example.com", f"note {n}",
                  f"https://pay.example.com/pay/{n}", OrderStatus.APPROVE,
                  CreationState.CONFIRMED, start + timedelta(minutes=n),
                  start + timedelta(minutes=n, seconds=30))
            for n in range(3000)))
    data = bytearray(book.read_bytes())
    middle = len(data) // 2
    # Four pages: whatever the schema's layout, some the engine reads at start are hit.
    data[middle : middle + 16384] = random.Random(13).randbytes(16384)
    book.write_bytes(bytes(data))

    with OrderStore.open(book, check_whole_file=False) as store:
        runner = HeldRequests()
        engine = WatchEngine(OrderDesk(store, TEST_CLIENT_ID), lambda: client, runner)
        heard: list[Event] = []
        engine.hub.subscribe(WatchEvent, heard.append)
        assert not engine.start()
        assert engine.book_is_lost and len(of(BookLost, heard)) == 1
        assert engine.create("150") is None
        engine.check_now()
        engine.tick()
        [problem] = of(Problem, heard)  # said once
        assert problem.code is ProblemCode.BOOK_REFUSED
        assert problem.failure.code == StoreProblem.DAMAGED
        assert "damaged" in english(problem.failure)
    assert runner.requests == [] and sandbox.request_count() == 0
    assert quarantine.damaged_copies(book)


def test_watching_one_order_with_threads_ends_when_the_service_says_it_is_final(
    tmp_path: Path, client: GatewayClient, sandbox: SandboxServer,
) -> None:
    with OrderStore.open(tmp_path / "threads.sqlite3") as store:
        desk = OrderDesk(store, TEST_CLIENT_ID)
        [order] = confirmed(desk, client, 1)
        sandbox.approve(order.order_id)
        desk.check_now([order.order_id])
        seen: list[Order] = []
        final = watch_until_final(desk, client, order.order_id, on_change=seen.append)
    assert final is not None and final.status is OrderStatus.APPROVE
    assert [o.status for o in seen] == [OrderStatus.APPROVE]
