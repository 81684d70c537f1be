"""What can go wrong in the order book, as exceptions the front ends can show.

Every failure of the store is a :class:`StoreError` whose ``str()`` is a plain
sentence, so the window and the command line can catch one type and show it.
Programming mistakes (using a store from a thread that does not own it, or
after closing it) are left as :class:`sqlite3.ProgrammingError`: they are bugs
to fix, not conditions to show a cashier.
"""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """The order book could not do what was asked; ``str()`` says why."""


class SchemaTooNewError(StoreError):
    """The file was written by a newer PayDesk; this one must not touch it."""

    def __init__(self, path: Path, found: int, supported: int) -> None:
        super().__init__(
            f"The order book {path} was written by a newer version of PayDesk "
            f"(schema {found}; this version knows up to {supported}). "
            "Update PayDesk to open it; the file has not been changed."
        )
        self.path = path
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
