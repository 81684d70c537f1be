"""What can go wrong in the order book, as exceptions the front ends can show.

Every failure of the store is a :class:`StoreError` whose ``str()`` is a plain
sentence, so the window and the command line can catch one type and show it.
Programming mistakes (using a store from a thread that does not own it, or
after closing it) are left as :class:`sqlite3.ProgrammingError`: they are bugs
to fix, not conditions to show a cashier.
"""

from __future__ import annotations

from pathlib import Path

from paydesk.domain.failures import StoreProblem

__all__ = ["DuplicateOrderError", "SchemaTooNewError", "StoreError", "StoreProblem",
           "UnknownOrderError"]


class StoreError(Exception):
    """The order book could not do what was asked; ``str()`` says why, in English.

    ``problem`` says what stood in the way (the disk, the file, another program;
    None: anything else) as a code, whose words are paydesk.domain.catalogue's; ``path`` is
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
