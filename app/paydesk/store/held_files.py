"""The order-book files this process has let SQLite open: nothing else opens them again.

On POSIX, closing *any* descriptor of a file drops *every* fcntl lock the process
holds on it, SQLite's among them ("How To Corrupt An SQLite Database File",
section 2.2, https://sqlite.org/howtocorrupt.html). Were the process to read a
book's header with ``open()`` while one of its connections (the window's, the
sync thread's) holds the book, another process (``paydesk create`` beside the
window) would then find no lock, believe itself the last user, checkpoint the
``-wal`` and delete it under the window, which would go on writing orders into a
deleted file.

So the store looks at a book's bytes itself (store/database.py: refusing a file
that is plainly not a book) only before this process has let SQLite open that
file, and notes the file here, under one lock, before any connection to it is
made. Files are told apart by device and inode, so a book moved aside and a new
one made under the same name are two files. A noted file stays noted for the
life of the process: a connection that was never closed may still hold it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_lock = threading.Lock()
_noted: set[tuple[int, int]] = set()


def _identity(path: Path) -> tuple[int, int] | None:
    """The file's device and inode (``stat`` opens no descriptor); None if it is missing."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino


@contextmanager
def first_look(path: Path) -> Iterator[bool]:
    """Whether this process may still read ``path``'s bytes itself: True only while no
    connection of the process has ever been made to that file. The file is noted as
    SQLite's on leaving the block, so no other thread can read it meanwhile."""
    with _lock:
        identity = _identity(path)
        try:
            yield identity is None or identity not in _noted
        finally:
            _note(path)


def note(path: Path) -> None:
    """``path`` is about to be opened through SQLite: never read it directly again."""
    with _lock:
        _note(path)


def _note(path: Path) -> None:
    identity = _identity(path)
    if identity is not None:
        _noted.add(identity)

