"""Fixtures for the shared book's tests: a book set up in a fresh database, and more
connections to it (each closed after the test)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from paydesk.store.shared.book import SharedBook

#: ``connect()``: one more connection to the test's book (``connect(url)``: to another).
Connect = Callable[..., SharedBook]


@pytest.fixture
def connect(book_url: str) -> Iterator[Connect]:
    books: list[SharedBook] = []

    def open_book(url: str = book_url, **settings: object) -> SharedBook:
        book = SharedBook.connect(url, **settings)  # type: ignore[arg-type]
        books.append(book)
        return book

    yield open_book
    for book in books:
        book.close()


@pytest.fixture
def book(connect: Connect) -> SharedBook:
    """A connection to a book set up in the test's fresh database."""
    opened = connect()
    opened.init_schema()
    return opened
