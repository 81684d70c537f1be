"""The order book's schema, as an ordered list of steps.

``PRAGMA user_version`` holds the number of the last step applied. A step that
has shipped is never edited: a change to the schema is a new step at the end,
so every database, however old, reaches the same schema by the same path.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The WHERE of the ``orders_open`` partial index. SQLite uses a partial index
#: only when the query repeats its condition, so the poller's queries are built
#: from this same text (and a test checks the query plan).
OPEN_ORDERS_CONDITION = "creation = 'confirmed' AND status NOT IN ('approve', 'decline', 'expired')"


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step; its statements run in one transaction with the version bump."""

    version: int
    description: str
    statements: tuple[str, ...]


_V1_TABLES = Migration(
    1,
    "orders and their status history",
    (
        """
        CREATE TABLE orders (
            id INTEGER PRIMARY KEY,
            client_id INTEGER NOT NULL,
            order_id TEXT NOT NULL,
            amount INTEGER NOT NULL CHECK (amount BETWEEN 1 AND 100000000000),
            email TEXT,
            note TEXT NOT NULL DEFAULT '',
            url TEXT,
            status TEXT NOT NULL,
            creation TEXT NOT NULL
                CHECK (creation IN ('unconfirmed', 'confirmed', 'abandoned')),
            last_error TEXT,
            created_at INTEGER NOT NULL,
            paid_at INTEGER,
            last_checked_at INTEGER,
            next_check_at INTEGER,
            UNIQUE (client_id, order_id)
        ) STRICT
        """,
        """
        CREATE TABLE status_history (
            id INTEGER PRIMARY KEY,
            order_row INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            status TEXT NOT NULL,
            observed_at INTEGER NOT NULL
        ) STRICT
        """,
    ),
)

_V2_INDEXES = Migration(
    2,
    "indexes for the orders list and the poller",
    (
        # The list's default order, and date filters on creation time.
        "CREATE INDEX orders_by_created ON orders (created_at)",
        # "What was paid today" goes by paid time.
        "CREATE INDEX orders_by_paid ON orders (paid_at)",
        # The list's status filter and per-status counts (a covering index for counts).
        "CREATE INDEX orders_by_status ON orders (status, next_check_at)",
        # The poller asks for orders that are *not* final; SQLite cannot range over
        # "status NOT IN (...)" in the index above, so without this it would scan
        # every order ever taken on each poll. This index holds only the open
        # orders, ordered by when they are due, so its size is the queue's size.
        f"CREATE INDEX orders_open ON orders (next_check_at) WHERE {OPEN_ORDERS_CONDITION}",
        "CREATE INDEX status_history_by_order ON status_history (order_row, observed_at)",
    ),
)

MIGRATIONS: tuple[Migration, ...] = (_V1_TABLES, _V2_INDEXES)

LATEST_SCHEMA_VERSION = MIGRATIONS[-1].version
