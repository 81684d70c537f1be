"""The order book's schema, as an ordered list of steps.

``PRAGMA user_version`` holds the number of the last step applied. A step that
has shipped is never edited: a change to the schema is a new step at the end,
so every database, however old, reaches the same schema by the same path.
"""

# The f-strings below build SQL from this module's own constants only (the old
# sentences, quoted by _quoted); no value from outside ever reaches a statement.
# ruff: noqa: S608

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

#: Between the searched fields in ``search_text``, so a search never matches
#: across two of them (it is a control character nobody types).
SEARCH_SEPARATOR = "\x1f"

_ADD_NEW = (
    "INSERT INTO order_totals (client_id, status, orders, amount)"
    " VALUES (NEW.client_id, NEW.status, 1, NEW.amount)"
    " ON CONFLICT (client_id, status) DO UPDATE"
    " SET orders = orders + 1, amount = amount + excluded.amount"
)
_TAKE_OLD = (
    "UPDATE order_totals SET orders = orders - 1, amount = amount - OLD.amount"
    " WHERE client_id = OLD.client_id AND status = OLD.status"
)

_V3_LIST = Migration(
    3,
    "the orders list at 100 000 orders: a folded search column, indexes for its sorts",
    (
        # The order id, e-mail and note, lowered once when the order is written
        # (OrderStore keeps it; none of the three changes afterwards), so a search,
        # Cyrillic included, is one LIKE in C over one column instead of three
        # calls into Python per row.
        "ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT ''",
        # paydesk_lower lowers as Python does (SQLite's lower() folds only A-Z);
        # connection.py registers it on every connection (LOWER_FUNCTION).
        "UPDATE orders SET search_text = paydesk_lower(order_id || char(31) ||"
        " coalesce(email, '') || char(31) || note)",
        # The status filter shows the newest first: (status, created_at) walks
        # straight to the page; client_id and amount make it covering for the
        # totals line and the per-status counts.
        "DROP INDEX orders_by_status",
        "CREATE INDEX orders_by_status ON orders (status, created_at, client_id, amount)",
        # Every column the list sorts by has its index (created_at and paid_at had
        # theirs), so a sorted page is read in order and the read stops after it.
        "CREATE INDEX orders_by_amount ON orders (amount)",
        "CREATE INDEX orders_by_checked ON orders (last_checked_at)",
        "CREATE INDEX orders_by_order_id ON orders (order_id)",
        "CREATE INDEX orders_by_email ON orders (email)",
        "CREATE INDEX orders_by_note ON orders (note)",
        # The totals line under the list, kept by SQLite itself: the count and sum
        # per client and status, so the unfiltered totals (the list as it opens,
        # and after every status check) read a few rows instead of every order.
        """
        CREATE TABLE order_totals (
            client_id INTEGER NOT NULL,
            status TEXT NOT NULL,
            orders INTEGER NOT NULL,
            amount INTEGER NOT NULL,
            PRIMARY KEY (client_id, status)
        ) STRICT
        """,
        "INSERT INTO order_totals (client_id, status, orders, amount)"
        " SELECT client_id, status, COUNT(*), SUM(amount) FROM orders GROUP BY client_id, status",
        f"""
        CREATE TRIGGER order_totals_insert AFTER INSERT ON orders BEGIN
            {_ADD_NEW};
        END
        """,
        f"""
        CREATE TRIGGER order_totals_delete AFTER DELETE ON orders BEGIN
            {_TAKE_OLD};
        END
        """,
        f"""
        CREATE TRIGGER order_totals_update AFTER UPDATE OF client_id, status, amount ON orders
        WHEN OLD.client_id IS NOT NEW.client_id OR OLD.status IS NOT NEW.status
            OR OLD.amount IS NOT NEW.amount
        BEGIN
            {_TAKE_OLD};
            {_ADD_NEW};
        END
        """,
    ),
)

