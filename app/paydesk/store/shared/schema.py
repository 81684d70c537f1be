"""The shared order book's PostgreSQL schema, as an ordered list of steps.

The table ``book_meta`` (one row) holds the book's id, a uuid made when the book
is set up (a till that meets a different book starts its sync afresh), and the
number of the last step applied. Its shape never changes. A step that has
shipped is never edited: a change is a new step at the end, so every book,
however old, reaches the same schema by the same path; a book set up by a newer
PayDesk is refused, never touched. :func:`init_schema` runs under an advisory
lock, so two tills setting up one book at once apply each step once.

The tables mirror the local book's (store/migrations.py) for what a shop shares:
orders keyed by (client_id, order_id), times as ``timestamptz`` (milliseconds,
as the local book keeps them), amounts as ``bigint`` kopecks, and each order's
``change_seq``: a trigger gives the row a new sequence value on every insert and
every update that changed something, after taking :data:`CHANGE_LOCK` for the
rest of the transaction, so transactions that change orders commit one by one
in sequence order and a reader following ``change_seq`` never skips a change
committed late. Another trigger rings the doorbell: ``NOTIFY paydesk_book`` with
the account's client_id. ``leases`` says which till asks the payment service
about which open order, until when.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from psycopg import Connection

from paydesk.store.shared.errors import SharedSchemaTooNew

#: The channel the book's triggers notify on every change of an order.
CHANNEL = "paydesk_book"
#: The advisory lock that orders the changes (taken by the trigger, held to commit).
CHANGE_LOCK = 7_061_796_465_736_001
#: The advisory lock under which the schema is set up or migrated.
SCHEMA_LOCK = 7_061_796_465_736_002


def open_condition(table: str = "") -> str:
    """Which orders are open (the payment service is still asked about them), as SQL
    over ``table``'s columns (or unqualified ones)."""
    prefix = f"{table}." if table else ""
    return (f"{prefix}creation = 'confirmed'"
            f" AND {prefix}status NOT IN ('approve', 'decline', 'expired')")


OPEN_CONDITION = open_condition()


def watched_condition(table: str = "") -> str:
    """Which orders some till must watch, and so hold a lease of: the open ones, and
    those not confirmed yet (their till sends them again; if it has gone, another
    till does, with the same order id, and the service answers with the same link)."""
    prefix = f"{table}." if table else ""
    return (f"{prefix}creation <> 'abandoned'"
            f" AND {prefix}status NOT IN ('approve', 'decline', 'expired')")


WATCHED_CONDITION = watched_condition()


@dataclass(frozen=True, slots=True)
class SharedMigration:
    """One schema step; its statements run in the transaction that records it."""

    version: int
    description: str
    statements: tuple[str, ...]


_META = """
CREATE TABLE IF NOT EXISTS book_meta (
    single boolean PRIMARY KEY DEFAULT true CHECK (single),
    book_id uuid NOT NULL,
    version integer NOT NULL
)
"""

_V1_BOOK = SharedMigration(
    1,
    "orders with their change sequence, history, creation attempts and leases",
    (
        """
        CREATE TABLE orders (
            client_id bigint NOT NULL,
            order_id text NOT NULL,
            till text NOT NULL DEFAULT '',
            amount bigint NOT NULL CHECK (amount BETWEEN 1 AND 100000000000),
            email text,
            note text NOT NULL DEFAULT '',
            url text,
            status text NOT NULL,
            creation text NOT NULL
                CHECK (creation IN ('unconfirmed', 'confirmed', 'abandoned')),
            created_at timestamptz NOT NULL,
            paid_at timestamptz,
            last_checked_at timestamptz,
            confirmed_at timestamptz,
            last_pending_at timestamptz,
            last_error text,
            last_error_detail text,
            change_seq bigint NOT NULL,
            PRIMARY KEY (client_id, order_id)
        )
        """,
        "CREATE SEQUENCE order_changes AS bigint",
        f"""
        CREATE FUNCTION paydesk_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            -- Held to commit: the next change waits, so commit order is sequence order.
            PERFORM pg_advisory_xact_lock({CHANGE_LOCK});
            NEW.change_seq := nextval('order_changes');
            RETURN NEW;
        END
        $$
        """,
        # An UPDATE that changes nothing keeps its sequence value; one that sets
        # change_seq to NULL asks for a new one (an order whose history grew).
        """
        CREATE TRIGGER orders_inserted BEFORE INSERT ON orders
        FOR EACH ROW EXECUTE FUNCTION paydesk_order_changed()
        """,
        """
        CREATE TRIGGER orders_updated BEFORE UPDATE ON orders
        FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
        EXECUTE FUNCTION paydesk_order_changed()
        """,
        f"""
        CREATE FUNCTION paydesk_ring() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('{CHANNEL}', NEW.client_id::text);
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER orders_ring_inserted AFTER INSERT ON orders
        FOR EACH ROW EXECUTE FUNCTION paydesk_ring()
        """,
        """
        CREATE TRIGGER orders_ring_updated AFTER UPDATE ON orders
        FOR EACH ROW WHEN (OLD.change_seq IS DISTINCT FROM NEW.change_seq)
        EXECUTE FUNCTION paydesk_ring()
        """,
        # A till catching up reads its account's changes in sequence order.
        "CREATE INDEX orders_by_change ON orders (client_id, change_seq)",
        # The leases go over the open orders only: this index is as big as the queue.
        f"CREATE INDEX orders_open ON orders (client_id, order_id) WHERE {OPEN_CONDITION}",
        """
        CREATE TABLE status_history (
            client_id bigint NOT NULL,
            order_id text NOT NULL,
            status text NOT NULL,
            observed_at timestamptz NOT NULL,
            PRIMARY KEY (client_id, order_id, observed_at, status),
            FOREIGN KEY (client_id, order_id) REFERENCES orders ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE creation_attempts (
            client_id bigint NOT NULL,
            order_id text NOT NULL,
            outcome text NOT NULL CHECK (outcome IN ('confirmed', 'failed', 'abandoned')),
            error text,
            error_detail text,
            finished_at timestamptz NOT NULL,
            PRIMARY KEY (client_id, order_id, finished_at, outcome),
            FOREIGN KEY (client_id, order_id) REFERENCES orders ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE leases (
            client_id bigint NOT NULL,
            order_id text NOT NULL,
            till text NOT NULL,
            expires_at timestamptz NOT NULL,
            PRIMARY KEY (client_id, order_id),
            FOREIGN KEY (client_id, order_id) REFERENCES orders ON DELETE CASCADE
        )
        """,
        "CREATE INDEX leases_by_till ON leases (till, client_id)",
    ),
)

