"""The book as a till's journal of a shop's shared order book.

A till writes every order to its own book first. When the shop has a shared book
(core/shared_book/sync.py moves the orders both ways), this book also says what waits to go
up and where the download stands:

- ``local_rev`` counts this book's own changes to an order (triggers of schema step
  7 count them), ``uploaded_rev`` how many the shared book has: the order waits to
  upload while it is behind, and an upload read before a later change leaves it
  waiting (:meth:`JournalStore.mark_uploaded` compares the revision it read);
- a download merges the shared book's records with the merge rule
  (``paydesk.domain.merging``); it sets ``remote_seq``, so its writes are not
  local changes, and it saves the download's cursor in the same transaction, so a
  crash loses both or neither;
- ``elsewhere`` marks the open orders another till watches; this till's poller
  leaves them alone (store/order_store.py, ``WATCHED_HERE``).
"""

# The f-strings below interpolate only this package's constants (column lists,
# fixed conditions) and runs of "?"; every value is a parameter.
# ruff: noqa: S608

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

from paydesk.domain.clock import to_ms
from paydesk.domain.failures import Failure
from paydesk.domain.merging import merge_orders
from paydesk.domain.orders import CreationState, Order
from paydesk.store.book_connection import BookConnection
from paydesk.store.migrations import OPEN_ORDERS_CONDITION
from paydesk.store.queries import client_and, search_text
from paydesk.store.records import BookEntry, CreationAttempt, StatusChange, Upload
from paydesk.store.rows import (
    ORDER_COLUMNS,
    failure_columns,
    moment,
    ms_or_none,
    order_from_row,
    status_from_text,
)

#: The condition of the ``orders_waiting`` index, repeated so queries use it.
WAITING = "local_rev > uploaded_rev"

_CURSOR = "cursor"
_BOOK_ID = "book_id"
#: Row ids per ``IN (...)``: well under SQLite's limit of bound parameters.
_CHUNK = 500

_INSERT = (
    f"INSERT INTO orders ({ORDER_COLUMNS}, search_text, remote_seq, elsewhere)"
    f" VALUES ({', '.join('?' * 23)}) RETURNING id, {ORDER_COLUMNS}"
)
_MERGE = (
    "UPDATE orders SET status = ?, creation = ?, url = ?, paid_at = ?, confirmed_at = ?,"
    " last_checked_at = ?, last_pending_at = ?, last_error = ?, last_error_detail = ?,"
    " till = ?, next_check_at = ?, remote_seq = ?, local_rev = local_rev + ? WHERE id = ?"
)
_ADD_HISTORY = (
    "INSERT INTO status_history (order_row, status, observed_at) SELECT ?1, ?2, ?3"
    " WHERE NOT EXISTS (SELECT 1 FROM status_history"
    " WHERE order_row = ?1 AND observed_at = ?3 AND status = ?2)"
)
_ADD_ATTEMPT = (
    "INSERT INTO creation_attempts (order_row, outcome, error, error_detail, finished_at)"
    " SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM creation_attempts"
    " WHERE order_row = ?1 AND finished_at = ?5 AND outcome = ?2 AND error IS ?3"
    " AND error_detail IS ?4)"
)


