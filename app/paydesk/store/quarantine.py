"""A damaged order book is moved aside, never deleted and never written to.

It goes to ``<name>.corrupt-<UTC time>`` (with its ``-wal`` and ``-shm``).
PayDesk then refuses to start a new, empty book in its place until the person
moves that file away, because an empty book would silently forget orders the
service may still have (unconfirmed ones, or paid ones not seen yet).
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, datetime
from pathlib import Path

from paydesk.store.errors import StoreError, StoreProblem

_CORRUPT_MARK = ".corrupt-"
_COMPANIONS = ("-wal", "-shm", "-journal")


class DamagedError(Exception):
    """The file is damaged (``reason`` says how); opening it moves it aside (set_aside)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def damaged_copies(path: Path) -> list[Path]:
    """Damaged books set aside beside ``path`` (without their -wal and -shm), oldest first."""
    try:
        found = [
            candidate
            for candidate in path.parent.glob(f"{path.name}{_CORRUPT_MARK}*")
            if not candidate.name.endswith(_COMPANIONS)
        ]
    except OSError:
        return []
    return sorted(found)


def set_aside(path: Path, reason: str) -> StoreError:
    """Rename the damaged book (and its companions) aside; the error to raise.

    A rename in one folder: atomic, no copy that could fail half-way, and the
    bytes stay exactly as they were for support to recover what can be.
    """
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}{_CORRUPT_MARK}{stamp}")
    number = 1
    while aside.exists() or any(
        aside.with_name(aside.name + suffix).exists() for suffix in _COMPANIONS
    ):
        aside = path.with_name(f"{path.name}{_CORRUPT_MARK}{stamp}-{number}")
        number += 1
    try:
        os.rename(path, aside)
    except FileNotFoundError:
        # Another PayDesk process found it damaged at the same moment and moved it.
        return _damaged_book_error(path, damaged_copies(path)[-1:] or [aside], reason)
    except OSError as exc:
        return StoreError(
            f"The order book {path} is damaged and cannot be used ({reason}). It could not "
            f"be moved aside ({exc.strerror}), so it has been left as it is. Stop taking "
            "payments on this computer and contact support with that file.",
            StoreProblem.DAMAGED,
            path=path,
        )
    for suffix in _COMPANIONS:
        # The -wal may hold the latest orders: it goes with the file, under the name
        # SQLite pairs it with when support opens the copy. (Missing is fine; one that
        # will not move stays beside a book that is gone, where it is harmless.)
        with contextlib.suppress(OSError):
            os.rename(path.with_name(path.name + suffix), aside.with_name(aside.name + suffix))
    return _damaged_book_error(path, [aside], reason)


def _damaged_book_error(path: Path, copies: list[Path], reason: str | None) -> StoreError:
    aside = copies[-1] if copies else path
    why = f" ({reason})" if reason else ""
    return StoreError(
        f"The order book {path} is damaged and cannot be read{why}. It has been moved to "
        f"{aside}; nothing was deleted. It may hold orders that are not confirmed or not "
        "yet seen paid, so PayDesk will not start a new, empty order book in its place: "
        "give that file to support, who can recover what it holds. To start a new order "
        f"book anyway, move {aside.name} out of {path.parent} and start PayDesk again.",
        StoreProblem.DAMAGED,
        path=path,
        moved_to=aside,
    )


def refuse_new_book_beside_a_damaged_one(path: Path) -> None:
    """No book, but a damaged one set aside: creating a fresh one needs the person's say."""
    if path.exists():
        return
    copies = damaged_copies(path)
    if copies:
        raise _damaged_book_error(path, copies, None)
