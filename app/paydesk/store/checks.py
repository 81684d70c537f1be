"""Recording one status check on an order, inside the store's write transaction.

Reached through :meth:`OrderStore.record_checks`, which opens the transaction,
finds the row ids (raising for an unknown order before anything is written) and
calls :func:`apply_check` once per result.
"""

# The one f-string below interpolates only ORDER_COLUMNS; every value is a parameter.
# ruff: noqa: S608

from __future__ import annotations

import logging
import sqlite3
from dataclasses import replace

from paydesk.domain.clock import to_ms
from paydesk.domain.orders import Order, OrderStatus
from paydesk.store.records import CheckResult
from paydesk.store.rows import ORDER_COLUMNS, failure_columns, ms_or_none, order_from_row

log = logging.getLogger(__name__)

_FINAL_STATUSES = frozenset(status.value for status in OrderStatus if status.is_final)
_INSERT_HISTORY = "INSERT INTO status_history (order_row, status, observed_at) VALUES (?, ?, ?)"


def apply_check(db: sqlite3.Connection, row_id: int, result: CheckResult) -> tuple[Order, bool]:
    """Write ``result`` to the order at ``row_id``; the order after it and whether its
    status changed. A status history row is added on a change, or when the order has
    no history yet."""
    status, paid_at, has_history = db.execute(
        "SELECT status, paid_at, EXISTS (SELECT 1 FROM status_history WHERE order_row = ?)"
        " FROM orders WHERE id = ?",
        (row_id, row_id),
    ).fetchone()
    checked_at = to_ms(result.checked_at)
    changed = False
    next_check_at = ms_or_none(result.next_check_at)
    if status in _FINAL_STATUSES:
        # Final is final (the contract): a late reply from before the payment,
        # e.g. another process's "pending", must not undo "paid" or re-announce it.
        if result.status is not None and result.status.value != status:
            log.warning("order row %s: ignoring %r after final %r",
                        row_id, result.status.value, status)
        result = replace(result, status=None)
        next_check_at = None
    if result.status is not None:
        new_status = result.status.value
        changed = new_status != status
        if changed or not has_history:
            db.execute(_INSERT_HISTORY, (row_id, new_status, checked_at))
        if new_status == OrderStatus.APPROVE.value and paid_at is None:
            paid_at = checked_at  # the first time we saw it paid
        status = new_status
    # The last time the service said "not paid yet": with paid_at it bounds the payment.
    saw_pending = result.status is OrderStatus.PENDING
    asked_at = to_ms(result.asked_at) if result.asked_at is not None else checked_at
    seen_pending = asked_at if saw_pending else None
    row = db.execute(
        "UPDATE orders SET status = ?, paid_at = ?, last_checked_at = ?,"
        " next_check_at = ?, last_error = ?, last_error_detail = ?,"
        " last_pending_at = coalesce(max(?, last_pending_at), last_pending_at, ?)"
        f" WHERE id = ? RETURNING {ORDER_COLUMNS}",
        (status, paid_at, checked_at, next_check_at, *failure_columns(result.error),
         seen_pending, seen_pending, row_id),
    ).fetchall()[0]
    return order_from_row(row), changed
