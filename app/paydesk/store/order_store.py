"""The local order book: every order PayDesk ever created, and what happened to it."""

# S608 flags every f-string holding SQL. Here the interpolated parts are only
# this package's constants (column lists, fixed conditions) and the output of
# paydesk.store.queries, which builds SQL from whitelists; every value is a
# parameter.
# ruff: noqa: S608

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime, timedelta

from paydesk.domain.clock import to_ms
from paydesk.domain.failures import Failure
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store.checks import apply_check
from paydesk.store.errors import DuplicateOrderError, StoreError, UnknownOrderError
from paydesk.store.journal import JournalStore
from paydesk.store.migrations import OPEN_ORDERS_CONDITION
from paydesk.store.printed_receipts import PrintedReceipts
from paydesk.store.queries import (
    BOOK_SIZE,
    COUNT_MATCHES_UP_TO,
    OrderQuery,
    client_and,
    folded_search,
    indexable,
    order_by_clause,
    page_clause,
    search_phrase,
    search_text,
    totals_query,
    where_clause,
)
from paydesk.store.records import CheckResult, CreationAttempt, StatusChange, Totals
from paydesk.store.reporting import ReportQueries
from paydesk.store.rows import (
    ORDER_COLUMNS,
    failure_columns,
    moment,
    ms_or_none,
    order_from_row,
    status_from_text,
)
from paydesk.store.shift_tables import ShiftNotOpenError, ShiftTables

_FIND = "WHERE client_id = ? AND order_id = ?"
#: The open orders this till's poller watches: OPEN_ORDERS_CONDITION verbatim (so SQLite
#: reads the small orders_open index), less those another till watches (journal.py).
WATCHED_HERE = f"{OPEN_ORDERS_CONDITION} AND elsewhere = 0"
#: A search matching fewer orders than max(_RARE_MATCHES, book size // _RARE_SHARE)
#: reads the trigram index (OrderStore._rare_search).
_RARE_MATCHES = 1_000
_RARE_SHARE = 200
_INSERT_ATTEMPT = (
    "INSERT INTO creation_attempts (order_row, outcome, error, error_detail, finished_at)"
    " VALUES (?, ?, ?, ?, ?)"
)


