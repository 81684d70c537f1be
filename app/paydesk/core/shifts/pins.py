"""A cashier's PIN, kept only as a slow hash: ``hashlib.scrypt`` with a salt of its own.

The scheme string stored beside each hash names the parameters it was made with
(``scrypt:n=16384,r=8,p=1,len=32``), so a later PayDesk may raise them for new PINs and
still check the old ones. n=2**14, r=8, p=1 costs about 16 MiB and a few tens of
milliseconds per check: slow for a guesser with the file, unnoticed by a cashier. The
salt is 16 random bytes (``secrets``) per cashier, made again with each new PIN. A PIN
has 4 to 6 digits, so the hash alone does not keep it from someone with the book: the
throttle (cashiers.py) keeps it from someone at the counter, and the book is the shop's.
Hashes are compared in constant time (``hmac.compare_digest``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from paydesk.domain.failures import ShiftFailureCode
from paydesk.domain.shift_errors import ShiftError

PIN_DIGITS = (4, 6)
_N, _R, _P, _LENGTH = 2**14, 8, 1, 32
SCHEME = f"scrypt:n={_N},r={_R},p={_P},len={_LENGTH}"
_SALT_BYTES = 16


@dataclass(frozen=True, slots=True)
class PinHash:
    """What is stored of a PIN: the hash, its salt and how it was made."""

    hash: bytes
    salt: bytes
    scheme: str = SCHEME

    def __repr__(self) -> str:
        return f"PinHash(scheme={self.scheme!r})"


def check_pin_format(pin: str) -> str:
    """``pin`` if it is 4 to 6 ASCII digits, else ShiftError(BAD_PIN) (the PIN is never
    part of the error)."""
    low, high = PIN_DIGITS
    if not (isinstance(pin, str) and low <= len(pin) <= high and pin.isascii()
            and pin.isdigit()):
        raise ShiftError(ShiftFailureCode.BAD_PIN)
    return pin


def hash_pin(pin: str) -> PinHash:
    """A new salt and the PIN's hash (the PIN checked first)."""
    salt = secrets.token_bytes(_SALT_BYTES)
    return PinHash(_derive(check_pin_format(pin), salt, SCHEME), salt)


def pin_matches(pin: str, stored: PinHash) -> bool:
    """Whether ``pin`` is the one ``stored`` was made from (constant-time comparison).
    A PIN of the wrong form is hashed all the same, so it takes as long to refuse."""
    candidate = pin if isinstance(pin, str) else ""
    return hmac.compare_digest(_derive(candidate, stored.salt, stored.scheme), stored.hash)


def _derive(pin: str, salt: bytes, scheme: str) -> bytes:
    n, r, p, length = _parameters(scheme)
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=length,
                          maxmem=2 * 128 * r * (n + p + 2))


def _parameters(scheme: str) -> tuple[int, int, int, int]:
    """The parameters a stored scheme names (ValueError for one this PayDesk cannot make)."""
    name, _colon, rest = scheme.partition(":")
    if name != "scrypt":
        raise ValueError(f"unknown PIN scheme {name!r}")
    values = dict(part.split("=", 1) for part in rest.split(","))
    return int(values["n"]), int(values["r"]), int(values["p"]), int(values["len"])