_V2_WATCHED = SharedMigration(
    2,
    "leases also of orders not confirmed yet: an index of the orders a till must watch",
    (
        "CREATE INDEX orders_watched ON orders (client_id, order_id)"
        f" WHERE {WATCHED_CONDITION}",
    ),
)

_V3_SHIFTS = SharedMigration(
    3,
    "each order's cashier and shift; the shop's cashiers and every till's shifts",
    (
        # As in a till's book (store/migrations.py step 11): records from before have none.
        "ALTER TABLE orders ADD COLUMN cashier text NOT NULL DEFAULT ''",
        "ALTER TABLE orders ADD COLUMN shift bigint",
        "CREATE INDEX orders_by_shift ON orders (client_id, till, shift)"
        " WHERE shift IS NOT NULL",
        # The shop's cashiers, shared by its tills: the PIN only as its scrypt hash.
        """
        CREATE TABLE cashiers (
            name text PRIMARY KEY,
            role text NOT NULL CHECK (role IN ('cashier', 'owner')),
            pin_hash bytea NOT NULL,
            pin_salt bytea NOT NULL,
            pin_scheme text NOT NULL,
            created_at timestamptz NOT NULL,
            removed_at timestamptz
        )
        """,
        # Every till's shifts, numbered per till, with the frozen report once closed
        # (written with closed_at: a shift is open, or closed with its report whole).
        """
        CREATE TABLE shifts (
            till text NOT NULL,
            number bigint NOT NULL,
            cashier text NOT NULL,
            opened_at timestamptz NOT NULL,
            closed_at timestamptz,
            closed_by text,
            report jsonb,
            PRIMARY KEY (till, number),
            CHECK ((closed_at IS NULL) = (report IS NULL))
        )
        """,
        "CREATE INDEX shifts_by_close ON shifts (closed_at)",
    ),
)

MIGRATIONS: tuple[SharedMigration, ...] = (_V1_BOOK, _V2_WATCHED, _V3_SHIFTS)

#: The group role a shop's tills log in through (docs/shop-setup.md), and what a till
#: may do: read the book, add orders and what it learns of them, hold leases; never
#: delete an order or change the tables.
TILL_ROLE = "paydesk_till"
_TILL_GRANTS = (
    f"GRANT SELECT ON book_meta TO {TILL_ROLE}",
    f"GRANT SELECT, INSERT, UPDATE ON orders, status_history, creation_attempts TO {TILL_ROLE}",
    f"GRANT SELECT, INSERT, UPDATE, DELETE ON leases TO {TILL_ROLE}",
    f"GRANT SELECT, INSERT, UPDATE ON cashiers, shifts TO {TILL_ROLE}",
    f"GRANT USAGE ON SEQUENCE order_changes TO {TILL_ROLE}",
)
LATEST_SHARED_VERSION = MIGRATIONS[-1].version

Conn = Connection[Any]


def read_meta(conn: Conn) -> tuple[str, int] | None:
    """The book's id and schema version, or None when the database holds no book."""
    row = conn.execute("SELECT to_regclass('book_meta') IS NOT NULL").fetchone()
    if row is None or not row[0]:
        return None
    meta = conn.execute("SELECT book_id::text, version FROM book_meta").fetchone()
    return None if meta is None else (str(meta[0]), int(meta[1]))


def init_schema(conn: Conn, where: str) -> tuple[str, int]:
    """Set the book up or bring it to :data:`LATEST_SHARED_VERSION`, in the current
    transaction (the caller commits): the book's id and the version found before
    (0: a new book). Raises :class:`SharedSchemaTooNew` for a newer book (at
    ``where``, its masked address) before changing anything. When the shop has the
    tills' group role (:data:`TILL_ROLE`), it is granted what a till needs."""
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
    meta = read_meta(conn)
    if meta is None:
        conn.execute(_META)
        book_id = str(uuid.uuid4())
        conn.execute("INSERT INTO book_meta (book_id, version) VALUES (%s, 0)", (book_id,))
        found = 0
    else:
        book_id, found = meta
    if found > LATEST_SHARED_VERSION:
        raise SharedSchemaTooNew(where, found, LATEST_SHARED_VERSION)
    for step in MIGRATIONS:
        if step.version > found:
            for statement in step.statements:
                conn.execute(statement)
            conn.execute("UPDATE book_meta SET version = %s", (step.version,))
    if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (TILL_ROLE,)).fetchone():
        for grant in _TILL_GRANTS:
            conn.execute(grant)
    return book_id, found