_V4_PAYMENT_TIMES = Migration(
    4,
    "when the service confirmed each order, and the last time it was seen unpaid",
    (
        # The order's lifetime runs from the service's confirmation, not from the
        # local creation (a resend may confirm it much later).
        "ALTER TABLE orders ADD COLUMN confirmed_at INTEGER",
        # With paid_at, the window in which the buyer paid (the service does not
        # say when): the last check that saw the order pending.
        "ALTER TABLE orders ADD COLUMN last_pending_at INTEGER",
        # Books from before: the status history begins at the confirmation, and
        # records a status only when it changed, so its first row is when the
        # link came, and its last "pending" row a true (if early) bound.
        "UPDATE orders SET confirmed_at = (SELECT MIN(h.observed_at) FROM status_history AS h"
        " WHERE h.order_row = orders.id) WHERE creation = 'confirmed'",
        "UPDATE orders SET last_pending_at = (SELECT MAX(h.observed_at)"
        " FROM status_history AS h WHERE h.order_row = orders.id AND h.status = 'pending')"
        " WHERE creation = 'confirmed'",
    ),
)

def _quoted(text: str) -> str:
    """``text`` as an SQL string literal (the sentences below hold apostrophes)."""
    return "'" + text.replace("'", "''") + "'"


#: The sentences PayDesk up to schema 4 stored as an order's last error, with the
#: code each one is now (the failures of a creation or a status check: settings
#: problems never reached the book). Frozen here, as this step is: the words a
#: later PayDesk uses may change, the ones already in old books do not.
_OLD_SENTENCES: tuple[tuple[str, str], ...] = (
    ("failed", "The request to the payment service failed. Try again; if it keeps failing, "
               "contact support."),
    ("unreachable", "The payment service could not be reached. Check the internet connection "
                    "and try again."),
    ("timeout", "The payment service did not answer in time. Try again in a moment."),
    ("tls", "The secure connection to the payment service could not be verified. Check the "
            "computer's date and time and the service address, or contact support."),
    ("refused", "The payment service refused the request."),
    ("credentials_refused", "The payment service did not accept the shop's credentials. Check "
                            "the client ID and the secret key in settings."),
    ("order_not_found", "The payment service has no order with this number."),
    ("order_conflict", "This order number is already used at the payment service with a "
                       "different amount or e-mail."),
    ("parameter_refused", "The payment service refused a value in the request."),
    ("rate_limited", "The payment service is busy. Wait a moment and try again."),
    ("service_fault", "The payment service is having a problem right now. Try again in a few "
                      "minutes."),
    ("bad_reply", "The payment service sent a reply PayDesk could not understand. Try again; "
                  "if it keeps happening, contact support."),
    ("fault_reply", "The payment service had a fault. Try again in a few minutes."),
    ("redirect", "The payment service answered with a redirect. Check the service address in "
                 "settings."),
    ("insecure_link", "The payment service sent a payment link that is not secure (not https), "
                      "so it is not shown to the buyer. Contact the payment service's support."),
    ("other_order", "The payment service answered about a different order. Nothing was "
                    "recorded; try again, and contact support if it happens again."),
    ("never_sent", "The order never reached the payment service and its time ran out."),
    ("unknown", "Unknown error."),
)
#: An order field the service client refused: the code is "<field>.<code>" and the
#: sentence stays as the detail (as such a failure is stored now).
_OLD_INPUT_SENTENCES: tuple[tuple[str, str], ...] = (
    ("order_id.empty", "The order id is empty."),
    ("order_id.too_long", "An order id has at most 64 characters."),
    ("order_id.colon", "An order id cannot contain a colon."),
    ("order_id.bad_characters",
     "An order id may use only Latin letters, digits, '.', '_' and '-'."),
    ("amount.not_integer", "The amount must be a whole number of kopecks."),
    ("amount.negative", "The amount cannot be negative."),
    ("amount.zero", "The amount must be more than zero."),
    ("email.too_long", "An e-mail address has at most 254 characters."),
    ("email.spaces", "An e-mail address cannot contain spaces."),
    ("email.control_characters", "An e-mail address cannot contain control characters."),
    ("email.at_sign", "An e-mail address has exactly one '@'."),
    ("email.no_local_part", "Write the name before the '@'."),
    ("email.bad_domain", "The part after '@' must be a domain such as mail.ru."),
    ("email.not_text", "The e-mail address must be text."),
)
_REFUSED_PREFIX = "The payment service refused the request: "
#: The contract's ceiling as the service client said it; the detail is now the ceiling.
_OLD_CEILING = "The amount cannot be more than 1\u00a0000\u00a0000\u00a0000,00 ₽."


