"""The core's promises, end to end: the real client, the real sandbox over
loopback, the real SQLite order book."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.polling import PollingPolicy
from paydesk.core.watch.refresh import refresh_all
from paydesk.core.watch.remote import fetch_status, resume_creation, send_creation
from paydesk.domain.orders import CreationState, OrderStatus
from paydesk.gateway import GatewayClient
from paydesk.sandbox import Fault, SandboxServer
from paydesk.store import OrderQuery, OrderStore

from fake_time import FakeClock
from payment_page import decide
from test_values import TEST_CLIENT_ID, TEST_SECRET


@pytest.fixture
def client(sandbox: SandboxServer) -> Iterator[GatewayClient]:
    # Short timeouts and backoff: the faults below are answered at once anyway.
    with GatewayClient(
        sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET,
        read_timeout=2.0, deadline=5.0, backoff_base=0.01, backoff_cap=0.05,
    ) as gateway:
        yield gateway


@pytest.fixture
def open_desk(tmp_path: Path) -> Iterator[Callable[[], OrderDesk]]:
    """Open the order book as a fresh process would (call again to "restart")."""
    stores: list[OrderStore] = []

    def open_() -> OrderDesk:
        store = OrderStore.open(tmp_path / "orders.sqlite3")
        stores.append(store)
        return OrderDesk(store, TEST_CLIENT_ID)

    yield open_
    for store in stores:
        store.close()


def pay(url: str, decision: str = "approve", email: str = "buyer@example.com") -> None:
    """What the buyer does on the payment page: the same form a browser posts."""
    reply = decide(url, decision, email)
    assert reply.status_code == 200, reply.text


def test_order_is_written_before_it_is_sent(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    desk = open_desk()
    order = desk.start_order("150,50", " buyer@example.com ", note="2 coffees")
    assert order.creation is CreationState.UNCONFIRMED
    assert (order.amount, order.email, order.note) == (15050, "buyer@example.com", "2 coffees")
    assert sandbox.orders() == []  # nothing sent yet, and it is already on disk
    assert open_desk().get(order.order_id) == order

    confirmed = desk.record_creation(send_creation(client, order))
    assert confirmed.creation is CreationState.CONFIRMED
    remote = sandbox.order(order.order_id)
    assert remote is not None and confirmed.url == remote.url
    assert remote.amount == 15050 and remote.email == "buyer@example.com"
    assert confirmed.next_check_at is not None  # being watched


def test_paid_order_is_recorded_with_its_history(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    desk = open_desk()
    order = desk.record_creation(send_creation(client, desk.start_order("99")))
    [(order, changed)] = desk.record_checks([fetch_status(client, order.order_id)])
    assert order.status is OrderStatus.PENDING and not changed

    assert order.url is not None
    pay(order.url)
    [(order, changed)] = desk.record_checks([fetch_status(client, order.order_id)])
    assert changed and order.status is OrderStatus.APPROVE
    assert order.paid_at is not None and order.next_check_at is None  # never polled again
    history = desk.store.history(TEST_CLIENT_ID, order.order_id)
    assert [change.status for change in history] == [OrderStatus.PENDING, OrderStatus.APPROVE]


def test_refused_and_expired(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    desk = open_desk()
    refused = desk.record_creation(send_creation(client, desk.start_order("10")))
    expiring = desk.record_creation(send_creation(client, desk.start_order("20")))
    assert refused.url is not None
    pay(refused.url, "decline")
    sandbox.advance_clock(16 * 60)
    results = desk.record_checks(
        [fetch_status(client, o.order_id) for o in (refused, expiring)]
    )
    assert [o.status for o, _ in results] == [OrderStatus.DECLINE, OrderStatus.EXPIRED]
    assert all(o.paid_at is None and o.next_check_at is None for o, _ in results)


def test_lost_reply_is_resumed_after_restart_with_the_same_order_id(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    # Every attempt reaches the service, which creates the order, but no reply
    # ever comes back: the worst case for a duplicate.
    sandbox.inject(Fault.DROP_AFTER_PROCESSING, times=50, endpoint="create_order")
    desk = open_desk()
    order = desk.start_order("500")
    failed = desk.record_creation(send_creation(client, order))
    assert failed.creation is CreationState.UNCONFIRMED
    assert failed.last_error  # what the cashier is told
    assert len(sandbox.orders()) == 1

    sandbox.clear_faults()
    restarted = open_desk()
    [waiting] = restarted.unconfirmed()
    assert waiting.order_id == order.order_id
    resumed = restarted.record_creation(
        resume_creation(client, waiting, lifetime=restarted.policy.order_lifetime)
    )
    assert resumed.creation is CreationState.CONFIRMED
    [remote] = sandbox.orders()  # still exactly one order at the service
    assert remote.order_id == order.order_id and resumed.url == remote.url


def test_old_order_that_never_reached_the_service_is_given_up(
    sandbox: SandboxServer, client: GatewayClient, tmp_path: Path
) -> None:
    sandbox.inject(Fault.SERVER_ERROR, times=50, endpoint="create_order")
    with OrderStore.open(tmp_path / "orders.sqlite3") as store:
        desk = OrderDesk(store, TEST_CLIENT_ID)
        order = desk.start_order("70")
        assert desk.record_creation(send_creation(client, order)).last_error
        sandbox.clear_faults()
        an_hour_later = order.created_at + timedelta(hours=1)
        outcome = resume_creation(
            client, order, lifetime=timedelta(minutes=15), clock=lambda: an_hour_later
        )
        abandoned = desk.record_creation(outcome)
    assert abandoned.creation is CreationState.ABANDONED
    assert sandbox.orders() == []  # no payable order was created for a buyer long gone


def test_refresh_all_checks_every_pending_order_once(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    desk = open_desk()
    orders = [desk.record_creation(send_creation(client, desk.start_order(str(n))), focused=False)
              for n in range(1, 21)]
    sandbox.approve(orders[0].order_id)
    sandbox.decline(orders[1].order_id)
    before = sandbox.request_count("get_order")
    report = refresh_all(desk, client, max_in_flight=4)
    assert sandbox.request_count("get_order") - before == 20
    assert report.checked == 20 and not report.failures
    assert {o.order_id for o in report.changed} == {orders[0].order_id, orders[1].order_id}
    assert len(desk.pending()) == 18

    # Final orders are never asked about again.
    before = sandbox.request_count("get_order")
    refresh_all(desk, client, max_in_flight=4)
    assert sandbox.request_count("get_order") - before == 18


def test_failed_checks_keep_the_status_and_say_why(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    desk = open_desk()
    order = desk.record_creation(send_creation(client, desk.start_order("5")))
    sandbox.inject(Fault.UNAVAILABLE, times=50, endpoint="get_order")
    [(after, changed)] = desk.record_checks([fetch_status(client, order.order_id)])
    assert not changed and after.status is OrderStatus.PENDING
    assert after.last_error and after.next_check_at is not None  # it will be tried again


def test_rate_limited_check_waits_as_asked(
    sandbox: SandboxServer, open_desk: Callable[[], OrderDesk]
) -> None:
    impatient = GatewayClient(sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET, max_attempts=1)
    desk = open_desk()
    order = desk.record_creation(send_creation(impatient, desk.start_order("5")))
    sandbox.inject(Fault.RATE_LIMITED, times=1, endpoint="get_order")
    outcome = fetch_status(impatient, order.order_id)
    [(after, _)] = desk.record_checks([outcome], focused_order_ids=(order.order_id,))
    # Focused orders are checked every 2 s, but the service asked for 1 s at least;
    # the floor holds even for an order in front of the cashier.
    assert after.next_check_at is not None
    assert after.next_check_at >= outcome.checked_at + timedelta(seconds=1)
    impatient.close()


def test_check_now_makes_pending_orders_due(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    desk = open_desk()
    order = desk.record_creation(send_creation(client, desk.start_order("5")), focused=False)
    assert desk.due_for_check() == []  # its first check is seconds away
    desk.check_now([order.order_id])
    assert [o.order_id for o in desk.due_for_check()] == [order.order_id]


def test_bad_input_never_writes_an_order(open_desk: Callable[[], OrderDesk]) -> None:
    from paydesk.domain.errors import AmountError, EmailError

    desk = open_desk()
    with pytest.raises(AmountError):
        desk.start_order("-1")
    with pytest.raises(EmailError):
        desk.start_order("10", "not-an-email")
    assert desk.store.query(OrderQuery()) == []


def test_merchant_ceiling_applies(tmp_path: Path) -> None:
    from paydesk.domain.errors import AmountError

    with OrderStore.open(tmp_path / "o.sqlite3") as store:
        desk = OrderDesk(store, TEST_CLIENT_ID, policy=PollingPolicy(), max_amount=10_000)
        with pytest.raises(AmountError, match="more than"):
            desk.start_order("100,01")
        assert desk.start_order("100").amount == 10_000


def test_check_all_now_schedules_only_open_orders(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    desk = open_desk()
    orders = [desk.record_creation(send_creation(client, desk.start_order(str(n))), focused=False)
              for n in (1, 2, 3)]
    sandbox.approve(orders[0].order_id)
    desk.record_checks([fetch_status(client, orders[0].order_id)])
    unsent = desk.start_order("4")
    assert desk.check_now() == 2
    due = {o.order_id for o in desk.due_for_check()}
    assert due == {orders[1].order_id, orders[2].order_id}
    assert unsent.order_id not in due


def test_a_final_status_is_never_undone_by_a_late_reply(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    from paydesk.core.watch.outcomes import CheckOutcome

    desk = open_desk()
    order = desk.record_creation(send_creation(client, desk.start_order("50")))
    sandbox.approve(order.order_id)
    [(paid, changed)] = desk.record_checks([fetch_status(client, order.order_id)])
    assert changed and paid.status is OrderStatus.APPROVE
    # Another process's "pending", asked before the payment, is written after it.
    late = CheckOutcome(order.order_id, paid.last_checked_at or paid.created_at,
                        status=OrderStatus.PENDING)
    [(after, changed)] = desk.record_checks([late])
    assert not changed
    assert after.status is OrderStatus.APPROVE and after.next_check_at is None
    assert after.paid_at == paid.paid_at
    history = desk.store.history(TEST_CLIENT_ID, order.order_id)
    assert [c.status for c in history] == [OrderStatus.PENDING, OrderStatus.APPROVE]


def test_past_its_lifetime_an_order_is_checked_until_the_service_answers(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    from paydesk.core.watch.outcomes import CheckOutcome
    from paydesk.gateway import GatewayTimeout

    desk = open_desk()
    order = desk.record_creation(send_creation(client, desk.start_order("60")))
    past_its_life = desk.policy.expires_at(order) + timedelta(minutes=5)
    failed = CheckOutcome(order.order_id, past_its_life,
                          failure=GatewayTimeout("read timed out").failure)
    [(after, _)] = desk.record_checks([failed])
    assert after.next_check_at is not None  # not given up: the buyer may have paid
    answered = CheckOutcome(order.order_id, past_its_life + timedelta(minutes=1),
                            status=OrderStatus.PENDING)
    [(after, _)] = desk.record_checks([answered])
    assert after.next_check_at is not None  # "pending" is not final: still watched
    a_day_later = desk.policy.watched_until(order)
    [(after, _)] = desk.record_checks(
        [CheckOutcome(order.order_id, a_day_later, status=OrderStatus.PENDING)]
    )
    assert after.next_check_at is None and not after.is_watched  # "status unknown — check"


def test_an_absurd_retry_after_is_capped(
    sandbox: SandboxServer, client: GatewayClient, open_desk: Callable[[], OrderDesk]
) -> None:
    from paydesk.core.watch.outcomes import CheckOutcome
    from paydesk.gateway import RateLimited

    desk = open_desk()
    order = desk.record_creation(send_creation(client, desk.start_order("70")))
    # "Retry-After: Fri, 31 Dec 9999 ...": the service may ask for anything.
    error = RateLimited("too many requests", retry_after=10.0 ** 12)
    outcome = CheckOutcome(order.order_id, order.created_at, failure=error.failure,
                           retry_after=error.retry_after)
    [(after, _)] = desk.record_checks([outcome])
    assert after.next_check_at is not None
    assert after.next_check_at <= order.created_at + timedelta(hours=1)


def test_an_order_confirmed_days_after_it_was_written_is_watched(
    sandbox: SandboxServer, client: GatewayClient, tmp_path: Path
) -> None:
    """`create` exit 6 says the next start finishes the order; that start may come two
    days later. The order's lifetime runs from that confirmation: it is watched."""
    clock = FakeClock(datetime.now(UTC) - timedelta(days=2))
    with OrderStore.open(tmp_path / "orders.sqlite3") as store:
        desk = OrderDesk(store, TEST_CLIENT_ID, clock=clock)
        written = desk.start_order("90")
        send_creation(client, written)  # the service has it; the book never heard back
        clock.now += timedelta(days=2)
        outcome = resume_creation(client, written, lifetime=desk.policy.order_lifetime,
                                  clock=clock)
        confirmed = desk.record_creation(outcome, focused=False)
        assert confirmed.confirmed_at is not None
        assert abs(confirmed.confirmed_at - outcome.finished_at) < timedelta(milliseconds=1)
        assert confirmed.is_watched and confirmed.next_check_at is not None
        # Paid by a buyer who had the printed link: the window opens at the creation.
        assert confirmed.last_pending_at == written.created_at
