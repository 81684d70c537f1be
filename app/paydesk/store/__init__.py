"""The local order book: SQLite, one connection per thread, migrated on open.

Stdlib sqlite3 only and no Qt, so the window, the command line and the tests
share it. Times go in and come out as aware UTC datetimes (stored as Unix
milliseconds); amounts are integer kopecks.
"""

from __future__ import annotations

from paydesk.store.errors import (
    DuplicateOrderError,
    SchemaTooNewError,
    StoreError,
    UnknownOrderError,
)
from paydesk.store.migrations import LATEST_SCHEMA_VERSION
from paydesk.store.order_store import OrderStore
from paydesk.store.queries import OrderQuery, SortColumn
from paydesk.store.records import (
    BookEntry,
    CheckResult,
    CreationAttempt,
    StatusChange,
    Totals,
    Upload,
)

__all__ = [
    "LATEST_SCHEMA_VERSION",
    "BookEntry",
    "CheckResult",
    "CreationAttempt",
    "DuplicateOrderError",
    "OrderQuery",
    "OrderStore",
    "SchemaTooNewError",
    "SortColumn",
    "StatusChange",
    "StoreError",
    "Totals",
    "UnknownOrderError",
    "Upload",
]
