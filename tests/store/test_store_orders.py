"""The order book's life cycle: create, confirm, fail, abandon, poll, history."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, OrderStatus
from paydesk.store import (
    CheckResult,
    DuplicateOrderError,
    OrderStore,
    StatusChange,
    StoreError,
    UnknownOrderError,
)

from store_support import CLIENT, AddOrder, at

PENDING, APPROVE, DECLINE, EXPIRED = (
    OrderStatus.PENDING,
    OrderStatus.APPROVE,
    OrderStatus.DECLINE,
    OrderStatus.EXPIRED,
)


TIMED_OUT = Failure(FailureCode.TIMEOUT)
UNREACHABLE = Failure(FailureCode.UNREACHABLE)
NEVER_SENT = Failure(FailureCode.NEVER_SENT)
#: An input code keeps the core's sentence as its detail.
BAD_AMOUNT = Failure("amount.zero", "The amount must be more than zero.")


def check(
    order_id: str,
    status: OrderStatus | None,
    minutes: float,
    next_check: float | None = None,
    error: Failure | None = None,
) -> CheckResult:
    return CheckResult(
        CLIENT, order_id, status, at(minutes), None if next_check is None else at(next_check), error
    )


# -- creating ------------------------------------------------------------------


def test_add_unconfirmed_stores_a_pending_unconfirmed_order(store: OrderStore) -> None:
    order = store.add_unconfirmed(CLIENT, "A-1", 15050, "buyer@mail.ru", "2 coffees", at(0.5))

    assert order.client_id == CLIENT
    assert order.order_id == "A-1"
    assert order.amount == 15050
    assert order.email == "buyer@mail.ru"
    assert order.note == "2 coffees"
    assert order.status is PENDING
    assert order.creation is CreationState.UNCONFIRMED
    assert order.created_at == at(0.5)
    assert order.created_at.tzinfo is not None
    assert order.url is None
    assert order.paid_at is None
    assert order.last_checked_at is None
    assert order.next_check_at is None
    assert order.last_error is None
    assert store.get(CLIENT, "A-1") == order
    assert store.history(CLIENT, "A-1") == []


def test_add_unconfirmed_is_committed_before_it_returns(store: OrderStore, db_path: Path) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0))

    other = sqlite3.connect(db_path)
    try:
        found = other.execute("SELECT order_id, creation FROM orders").fetchall()
    finally:
        other.close()
    assert found == [("A-1", "unconfirmed")]


def test_an_order_id_is_unique_per_client(store: OrderStore) -> None:
    first = store.add_unconfirmed(CLIENT, "A-1", 100, None, "first", at(0))

    with pytest.raises(DuplicateOrderError) as caught:
        store.add_unconfirmed(CLIENT, "A-1", 999, None, "second", at(1))

    assert caught.value.order_id == "A-1"
    assert isinstance(caught.value, StoreError)
    assert store.get(CLIENT, "A-1") == first
    # Another merchant may use the same order_id.
    other = store.add_unconfirmed(CLIENT + 1, "A-1", 200, None, "", at(2))
    assert other.client_id == CLIENT + 1
    assert store.get(CLIENT, "A-1") == first


@pytest.mark.parametrize("amount", [0, -5, 100_000_000_001])
def test_an_amount_outside_the_contract_is_refused(store: OrderStore, amount: int) -> None:
    with pytest.raises(StoreError):
        store.add_unconfirmed(CLIENT, "A-1", amount, None, "", at(0))
    assert store.get(CLIENT, "A-1") is None


def test_confirm_creation_stores_the_link_and_starts_the_history(store: OrderStore) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0))
    store.record_creation_error(CLIENT, "A-1", TIMED_OUT)

    order = store.confirm_creation(CLIENT, "A-1", "https://pay.example/pay/x", at(1), at(1.05))

    assert order.creation is CreationState.CONFIRMED
    assert order.url == "https://pay.example/pay/x"
    assert order.last_error is None
    assert order.next_check_at == at(1.05)
    assert order.is_payable
    assert store.get(CLIENT, "A-1") == order
    assert store.history(CLIENT, "A-1") == [StatusChange(PENDING, at(1))]


def test_confirming_again_does_not_repeat_the_first_history_row(store: OrderStore) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0))
    store.confirm_creation(CLIENT, "A-1", "https://pay.example/pay/x", at(1), None)
    store.confirm_creation(CLIENT, "A-1", "https://pay.example/pay/x", at(2), None)

    assert store.history(CLIENT, "A-1") == [StatusChange(PENDING, at(1))]


def test_record_creation_error_keeps_the_order_unconfirmed(store: OrderStore) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0))

    order = store.record_creation_error(CLIENT, "A-1", TIMED_OUT)

    assert order.creation is CreationState.UNCONFIRMED
    assert order.last_error == TIMED_OUT
    assert store.unconfirmed() == [order]


def test_abandon_gives_up_an_unconfirmed_order(store: OrderStore) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0))

    order = store.abandon(CLIENT, "A-1", BAD_AMOUNT)

    assert order.creation is CreationState.ABANDONED
    assert order.last_error == BAD_AMOUNT
    assert order.next_check_at is None
    assert store.unconfirmed() == []
    assert store.get(CLIENT, "A-1") == order


def test_a_confirmed_order_cannot_be_abandoned(store: OrderStore, add: AddOrder) -> None:
    confirmed = add("A-1", next_check=1)

    with pytest.raises(StoreError, match="cannot be abandoned"):
        store.abandon(CLIENT, "A-1", NEVER_SENT)

    assert store.get(CLIENT, "A-1") == confirmed


def test_writes_to_an_unknown_order_raise(store: OrderStore) -> None:
    with pytest.raises(UnknownOrderError):
        store.confirm_creation(CLIENT, "nope", "https://pay.example/pay/x", at(0), None)
    with pytest.raises(UnknownOrderError):
        store.record_creation_error(CLIENT, "nope", TIMED_OUT)
    with pytest.raises(UnknownOrderError):
        store.abandon(CLIENT, "nope", NEVER_SENT)
    with pytest.raises(UnknownOrderError):
        store.schedule(CLIENT, "nope", at(0))


def test_get_and_history_of_an_unknown_order(store: OrderStore, add: AddOrder) -> None:
    add("A-1")

    assert store.get(CLIENT, "nope") is None
    assert store.get(CLIENT + 1, "A-1") is None
    assert store.history(CLIENT, "nope") == []


# -- what to work on -------------------------------------------------------------


def test_unconfirmed_lists_oldest_first_and_by_client(store: OrderStore, add: AddOrder) -> None:
    late = add("late", minutes=5, confirmed=False)
    early = add("early", minutes=1, confirmed=False)
    add("done", minutes=0)
    other = add("theirs", minutes=2, confirmed=False, client_id=CLIENT + 1)
    store.add_unconfirmed(CLIENT, "gone", 100, None, "", at(0))
    store.abandon(CLIENT, "gone", NEVER_SENT)

    assert store.unconfirmed() == [early, other, late]
    assert store.unconfirmed(CLIENT) == [early, late]
    assert store.unconfirmed(CLIENT + 2) == []


def test_pending_lists_confirmed_orders_not_yet_final(store: OrderStore, add: AddOrder) -> None:
    add("new", minutes=3)
    add("old", minutes=1)
    add("odd", minutes=2)
    add("theirs", minutes=0, client_id=CLIENT + 1)
    for order_id in ("paid", "refused", "expired"):
        add(order_id, minutes=0)
    add("unsent", minutes=0, confirmed=False)
    store.record_checks(
        [
            check("paid", APPROVE, 5),
            check("refused", DECLINE, 5),
            check("expired", EXPIRED, 5),
            check("odd", OrderStatus("refunded"), 5),  # unknown: not final, still watched
        ]
    )

    assert [o.order_id for o in store.pending()] == ["theirs", "old", "odd", "new"]
    assert [o.order_id for o in store.pending(CLIENT)] == ["old", "odd", "new"]


def test_due_for_check_lists_due_open_orders_soonest_first(
    store: OrderStore, add: AddOrder
) -> None:
    add("later", next_check=3)
    add("sooner", next_check=1)
    add("exactly-now", next_check=4)
    add("not-yet", next_check=4.01)
    add("never", next_check=None)
    add("theirs", next_check=2, client_id=CLIENT + 1)
    add("paid", next_check=0)
    store.record_checks([check("paid", APPROVE, 0.5, next_check=0.6)])
    add("unsent", confirmed=False)
    store.schedule(CLIENT, "unsent", at(0))

    due = store.due_for_check(at(4))

    assert [o.order_id for o in due] == ["sooner", "theirs", "later", "exactly-now"]
    assert [o.order_id for o in store.due_for_check(at(4), client_id=CLIENT)] == [
        "sooner",
        "later",
        "exactly-now",
    ]
    assert [o.order_id for o in store.due_for_check(at(4), limit=2)] == ["sooner", "theirs"]


def test_schedule_sets_and_clears_the_next_check(store: OrderStore, add: AddOrder) -> None:
    add("A-1", next_check=10)

    assert store.schedule(CLIENT, "A-1", at(1)).next_check_at == at(1)
    assert [o.order_id for o in store.due_for_check(at(1))] == ["A-1"]
    assert store.schedule(CLIENT, "A-1", None).next_check_at is None
    assert store.due_for_check(at(100)) == []


# -- recording checks --------------------------------------------------------------


def test_an_unchanged_status_adds_no_history(store: OrderStore, add: AddOrder) -> None:
    add("A-1", next_check=0)

    [(order, changed)] = store.record_checks([check("A-1", PENDING, 1, next_check=2)])

    assert changed is False
    assert order.status is PENDING
    assert order.last_checked_at == at(1)
    assert order.next_check_at == at(2)
    assert store.history(CLIENT, "A-1") == [StatusChange(PENDING, at(0))]
    assert store.get(CLIENT, "A-1") == order


def test_a_payment_is_recorded_once(store: OrderStore, add: AddOrder) -> None:
    add("A-1", next_check=0)

    [(paid, changed)] = store.record_checks([check("A-1", APPROVE, 2)])
    [(again, changed_again)] = store.record_checks([check("A-1", APPROVE, 3)])

    assert changed is True
    assert paid.status is APPROVE
    assert paid.paid_at == at(2)
    assert paid.next_check_at is None
    assert changed_again is False
    assert again.paid_at == at(2)  # the first time it was seen paid, not the last
    assert again.last_checked_at == at(3)
    assert store.history(CLIENT, "A-1") == [
        StatusChange(PENDING, at(0)),
        StatusChange(APPROVE, at(2)),
    ]


def test_the_payment_is_bounded_by_the_last_pending_and_the_first_paid_check(
    store: OrderStore, add: AddOrder
) -> None:
    """The service does not say when a buyer paid: the book keeps the window."""
    confirmed = add("A-1", next_check=0)
    assert (confirmed.confirmed_at, confirmed.last_pending_at) == (at(0), at(0))

    store.record_checks([check("A-1", PENDING, 1, next_check=1.1)])
    # A failed check says nothing about the payment: the window stays open from 1.
    store.record_checks([check("A-1", None, 1.5, next_check=2, error=UNREACHABLE)])
    [(paid, _)] = store.record_checks([check("A-1", APPROVE, 1.75)])

    assert (paid.last_pending_at, paid.paid_at) == (at(1), at(1.75))
    assert not paid.paid_time_is_approximate  # within a minute: shown as exact
    [(late, _)] = store.record_checks([check("A-1", PENDING, 3)])  # a late, stale reply
    assert late.last_pending_at == at(1)  # the window of a final order does not move


def test_a_payment_seen_long_after_the_last_pending_is_approximate(
    store: OrderStore, add: AddOrder
) -> None:
    add("A-1", next_check=0)
    store.record_checks([check("A-1", PENDING, 1, next_check=10)])
    [(paid, _)] = store.record_checks([check("A-1", APPROVE, 10)])
    assert paid.paid_window is not None and paid.paid_window.total_seconds() == 9 * 60
    assert paid.paid_time_is_approximate


def test_a_later_confirmation_keeps_the_first(store: OrderStore, add: AddOrder) -> None:
    add("A-1", minutes=0)
    again = store.confirm_creation(CLIENT, "A-1", "https://pay.example/pay/A-1", at(5), None)
    assert again.confirmed_at == at(0)  # the lifetime runs from the first confirmation


def test_a_failed_check_keeps_the_status_and_stores_the_error(
    store: OrderStore, add: AddOrder
) -> None:
    add("A-1", next_check=0)

    [(failed, changed)] = store.record_checks(
        [check("A-1", None, 1, next_check=1.5, error=UNREACHABLE)]
    )
    [(recovered, _)] = store.record_checks([check("A-1", DECLINE, 2)])

    assert changed is False
    assert failed.status is PENDING
    assert failed.last_error == UNREACHABLE
    assert failed.last_checked_at == at(1)
    assert failed.next_check_at == at(1.5)
    assert recovered.status is DECLINE
    assert recovered.last_error is None
    assert recovered.paid_at is None
    assert [c.status for c in store.history(CLIENT, "A-1")] == [PENDING, DECLINE]


def test_the_first_check_of_an_order_without_history_is_recorded(
    store: OrderStore, add: AddOrder
) -> None:
    add("A-1", confirmed=False)  # the app died before the link came back

    [(order, changed)] = store.record_checks([check("A-1", PENDING, 1)])

    assert changed is False
    assert order.status is PENDING
    assert store.history(CLIENT, "A-1") == [StatusChange(PENDING, at(1))]


def test_an_unknown_status_is_kept_as_it_is(store: OrderStore, add: AddOrder) -> None:
    add("A-1", next_check=0)

    [(order, changed)] = store.record_checks([check("A-1", OrderStatus("refunded"), 1)])

    assert changed is True
    assert order.status.value == "refunded"
    assert not order.status.is_known
    stored = store.get(CLIENT, "A-1")
    assert stored is not None
    assert stored.status == "refunded"
    assert store.history(CLIENT, "A-1")[-1].status.value == "refunded"


def test_a_batch_is_recorded_in_order(store: OrderStore, add: AddOrder) -> None:
    add("A-1", next_check=0)
    add("A-2", next_check=0)

    results = store.record_checks(
        [check("A-1", APPROVE, 1), check("A-2", PENDING, 1), check("A-1", APPROVE, 2)]
    )

    assert [(o.order_id, o.status, changed) for o, changed in results] == [
        ("A-1", APPROVE, True),
        ("A-2", PENDING, False),
        ("A-1", APPROVE, False),
    ]
    assert results[2][0].paid_at == at(1)
    assert store.record_checks([]) == []


def test_a_batch_with_an_unknown_order_writes_nothing(store: OrderStore, add: AddOrder) -> None:
    before = add("A-1", next_check=0)

    with pytest.raises(UnknownOrderError) as caught:
        store.record_checks([check("A-1", APPROVE, 1), check("nope", APPROVE, 1)])

    assert caught.value.order_id == "nope"
    assert store.get(CLIENT, "A-1") == before
    assert store.history(CLIENT, "A-1") == [StatusChange(PENDING, at(0))]


def test_a_batch_that_fails_midway_is_rolled_back(store: OrderStore, add: AddOrder) -> None:
    before = add("A-1", next_check=0)
    add("A-2", next_check=0)
    naive = replace(check("A-2", APPROVE, 1), checked_at=at(1).replace(tzinfo=None))

    with pytest.raises(TypeError):  # a naive time is a bug in the caller
        store.record_checks([check("A-1", APPROVE, 1), naive])

    assert store.get(CLIENT, "A-1") == before
    assert len(store.history(CLIENT, "A-1")) == 1
    # The store is still usable afterwards: no transaction was left open.
    [(order, _)] = store.record_checks([check("A-1", APPROVE, 2)])
    assert order.paid_at == at(2)


def test_a_pending_answer_bounds_the_payment_from_when_it_was_asked(
    store: OrderStore, add: AddOrder
) -> None:
    """The service said "pending" when it got the request; the reply may come much later."""
    add("A-1", next_check=0)
    slow = replace(check("A-1", PENDING, 5, next_check=6), asked_at=at(4.5))
    [(order, _)] = store.record_checks([slow])
    assert order.last_pending_at == at(4.5)
