"""The cashiers, the till's shifts and their frozen reports, as the order book keeps them.

Rows only (schema step 11): the rules (who may do what, the PIN's hash, the report's
computation) are the core's, paydesk.core.shifts. Two guarantees live here, because
only a transaction can give them:

- an order is written with its shift only while that shift is open
  (:meth:`ShiftTables.add_unconfirmed` of the order store checks it in the insert's own
  transaction, :meth:`shift_is_open`);
- a shift is closed in the one transaction that writes its report
  (:meth:`freeze_shift`): a crash leaves it open with no report, or closed with its
  report whole; the report's primary key is the shift, so never two.
"""

# The f-strings below interpolate only this module's column lists; every value is a
# parameter.
# ruff: noqa: S608

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from paydesk.domain.clock import from_ms, to_ms
from paydesk.store.book_connection import BookConnection
from paydesk.store.errors import StoreError
from paydesk.store.rows import moment

_CASHIER_COLUMNS = (
    "id, name, role, pin_hash, pin_salt, pin_scheme, failed_pins, last_failed_at, created_at,"
    " removed_at"
)
_SHIFT_COLUMNS = (
    "number, till, cashier, opened_at, closing_at, closing_by, closed_at, closed_by, reference"
)
#: The columns of a shift's orders its report reads (core/shifts/report.py).
SHIFT_ORDER_COLUMNS = (
    "order_id, amount, status, creation, created_at, paid_at, last_checked_at, cashier, shift"
)


class ShiftNotOpenError(StoreError):
    """An order was to be written into a shift that is not open (closed meanwhile)."""

    def __init__(self, number: int) -> None:
        super().__init__(f"Shift {number} is not open on this till.")
        self.number = number


class CashierNameTakenError(StoreError):
    """Another cashier (not removed) has this name."""


@dataclass(frozen=True, slots=True)
class CashierRow:
    """A cashier as stored; the PIN only as its hash (never the PIN)."""

    id: int
    name: str
    role: str
    pin_hash: bytes
    pin_salt: bytes
    pin_scheme: str
    failed_pins: int
    last_failed_at: datetime | None
    created_at: datetime
    removed_at: datetime | None

    def __repr__(self) -> str:  # no hash in a log or a traceback either
        return f"CashierRow(id={self.id}, name={self.name!r}, role={self.role!r})"


@dataclass(frozen=True, slots=True)
class ShiftRow:
    """A shift as stored. ``closing_at``: a close began (and has not finished)."""

    number: int
    till: str
    cashier: str
    opened_at: datetime
    closing_at: datetime | None
    closing_by: str | None
    closed_at: datetime | None
    closed_by: str | None
    #: The till program's own id of the shift it opened through the API (else None).
    reference: str | None = None

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


def _cashier(row: tuple[Any, ...]) -> CashierRow:
    (id_, name, role, pin_hash, pin_salt, scheme, failed, last_failed, created, removed) = row
    return CashierRow(int(id_), name, role, bytes(pin_hash), bytes(pin_salt), scheme,
                      int(failed), from_ms(last_failed), moment(created), from_ms(removed))


def _shift(row: tuple[Any, ...]) -> ShiftRow:
    number, till, cashier, opened, closing, closing_by, closed, closed_by, reference = row
    return ShiftRow(int(number), till, cashier, moment(opened), from_ms(closing), closing_by,
                    from_ms(closed), closed_by, reference)