class JournalStore(BookConnection):
    """The journal's side of :class:`~paydesk.store.order_store.OrderStore`."""

    # -- uploading ---------------------------------------------------------------

    def waiting_uploads(self, limit: int = 500) -> list[Upload]:
        """Orders changed here since they were last uploaded, oldest first, each with its
        status history and creation attempts and the revision read (its ``mark``)."""
        with self._snapshot("read the orders waiting to upload") as db:
            rows = db.execute(
                f"SELECT id, local_rev, {ORDER_COLUMNS} FROM orders WHERE {WAITING}"
                " ORDER BY id LIMIT ?",
                (limit,),
            ).fetchall()
            row_ids = [row[0] for row in rows]
            history = _history(db, row_ids)
            attempts = _attempts(db, row_ids)
        return [
            Upload(
                BookEntry(order_from_row(row[2:]), tuple(history.get(row[0], ())),
                          tuple(attempts.get(row[0], ()))),
                row[1],
            )
            for row in rows
        ]

    def entries_page(self, client_id: int | None, after: int = 0,
                     limit: int = 500) -> tuple[list[BookEntry], int]:
        """Every order (of one account; every account's with None) after row ``after``,
        oldest first, each with its history and attempts; and the row to page on from
        (``book copy`` sends a whole history this way, a page at a time)."""
        client, values = client_and(client_id)
        with self._snapshot("read the orders to copy") as db:
            rows = db.execute(
                f"SELECT id, {ORDER_COLUMNS} FROM orders WHERE id > ?{client}"
                " ORDER BY id LIMIT ?",
                (after, *values, limit),
            ).fetchall()
            row_ids = [row[0] for row in rows]
            history = _history(db, row_ids)
            attempts = _attempts(db, row_ids)
        entries = [
            BookEntry(order_from_row(row[1:]), tuple(history.get(row[0], ())),
                      tuple(attempts.get(row[0], ())))
            for row in rows
        ]
        return entries, (row_ids[-1] if row_ids else after)

    def waiting_count(self) -> int:
        """How many orders wait to upload."""
        with self._read("count the orders waiting to upload"):
            found: int = self._db.execute(
                f"SELECT COUNT(*) FROM orders WHERE {WAITING}").fetchone()[0]
        return found

    def mark_uploaded(self, uploads: Sequence[Upload]) -> None:
        """The shared book has these as they were read: they stop waiting, unless they
        changed here since (their revision moved past the mark)."""
        if not uploads:
            return
        with self._write("note what was uploaded") as db:
            db.executemany(
                "UPDATE orders SET uploaded_rev = max(uploaded_rev, ?)"
                " WHERE client_id = ? AND order_id = ?",
                [(u.mark, u.entry.order.client_id, u.entry.order.order_id) for u in uploads],
            )

    # -- downloading -------------------------------------------------------------

    def merge_downloaded(
        self, entries: Sequence[BookEntry], cursor: int, own_till: str
    ) -> list[Order]:
        """Merge what the shared book sent and save ``cursor``, in one transaction.

        A new order is written as it came (another till's open order marked as
        watched elsewhere); a known one takes what the incoming record knows more
        (the merge rule), and if this book knew more than the incoming record, the
        order waits to upload it. Status history and creation attempts not yet here
        are added. Nothing of it counts as a local change. Returns the orders that
        are new or changed, as they now stand.
        """
        changed: list[Order] = []
        with self._write("save what the shared order book sent") as db:
            for entry in entries:
                row_id, order = _merge_one(db, entry.order, cursor, own_till)
                if order is not None:
                    changed.append(order)
                for change in entry.history:
                    db.execute(_ADD_HISTORY,
                               (row_id, change.status.value, to_ms(change.observed_at)))
                for attempt in entry.attempts:
                    db.execute(_ADD_ATTEMPT, (row_id, attempt.outcome,
                                              *failure_columns(attempt.error),
                                              to_ms(attempt.finished_at)))
            _set_state(db, _CURSOR, str(cursor))
        return changed

    def sync_cursor(self) -> int:
        """Where the download from the shared book stands (0: from the start)."""
        value = self._state(_CURSOR)
        return 0 if value is None else int(value)

    def sync_book_id(self) -> str | None:
        """The shared book this journal last synced with (None: never)."""
        return self._state(_BOOK_ID)

    def start_sync_with(self, book_id: str) -> None:
        """Sync with the shared book ``book_id``. A different book than last time (or
        the first): the download starts from its beginning and every order waits to
        upload again (uploads read before this stay waiting when marked)."""
        with self._write("start syncing with the shared order book") as db:
            found = db.execute("SELECT value FROM sync_state WHERE key = ?", (_BOOK_ID,))
            row = found.fetchone()
            if row is not None and row[0] == book_id:
                return
            _set_state(db, _BOOK_ID, book_id)
            _set_state(db, _CURSOR, "0")
            db.execute("UPDATE orders SET local_rev = local_rev + 1, remote_seq = NULL")

    # -- who watches what --------------------------------------------------------

    def set_watched_here(
        self, client_id: int, own_till: str, held: Collection[str], now: datetime
    ) -> list[str]:
        """This till watches its own open orders and those it holds (``held``, order
        ids); another till watches the rest. Orders this till takes over become due
        at ``now`` (an unsent one is sent again by the watch engine); their ids are
        returned. Not a change to upload."""
        held = frozenset(held)
        client, params = client_and(client_id)
        taken: list[str] = []
        given: list[str] = []
        with self._write("note which orders this till watches") as db:
            rows = db.execute(
                f"SELECT order_id, till, elsewhere FROM orders WHERE {OPEN_ORDERS_CONDITION}"
                f"{client}",
                params,
            ).fetchall()
            for order_id, till, elsewhere in rows:
                here = till == own_till or order_id in held
                if here and elsewhere:
                    taken.append(order_id)
                elif not here and not elsewhere:
                    given.append(order_id)
            # Held orders not confirmed yet (their till went quiet before its link went
            # up): this till sends them again, with the same order id. Looked up by id:
            # they are few, and no index holds them.
            seen = {order_id for order_id, _till, _elsewhere in rows}
            unsent = sorted(held - seen)
            for start in range(0, len(unsent), _CHUNK):
                chunk = unsent[start:start + _CHUNK]
                taken += [order_id for (order_id,) in db.execute(
                    "SELECT order_id FROM orders WHERE creation = 'unconfirmed' AND elsewhere = 1"
                    f" AND order_id IN ({', '.join('?' * len(chunk))}){client}",
                    [*chunk, *params],
                ).fetchall()]
            _update_ids(db, "elsewhere = 0, next_check_at = ?", [to_ms(now)], client_id, taken)
            _update_ids(db, "elsewhere = 1", [], client_id, given)
        return taken

    # -- reading -----------------------------------------------------------------

    def tills(self, client_id: int | None = None) -> list[str]:
        """The named tills that took orders (of ``client_id``, or of every account),
        sorted; one index step per till, however many orders."""
        client, params = client_and(client_id)
        after = f"SELECT till FROM orders WHERE till > {{}}{client} ORDER BY till LIMIT 1"
        first, following = after.format("''"), after.format("named.till")
        sql = (
            f"WITH RECURSIVE named (till) AS (SELECT ({first})"
            f" UNION ALL SELECT ({following}) FROM named"
            " WHERE named.till IS NOT NULL)"
            " SELECT till FROM named WHERE till IS NOT NULL"
        )
        with self._read("read the tills"):
            rows = self._db.execute(sql, [*params, *params]).fetchall()
        return [str(till) for (till,) in rows]

    # -- plumbing ----------------------------------------------------------------

    def _state(self, key: str) -> str | None:
        with self._read("read the sync state"):
            row = self._db.execute("SELECT value FROM sync_state WHERE key = ?",
                                   (key,)).fetchone()
        return None if row is None else str(row[0])

    @contextmanager
    def _snapshot(self, action: str) -> Iterator[sqlite3.Connection]:
        """Several reads from one snapshot of the book (one read transaction)."""
        db = self._db
        with self._read(action):
            db.execute("BEGIN")
            try:
                yield db
            finally:
                if db.in_transaction:
                    db.execute("COMMIT")  # nothing was written; this ends the snapshot


