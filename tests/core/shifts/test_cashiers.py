"""Cashiers: the owner's rights, signing in by PIN, the throttle of wrong PINs, and a PIN
kept only as its scrypt hash (never in the book, a message or a repr)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from shift_orders import ANNA_PIN, OWNER_PIN

from paydesk.core.shifts import Cashier, Cashiers, Role, ShiftError
from paydesk.core.shifts.cashiers import wait_after
from paydesk.core.shifts.pins import SCHEME, PinHash, hash_pin, pin_matches
from paydesk.domain.failures import ShiftFailureCode as Code
from paydesk.store import OrderStore

from fake_time import FakeClock, FakeTime


def _refused(code: Code) -> pytest.RaisesExc[ShiftError]:
    return pytest.raises(ShiftError, check=lambda error: error.code is code)


def test_a_pin_is_checked_against_its_salted_scrypt_hash() -> None:
    first, second = hash_pin("4821"), hash_pin("4821")
    assert first.salt != second.salt and first.hash != second.hash  # a salt each
    assert first.scheme == SCHEME == "scrypt:n=16384,r=8,p=1,len=32"
    assert pin_matches("4821", first) and pin_matches("4821", second)
    assert not pin_matches("4822", first) and not pin_matches("", first)
    assert "4821" not in repr(first) and first.hash.hex() not in repr(first)


@pytest.mark.parametrize("pin", ["123", "1234567", "12a4", "１２３４", " 1234", "", "12.4"])
def test_a_pin_is_four_to_six_digits(pin: str) -> None:
    with _refused(Code.BAD_PIN) as refused:
        hash_pin(pin)
    assert pin.strip() not in str(refused.value) or not pin.strip()


def test_the_first_cashier_is_an_owner_who_adds_the_others(cashiers: Cashiers) -> None:
    with _refused(Code.NO_CASHIERS):
        cashiers.add("Anna", ANNA_PIN)
    owner = cashiers.add("Olga", OWNER_PIN, owner=True)
    assert owner == Cashier("Olga", Role.OWNER) and owner.is_owner
    with _refused(Code.OWNER_ONLY):
        cashiers.add("Anna", ANNA_PIN)  # nobody signed in
    anna = cashiers.add("Anna", ANNA_PIN, by=owner)
    with _refused(Code.OWNER_ONLY):
        cashiers.add("Boris", "1111", by=anna)  # a cashier is not an owner
    with _refused(Code.CASHIER_EXISTS):
        cashiers.add("anna", "2222", by=owner)  # a name is one person, in any case
    with _refused(Code.BAD_NAME):
        cashiers.add("Line\nbreak", "2222", by=owner)
    assert [c.name for c in cashiers.all()] == ["Anna", "Olga"]


def test_signing_in_by_name_and_pin(cashiers: Cashiers, anna: Cashier) -> None:
    assert cashiers.sign_in("anna ", ANNA_PIN) == anna
    with _refused(Code.WRONG_PIN) as wrong:
        cashiers.sign_in("Anna", "000000")
    with _refused(Code.WRONG_PIN) as unknown:
        cashiers.sign_in("Nobody", ANNA_PIN)
    assert str(wrong.value) == str(unknown.value)  # no name confirmed to a guesser
    assert "000000" not in str(wrong.value) and ANNA_PIN not in str(unknown.value)


def test_wrong_pins_are_throttled_per_cashier_until_a_right_one(
    cashiers: Cashiers, anna: Cashier, owner: Cashier, monotonic: FakeTime,
    clock: FakeClock,
) -> None:
    for _ in range(3):
        with _refused(Code.WRONG_PIN):
            cashiers.sign_in("Anna", "111111")
    with _refused(Code.PIN_LOCKED) as locked:
        cashiers.sign_in("Anna", ANNA_PIN)  # even the right PIN waits
    assert locked.value.failure.detail == "30"
    assert cashiers.sign_in("Olga", OWNER_PIN) == owner  # another cashier is not locked
    monotonic.now += 30
    clock.now += timedelta(seconds=30)
    assert cashiers.sign_in("Anna", ANNA_PIN) == anna
    with _refused(Code.WRONG_PIN):
        cashiers.sign_in("Anna", "111111")  # the count started again
    assert cashiers.sign_in("Anna", ANNA_PIN) == anna


def test_the_wait_doubles_up_to_fifteen_minutes() -> None:
    assert [wait_after(n) for n in range(1, 8)] == [0, 0, 30, 60, 120, 240, 480]
    assert wait_after(40) == 900


def test_a_restart_does_not_lift_a_lock(
    book_path: Path, store: OrderStore, cashiers: Cashiers, anna: Cashier, clock: FakeClock,
) -> None:
    for _ in range(3):
        with pytest.raises(ShiftError):
            cashiers.sign_in("Anna", "111111")
    clock.now += timedelta(seconds=20)
    with OrderStore.open(book_path) as reopened:  # another process, its own clock
        later = Cashiers(reopened, clock=clock, monotonic=FakeTime(5.0).clock)
        with _refused(Code.PIN_LOCKED) as locked:
            later.sign_in("Anna", ANNA_PIN)
        assert locked.value.failure.detail == "10"  # 30 s after the 3rd, 20 s gone
        clock.now += timedelta(hours=5)  # a clock set far forward lifts no more than that
        assert later.sign_in("Anna", ANNA_PIN) == anna


def test_the_owner_removes_cashiers_but_never_the_last_owner(
    cashiers: Cashiers, owner: Cashier, anna: Cashier,
) -> None:
    with _refused(Code.OWNER_ONLY):
        cashiers.remove("Olga", by=anna)
    with _refused(Code.LAST_OWNER):
        cashiers.remove("Olga", by=owner)
    cashiers.remove("Anna", by=owner)
    with _refused(Code.WRONG_PIN):
        cashiers.sign_in("Anna", ANNA_PIN)
    with _refused(Code.NO_SUCH_CASHIER):
        cashiers.remove("Anna", by=owner)
    again = cashiers.add("Anna", "445566", by=owner)  # the name may be given again
    assert cashiers.sign_in("Anna", "445566") == again


def test_a_cashier_changes_their_own_pin_and_the_owner_anyones(
    cashiers: Cashiers, owner: Cashier, anna: Cashier,
) -> None:
    cashiers.change_pin("Anna", "246802", by=anna)
    assert cashiers.sign_in("Anna", "246802") == anna
    with _refused(Code.OWNER_ONLY):
        cashiers.change_pin("Olga", "135791", by=anna)
    cashiers.change_pin("Anna", "864200", by=owner)
    with _refused(Code.WRONG_PIN):
        cashiers.sign_in("Anna", "246802")
    with _refused(Code.BAD_PIN):
        cashiers.change_pin("Anna", "12", by=owner)


def test_no_pin_is_in_the_book(
    book_path: Path, store: OrderStore, cashiers: Cashiers, owner: Cashier, anna: Cashier,
) -> None:
    cashiers.change_pin("Anna", "918273", by=anna)
    with pytest.raises(ShiftError):
        cashiers.sign_in("Anna", "650194")  # a wrong one is not kept either
    store.close()
    files = [p for p in book_path.parent.iterdir() if p.name.startswith(book_path.name)]
    written = b"".join(p.read_bytes() for p in files)
    for pin in (OWNER_PIN, ANNA_PIN, "918273", "650194"):
        assert pin.encode() not in written
        assert pin.encode("utf-16-le") not in written
    rows = OrderStore.open(book_path).cashiers()
    assert all(isinstance(row.pin_hash, bytes) and len(row.pin_hash) == 32 for row in rows)
    assert PinHash(rows[0].pin_hash, rows[0].pin_salt).scheme == SCHEME
    assert ANNA_PIN not in repr(rows)
