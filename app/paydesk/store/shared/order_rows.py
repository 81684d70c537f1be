"""Orders, their history and creation attempts as the shared book's rows, and the
merge rule as the book's upsert.

The upsert is :func:`paydesk.domain.merging.merge_orders` written in SQL, the
stored row being ``current`` and the uploaded one ``incoming``: the shared book
keeps the most either side knows and never goes back (a final status stays,
creation only moves forward, the link, the first confirmation and the first
time seen paid are kept once known, the latest check and its error win). The
row is updated only when the merge changes it, so uploading what the book
already knows changes nothing: no new ``change_seq``, no doorbell. The tests run
the merge rule's cases (tests/helpers/merge_cases.py) through it.

Times are cut to whole milliseconds on the way in, as the local book keeps
them, so an order read back equals the one written.
"""

# The statements below are built from this module's own constants (the columns and
# the merge rule's expressions); every value goes in as a parameter.
# ruff: noqa: S608

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from paydesk.domain.failures import Failure
from paydesk.domain.orders import CreationState, Order
from paydesk.store.records import BookEntry, CreationAttempt, StatusChange
from paydesk.store.rows import status_from_text

#: The orders columns that come from an Order, in the order of :func:`order_params`.
COLUMNS = (
    "client_id", "order_id", "till", "amount", "email", "note", "url", "status", "creation",
    "created_at", "paid_at", "last_checked_at", "confirmed_at", "last_pending_at",
    "last_error", "last_error_detail", "cashier", "shift",
)
SELECT_COLUMNS = ", ".join(COLUMNS)

_FINAL = "('approve', 'decline', 'expired')"
_KNOWN = "('pending', 'approve', 'decline', 'expired')"
#: Whether the incoming record was checked at least as late as the stored one.
_INCOMING_CHECKED_AS_LATE = (
    "(CASE WHEN EXCLUDED.last_checked_at IS NULL THEN orders.last_checked_at IS NULL"
    " ELSE orders.last_checked_at IS NULL"
    " OR EXCLUDED.last_checked_at >= orders.last_checked_at END)"
)

#: Each merged column as SQL over the stored row (``orders``) and the uploaded one
#: (``EXCLUDED``); what the cashier typed and the creation time never change.
MERGED = {
    "status": f"CASE WHEN orders.status IN {_FINAL} THEN orders.status"
              f" WHEN EXCLUDED.status IN {_FINAL} THEN EXCLUDED.status"
              f" WHEN EXCLUDED.status IN {_KNOWN} THEN EXCLUDED.status"
              " ELSE orders.status END",
    "creation": "CASE WHEN 'confirmed' IN (orders.creation, EXCLUDED.creation) THEN 'confirmed'"
                " WHEN 'abandoned' IN (orders.creation, EXCLUDED.creation) THEN 'abandoned'"
                " ELSE 'unconfirmed' END",
    # Python's "current.url or incoming.url": an empty text counts as none.
    "url": "COALESCE(NULLIF(orders.url, ''), EXCLUDED.url)",
    "till": "COALESCE(NULLIF(orders.till, ''), EXCLUDED.till)",
    # Written with the order and never changed; a record from before has none.
    "cashier": "COALESCE(NULLIF(orders.cashier, ''), EXCLUDED.cashier)",
    "shift": "COALESCE(orders.shift, EXCLUDED.shift)",
    # LEAST and GREATEST pass over NULLs: a time known on one side only is kept.
    "paid_at": "LEAST(orders.paid_at, EXCLUDED.paid_at)",
    "confirmed_at": "LEAST(orders.confirmed_at, EXCLUDED.confirmed_at)",
    "last_checked_at": "GREATEST(orders.last_checked_at, EXCLUDED.last_checked_at)",
    "last_pending_at": "GREATEST(orders.last_pending_at, EXCLUDED.last_pending_at)",
    "last_error": f"CASE WHEN {_INCOMING_CHECKED_AS_LATE} THEN EXCLUDED.last_error"
                  " ELSE orders.last_error END",
    "last_error_detail": f"CASE WHEN {_INCOMING_CHECKED_AS_LATE} THEN EXCLUDED.last_error_detail"
                         " ELSE orders.last_error_detail END",
}

UPSERT_ORDER = (
    f"INSERT INTO orders ({SELECT_COLUMNS}) VALUES ({', '.join(['%s'] * len(COLUMNS))})"
    " ON CONFLICT (client_id, order_id) DO UPDATE SET "
    + ", ".join(f"{column} = {merged}" for column, merged in MERGED.items())
    + f" WHERE ({', '.join(f'orders.{column}' for column in MERGED)})"
    f" IS DISTINCT FROM ({', '.join(MERGED.values())})"
    " RETURNING client_id, order_id"
)

