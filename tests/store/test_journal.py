"""The book as a till's journal of a shared book: what waits to upload, what a download
merges in, who watches which open order, and where the download stands."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import (
    BookEntry,
    CheckResult,
    CreationAttempt,
    OrderQuery,
    OrderStore,
    StatusChange,
    StoreError,
)

from bulk_orders import bulk_insert
from merge_cases import CASES, MergeCase
from store_support import CLIENT, AddOrder, at, full_scan, plans, uses

OWN, OTHER = "Till A", "Till B"
PAY_URL = "https://pay.example/pay/"


def remote(order_id: str, *, till: str = OTHER, status: OrderStatus = OrderStatus.PENDING,
           minutes: float = 0, **changes: object) -> Order:
    """A confirmed order as the shared book sends it (taken by ``till``)."""
    order = Order(CLIENT, order_id, 5000, None, "tea", PAY_URL + order_id, status,
                  CreationState.CONFIRMED, at(minutes), confirmed_at=at(minutes),
                  last_pending_at=at(minutes), next_check_at=at(minutes + 1), till=till)
    if status is OrderStatus.APPROVE:
        order = replace(order, paid_at=at(minutes + 2), last_checked_at=at(minutes + 2))
    return replace(order, **changes)


def entry(order: Order) -> BookEntry:
    history = [StatusChange(OrderStatus.PENDING, at(0))]
    if order.status is not OrderStatus.PENDING:
        history.append(StatusChange(order.status, order.last_checked_at or at(1)))
    return BookEntry(order, tuple(history), (CreationAttempt("confirmed", at(0)),))


def uploaded_all(store: OrderStore) -> None:
    """The shared book has everything this journal has."""
    while uploads := store.waiting_uploads():
        store.mark_uploaded(uploads)
    assert store.waiting_count() == 0


def waiting_ids(store: OrderStore) -> list[str]:
    return [upload.entry.order.order_id for upload in store.waiting_uploads()]


# -- uploading --------------------------------------------------------------------


def test_a_local_write_waits_to_upload_with_all_the_book_knows(
    store: OrderStore, add: AddOrder
) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0), till=OWN)
    store.record_creation_error(CLIENT, "A-1", Failure(FailureCode.TIMEOUT), at(0.5))
    add("A-2", minutes=1)
    store.confirm_creation(CLIENT, "A-1", PAY_URL + "A-1", at(2), at(3))

    assert store.waiting_count() == 2
    first, second = store.waiting_uploads()  # oldest first
    assert first.entry.order == store.get(CLIENT, "A-1")
    assert first.entry.history == (StatusChange(OrderStatus.PENDING, at(2)),)
    assert first.entry.attempts == (
        CreationAttempt("failed", at(0.5), Failure(FailureCode.TIMEOUT)),
        CreationAttempt("confirmed", at(2)),
    )
    assert second.entry.order.order_id == "A-2"
    assert [u.entry.order.order_id for u in store.waiting_uploads(limit=1)] == ["A-1"]

    store.mark_uploaded([first])
    assert waiting_ids(store) == ["A-2"]


def test_a_change_after_the_upload_was_read_keeps_the_order_waiting(
    store: OrderStore, add: AddOrder
) -> None:
    add("A-1", next_check=1)
    (read,) = store.waiting_uploads()
    store.record_checks([CheckResult(CLIENT, "A-1", OrderStatus.APPROVE, at(2), None)])

    store.mark_uploaded([read])  # the shared book got the order as it was, unpaid

    (again,) = store.waiting_uploads()
    assert again.entry.order.status is OrderStatus.APPROVE
    assert again.mark > read.mark
    store.mark_uploaded([again])
    store.mark_uploaded([read])  # a late, older mark changes nothing
    assert store.waiting_count() == 0


def test_a_check_that_changes_nothing_shared_uploads_nothing(
    store: OrderStore, add: AddOrder
) -> None:
    add("A-1", next_check=1)
    uploaded_all(store)
    store.record_checks([CheckResult(CLIENT, "A-1", OrderStatus.PENDING, at(2), at(3))])
    assert store.waiting_count() == 0
    store.record_checks([CheckResult(CLIENT, "A-1", None, at(4), at(5),
                                     Failure(FailureCode.TIMEOUT))])
    assert waiting_ids(store) == ["A-1"]  # the last error is shared


# -- downloading ------------------------------------------------------------------


def test_a_download_never_waits_to_upload(store: OrderStore) -> None:
    changed = store.merge_downloaded(
        [entry(remote("B-1")), entry(remote("B-2", status=OrderStatus.APPROVE))], 7, OWN)

    assert changed == [store.get(CLIENT, "B-1"), store.get(CLIENT, "B-2")]
    assert store.waiting_count() == 0
    assert store.sync_cursor() == 7
    paid = store.get(CLIENT, "B-2")
    assert paid is not None and paid.till == OTHER and paid.paid_at == at(2)
    assert [c.status for c in store.history(CLIENT, "B-2")] == [
        OrderStatus.PENDING, OrderStatus.APPROVE]
    assert store.creation_attempts(CLIENT, "B-2") == [CreationAttempt("confirmed", at(0))]
    # The same records again (a download retried) add nothing.
    assert store.merge_downloaded([entry(remote("B-2", status=OrderStatus.APPROVE))], 8, OWN) == []
    assert len(store.history(CLIENT, "B-2")) == 2
    assert len(store.creation_attempts(CLIENT, "B-2")) == 1
    assert store.waiting_count() == 0


def test_a_payment_seen_at_another_till_comes_in_over_a_local_pending(
    store: OrderStore,
) -> None:
    mine = store.add_unconfirmed(CLIENT, "A-1", 5000, None, "tea", at(0), till=OWN)
    store.confirm_creation(CLIENT, "A-1", PAY_URL + "A-1", at(0), at(1))
    uploaded_all(store)
    paid_elsewhere = remote("A-1", till=OWN, status=OrderStatus.APPROVE)

    (changed,) = store.merge_downloaded([entry(paid_elsewhere)], 3, OWN)

    assert changed == store.get(CLIENT, "A-1")
    assert (changed.status, changed.paid_at, changed.till) == (OrderStatus.APPROVE, at(2), OWN)
    assert (changed.amount, changed.note) == (mine.amount, mine.note)
    assert changed.next_check_at is None  # paid: never checked again, as after a check
    assert store.due_for_check(at(10)) == []  # paid: no more checks
    assert [c.status for c in store.history(CLIENT, "A-1")] == [
        OrderStatus.PENDING, OrderStatus.APPROVE]
    assert store.totals(OrderQuery(statuses=frozenset({"approve"}))).paid_amount == 5000
    assert store.waiting_count() == 0  # the shared book told us; nothing to tell it


def test_what_this_journal_knew_more_waits_to_upload(store: OrderStore) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 5000, None, "tea", at(0), till=OWN)
    store.confirm_creation(CLIENT, "A-1", PAY_URL + "A-1", at(0), at(1))
    store.record_checks([CheckResult(CLIENT, "A-1", OrderStatus.APPROVE, at(2), None)])
    uploaded_all(store)

    store.merge_downloaded([entry(remote("A-1", till=OWN))], 4, OWN)  # an older record

    order = store.get(CLIENT, "A-1")
    assert order is not None and order.status is OrderStatus.APPROVE
    assert waiting_ids(store) == ["A-1"]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_a_download_merges_by_the_rule(store: OrderStore, case: MergeCase) -> None:
    bulk_insert(store, [case.current])
    uploaded_all(store)

    changed = store.merge_downloaded([BookEntry(case.incoming)], 1, case.current.till)

    merged = store.get(case.current.client_id, case.current.order_id)
    assert merged is not None
    # When this book checks next is its own: an order that became payable by the
    # download is watched from its confirmation, a final one never.
    became_payable = (case.current.creation is not CreationState.CONFIRMED
                      and case.expected.creation is CreationState.CONFIRMED
                      and not case.expected.status.is_final)
    expected = replace(case.expected, next_check_at=(
        case.expected.confirmed_at if became_payable else case.current.next_check_at))
    assert merged == expected
    assert changed == ([] if expected == case.current else [expected])
    knew_more = any(getattr(case.expected, field) != getattr(case.incoming, field) for field in (
        "status", "creation", "url", "paid_at", "confirmed_at", "last_error", "till"))
    assert store.waiting_count() == int(knew_more)


def test_a_download_that_fails_saves_nothing_not_even_its_cursor(store: OrderStore) -> None:
    store.merge_downloaded([entry(remote("B-1"))], 5, OWN)
    broken = remote("B-3", amount=0)  # the book refuses it

    with pytest.raises(StoreError):
        store.merge_downloaded([entry(remote("B-2")), entry(broken)], 9, OWN)

    assert store.sync_cursor() == 5
    assert store.get(CLIENT, "B-2") is None
    assert [o.order_id for o in store.query(OrderQuery())] == ["B-1"]


def test_the_cursor_survives_a_restart_with_what_it_counts(db_path: Path) -> None:
    with OrderStore.open(db_path) as store:
        store.start_sync_with("book-1")
        store.merge_downloaded([entry(remote("B-1"))], 12, OWN)
    with OrderStore.open(db_path) as store:
        assert (store.sync_book_id(), store.sync_cursor()) == ("book-1", 12)
        assert store.get(CLIENT, "B-1") is not None


# -- who watches what -------------------------------------------------------------


def test_another_tills_open_order_is_watched_elsewhere(store: OrderStore) -> None:
    store.merge_downloaded([
        entry(remote("B-open")),
        entry(replace(remote("B-unsent"), creation=CreationState.UNCONFIRMED, url=None,
                      confirmed_at=None)),
        entry(remote("A-open", till=OWN)),
        entry(remote("B-paid", status=OrderStatus.APPROVE)),
    ], 4, OWN)

    assert [o.order_id for o in store.due_for_check(at(30))] == ["A-open"]
    assert [o.order_id for o in store.pending(CLIENT)] == ["A-open"]
    assert store.unconfirmed(CLIENT) == []  # till B sends it, not this one
    assert store.schedule_open(CLIENT, at(0)) == 1
    # The list shows every till's orders all the same.
    assert store.count(OrderQuery()) == 4


def test_orders_taken_over_are_due_at_once_and_given_back_when_released(
    store: OrderStore, add: AddOrder
) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0), till=OWN)
    store.confirm_creation(CLIENT, "A-1", PAY_URL + "A-1", at(0), at(50))
    store.merge_downloaded([entry(remote("B-1")), entry(remote("B-2"))], 4, OWN)
    waiting = store.waiting_count()

    taken = store.set_watched_here(CLIENT, OWN, {"B-1"}, at(20))

    assert taken == ["B-1"]
    due = store.due_for_check(at(20))
    assert [o.order_id for o in due] == ["B-1"]
    assert due[0].next_check_at == at(20)
    own = store.get(CLIENT, "A-1")
    assert own is not None and own.next_check_at == at(50)  # never touched
    assert store.set_watched_here(CLIENT, OWN, {"B-1"}, at(25)) == []  # already here
    assert store.due_for_check(at(20)) == due

    assert store.set_watched_here(CLIENT, OWN, set(), at(30)) == []  # till B is back
    assert store.due_for_check(at(60)) == [store.get(CLIENT, "A-1")]
    assert store.waiting_count() == waiting  # not a change to upload


def test_own_orders_stay_here_whoever_holds_them(store: OrderStore) -> None:
    store.add_unconfirmed(CLIENT, "A-1", 100, None, "", at(0), till=OWN)
    store.confirm_creation(CLIENT, "A-1", PAY_URL + "A-1", at(0), at(5))

    assert store.set_watched_here(CLIENT, OWN, set(), at(1)) == []
    assert [o.order_id for o in store.due_for_check(at(5))] == ["A-1"]


# -- the shared book in use -------------------------------------------------------


def test_a_new_shared_book_starts_from_the_beginning_and_gets_everything(
    store: OrderStore, add: AddOrder
) -> None:
    add("A-1")
    add("A-2")
    assert (store.sync_book_id(), store.sync_cursor()) == (None, 0)
    store.start_sync_with("book-1")
    uploaded_all(store)
    store.merge_downloaded([entry(remote("B-1"))], 30, OWN)

    store.start_sync_with("book-1")  # the same book: carry on
    assert (store.sync_cursor(), store.waiting_count()) == (30, 0)

    stale = store.waiting_uploads()
    store.start_sync_with("book-2")
    assert (store.sync_book_id(), store.sync_cursor()) == ("book-2", 0)
    assert sorted(waiting_ids(store)) == ["A-1", "A-2", "B-1"]
    store.mark_uploaded(stale)
    assert store.waiting_count() == 3


def test_the_tills_that_took_orders(store: OrderStore) -> None:
    assert store.tills() == []
    store.add_unconfirmed(CLIENT, "x-1", 100, None, "", at(0))  # from before tills had names
    store.merge_downloaded([entry(remote("b-1", till="Касса 2")), entry(remote("b-2")),
                            entry(remote("b-3", client_id=CLIENT + 1, till="Other shop"))],
                           3, OWN)
    store.add_unconfirmed(CLIENT, "a-1", 100, None, "", at(0), till=OWN)

    assert store.tills() == sorted([OWN, OTHER, "Касса 2", "Other shop"])
    assert store.tills(CLIENT) == sorted([OWN, OTHER, "Касса 2"])
    assert store.tills(CLIENT + 2) == []


def test_the_journals_questions_use_their_indexes(store: OrderStore, add: AddOrder) -> None:
    bulk_insert(store, [remote(f"B-{n}", till=f"T{n % 3}", status=OrderStatus.APPROVE)
                        for n in range(300)])
    uploaded_all(store)
    add("A-1")
    for question in (store.waiting_uploads, store.waiting_count):
        lines = plans(store, question)
        assert uses(lines, "orders_waiting"), lines
        assert not full_scan(lines), lines
    for client_id in (None, CLIENT):
        lines = plans(store, lambda client=client_id: store.tills(client), kinds=("WITH",))
        assert uses(lines, "orders_by_till"), lines
        assert not any(line.startswith("SCAN orders") for line in lines), lines


def test_an_open_order_from_the_shared_book_reads_as_watched_and_only_its_till_checks_it(
    store: OrderStore,
) -> None:
    # The shared book knows nothing of when a till checks next: it sends no such time.
    theirs = replace(remote("B-1", minutes=1), next_check_at=None)
    ours = replace(remote("A-9", till=OWN, minutes=2), next_check_at=None)  # a book restored
    store.merge_downloaded([entry(theirs), entry(ours)], 4, OWN)

    copy = store.get(CLIENT, "B-1")
    assert copy is not None and copy.is_watched  # "waiting", not "status unknown"
    assert [o.order_id for o in store.due_for_check(at(60))] == ["A-9"]  # due at once here
