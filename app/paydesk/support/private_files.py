"""What PayDesk keeps is for its owner alone: folders 0700, files 0600.

The order book holds buyers' e-mail addresses, the settings the merchant's
account, the logs and crash reports what happened at the counter; no other user
of the computer may read them. Each folder and file is made with its mode (a
chmod after the fact leaves a moment when others may open it), and what an
older PayDesk made readable to others is tightened at start. SQLite gives a
book's ``-wal``, ``-shm`` and ``-journal`` the mode of the book itself.

Exports are left alone: where they go, and who may read them, is the person's
choice. On Windows these modes mean little; a profile's folders are private.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

FOLDER_MODE = 0o700
FILE_MODE = 0o600
_OTHERS = 0o077


def make_private_folder(path: Path) -> Path:
    """``path`` made if missing (its missing parents too, with the usual mode), and
    closed to others if it was open to them."""
    path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    tighten([path])
    return path


def private_opener(path: str | os.PathLike[str], flags: int) -> int:
    """``open(path, mode, opener=private_opener)``: a file it creates is 0600 from the start."""
    return os.open(path, flags, FILE_MODE)


def create_private_file(path: Path) -> None:
    """Make an empty ``path`` with mode 0600 unless it exists (for files another library
    creates on first open, such as SQLite's: it keeps an empty file's mode)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))


def write_private_file(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` at once (temp file, fsync, rename), so a crash
    never leaves half a file, and with mode 0600 from the start.

    The temp file, beside ``path`` (a rename stays on one disk), has a name of its own
    each time, made new by us (``mkstemp``: 0600, never through a link planted there):
    two programs writing the same file at once (the window and ``paydesk config set``)
    each rename their own whole file, never one half-written by the other.
    OSError if it cannot be written.
    """
    make_private_folder(path.parent)
    fd, name = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def tighten(paths: Iterable[Path]) -> None:
    """Take away every permission of group and others these have; never add any.

    Missing paths, symbolic links (never followed: one may point outside) and
    paths this process may not change (another owner, a read-only disk) are left
    as they are: reading them still works, and this is no reason to stop.
    """
    if os.name != "posix":
        return
    for path in paths:
        try:
            mode = path.lstat().st_mode
            if not stat.S_ISLNK(mode) and mode & _OTHERS:
                os.chmod(path, stat.S_IMODE(mode) & ~_OTHERS)
        except OSError:
            continue
