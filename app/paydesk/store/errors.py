"""What can go wrong in the order book, as exceptions the front ends can show.

Every failure of the store is a :class:`StoreError` whose ``str()`` is a plain
sentence, so the window and the command line can catch one type and show it.
Programming mistakes (using a store from a thread that does not own it, or
after closing it) are left as :class:`sqlite3.ProgrammingError`: they are bugs
to fix, not conditions to show a cashier.
"""

from __future__ import annotations

import enum
from pathlib import Path


class StoreProblem(enum.Enum):
    """What stood in the way, for a front end that says it in its own words.

    The value is the fact in a few English words, without advice: what to do
    depends on what was being done (after an order was sent, "try again" would
    make a second sale).
    """

    LOCKED = "the order book is locked by another program"
    READ_ONLY = "the order book is read-only"
    FULL = "the disk is full"
    DISK = "the disk refused to read or write the order book"
    CANNOT_OPEN = "the order book file cannot be opened or created"
    DAMAGED = "the order book is damaged"
    NOT_A_BOOK = "the file is not a PayDesk order book"
    TOO_NEW = "the order book was written by a newer version of PayDesk"


class StoreError(Exception):
    """The order book could not do what was asked; ``str()`` says why, in English.

    ``problem`` says what stood in the way (the disk, the file, another program;
    None: anything else), for a front end that chooses its own words; ``path`` is
    the file concerned and ``moved_to`` where a damaged book was set aside, when
    the store knows them.
    """

    def __init__(
        self,
        message: str,
        problem: StoreProblem | None = None,
        *,
        path: Path | None = None,
        moved_to: Path | None = None,
    ) -> None:
        super().__init__(message)
        self.problem = problem
        self.path = path
        self.moved_to = moved_to


class SchemaTooNewError(StoreError):
    """The file was written by a newer PayDesk; this one must not touch it."""

    def __init__(self, path: Path, found: int, supported: int) -> None:
        super().__init__(
            f"The order book {path} was written by a newer version of PayDesk "
            f"(schema {found}; this version knows up to {supported}). "
            "Update PayDesk to open it; the file has not been changed.",
            StoreProblem.TOO_NEW,
            path=path,
        )
        self.found = found
        self.supported = supported


class DuplicateOrderError(StoreError):
    """The (client_id, order_id) pair is already in the book: ids are never reused."""

    def __init__(self, client_id: int, order_id: str) -> None:
        super().__init__(f"Order {order_id} already exists for client {client_id}.")
        self.client_id = client_id
        self.order_id = order_id


class UnknownOrderError(StoreError):
    """No order with this (client_id, order_id) is in the book."""

    def __init__(self, client_id: int, order_id: str) -> None:
        super().__init__(f"There is no order {order_id} for client {client_id}.")
        self.client_id = client_id
        self.order_id = order_id
