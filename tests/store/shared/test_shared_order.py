"""Commit order is sequence order: a reader following the cursor never misses a change,
however two tills' uploads interleave."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import psycopg

from paydesk.store import BookEntry
from paydesk.store.shared import order_rows
from paydesk.store.shared.book import SharedBook

if TYPE_CHECKING:
    from conftest import Connect
from merge_cases import base_order
from postgres import PostgresServer


def test_a_change_committed_late_is_never_skipped(
    book: SharedBook, book_url: str, book_database: str, connect: Connect,
    postgres_server: PostgresServer, wait_until: Callable[..., None],
) -> None:
    reader = connect()
    first = base_order(order_id="FIRST", till="A")
    second = base_order(order_id="SECOND", till="B")
    # Till A writes its order with the book's own upsert and holds its transaction open.
    till_a = psycopg.connect(book_url)
    try:
        till_a.execute(order_rows.UPSERT_ORDER, order_rows.order_params(first))
        # Till B uploads meanwhile, from its own thread and connection.
        failures: list[BaseException] = []

        def upload_b() -> None:
            try:
                with SharedBook.connect(book_url) as till_b:
                    till_b.upload([BookEntry(second)], till="B")
            except BaseException as error:  # reported to the test below
                failures.append(error)

        uploader = threading.Thread(target=upload_b)
        uploader.start()
        # B waits for A: its change cannot get a sequence value (and commit) first.
        wait_until(lambda: postgres_server.waiting_for_lock(book_database) == 1)
        assert reader.changes_since(1, 0) == ([], 0)
        till_a.commit()
        uploader.join(timeout=30)
        assert not uploader.is_alive() and failures == []
    finally:
        till_a.close()
    entries, cursor = reader.changes_since(1, 0)
    assert [entry.order.order_id for entry in entries] == ["FIRST", "SECOND"]
    # A reader that had read FIRST alone finds SECOND after its cursor.
    after_first, first_cursor = reader.changes_since(1, 0, limit=1)
    assert [entry.order.order_id for entry in after_first] == ["FIRST"]
    assert [entry.order.order_id for entry in reader.changes_since(1, first_cursor)[0]] == [
        "SECOND"]
    assert cursor > first_cursor


def test_a_reader_following_two_busy_tills_sees_every_change(
    book: SharedBook, book_url: str, connect: Connect,
) -> None:
    start = threading.Barrier(3)
    failures: list[BaseException] = []

    def till(name: str) -> None:
        try:
            with SharedBook.connect(book_url) as own:
                start.wait()
                for n in range(40):
                    own.upload([BookEntry(base_order(order_id=f"{name}-{n:02}", till=name))],
                               till=name)
        except BaseException as error:  # reported to the test below
            failures.append(error)

    tills = [threading.Thread(target=till, args=(name,)) for name in ("A", "B")]
    for thread in tills:
        thread.start()
    reader = connect()
    seen: list[str] = []
    cursor = 0
    start.wait()
    while any(thread.is_alive() for thread in tills):
        entries, cursor = reader.changes_since(1, cursor, limit=7)
        seen += [entry.order.order_id for entry in entries]
    for thread in tills:
        thread.join(timeout=30)
    assert failures == []
    entries, cursor = reader.changes_since(1, cursor)
    seen += [entry.order.order_id for entry in entries]
    # A change committed behind the cursor would be missing here for good.
    assert sorted(seen) == sorted([f"A-{n:02}" for n in range(40)] +
                                  [f"B-{n:02}" for n in range(40)])
