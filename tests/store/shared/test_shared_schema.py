"""The shared book's schema: set up, migrated idempotently, a newer one refused."""

from __future__ import annotations

import threading

import psycopg
import pytest

from paydesk.domain.failures import BookFailureCode
from paydesk.store.shared import SharedBookNotReady, SharedSchemaTooNew
from paydesk.store.shared.book import SharedBook
from paydesk.store.shared.schema import LATEST_SHARED_VERSION, MIGRATIONS

from postgres import PostgresServer


def _tables(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        return {str(name) for (name,) in rows.fetchall()}


def test_a_new_book_is_set_up_once(book_url: str) -> None:
    with SharedBook.connect(book_url) as book:
        with pytest.raises(SharedBookNotReady) as raised:
            book.check_schema()
        assert raised.value.failure.code == BookFailureCode.BOOK_NOT_READY
        assert raised.value.found == 0
        assert "paydesk book init" in str(raised.value)
        assert book.init_schema() == 0
        book_id = book.book_id
        assert len(book_id) == 36
        # Again: nothing to do, the same book.
        assert book.init_schema() == LATEST_SHARED_VERSION
        assert book.book_id == book_id
        book.check_schema()
    assert _tables(book_url) == {"book_meta", "orders", "status_history", "creation_attempts",
                                 "leases", "cashiers", "shifts"}
    with SharedBook.connect(book_url) as again:
        again.check_schema()
        assert again.book_id == book_id


def test_two_books_have_different_ids(postgres_server: PostgresServer, book_url: str) -> None:
    other = postgres_server.create_database()
    try:
        with SharedBook.connect(book_url) as one, \
                SharedBook.connect(postgres_server.url(other)) as two:
            one.init_schema()
            two.init_schema()
            assert one.book_id != two.book_id
    finally:
        postgres_server.drop_database(other)


def test_an_older_book_is_migrated(book_url: str) -> None:
    with SharedBook.connect(book_url) as book:
        book.init_schema()
        book_id = book.book_id
    # As an older PayDesk would have left it (all steps are recorded in one number).
    with psycopg.connect(book_url) as conn:
        conn.execute("UPDATE book_meta SET version = 0")
        for table in ("shifts", "cashiers", "leases", "creation_attempts", "status_history",
                      "orders"):
            conn.execute(f"DROP TABLE {table}")
        conn.execute("DROP SEQUENCE order_changes")
        conn.execute("DROP FUNCTION paydesk_order_changed, paydesk_ring")
    with SharedBook.connect(book_url) as book:
        with pytest.raises(SharedBookNotReady) as raised:
            book.check_schema()
        assert "schema 0" not in str(raised.value)  # 0 reads as "not set up"
        assert book.init_schema() == 0
        book.check_schema()
        assert book.book_id == book_id
    assert len(MIGRATIONS) == LATEST_SHARED_VERSION


def test_a_newer_book_is_refused_and_left_alone(book_url: str) -> None:
    with SharedBook.connect(book_url) as book:
        book.init_schema()
    with psycopg.connect(book_url) as conn:
        conn.execute("UPDATE book_meta SET version = %s", (LATEST_SHARED_VERSION + 1,))
        conn.execute("CREATE TABLE from_the_future (x int)")
    with SharedBook.connect(book_url) as book:
        for attempt in (book.check_schema, book.init_schema):
            with pytest.raises(SharedSchemaTooNew) as raised:
                attempt()
            assert raised.value.failure.code == BookFailureCode.BOOK_SCHEMA_TOO_NEW
            assert raised.value.found == LATEST_SHARED_VERSION + 1
            assert "newer version of PayDesk" in str(raised.value)
    with psycopg.connect(book_url) as conn:
        row = conn.execute("SELECT version FROM book_meta").fetchone()
    assert row == (LATEST_SHARED_VERSION + 1,)
    assert "from_the_future" in _tables(book_url)


def test_two_tills_setting_up_one_book_at_once_make_one_book(book_url: str) -> None:
    start = threading.Barrier(2)
    found: list[tuple[int, str]] = []
    failures: list[BaseException] = []

    def init() -> None:
        try:
            with SharedBook.connect(book_url) as book:
                start.wait()
                found.append((book.init_schema(), book.book_id))
        except BaseException as error:  # reported below
            failures.append(error)

    tills = [threading.Thread(target=init) for _ in range(2)]
    for till in tills:
        till.start()
    for till in tills:
        till.join(timeout=30)
    assert failures == []
    assert sorted(version for version, _ in found) == [0, LATEST_SHARED_VERSION]
    assert found[0][1] == found[1][1]
