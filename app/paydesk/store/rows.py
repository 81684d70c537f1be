"""Turning ``orders`` rows into :class:`~paydesk.domain.orders.Order` values, cheaply.

The list pages through up to 100 000 orders, so conversion avoids per-row
work it does not need: known statuses come from a dict, not an enum lookup.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from paydesk.domain.clock import from_ms, to_ms
from paydesk.domain.failures import Failure
from paydesk.domain.orders import CreationState, Order, OrderStatus

#: The columns every order query selects, in the order of :class:`Order`'s fields.
ORDER_COLUMNS = (
    "client_id, order_id, amount, email, note, url, status, creation, "
    "created_at, paid_at, last_checked_at, next_check_at, last_error, last_error_detail, "
    "confirmed_at, last_pending_at, till, reference, cashier, shift"
)

_KNOWN_STATUSES: dict[str, OrderStatus] = {status.value: status for status in OrderStatus}
_CREATIONS: dict[str, CreationState] = {state.value: state for state in CreationState}


def status_from_text(text: str) -> OrderStatus:
    """The stored status; an unknown value becomes an UNKNOWN pseudo-member."""
    return _KNOWN_STATUSES.get(text) or OrderStatus(text)


def moment(ms: int) -> datetime:
    """A NOT NULL time column as an aware UTC datetime."""
    value = from_ms(ms)
    assert value is not None  # from_ms gives None only for None
    return value


def ms_or_none(value: datetime | None) -> int | None:
    """An optional time as stored: Unix milliseconds, or NULL."""
    return None if value is None else to_ms(value)


def failure_columns(failure: Failure | None) -> tuple[str | None, str | None]:
    """``last_error`` and ``last_error_detail`` as stored: the code and its detail."""
    return (None, None) if failure is None else (failure.code, failure.detail)


def order_from_row(row: tuple[Any, ...]) -> Order:
    """Build an Order from a row selected with :data:`ORDER_COLUMNS`."""
    (
        client_id,
        order_id,
        amount,
        email,
        note,
        url,
        status,
        creation,
        created_at,
        paid_at,
        last_checked_at,
        next_check_at,
        last_error,
        last_error_detail,
        confirmed_at,
        last_pending_at,
        till,
        reference,
        cashier,
        shift,
    ) = row
    return Order(
        client_id,
        order_id,
        amount,
        email,
        note,
        url,
        status_from_text(status),
        _CREATIONS[creation],
        moment(created_at),
        from_ms(paid_at),
        from_ms(last_checked_at),
        from_ms(next_check_at),
        None if last_error is None else Failure(last_error, last_error_detail),
        from_ms(confirmed_at),
        from_ms(last_pending_at),
        till,
        reference,
        cashier,
        shift,
    )
