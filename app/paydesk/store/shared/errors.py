"""What can go wrong with the shop's shared order book, as store errors with codes.

Every failure is a :class:`SharedBookError` (a :class:`~paydesk.store.errors.StoreError`,
so a front end that catches the store's errors catches these too) carrying a
:class:`~paydesk.domain.failures.Failure`: a :class:`~paydesk.domain.failures.BookFailureCode`
for the front ends to say in their words, and the server's own words as detail.
``str()`` is a plain English sentence naming the book by its masked address (the
catalogue's, paydesk.domain.catalogue); no
message ever holds the password. Light: no database driver is loaded here.
"""

from __future__ import annotations

from paydesk.domain.catalogue import shared_book_fact
from paydesk.domain.failures import BookFailureCode, Failure
from paydesk.store.errors import StoreError


class SharedBookError(StoreError):
    """The shared book could not do what was asked; ``failure`` says why as a code.

    ``where`` is the book's masked address (empty when unknown).
    """

    def __init__(self, failure: Failure, where: str = "", message: str | None = None) -> None:
        if message is None:
            text = shared_book_fact(failure.code, where)
            message = f"{text}: {failure.detail}." if failure.detail else f"{text}."
        super().__init__(message)
        self.failure = failure
        self.where = where

    @property
    def code(self) -> str:
        return self.failure.code


class SharedBookNotReady(SharedBookError):  # noqa: N818 (the design's name)
    """The database has no PayDesk book (``found`` 0) or an older one: ``paydesk book init``."""

    def __init__(self, where: str, found: int, supported: int) -> None:
        detail = "not set up" if found == 0 else f"schema {found}, this PayDesk needs {supported}"
        super().__init__(Failure(BookFailureCode.BOOK_NOT_READY, detail), where,
                         f"The database at {where} holds no PayDesk order book of this version"
                         f" ({detail}). Set it up with: paydesk book init.")
        self.found = found
        self.supported = supported


class SharedSchemaTooNew(SharedBookError):  # noqa: N818 (the design's name)
    """The book was set up by a newer PayDesk; this one must not touch it."""

    def __init__(self, where: str, found: int, supported: int) -> None:
        super().__init__(Failure(BookFailureCode.BOOK_SCHEMA_TOO_NEW, str(found)), where,
                         f"The shared order book at {where} was set up by a newer version of"
                         f" PayDesk (schema {found}; this version knows up to {supported})."
                         " Update PayDesk to use it; the book has not been changed.")
        self.found = found
        self.supported = supported