def _recode(pairs: tuple[tuple[str, str], ...], detail: str) -> str:
    """Give the rows holding one of these sentences its code, and ``detail``."""
    cases = " ".join(f"WHEN {_quoted(text)} THEN {_quoted(code)}" for code, text in pairs)
    sentences = ", ".join(_quoted(text) for _code, text in pairs)
    return (
        f"UPDATE orders SET last_error = CASE last_error_detail {cases} END,"
        f" last_error_detail = {detail}"
        f" WHERE last_error = 'legacy' AND last_error_detail IN ({sentences})"
    )


_V5_FAILURE_CODES = Migration(
    5,
    "an order's last failure as a code and a detail, not a sentence",
    (
        # last_error now holds a code (domain/failures.py), the new column its detail.
        "ALTER TABLE orders ADD COLUMN last_error_detail TEXT",
        # Every old sentence is kept, as the detail of a 'legacy' failure (shown as it
        # was)...
        "UPDATE orders SET last_error_detail = last_error, last_error = 'legacy'"
        " WHERE last_error IS NOT NULL",
        # ...unless it names one failure, which then gets its code.
        _recode(_OLD_SENTENCES, "NULL"),
        _recode(_OLD_INPUT_SENTENCES, "last_error_detail"),
        "UPDATE orders SET last_error = 'amount.too_large', last_error_detail = '100000000000'"
        f" WHERE last_error = 'legacy' AND last_error_detail = {_quoted(_OLD_CEILING)}",
        # A refusal with the service's own words: they are the detail (a refused
        # parameter said it the same way; both read alike).
        "UPDATE orders SET last_error = 'refused',"
        f" last_error_detail = substr(last_error_detail, {len(_REFUSED_PREFIX) + 1})"
        f" WHERE last_error = 'legacy' AND substr(last_error_detail, 1, {len(_REFUSED_PREFIX)})"
        f" = {_quoted(_REFUSED_PREFIX)}",
    ),
)

_V6_CREATION_ATTEMPTS = Migration(
    6,
    "every answer to an order's create request, for the order's details",
    (
        # One row per create request that came back (a link, an error, a refusal
        # for good), so the order's details can say how its creation went; the
        # orders row keeps only the last error. Books from before start with none.
        """
        CREATE TABLE creation_attempts (
            id INTEGER PRIMARY KEY,
            order_row INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            outcome TEXT NOT NULL CHECK (outcome IN ('confirmed', 'failed', 'abandoned')),
            error TEXT,  -- a failure's code (domain/failures.py)
            error_detail TEXT,
            finished_at INTEGER NOT NULL
        ) STRICT
        """,
        "CREATE INDEX creation_attempts_by_order ON creation_attempts (order_row, finished_at)",
    ),
)

#: The columns another book also holds of an order and a till changes (the till, the
#: amount, e-mail and note never change after the order is written); a change to one
#: of them is a change to upload. Frozen here, as the step using it is.
_V7_SHARED_COLUMNS = (
    "status", "creation", "url", "paid_at", "confirmed_at", "last_error", "last_error_detail",
)

_V7_JOURNAL = Migration(
    7,
    "the till that took each order, and the journal of what waits to go to a shared book",
    (
        # The till (counter) that took the order: its name, empty for orders from before.
        "ALTER TABLE orders ADD COLUMN till TEXT NOT NULL DEFAULT ''",
        # local_rev counts this book's own changes to the order; uploaded_rev is the
        # count the shared book has (the row waits to upload while it is behind).
        "ALTER TABLE orders ADD COLUMN local_rev INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE orders ADD COLUMN uploaded_rev INTEGER NOT NULL DEFAULT 0",
        # The shared book's change number of the last record of it downloaded (NULL:
        # never downloaded). A download changes it, so its write is not a local change.
        "ALTER TABLE orders ADD COLUMN remote_seq INTEGER",
        # 1: an open order another till watches (this till's poller leaves it alone).
        "ALTER TABLE orders ADD COLUMN elsewhere INTEGER NOT NULL DEFAULT 0",
        # Every order from before waits to upload once a shared book is set.
        "UPDATE orders SET local_rev = 1",
        # What waits to upload, without reading the whole book (queries repeat the WHERE).
        "CREATE INDEX orders_waiting ON orders (id) WHERE local_rev > uploaded_rev",
        # The till filter and the list of tills (read one index entry per till).
        "CREATE INDEX orders_by_till ON orders (till, created_at)",
        # Where the download stands (its cursor) and in which shared book.
        "CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT) STRICT",
        # Whatever writes an order here (not a download) is a change to upload...
        """
        CREATE TRIGGER orders_local_insert AFTER INSERT ON orders
        WHEN NEW.remote_seq IS NULL
        BEGIN
            UPDATE orders SET local_rev = local_rev + 1 WHERE id = NEW.id;
        END
        """,
        # ...and so is a change to a shared column, unless a download made it (it sets
        # remote_seq). A check that only says "still pending" changes none of them.
        f"""
        CREATE TRIGGER orders_local_change
        AFTER UPDATE OF {", ".join(_V7_SHARED_COLUMNS)} ON orders
        WHEN NEW.remote_seq IS OLD.remote_seq AND ({" OR ".join(
            f"NEW.{column} IS NOT OLD.{column}" for column in _V7_SHARED_COLUMNS)})
        BEGIN
            UPDATE orders SET local_rev = local_rev + 1 WHERE id = NEW.id;
        END
        """,
    ),
)