def _merge_one(
    db: sqlite3.Connection, incoming: Order, cursor: int, own_till: str
) -> tuple[int, Order | None]:
    """Write one downloaded record; its row id, and the order if it is new or changed."""
    found = db.execute(
        f"SELECT id, {ORDER_COLUMNS} FROM orders WHERE client_id = ? AND order_id = ?",
        (incoming.client_id, incoming.order_id),
    ).fetchone()
    if found is None:
        open_ = not incoming.status.is_final and incoming.creation is not CreationState.ABANDONED
        elsewhere = int(open_ and incoming.till != own_till)
        arriving = replace(incoming, next_check_at=_watched_from(incoming, None))
        row = db.execute(_INSERT, (*_order_values(arriving), cursor, elsewhere)).fetchone()
        return row[0], order_from_row(row[1:])
    row_id, current = found[0], order_from_row(found[1:])
    merged = merge_orders(current, incoming)
    merged = replace(merged, next_check_at=_watched_from(merged, current))
    knew_more = _shared(merged) != _shared(incoming)
    db.execute(_MERGE, (
        merged.status.value, merged.creation.value, merged.url, ms_or_none(merged.paid_at),
        ms_or_none(merged.confirmed_at), ms_or_none(merged.last_checked_at),
        ms_or_none(merged.last_pending_at), *failure_columns(merged.last_error), merged.till,
        ms_or_none(merged.next_check_at), cursor, int(knew_more), row_id,
    ))
    return row_id, (merged if merged != current else None)


