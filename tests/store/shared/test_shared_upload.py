"""Uploading to the shared book: the merge rule in SQL, idempotent, read back by cursor."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from itertools import count
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paydesk.domain.clock import from_ms, to_ms
from paydesk.domain.failures import Failure
from paydesk.domain.merging import merge_orders
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import BookEntry, CreationAttempt, StatusChange
from paydesk.store.shared.book import BookCounts, SharedBook

if TYPE_CHECKING:
    from conftest import Connect
from merge_cases import CASES, PAID, MergeCase, at, base_order


def _read_back(book: SharedBook, client_id: int = 1) -> dict[str, BookEntry]:
    entries, _cursor = book.changes_since(client_id, 0)
    return {entry.order.order_id: entry for entry in entries}


def _seq(url: str, order_id: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT change_seq FROM orders WHERE order_id = %s",
                           (order_id,)).fetchone()
    assert row is not None
    return int(str(row[0]))


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_merge_case_through_the_upsert(book: SharedBook, case: MergeCase) -> None:
    book.upload([BookEntry(case.current)], till="A")
    book.upload([BookEntry(case.incoming)], till="B")
    stored = _read_back(book)[case.current.order_id].order
    assert stored == case.expected
    assert stored == merge_orders(case.current, case.incoming)


_STATUSES = st.sampled_from([OrderStatus.PENDING, OrderStatus.APPROVE, OrderStatus.DECLINE,
                             OrderStatus.EXPIRED, OrderStatus("refunded")])
_SECONDS = st.none() | st.integers(0, 100)
_ERRORS = st.none() | st.sampled_from([Failure("timeout"), Failure("refused", "no"),
                                       Failure("timeout", "")])
_IDS = count(1)


@st.composite
def _records(draw: st.DrawFn) -> Order:
    def moment() -> datetime | None:
        seconds = draw(_SECONDS)
        return None if seconds is None else at(seconds)

    return base_order(status=draw(_STATUSES), creation=draw(st.sampled_from(list(CreationState))),
                      url=draw(st.sampled_from([None, "", "https://pay.example.com/pay/x"])),
                      till=draw(st.sampled_from(["", "A", "B"])),
                      paid_at=moment(), last_checked_at=moment(), last_pending_at=moment(),
                      confirmed_at=moment(), last_error=draw(_ERRORS))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_records(), _records())
def test_the_upsert_merges_as_merge_orders(book: SharedBook, a: Order, b: Order) -> None:
    order_id = f"PROP-{next(_IDS)}"
    a, b = replace(a, order_id=order_id), replace(b, order_id=order_id)
    book.upload([BookEntry(a)], till="A")
    book.upload([BookEntry(b)], till="B")
    assert _read_back(book)[order_id].order == merge_orders(a, b)


def test_uploading_twice_keeps_one_row_and_its_sequence(book: SharedBook, book_url: str) -> None:
    entry = BookEntry(base_order(**{"status": OrderStatus.APPROVE, "paid_at": at(30)}),
                      history=(StatusChange(OrderStatus.PENDING, at(1)),
                               StatusChange(OrderStatus.APPROVE, at(30))),
                      attempts=(CreationAttempt("failed", at(0), Failure("timeout")),
                                CreationAttempt("confirmed", at(1))))
    book.upload([entry], till="A")
    first = _seq(book_url, entry.order.order_id)
    book.upload([entry], till="A")
    book.upload([entry, entry], till="A")
    assert _seq(book_url, entry.order.order_id) == first
    entries, cursor = book.changes_since(1, 0)
    assert entries == [entry]
    assert cursor == first
    with psycopg.connect(book_url) as conn:
        counted = conn.execute(
            "SELECT (SELECT count(*) FROM orders), (SELECT count(*) FROM status_history),"
            " (SELECT count(*) FROM creation_attempts)").fetchone()
    assert counted == (1, 2, 2)


def test_times_keep_milliseconds_and_come_back_in_utc(book: SharedBook) -> None:
    moscow = datetime(2026, 11, 24, 15, 0, 0, 123456, tzinfo=UTC).astimezone(
        ZoneInfo("Europe/Moscow"))
    order = base_order(created_at=moscow, last_checked_at=moscow + timedelta(microseconds=543))
    book.upload([BookEntry(order)], till="A")
    stored = _read_back(book)[order.order_id].order
    assert stored.created_at == datetime(2026, 11, 24, 15, 0, 0, 123000, tzinfo=UTC)
    assert stored.created_at.tzinfo is UTC
    assert stored.last_checked_at == stored.created_at
    # As the local book keeps it: a round trip through either gives the same time.
    assert from_ms(to_ms(moscow)) == stored.created_at
    assert stored.amount == order.amount and isinstance(stored.amount, int)


def test_new_history_gives_the_order_a_new_sequence(book: SharedBook, book_url: str) -> None:
    order = base_order()
    book.upload([BookEntry(order, history=(StatusChange(OrderStatus.PENDING, at(1)),))],
                till="A")
    before = _seq(book_url, order.order_id)
    # Another till saw "pending" too, at its own time: same row, one more history row.
    book.upload([BookEntry(order, history=(StatusChange(OrderStatus.PENDING, at(5)),))],
                till="B")
    after = _seq(book_url, order.order_id)
    assert after > before
    entries, _cursor = book.changes_since(1, before)
    assert [change.observed_at for change in entries[0].history] == [at(1), at(5)]


def test_the_cursor_pages_through_changes_in_commit_order(book: SharedBook,
                                                         connect: Connect) -> None:
    orders = [base_order(order_id=f"PAGE-{n:02}") for n in range(7)]
    for order in orders:
        book.upload([BookEntry(order)], till="A")
    # One changes again later: it comes last, once.
    book.upload([BookEntry(replace(orders[2], status=OrderStatus.APPROVE, paid_at=at(9)))],
                till="A")
    book.upload([BookEntry(replace(orders[3], client_id=2))], till="A")
    reader = connect()
    seen: list[str] = []
    cursor = 0
    while True:
        entries, next_cursor = reader.changes_since(1, cursor, limit=3)
        assert len(entries) <= 3
        if not entries:
            assert next_cursor == cursor
            break
        assert next_cursor > cursor
        seen += [entry.order.order_id for entry in entries]
        cursor = next_cursor
    assert seen == ["PAGE-00", "PAGE-01", "PAGE-03", "PAGE-04", "PAGE-05", "PAGE-06", "PAGE-02"]
    assert [entry.order.order_id for entry in reader.changes_since(2, 0)[0]] == ["PAGE-03"]
    assert reader.changes_since(1, cursor) == ([], cursor)


def test_an_empty_upload_does_nothing(book: SharedBook) -> None:
    book.upload([], till="A")
    assert book.changes_since(1, 0) == ([], 0)


def test_what_the_cashier_typed_never_changes(book: SharedBook) -> None:
    book.upload([BookEntry(base_order())], till="A")
    book.upload([BookEntry(base_order(amount=1, note="changed", email=None, till="B"))],
                till="B")
    stored = _read_back(book)[base_order().order_id].order
    assert (stored.amount, stored.note, stored.email, stored.till) == (
        15000, "2 coffees", "buyer@example.com", "A")


def test_counts_per_account(book: SharedBook) -> None:
    assert book.counts(1) == BookCounts(0, 0, 0)
    book.upload([BookEntry(base_order(order_id="A-1", till="A")),
                 BookEntry(base_order(order_id="A-2", till="A", **PAID)),
                 BookEntry(base_order(order_id="B-1", till="B")),
                 BookEntry(base_order(order_id="OLD", till="")),
                 BookEntry(base_order(order_id="X-1", till="X", client_id=2))], till="A")
    assert book.counts(1) == BookCounts(orders=4, open=3, tills=2)
    assert book.counts(2) == BookCounts(orders=1, open=1, tills=1)