#: The WHERE of the ``orders_not_sent`` partial index (step 8): the orders the service
#: never confirmed. A query about such orders repeats it to read that small index.
NOT_SENT_CONDITION = "creation <> 'confirmed'"

#: The trigram index of ``search_text`` (step 8). Its tokens are the text's every three
#: characters as they are (already lowered by Python), so a phrase of three or more
#: characters finds the rows holding it as a substring, Cyrillic included.
SEARCH_INDEX = "orders_search"

_V8_FAST_LISTS = Migration(
    8,
    "the orders list at 1 000 000 orders: a trigram index for its search, indexes for "
    "its status filters and its sort by status",
    (
        # An external-content FTS5 table over orders.search_text: the index only (the
        # text stays in orders), kept by the triggers below. case_sensitive: the text
        # and the searched words are both lowered by Python, which folds more than
        # FTS5's own folding would agree with. columnsize=0: no ranking, no sizes kept.
        f"""
        CREATE VIRTUAL TABLE {SEARCH_INDEX} USING fts5(
            search_text, content='orders', content_rowid='id',
            tokenize='trigram case_sensitive 1', detail=full, columnsize=0
        )
        """,
        f"INSERT INTO {SEARCH_INDEX} ({SEARCH_INDEX}) VALUES ('rebuild')",
        f"""
        CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
            INSERT INTO {SEARCH_INDEX} (rowid, search_text) VALUES (NEW.id, NEW.search_text);
        END
        """,
        f"""
        CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
            INSERT INTO {SEARCH_INDEX} ({SEARCH_INDEX}, rowid, search_text)
                VALUES ('delete', OLD.id, OLD.search_text);
        END
        """,
        # The searched fields never change after an order is written; should that
        # change, the index follows.
        f"""
        CREATE TRIGGER orders_search_update AFTER UPDATE OF id, search_text ON orders
        WHEN OLD.id IS NOT NEW.id OR OLD.search_text IS NOT NEW.search_text
        BEGIN
            INSERT INTO {SEARCH_INDEX} ({SEARCH_INDEX}, rowid, search_text)
                VALUES ('delete', OLD.id, OLD.search_text);
            INSERT INTO {SEARCH_INDEX} (rowid, search_text) VALUES (NEW.id, NEW.search_text);
        END
        """,
        # "Waiting" (pending and confirmed) tests the creation state, which
        # orders_by_status does not hold: its totals read every pending row. Here it
        # walks its part newest first, and adds up from the index alone. (Status
        # first: the poller's creation = 'confirmed' must keep to orders_open.)
        "CREATE INDEX orders_by_status_creation ON orders (status, creation, created_at,"
        " client_id, amount)",
        # "Not sent" (by creation alone): the few orders that never reached the
        # service, their totals from the index alone. Queries repeat
        # NOT_SENT_CONDITION to use it; the poller's condition never implies it.
        "CREATE INDEX orders_not_sent ON orders (creation, created_at, client_id, amount,"
        " status)"
        f" WHERE {NOT_SENT_CONDITION}",
        # The sort by status breaks ties by id: an index of the status alone holds
        # its rows in exactly that order (every index ends with the row id).
        "CREATE INDEX orders_by_status_then_id ON orders (status)",
    ),
)