class OrderStore(JournalStore, PrintedReceipts, ShiftTables):
    """The order book's orders on one connection, owned by the thread that opened it.

    Open one store per thread (the window's, a worker's, a command's) with
    :meth:`open` or :meth:`open_for_reading`; several stores may share the file.
    Every write is its own transaction, committed before the method returns.
    Damage a query comes upon sets the book aside (store/book_connection.py).
    As a till's journal of a shared book it also says what waits to upload and
    merges what was downloaded (store/journal.py).
    """

    # -- creating an order -------------------------------------------------

    def add_unconfirmed(
        self,
        client_id: int,
        order_id: str,
        amount: int,
        email: str | None,
        note: str,
        created_at: datetime,
        till: str = "",
        reference: str | None = None,
        *,
        cashier: str = "",
        shift: int | None = None,
    ) -> Order:
        """Record a new order before its create request is sent (so it is never lost).

        ``till`` names the till (counter) taking it; ``reference`` is the till program's
        own id of it (DuplicateOrderError when another order has it). ``shift``: the
        open shift it is taken in, by ``cashier`` (ShiftNotOpenError, nothing written,
        when that shift is not open: checked in this transaction)."""
        with self._write("save the new order") as db:
            if shift is not None and not self.shift_is_open(db, shift):
                raise ShiftNotOpenError(shift)
            try:
                row = db.execute(
                    "INSERT INTO orders (client_id, order_id, amount, email, note, status,"
                    " creation, created_at, search_text, till, reference, cashier, shift)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    f" RETURNING {ORDER_COLUMNS}",
                    (
                        client_id,
                        order_id,
                        amount,
                        email,
                        note,
                        OrderStatus.PENDING.value,
                        CreationState.UNCONFIRMED.value,
                        to_ms(created_at),
                        search_text(order_id, email, note),
                        till,
                        reference,
                        cashier,
                        shift,
                    ),
                ).fetchall()[0]
            except sqlite3.IntegrityError as exc:
                if "UNIQUE" in str(exc):
                    raise DuplicateOrderError(client_id, order_id) from exc
                raise
        return order_from_row(row)

    def order_id_of_reference(self, client_id: int, reference: str) -> str | None:
        """The order the till program asked for with ``reference``, if there is one."""
        with self._read("find the till program's order"):
            row = self._db.execute(
                "SELECT order_id FROM orders WHERE client_id = ? AND reference = ?",
                (client_id, reference)).fetchone()
        return None if row is None else str(row[0])

    def confirm_creation(
        self,
        client_id: int,
        order_id: str,
        url: str | None,
        confirmed_at: datetime,
        next_check_at: datetime | None,
        *,
        failure: Failure | None = None,
    ) -> Order:
        """The service answered with the payment link: the order is live.

        ``url`` None: the service has the order but gave no link (``failure`` says
        why, as the order's last error and its attempt's); a link stored before stays.

        Also starts the status history (its first status, at confirmation) so
        the history shows when the order became payable. The first confirmation's
        time stays: the order's lifetime runs from it. The payment's window opens
        at the order's creation: nobody can pay before that, whereas a link may be
        in a buyer's hands before it is stored (``create`` prints the link of an
        order it could not save). Confirming an
        abandoned order is allowed: the service's word outranks our guess.
        """
        with self._write("save the payment link") as db:
            row_id, order = self._update(
                db,
                client_id,
                order_id,
                "creation = ?, url = coalesce(?, url), last_error = ?, last_error_detail = ?,"
                " next_check_at = ?,"
                " confirmed_at = coalesce(confirmed_at, ?),"
                " last_pending_at = coalesce(last_pending_at, created_at)",
                (CreationState.CONFIRMED.value, url, *failure_columns(failure),
                 ms_or_none(next_check_at), to_ms(confirmed_at)),
            )
            db.execute(
                "INSERT INTO status_history (order_row, status, observed_at)"
                " SELECT ?, ?, ? WHERE NOT EXISTS"
                " (SELECT 1 FROM status_history WHERE order_row = ?)",
                (row_id, order.status.value, to_ms(confirmed_at), row_id),
            )
            self._attempt(db, row_id, "confirmed", failure, confirmed_at)
        return order

    def record_creation_error(
        self, client_id: int, order_id: str, failure: Failure, at: datetime | None = None
    ) -> Order:
        """The create request failed; the order stays as it was, to be retried.

        With ``at`` (when the answer came) the attempt joins the order's details.
        """
        with self._write("save the error") as db:
            row_id, order = self._update(
                db, client_id, order_id, "last_error = ?, last_error_detail = ?",
                failure_columns(failure),
            )
            self._attempt(db, row_id, "failed", failure, at)
            return order

    def abandon(
        self, client_id: int, order_id: str, failure: Failure, at: datetime | None = None
    ) -> Order:
        """Give up an order that never reached the service.

        A confirmed order exists at the service and may be paid, so it cannot
        be abandoned: that raises :class:`StoreError` and changes nothing. With
        ``at`` the answer that gave it up joins the order's creation attempts.
        """
        with self._write("abandon the order") as db:
            found = db.execute(f"SELECT creation FROM orders {_FIND}", (client_id, order_id))
            row = found.fetchone()
            if row is None:
                raise UnknownOrderError(client_id, order_id)
            if row[0] == CreationState.CONFIRMED.value:
                raise StoreError(
                    f"Order {order_id} has reached the payment service and cannot be abandoned."
                )
            row_id, order = self._update(
                db,
                client_id,
                order_id,
                "creation = ?, last_error = ?, last_error_detail = ?, next_check_at = NULL",
                (CreationState.ABANDONED.value, *failure_columns(failure)),
            )
            self._attempt(db, row_id, "abandoned", failure, at)
            return order

    # -- watching statuses -------------------------------------------------

    def record_checks(self, results: Sequence[CheckResult]) -> list[tuple[Order, bool]]:
        """Record a batch of polls in ONE transaction (one fsync for the batch).

        Returns, per result, the order after the update and whether its status
        changed. A status history row is added on a change, or when the order
        has no history yet. Raises :class:`UnknownOrderError` for an order not
        in the book before writing anything.
        """
        if not results:
            return []
        with self._write("save the status checks") as db:
            row_ids = [self._row_id(db, r.client_id, r.order_id) for r in results]
            return [
                apply_check(db, row_id, r) for row_id, r in zip(row_ids, results, strict=True)
            ]

    def schedule(self, client_id: int, order_id: str, next_check_at: datetime | None) -> Order:
        """Set when the order is next polled (now for "check now"; None for never)."""
        with self._write("schedule the check") as db:
            return self._update(
                db, client_id, order_id, "next_check_at = ?", (ms_or_none(next_check_at),)
            )[1]

    def schedule_open(
        self, client_id: int, when: datetime, order_ids: Sequence[str] | None = None
    ) -> int:
        """Make open orders due at ``when`` ("check now"), all of them or those listed,
        in one transaction (a "check all" over a thousand orders is one fsync).

        Returns how many orders were scheduled; final and unconfirmed ones, and those
        another till watches, are left.
        """
        client, values = client_and(client_id)
        sql = f"UPDATE orders SET next_check_at = ? WHERE {WATCHED_HERE}{client}"
        params: list[object] = [to_ms(when), *values]
        with self._write("schedule checks") as db:
            if order_ids is None:
                return db.execute(sql, params).rowcount
            ids = list(order_ids)
            count = 0
            for start in range(0, len(ids), 500):  # SQLite's bound-parameter limit
                chunk = ids[start:start + 500]
                marks = ",".join("?" * len(chunk))
                count += db.execute(f"{sql} AND order_id IN ({marks})", [*params, *chunk]).rowcount
            return count

    def due_for_check(
        self, now: datetime, limit: int = 100, client_id: int | None = None,
        horizon: timedelta | None = None,
    ) -> list[Order]:
        """Open orders whose next check is due, soonest first (not those another till
        watches). With ``horizon``, also those scheduled further than that after
        ``now``: no wait is so long, so they were scheduled on another clock."""
        # OPEN_ORDERS_CONDITION repeated verbatim lets SQLite use the small
        # orders_open index instead of scanning every order.
        client, values = client_and(client_id)
        due = "next_check_at <= ?"
        params: list[object] = [to_ms(now)]
        if horizon is not None:
            due = f"({due} OR next_check_at > ?)"
            params.append(to_ms(now + horizon))
        sql = (
            f"SELECT {ORDER_COLUMNS} FROM orders WHERE {WATCHED_HERE}"
            f" AND {due}{client} ORDER BY next_check_at, id LIMIT ?"
        )
        return self._orders(sql, [*params, *values, limit])

    def pending(self, client_id: int | None = None) -> list[Order]:
        """Confirmed orders that are not final yet and no other till watches, oldest first."""
        client, params = client_and(client_id)
        sql = f"SELECT {ORDER_COLUMNS} FROM orders WHERE {WATCHED_HERE}{client}"
        # "+created_at" keeps SQLite from walking the whole created_at index to
        # avoid a sort; reading the small orders_open index and sorting is cheaper.
        return self._orders(sql + " ORDER BY +created_at, id", params)

    def unconfirmed(self, client_id: int | None = None) -> list[Order]:
        """Orders the service has not confirmed yet, oldest first (to resume them); not
        another till's (downloaded from a shared book: that till sends them)."""
        client, values = client_and(client_id)
        sql = f"SELECT {ORDER_COLUMNS} FROM orders WHERE creation = ? AND elsewhere = 0{client}"
        return self._orders(sql + " ORDER BY created_at, id",
                            [CreationState.UNCONFIRMED.value, *values])

    # -- reading -----------------------------------------------------------

    def get(self, client_id: int, order_id: str) -> Order | None:
        found = self._orders(f"SELECT {ORDER_COLUMNS} FROM orders {_FIND}", [client_id, order_id])
        return found[0] if found else None

    def get_many(self, client_id: int, order_ids: Sequence[str]) -> list[Order]:
        """The orders of these ids that are in the book, in the order of ``order_ids``:
        one query per 500 (SQLite's bound parameters), not one per order."""
        ids = list(order_ids)
        found: dict[str, Order] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            for order in self._orders(
                    f"SELECT {ORDER_COLUMNS} FROM orders WHERE client_id = ?"
                    f" AND order_id IN ({marks})", [client_id, *chunk]):
                found[order.order_id] = order
        return [found[order_id] for order_id in ids if order_id in found]

    def history(self, client_id: int, order_id: str) -> list[StatusChange]:
        """The order's statuses in the order they were seen (empty for an unknown order)."""
        with self._read("read the status history"):
            rows = self._db.execute(
                "SELECT h.status, h.observed_at FROM status_history AS h"
                " JOIN orders AS o ON o.id = h.order_row"
                " WHERE o.client_id = ? AND o.order_id = ?"
                " ORDER BY h.observed_at, h.id",
                (client_id, order_id),
            ).fetchall()
        return [StatusChange(status_from_text(status), moment(at)) for status, at in rows]

    def creation_attempts(self, client_id: int, order_id: str) -> list[CreationAttempt]:
        """The answers to the order's create request, oldest first (books from before
        schema 6 recorded none)."""
        with self._read("read the creation attempts"):
            rows = self._db.execute(
                "SELECT a.outcome, a.finished_at, a.error, a.error_detail"
                " FROM creation_attempts AS a"
                " JOIN orders AS o ON o.id = a.order_row"
                " WHERE o.client_id = ? AND o.order_id = ?"
                " ORDER BY a.finished_at, a.id",
                (client_id, order_id),
            ).fetchall()
        return [
            CreationAttempt(outcome, moment(at), None if code is None else Failure(code, detail))
            for outcome, at, code, detail in rows
        ]

    def query(self, q: OrderQuery) -> list[Order]:
        where, params = where_clause(q, indexed=self._rare_search(q))
        page, page_params = page_clause(q)
        sql = f"SELECT {ORDER_COLUMNS} FROM orders {where} {order_by_clause(q)} {page}"
        return self._orders(sql, [*params, *page_params])

    def count(self, q: OrderQuery) -> int:
        """How many orders match ``q``'s filters (its sort and page are ignored)."""
        where, params = where_clause(q, indexed=self._rare_search(q))
        with self._read("count the orders"):
            found: int = self._db.execute(
                f"SELECT COUNT(*) FROM orders {where}", params
            ).fetchone()[0]
        return found

    def totals(self, q: OrderQuery) -> Totals:
        """Counts and kopeck sums of everything matching ``q``'s filters (page ignored)."""
        sql = totals_query(q, indexed=self._rare_search(q))
        with self._read("add up the orders"):
            row = self._db.execute(*sql).fetchone()
        return Totals(*row)

    def _rare_search(self, q: OrderQuery) -> bool:
        """Whether ``q``'s search text is best found through the trigram index.

        The index finds a rare text at once, but costs a row lookup per match; a
        common one is found sooner by reading the rows in the list's order (a page
        fills within a few hundred rows of it), whereas its matches through the
        index are a good part of the book. So the index counts the matches, no
        further than one order in 200 of the book (1 000 at least), and is used
        below that.
        """
        folded = folded_search(q.text)
        if not indexable(folded):
            return False
        with self._read("search the orders"):
            size: int = self._db.execute(BOOK_SIZE).fetchone()[0]
            bound = max(_RARE_MATCHES, size // _RARE_SHARE)
            found: int = self._db.execute(
                COUNT_MATCHES_UP_TO, (search_phrase(folded), bound)
            ).fetchone()[0]
        return found < bound

    def paid_totals(
        self, since: datetime, until: datetime, client_id: int | None = None,
        till: str | None = None,
    ) -> Totals:
        """What was paid in ``[since, until)``, by paid time (not creation time): the
        report's query (every order it counts is paid). ``till``: one till's (None: all)."""
        paid = self.reporting().paid(client_id, since, until, till)
        return Totals(paid.count, paid.amount, paid.count, paid.amount)

    def reporting(self) -> ReportQueries:
        """The end-of-day report's aggregate queries, on this store's connection."""
        return ReportQueries(self._db, self._read)

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version``: it moves when another connection (another
        process) commits to the book, never for this store's own writes. Reads no page."""
        with self._read("look for changes"):
            version: int = self._db.execute("PRAGMA data_version").fetchone()[0]
        return version

    # -- plumbing ----------------------------------------------------------

    @staticmethod
    def _row_id(db: sqlite3.Connection, client_id: int, order_id: str) -> int:
        row = db.execute(f"SELECT id FROM orders {_FIND}", (client_id, order_id)).fetchone()
        if row is None:
            raise UnknownOrderError(client_id, order_id)
        row_id: int = row[0]
        return row_id

    @staticmethod
    def _attempt(
        db: sqlite3.Connection, row_id: int, outcome: str, failure: Failure | None,
        at: datetime | None,
    ) -> None:
        if at is not None:
            db.execute(_INSERT_ATTEMPT, (row_id, outcome, *failure_columns(failure), to_ms(at)))

    @staticmethod
    def _update(
        db: sqlite3.Connection,
        client_id: int,
        order_id: str,
        assignments: str,
        params: tuple[object, ...],
    ) -> tuple[int, Order]:
        """``UPDATE orders SET <assignments>`` for one order; its row id and new value.

        ``assignments`` is always a constant from this module, never input.
        """
        rows = db.execute(
            f"UPDATE orders SET {assignments} {_FIND} RETURNING id, {ORDER_COLUMNS}",
            (*params, client_id, order_id),
        ).fetchall()
        if not rows:
            raise UnknownOrderError(client_id, order_id)
        return rows[0][0], order_from_row(rows[0][1:])

