"""The shop's cashiers: who they are, signing in by name and PIN, and the owner's rights.

A PIN is checked against its scrypt hash (pins.py). Wrong PINs are throttled per
cashier: from the third wrong one in a row, each further try waits, 30 s doubling up
to 15 minutes, until a right PIN. The wait runs on the monotonic clock in this process;
the count of wrong PINs and the wall time of the last one are kept in the book, so a
restart (or another program on the same book) still waits out what is left of it (the
wall-clock part is bounded by the wait itself, so a clock set forward or back can
neither lift a lock early by more than the wait nor make it longer).

An owner manages the cashiers, changes settings and closes another cashier's shift. The
first cashier added is an owner, and the last owner cannot be removed.
"""

from __future__ import annotations

import enum
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from paydesk.core.shifts.pins import PinHash, check_pin_format, hash_pin, pin_matches
from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.failures import ShiftFailureCode as Code
from paydesk.domain.shift_errors import ShiftError
from paydesk.store import OrderStore
from paydesk.store.shift_tables import CashierNameTakenError, CashierRow

NAME_MAX = 40
#: Wrong PINs in a row that are free; each one after waits longer.
FREE_TRIES = 2
FIRST_WAIT_S = 30.0
LONGEST_WAIT_S = 15 * 60.0
#: Checked against when a name is unknown, so an unknown name takes as long to refuse.
_NOBODY = hash_pin("0000")


class Role(enum.StrEnum):
    CASHIER = "cashier"
    OWNER = "owner"


@dataclass(frozen=True, slots=True)
class Cashier:
    """A cashier as the front ends see one: a name and a role (never a PIN or hash)."""

    name: str
    role: Role

    @property
    def is_owner(self) -> bool:
        return self.role is Role.OWNER


def wait_after(wrong_pins: int) -> float:
    """How long the next try waits after this many wrong PINs in a row (seconds)."""
    if wrong_pins <= FREE_TRIES:
        return 0.0
    return min(FIRST_WAIT_S * 2 ** (wrong_pins - FREE_TRIES - 1), LONGEST_WAIT_S)


def clean_name(name: str) -> str:
    """The name as kept: trimmed, one line of 1 to 40 characters (else BAD_NAME)."""
    text = name.strip() if isinstance(name, str) else ""
    if not text or len(text) > NAME_MAX or not text.isprintable():
        raise ShiftError(Code.BAD_NAME)
    return text


class Cashiers:
    """The cashiers of one order book, on its store's thread."""

    def __init__(self, store: OrderStore, *, clock: Clock = utc_now,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self._store = store
        self._clock = clock
        self._monotonic = monotonic
        #: Per cashier id: the monotonic moment before which no PIN is checked.
        self._locked_until: dict[int, float] = {}

    def all(self) -> list[Cashier]:
        return [_cashier(row) for row in self._store.cashiers()]

    def exist(self) -> bool:
        return bool(self._store.cashiers())

    def find(self, name: str) -> Cashier | None:
        row = self._store.cashier(name.strip())
        return None if row is None else _cashier(row)

    # -- signing in --------------------------------------------------------------------

    def sign_in(self, name: str, pin: str) -> Cashier:
        """The cashier whose name and PIN these are; ShiftError WRONG_PIN (one wording
        for an unknown name and a wrong PIN) or PIN_LOCKED (the detail: seconds left)."""
        row = self._store.cashier(name.strip()) if isinstance(name, str) else None
        if row is None:
            pin_matches(pin, _NOBODY)
            raise ShiftError(Code.WRONG_PIN)
        left = self.seconds_locked(row)
        if left > 0:
            raise ShiftError(Code.PIN_LOCKED, str(math.ceil(left)))
        right = pin_matches(pin, PinHash(row.pin_hash, row.pin_salt, row.pin_scheme))
        wrong = self._store.note_pin(row.id, right=right, at=self._clock())
        if right:
            self._locked_until.pop(row.id, None)
            return _cashier(row)
        self._locked_until[row.id] = self._monotonic() + wait_after(wrong)
        raise ShiftError(Code.WRONG_PIN)

    def seconds_locked(self, row: CashierRow) -> float:
        """How long until this cashier's next PIN is checked (0: now)."""
        here = self._locked_until.get(row.id, 0.0) - self._monotonic()
        wait = wait_after(row.failed_pins)
        kept = 0.0
        if wait and row.last_failed_at is not None:
            since = (self._clock() - row.last_failed_at).total_seconds()
            kept = min(max(wait - since, 0.0), wait)
        return max(here, kept, 0.0)

    # -- the owner's work --------------------------------------------------------------

    def add(self, name: str, pin: str, *, owner: bool = False,
            by: Cashier | None = None) -> Cashier:
        """A new cashier. The first is added by nobody and must be an owner; every
        other is added by an owner (``by``)."""
        clean = clean_name(name)
        stored = hash_pin(pin)
        role = Role.OWNER if owner else Role.CASHIER

        def may_add(present: list[CashierRow]) -> None:
            if not present:
                if role is not Role.OWNER:
                    raise ShiftError(Code.NO_CASHIERS)
                return
            _require_owner(by, present)

        try:
            row = self._store.add_cashier(clean, role.value, stored.hash, stored.salt,
                                          stored.scheme, self._clock(), may_add)
        except CashierNameTakenError:
            raise ShiftError(Code.CASHIER_EXISTS, clean) from None
        return _cashier(row)

    def remove(self, name: str, *, by: Cashier) -> None:
        """Remove a cashier (an owner's; never the last owner). Their orders keep the name."""
        target = self._row(name)

        def may_remove(present: list[CashierRow]) -> None:
            _require_owner(by, present)
            owners = [row for row in present if row.role == Role.OWNER.value]
            if target.role == Role.OWNER.value and len(owners) <= 1:
                raise ShiftError(Code.LAST_OWNER)

        self._store.remove_cashier(target.id, self._clock(), may_remove)
        self._locked_until.pop(target.id, None)

    def change_pin(self, name: str, new_pin: str, *, by: Cashier) -> None:
        """A new PIN for ``name``: by that cashier, or by an owner."""
        target = self._row(name)
        check_pin_format(new_pin)
        if by.name.casefold() != target.name.casefold():
            _require_owner(by, self._store.cashiers())
        stored = hash_pin(new_pin)
        self._store.set_pin(target.id, stored.hash, stored.salt, stored.scheme)
        self._locked_until.pop(target.id, None)

    def require_owner(self, cashier: Cashier) -> Cashier:
        """``cashier`` if they are (still) an owner, else ShiftError(OWNER_ONLY)."""
        _require_owner(cashier, self._store.cashiers())
        return cashier

    def _row(self, name: str) -> CashierRow:
        row = self._store.cashier(name.strip())
        if row is None:
            raise ShiftError(Code.NO_SUCH_CASHIER, name.strip())
        return row


def _require_owner(by: Cashier | None, present: list[CashierRow]) -> None:
    """An owner still in the book, as the store reads it now."""
    if by is None or not any(row.name == by.name and row.role == Role.OWNER.value
                             for row in present):
        raise ShiftError(Code.OWNER_ONLY)


def _cashier(row: CashierRow) -> Cashier:
    return Cashier(row.name, Role(row.role))

