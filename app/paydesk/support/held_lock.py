"""A lock on a file that one PayDesk process holds for as long as it runs, or for
one short step (a save of the settings).

The operating system lets it go when the process ends, however it ends, so a
crash never leaves a stale lock behind (unlike a file whose mere presence is
the lock). POSIX's ``flock`` locks the open file; on Windows the first byte
is locked with ``msvcrt.locking``. A second open of the same file, in this
process or another, cannot take it while the first holds it.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import BinaryIO

from paydesk.support.private_files import private_opener

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl


class HeldLock:
    """The lock, held until :meth:`release` (or the process's end)."""

    def __init__(self, file: BinaryIO) -> None:
        self._file: BinaryIO | None = file

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing the file lets the lock go, on both systems
            self._file = None


def try_lock(path: Path) -> HeldLock | None:
    """Take the lock on ``path`` (made, mode 0600, if missing) without waiting;
    None when another holder has it."""
    file = open(path, "a+b", opener=private_opener)  # noqa: SIM115 (held by HeldLock)
    try:
        if sys.platform == "win32":
            file.seek(0)
            msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        file.close()
        return None
    return HeldLock(file)


#: The longest pause between two tries of :func:`wait_for_lock`.
_MAX_PAUSE = 0.05


def wait_for_lock(path: Path, timeout: float) -> HeldLock | None:
    """Take the lock on ``path``, waiting while another holder has it, for at most
    ``timeout`` seconds; None when it still has it then. For a lock held only for a
    short step: its holder lets go within milliseconds, unless it hangs."""
    deadline = time.monotonic() + timeout
    pause = 0.001
    while (lock := try_lock(path)) is None:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        time.sleep(min(pause, left))
        pause = min(pause * 2, _MAX_PAUSE)
    return lock


def holder_address(lock_path: Path, address_path: Path) -> str | None:
    """The ``http://`` address a running server wrote at ``address_path`` while it holds
    ``lock_path`` (the buyer's web screen, the till program's API); None when no program
    holds the lock (the file may be a crashed one's) or the file says nothing usable."""
    lock = try_lock(lock_path)
    if lock is not None:
        lock.release()
        return None
    try:
        data = json.loads(address_path.read_text(encoding="utf-8"))
        url = data["url"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return url if isinstance(url, str) and url.startswith("http://") else None