#: New history rows, from arrays; the orders they belong to come back.
INSERT_HISTORY = (
    "WITH added AS (INSERT INTO status_history (client_id, order_id, status, observed_at)"
    " SELECT * FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::timestamptz[])"
    " ON CONFLICT DO NOTHING RETURNING client_id, order_id)"
    " SELECT DISTINCT client_id, order_id FROM added"
)
INSERT_ATTEMPTS = (
    "WITH added AS (INSERT INTO creation_attempts"
    " (client_id, order_id, outcome, error, error_detail, finished_at)"
    " SELECT * FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::text[], %s::text[],"
    " %s::timestamptz[])"
    " ON CONFLICT DO NOTHING RETURNING client_id, order_id)"
    " SELECT DISTINCT client_id, order_id FROM added"
)
#: A new change_seq for orders whose history grew while the row stayed the same.
TOUCH_ORDERS = (
    "UPDATE orders SET change_seq = NULL FROM unnest(%s::bigint[], %s::text[]) AS t(c, o)"
    " WHERE orders.client_id = t.c AND orders.order_id = t.o"
)


def to_ms_precision(moment: datetime) -> datetime:
    """``moment`` cut to whole milliseconds (as the local book stores it)."""
    return moment.replace(microsecond=moment.microsecond - moment.microsecond % 1000)


def _time(moment: datetime | None) -> datetime | None:
    return None if moment is None else to_ms_precision(moment)


def _utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.astimezone(UTC)


def order_params(order: Order) -> tuple[Any, ...]:
    """An order as the values of :data:`COLUMNS`."""
    error = order.last_error
    return (
        order.client_id, order.order_id, order.till, order.amount, order.email, order.note,
        order.url, order.status.value, order.creation.value, _time(order.created_at),
        _time(order.paid_at), _time(order.last_checked_at), _time(order.confirmed_at),
        _time(order.last_pending_at),
        None if error is None else error.code, None if error is None else error.detail,
        order.cashier, order.shift,
    )


def order_from_row(row: Sequence[Any]) -> Order:
    """An order from a row selected with :data:`SELECT_COLUMNS` (not checked by a
    till here: ``next_check_at`` is the journal's own)."""
    (client_id, order_id, till, amount, email, note, url, status, creation, created_at,
     paid_at, last_checked_at, confirmed_at, last_pending_at, error, error_detail, cashier,
     shift) = row[:18]
    created = _utc(created_at)
    assert created is not None
    return Order(
        client_id=int(client_id), order_id=order_id, amount=int(amount), email=email, note=note,
        url=url, status=status_from_text(status), creation=CreationState(creation),
        created_at=created, paid_at=_utc(paid_at), last_checked_at=_utc(last_checked_at),
        next_check_at=None,
        last_error=None if error is None else Failure(error, error_detail),
        confirmed_at=_utc(confirmed_at), last_pending_at=_utc(last_pending_at), till=till,
        cashier=cashier, shift=None if shift is None else int(shift),
    )


def history_arrays(entries: Iterable[BookEntry]) -> tuple[list[Any], ...]:
    """The parameters of :data:`INSERT_HISTORY` for every history row of ``entries``."""
    columns: tuple[list[Any], ...] = ([], [], [], [])
    for entry in entries:
        for change in entry.history:
            row = (entry.order.client_id, entry.order.order_id, change.status.value,
                   to_ms_precision(change.observed_at))
            for column, value in zip(columns, row, strict=True):
                column.append(value)
    return columns


def attempt_arrays(entries: Iterable[BookEntry]) -> tuple[list[Any], ...]:
    """The parameters of :data:`INSERT_ATTEMPTS` for every attempt of ``entries``."""
    columns: tuple[list[Any], ...] = ([], [], [], [], [], [])
    for entry in entries:
        for attempt in entry.attempts:
            error = attempt.error
            row = (entry.order.client_id, entry.order.order_id, attempt.outcome,
                   None if error is None else error.code,
                   None if error is None else error.detail,
                   to_ms_precision(attempt.finished_at))
            for column, value in zip(columns, row, strict=True):
                column.append(value)
    return columns


def status_change(status: str, observed_at: datetime) -> StatusChange:
    moment = _utc(observed_at)
    assert moment is not None
    return StatusChange(status_from_text(status), moment)


def creation_attempt(outcome: str, error: str | None, detail: str | None,
                     finished_at: datetime) -> CreationAttempt:
    moment = _utc(finished_at)
    assert moment is not None
    return CreationAttempt(outcome, moment, None if error is None else Failure(error, detail))
