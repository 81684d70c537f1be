"""The shared book's failures: codes a front end can say, never the password."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING
from urllib.parse import quote

import psycopg
import pytest
from psycopg import sql

from paydesk.domain.failures import BookFailureCode
from paydesk.store import BookEntry, StoreError
from paydesk.store.shared import SharedBookError
from paydesk.store.shared.address import BookAddress
from paydesk.store.shared.book import SharedBook

if TYPE_CHECKING:
    from conftest import Connect
from merge_cases import base_order
from postgres import PASSWORD_ROLE, ROLE_PASSWORD, PostgresServer


@pytest.fixture
def password_url(postgres_server: PostgresServer, book_database: str, book: SharedBook) -> str:
    """The set-up book's URL for the role that needs its password (without it)."""
    with postgres_server.admin(book_database) as admin:
        admin.execute(sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA"
                              " public TO {}").format(sql.Identifier(PASSWORD_ROLE)))
        admin.execute(sql.SQL("GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {}").format(
            sql.Identifier(PASSWORD_ROLE)))
    return postgres_server.url(book_database, user=PASSWORD_ROLE)


def _words(error: BaseException) -> str:
    return str(error) + repr(error) + str(getattr(error, "failure", ""))


def test_a_stopped_server_is_unreachable_and_the_password_never_shows(
        postgres_server: PostgresServer, book_database: str, password_url: str,
        connect: Connect) -> None:
    with_password = postgres_server.url(book_database, user=PASSWORD_ROLE,
                                        password=ROLE_PASSWORD)
    working = connect(with_password)
    with postgres_server.stopped():
        for attempt in (lambda: connect(with_password),
                        lambda: connect(password_url, password=ROLE_PASSWORD),
                        lambda: working.changes_since(1, 0)):
            with pytest.raises(SharedBookError) as raised:
                attempt()
            assert isinstance(raised.value, StoreError)
            assert raised.value.failure.code == BookFailureCode.BOOK_UNREACHABLE
            assert ROLE_PASSWORD not in _words(raised.value)
            assert "pw-Kx7" not in _words(raised.value)
            assert "127.0.0.1" in str(raised.value)
        assert working.broken
    # Back: a new connection works (the broken one stays broken).
    assert connect(with_password).changes_since(1, 0) == ([], 0)


def test_the_password_comes_from_the_call_the_url_or_libpq(
        password_url: str, connect: Connect, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", "/nonexistent/pgpass")
    with pytest.raises(SharedBookError) as raised:
        connect(password_url)
    # None given: said as what is missing, not as libpq's "fe_sendauth: no password supplied".
    assert raised.value.failure.code == BookFailureCode.BOOK_NO_PASSWORD
    assert str(raised.value) == (f"The shared order book at {password_url} asks for a password,"
                                 " and none was given.")
    assert connect(password_url, password=ROLE_PASSWORD).counts(1).orders == 0
    address = BookAddress.parse(password_url.replace(
        f"{PASSWORD_ROLE}@", f"{PASSWORD_ROLE}:{quote(ROLE_PASSWORD, safe='')}@"))
    assert address.password == ROLE_PASSWORD
    assert connect(address).counts(1).orders == 0
    monkeypatch.setenv("PGPASSWORD", ROLE_PASSWORD)
    assert connect(password_url).counts(1).orders == 0


def test_a_wrong_password_is_refused_as_such(password_url: str, connect: Connect) -> None:
    with pytest.raises(SharedBookError) as raised:
        connect(password_url, password="not-the-password")
    assert raised.value.failure.code == BookFailureCode.BOOK_AUTH
    assert "not-the-password" not in _words(raised.value)
    assert "refused the user name or password" in str(raised.value)


def test_a_cut_connection_fails_the_next_call_and_a_new_one_works(
        postgres_server: PostgresServer, book_database: str, book: SharedBook,
        connect: Connect) -> None:
    till = connect(application_name="paydesk-till-a")
    till.upload([BookEntry(base_order(order_id="BEFORE"))], till="A")
    assert postgres_server.terminate(book_database, "paydesk-till-a") == 1
    with pytest.raises(SharedBookError) as raised:
        till.upload([BookEntry(base_order(order_id="AFTER"))], till="A")
    assert raised.value.failure.code == BookFailureCode.BOOK_UNREACHABLE
    assert till.broken
    again = connect(application_name="paydesk-till-a")
    again.upload([BookEntry(base_order(order_id="AFTER"))], till="A")
    assert [entry.order.order_id for entry in again.changes_since(1, 0)[0]] == [
        "BEFORE", "AFTER"]


def test_a_refused_statement_is_refused_and_the_connection_goes_on(
        book: SharedBook, book_url: str) -> None:
    with pytest.raises(SharedBookError) as raised:
        book.upload([BookEntry(base_order(amount=0))], till="A")  # amount CHECK
    assert raised.value.failure.code == BookFailureCode.BOOK_REFUSED
    assert not book.broken
    book.upload([BookEntry(base_order())], till="A")
    assert len(book.changes_since(1, 0)[0]) == 1
    with psycopg.connect(book_url) as conn:
        row = conn.execute("SELECT count(*) FROM orders").fetchone()
    assert row == (1,)


def test_a_book_belongs_to_the_thread_that_connected_it(book: SharedBook) -> None:
    failures: list[BaseException] = []

    def use() -> None:
        try:
            book.counts(1)
        except RuntimeError as error:
            failures.append(error)

    thread = threading.Thread(target=use)
    thread.start()
    thread.join(timeout=30)
    assert len(failures) == 1 and "thread" in str(failures[0])


def test_an_unreachable_port_is_unreachable(connect: Connect) -> None:
    with pytest.raises(SharedBookError) as raised:
        connect("postgresql://till@127.0.0.1:1/shop", connect_timeout=2)
    assert raised.value.failure.code == BookFailureCode.BOOK_UNREACHABLE


def test_tls_asked_of_a_server_without_it_is_a_tls_failure(book_url: str,
                                                            connect: Connect) -> None:
    with pytest.raises(SharedBookError) as raised:
        connect(f"{book_url}?sslmode=verify-full")
    assert raised.value.failure.code == BookFailureCode.BOOK_TLS
    assert "secure connection" in str(raised.value)


def test_a_missing_database_or_role_says_so(postgres_server: PostgresServer,
                                            connect: Connect) -> None:
    with pytest.raises(SharedBookError) as raised:
        connect(postgres_server.url("no_such_book"))
    assert raised.value.failure.code == BookFailureCode.BOOK_NOT_READY
    assert str(raised.value) == (
        f"The shared order book at {postgres_server.url('no_such_book')} is not set up:"
        ' database "no_such_book" does not exist.')
    with pytest.raises(SharedBookError) as raised:
        connect(postgres_server.url("postgres", user="nobody"))
    assert raised.value.failure.code == BookFailureCode.BOOK_AUTH