class ShiftTables(BookConnection):
    """The order store's part that reads and writes cashiers, shifts and reports."""

    # -- cashiers ----------------------------------------------------------------------

    def cashiers(self, *, with_removed: bool = False) -> list[CashierRow]:
        """The cashiers by name (not those removed, unless ``with_removed``)."""
        where = "" if with_removed else " WHERE removed_at IS NULL"
        with self._read("read the cashiers"):
            rows = self._db.execute(
                f"SELECT {_CASHIER_COLUMNS} FROM cashiers{where} ORDER BY lower(name), id"
            ).fetchall()
        return [_cashier(row) for row in rows]

    def cashier(self, name: str) -> CashierRow | None:
        """The cashier (not removed) of this name, as typed in any case."""
        with self._read("read the cashier"):
            row = self._db.execute(
                f"SELECT {_CASHIER_COLUMNS} FROM cashiers"
                " WHERE lower(name) = lower(?) AND removed_at IS NULL", (name,)).fetchone()
        return None if row is None else _cashier(row)

    def add_cashier(self, name: str, role: str, pin_hash: bytes, pin_salt: bytes,
                    pin_scheme: str, at: datetime,
                    may_add: Callable[[list[CashierRow]], None] | None = None) -> CashierRow:
        """Write a new cashier; CashierNameTakenError when another has the name. ``may_add``
        sees the cashiers in the insert's transaction and raises to refuse (the first
        cashier must be an owner, whoever adds at the same moment)."""
        with self._write("save the cashier") as db:
            if may_add is not None:
                may_add([_cashier(row) for row in db.execute(
                    f"SELECT {_CASHIER_COLUMNS} FROM cashiers WHERE removed_at IS NULL"
                ).fetchall()])
            try:
                row = db.execute(
                    "INSERT INTO cashiers (name, role, pin_hash, pin_salt, pin_scheme,"
                    f" created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING {_CASHIER_COLUMNS}",
                    (name, role, pin_hash, pin_salt, pin_scheme, to_ms(at))).fetchone()
            except sqlite3.IntegrityError as exc:
                raise CashierNameTakenError(f"There is already a cashier named {name}.") from exc
        return _cashier(row)

    def remove_cashier(self, cashier_id: int, at: datetime,
                       may_remove: Callable[[list[CashierRow]], None]) -> None:
        """Mark the cashier removed (their orders keep their name); ``may_remove`` sees
        the cashiers in the transaction and raises to refuse (the last owner)."""
        with self._write("remove the cashier") as db:
            may_remove([_cashier(row) for row in db.execute(
                f"SELECT {_CASHIER_COLUMNS} FROM cashiers WHERE removed_at IS NULL"
            ).fetchall()])
            db.execute("UPDATE cashiers SET removed_at = ? WHERE id = ?", (to_ms(at), cashier_id))

    def set_pin(self, cashier_id: int, pin_hash: bytes, pin_salt: bytes, scheme: str) -> None:
        """A new PIN's hash (and salt); the wrong PINs counted before are forgotten."""
        with self._write("save the new PIN") as db:
            db.execute(
                "UPDATE cashiers SET pin_hash = ?, pin_salt = ?, pin_scheme = ?,"
                " failed_pins = 0, last_failed_at = NULL WHERE id = ?",
                (pin_hash, pin_salt, scheme, cashier_id))

    def note_pin(self, cashier_id: int, *, right: bool, at: datetime) -> int:
        """Count a wrong PIN (or forget them all after a right one); the count now."""
        with self._write("note the PIN's check") as db:
            if right:
                db.execute("UPDATE cashiers SET failed_pins = 0, last_failed_at = NULL"
                           " WHERE id = ?", (cashier_id,))
                return 0
            row = db.execute(
                "UPDATE cashiers SET failed_pins = failed_pins + 1, last_failed_at = ?"
                " WHERE id = ? RETURNING failed_pins", (to_ms(at), cashier_id)).fetchone()
        return 0 if row is None else int(row[0])

    # -- shifts ------------------------------------------------------------------------

    def open_shift_row(self, till: str) -> ShiftRow | None:
        """The till's open shift (one at most: the shifts_open index), or None."""
        with self._read("read the open shift"):
            row = self._db.execute(
                f"SELECT {_SHIFT_COLUMNS} FROM shifts WHERE till = ? AND closed_at IS NULL",
                (till,)).fetchone()
        return None if row is None else _shift(row)

    def shift_row(self, number: int) -> ShiftRow | None:
        with self._read("read the shift"):
            row = self._db.execute(
                f"SELECT {_SHIFT_COLUMNS} FROM shifts WHERE number = ?", (number,)
            ).fetchone()
        return None if row is None else _shift(row)

    def shift_rows(self, till: str | None = None) -> list[ShiftRow]:
        """The shifts, newest first (of one till, or of every till in this book)."""
        where, params = ("WHERE till = ?", [till]) if till is not None else ("", [])
        with self._read("read the shifts"):
            rows = self._db.execute(
                f"SELECT {_SHIFT_COLUMNS} FROM shifts {where} ORDER BY number DESC",
                params).fetchall()
        return [_shift(row) for row in rows]

    def previous_shift_row(self, till: str, number: int) -> ShiftRow | None:
        """The till's shift before ``number``, or None."""
        with self._read("read the shift before"):
            row = self._db.execute(
                f"SELECT {_SHIFT_COLUMNS} FROM shifts WHERE till = ? AND number < ?"
                " ORDER BY number DESC LIMIT 1", (till, number)).fetchone()
        return None if row is None else _shift(row)

    def insert_shift(self, till: str, cashier: str, at: datetime, *,
                     reference: str | None = None) -> ShiftRow | None:
        """Open a shift on ``till``; None when the till has one open already, or a shift
        with this ``reference`` (the till program's own id of it)."""
        with self._write("open the shift") as db:
            try:
                row = db.execute(
                    "INSERT INTO shifts (till, cashier, opened_at, reference) VALUES (?, ?, ?, ?)"
                    f" RETURNING {_SHIFT_COLUMNS}",
                    (till, cashier, to_ms(at), reference)).fetchone()
            except sqlite3.IntegrityError:
                return None
        return _shift(row)

    def shift_by_reference(self, till: str, reference: str) -> ShiftRow | None:
        """The till's shift the till program opened as ``reference``, or None."""
        with self._read("read the shift"):
            row = self._db.execute(
                f"SELECT {_SHIFT_COLUMNS} FROM shifts WHERE till = ? AND reference = ?",
                (till, reference)).fetchone()
        return None if row is None else _shift(row)

    def mark_closing(self, number: int, by: str, at: datetime) -> ShiftRow:
        """Note that a close of the open shift began (kept at a second try)."""
        with self._write("note the close") as db:
            row = db.execute(
                "UPDATE shifts SET closing_at = coalesce(closing_at, ?),"
                " closing_by = coalesce(closing_by, ?)"
                f" WHERE number = ? AND closed_at IS NULL RETURNING {_SHIFT_COLUMNS}",
                (to_ms(at), by, number)).fetchone()
        if row is None:
            found = self.shift_row(number)
            if found is None:
                raise StoreError(f"This till has no shift {number}.")
            return found
        return _shift(row)

    def freeze_shift(self, number: int, by: str, at: datetime,
                     report: Callable[[ShiftRow], str]) -> tuple[ShiftRow, str]:
        """Close the shift with its report, in one transaction (see the module).

        ``report`` makes the report's JSON from the shift as it stands inside the
        transaction, which holds the write lock: no order joins the shift between the
        report's reading and the close. A shift closed before keeps its report (returned
        as it was, ``report`` not called).
        """
        with self._write("close the shift") as db:
            found = db.execute(f"SELECT {_SHIFT_COLUMNS} FROM shifts WHERE number = ?",
                               (number,)).fetchone()
            if found is None:
                raise StoreError(f"This till has no shift {number}.")
            shift = _shift(found)
            if not shift.is_open:
                kept = db.execute("SELECT report FROM shift_reports WHERE shift = ?",
                                  (number,)).fetchone()
                return shift, str(kept[0])
            closed = ShiftRow(shift.number, shift.till, shift.cashier, shift.opened_at,
                              shift.closing_at, shift.closing_by, _whole_ms(at), by,
                              shift.reference)
            text = report(closed)
            db.execute("INSERT INTO shift_reports (shift, report, frozen_at) VALUES (?, ?, ?)",
                       (number, text, to_ms(at)))
            db.execute("UPDATE shifts SET closed_at = ?, closed_by = ? WHERE number = ?",
                       (to_ms(at), by, number))
        return closed, text

    def frozen_report(self, number: int) -> str | None:
        """The shift's frozen report (JSON), or None while it is open."""
        with self._read("read the shift's report"):
            row = self._db.execute("SELECT report FROM shift_reports WHERE shift = ?",
                                   (number,)).fetchone()
        return None if row is None else str(row[0])

    def shift_is_open(self, db: sqlite3.Connection, number: int) -> bool:
        """Inside a write transaction: whether the shift may take an order."""
        row = db.execute("SELECT 1 FROM shifts WHERE number = ? AND closed_at IS NULL",
                         (number,)).fetchone()
        return row is not None

    # -- a shift's orders --------------------------------------------------------------

    def shift_order_rows(self, client_id: int, till: str,
                         number: int) -> list[tuple[Any, ...]]:
        """The till's shift's orders (:data:`SHIFT_ORDER_COLUMNS`), oldest first. The
        till too: a shared book brings other tills' orders, numbered by their shifts."""
        with self._read("read the shift's orders"):
            return self._db.execute(
                f"SELECT {SHIFT_ORDER_COLUMNS} FROM orders"
                " WHERE shift = ? AND till = ? AND client_id = ?"
                " ORDER BY created_at, id", (number, till, client_id)).fetchall()

    def shift_orders_created(self, client_id: int | None, since: datetime,
                             until: datetime) -> list[tuple[Any, ...]]:
        """Every till's orders taken in a shift in ``[since, until)``: the till, then
        :data:`SHIFT_ORDER_COLUMNS` (the owner's day: this book holds every till's orders
        when the shop shares a book)."""
        client = "" if client_id is None else " AND client_id = ?"
        params: list[object] = [to_ms(since), to_ms(until)]
        if client_id is not None:
            params.append(client_id)
        with self._read("read the shifts' orders"):
            return self._db.execute(
                f"SELECT till, {SHIFT_ORDER_COLUMNS} FROM orders"
                " WHERE created_at >= ? AND created_at < ? AND shift IS NOT NULL"
                f"{client} ORDER BY created_at, id", params).fetchall()

    def late_payment_rows(self, client_id: int, till: str, after: datetime | None,
                          until: datetime | None) -> list[tuple[Any, ...]]:
        """Orders of the till's closed shifts paid after their shift's close, with paid
        time in ``(after, until]`` (None: unbounded on that side)."""
        sql = (f"SELECT {', '.join('o.' + c for c in SHIFT_ORDER_COLUMNS.split(', '))}"
               " FROM orders AS o JOIN shifts AS s ON s.number = o.shift AND s.till = o.till"
               " WHERE o.client_id = ? AND s.till = ? AND s.closed_at IS NOT NULL"
               " AND o.status = 'approve' AND o.paid_at > s.closed_at")
        params: list[object] = [client_id, till]
        if after is not None:
            sql += " AND o.paid_at > ?"
            params.append(to_ms(after))
        if until is not None:
            sql += " AND o.paid_at <= ?"
            params.append(to_ms(until))
        with self._read("read the late payments"):
            return self._db.execute(sql + " ORDER BY o.paid_at, o.id", params).fetchall()


def _whole_ms(at: datetime) -> datetime:
    held = from_ms(to_ms(at))
    assert held is not None
    return held