def _watched_from(order: Order, before: Order | None) -> datetime | None:
    """When this book next checks a downloaded order (its poller's ``next_check_at``).

    A final one never. One that has just become payable (new here, or confirmed by
    the download) is watched from its confirmation: due at once if this till watches
    it, and shown as waiting, not "unknown", where another till does (the poller
    leaves ``elsewhere`` orders alone whatever their time). Otherwise as it was.
    """
    if order.status.is_final:
        return None
    newly_payable = order.creation is CreationState.CONFIRMED and (
        before is None or before.creation is not CreationState.CONFIRMED)
    if newly_payable:
        return order.confirmed_at or order.created_at
    return None if before is None else before.next_check_at


def _shared(order: Order) -> tuple[Any, ...]:
    """The fields whose local change waits to upload (schema step 7's trigger), and the
    till: where this book knowing more than a download means uploading again."""
    return (order.status.value, order.creation, order.url, order.paid_at, order.confirmed_at,
            order.last_error, order.till)


def _order_values(o: Order) -> tuple[Any, ...]:
    """``o`` as the values of ORDER_COLUMNS and search_text."""
    return (
        o.client_id, o.order_id, o.amount, o.email, o.note, o.url, o.status.value,
        o.creation.value, to_ms(o.created_at), ms_or_none(o.paid_at),
        ms_or_none(o.last_checked_at), ms_or_none(o.next_check_at),
        *failure_columns(o.last_error), ms_or_none(o.confirmed_at),
        ms_or_none(o.last_pending_at), o.till, o.reference, o.cashier, o.shift,
        search_text(o.order_id, o.email, o.note),
    )


def _set_state(db: sqlite3.Connection, key: str, value: str) -> None:
    db.execute(
        "INSERT INTO sync_state (key, value) VALUES (?, ?)"
        " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


def _update_ids(
    db: sqlite3.Connection, assignments: str, values: list[object], client_id: int,
    order_ids: Sequence[str],
) -> None:
    """``UPDATE orders SET <assignments>`` for these orders of one account
    (``assignments`` is always a constant of this module)."""
    for start in range(0, len(order_ids), _CHUNK):
        chunk = order_ids[start:start + _CHUNK]
        db.execute(
            f"UPDATE orders SET {assignments} WHERE client_id = ?"
            f" AND order_id IN ({', '.join('?' * len(chunk))})",
            [*values, client_id, *chunk],
        )


def _history(db: sqlite3.Connection, row_ids: Sequence[int]) -> dict[int, list[StatusChange]]:
    found: dict[int, list[StatusChange]] = {}
    for chunk in _chunks(row_ids):
        rows = db.execute(
            "SELECT order_row, status, observed_at FROM status_history"
            f" WHERE order_row IN ({', '.join('?' * len(chunk))})"
            " ORDER BY order_row, observed_at, id",
            chunk,
        ).fetchall()
        for row_id, status, observed_at in rows:
            found.setdefault(row_id, []).append(
                StatusChange(status_from_text(status), moment(observed_at)))
    return found


def _attempts(
    db: sqlite3.Connection, row_ids: Sequence[int]
) -> dict[int, list[CreationAttempt]]:
    found: dict[int, list[CreationAttempt]] = {}
    for chunk in _chunks(row_ids):
        rows = db.execute(
            "SELECT order_row, outcome, finished_at, error, error_detail FROM creation_attempts"
            f" WHERE order_row IN ({', '.join('?' * len(chunk))})"
            " ORDER BY order_row, finished_at, id",
            chunk,
        ).fetchall()
        for row_id, outcome, finished_at, code, detail in rows:
            found.setdefault(row_id, []).append(CreationAttempt(
                outcome, moment(finished_at), None if code is None else Failure(code, detail)))
    return found


def _chunks(row_ids: Sequence[int]) -> Iterator[list[int]]:
    for start in range(0, len(row_ids), _CHUNK):
        yield list(row_ids[start:start + _CHUNK])