_V9_RECEIPTS = Migration(
    9,
    "the paid receipts printed by themselves, so a payment gets one, across restarts",
    (
        # One row per order whose receipt this till printed (or began to print) by
        # itself. This till's own book only: only the till that took the sale prints,
        # so the shared book never needs it (store/shared/ has no such table).
        """
        CREATE TABLE printed_receipts (
            order_row INTEGER PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
            printed_at INTEGER NOT NULL
        ) STRICT
        """,
    ),
)

_V10_REFERENCES = Migration(
    10, "the till program's reference of an order it asked for, one order per reference", (
        # Written in the order's insert: a reference seen again finds its order, never a
        # second one. This till's own book only (the till program talks to this till).
        "ALTER TABLE orders ADD COLUMN reference TEXT",
        "CREATE UNIQUE INDEX orders_by_reference ON orders (client_id, reference)"
        " WHERE reference IS NOT NULL"),
)

_V11_SHIFTS = Migration(
    11, "cashiers, the till's shifts and their frozen reports; each order's cashier and shift", (
        # A cashier's PIN is kept only as its scrypt hash, with the cashier's own salt and
        # the parameters it was made with (core/shifts/pins.py). A removed cashier keeps
        # the row (its orders name it) and can no longer sign in.
        """
        CREATE TABLE cashiers (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('cashier', 'owner')),
            pin_hash BLOB NOT NULL,
            pin_salt BLOB NOT NULL,
            pin_scheme TEXT NOT NULL,
            failed_pins INTEGER NOT NULL DEFAULT 0,
            last_failed_at INTEGER,
            created_at INTEGER NOT NULL,
            removed_at INTEGER
        ) STRICT
        """,
        # One signed-in name per person (case folded as a person types it).
        "CREATE UNIQUE INDEX cashiers_by_name ON cashiers (lower(name)) WHERE removed_at IS NULL",
        # A shift's number is its row id: numbered in this till's book. closing_at: a
        # close began (it is finished or repeated at the next start); closed_at is set
        # in the one transaction that writes the frozen report.
        """
        CREATE TABLE shifts (
            number INTEGER PRIMARY KEY,
            till TEXT NOT NULL,
            cashier TEXT NOT NULL,
            opened_at INTEGER NOT NULL,
            closing_at INTEGER,
            closing_by TEXT,
            closed_at INTEGER,
            closed_by TEXT,
            CHECK ((closed_at IS NULL) = (closed_by IS NULL))
        ) STRICT
        """,
        # At most one open shift on a till, whoever opens it and from where.
        "CREATE UNIQUE INDEX shifts_open ON shifts (till) WHERE closed_at IS NULL",
        # The frozen report, one per shift (the primary key: never two), as JSON.
        """
        CREATE TABLE shift_reports (
            shift INTEGER PRIMARY KEY REFERENCES shifts (number),
            report TEXT NOT NULL,
            frozen_at INTEGER NOT NULL
        ) STRICT
        """,
        # Each order's cashier (name) and shift; orders from before have neither.
        "ALTER TABLE orders ADD COLUMN cashier TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE orders ADD COLUMN shift INTEGER",
        # A shift's orders, for its report (and the list's filter by shift).
        "CREATE INDEX orders_by_shift ON orders (shift, created_at) WHERE shift IS NOT NULL",
        "CREATE INDEX orders_by_cashier ON orders (cashier, created_at)",
    ),
)

_V12_SHIFT_REFERENCES = Migration(
    12, "the till program's own reference of a shift it opened through the API", (
        # Its cash register's shift, by the till program's own id: a request to open it
        # again, even after a restart, finds the shift it opened (core/terminal/shifts.py).
        "ALTER TABLE shifts ADD COLUMN reference TEXT",
        "CREATE UNIQUE INDEX shifts_by_reference ON shifts (till, reference)"
        " WHERE reference IS NOT NULL",
    ),
)

MIGRATIONS: tuple[Migration, ...] = (
    _V1_TABLES, _V2_INDEXES, _V3_LIST, _V4_PAYMENT_TIMES, _V5_FAILURE_CODES,
    _V6_CREATION_ATTEMPTS, _V7_JOURNAL, _V8_FAST_LISTS, _V9_RECEIPTS, _V10_REFERENCES,
    _V11_SHIFTS, _V12_SHIFT_REFERENCES,
)

LATEST_SCHEMA_VERSION = MIGRATIONS[-1].version
