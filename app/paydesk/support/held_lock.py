"""A lock on a file that one PayDesk process holds for as long as it runs.

The operating system lets it go when the process ends, however it ends, so a
crash never leaves a stale lock behind (unlike a file whose mere presence is
the lock). POSIX's ``flock`` locks the open file; on Windows the first byte
is locked with ``msvcrt.locking``. A second open of the same file, in this
process or another, cannot take it while the first holds it.
"""

from __future__ import annotations

import sys
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
