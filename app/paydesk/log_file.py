"""The log file: appended to, and rotated at a size into numbered copies.

The standard library's ``logging.handlers.RotatingFileHandler`` does the same,
but importing ``logging.handlers`` loads socket, pickle and queue for its other
handlers: ~5 ms of the window's start (tests/perf/bench.py, ``startup_ratio``),
for a file the first frame never writes to. This is the same rotation (the size
checked before each record; ``.1`` … ``.N`` shifted up, the oldest dropped),
plus PayDesk's rule for a file that cannot be written: say so once, then stop.
"""

from __future__ import annotations

import logging
import os
import sys
from io import TextIOWrapper
from pathlib import Path
from typing import cast

from paydesk.private_files import private_opener


class RotatingLogFile(logging.FileHandler):
    """``path``, UTF-8, opened with its first record and rotated before passing ``max_bytes``."""

    def __init__(self, path: Path, *, max_bytes: int, backup_count: int) -> None:
        super().__init__(path, encoding="utf-8", delay=True)
        self.max_bytes = max_bytes
        self.backup_count = backup_count

    def _open(self) -> TextIOWrapper:
        """The file, made 0600 if new (private_files.py): it names orders and buyers."""
        stream = open(self.baseFilename, self.mode, encoding=self.encoding,  # noqa: SIM115
                      errors=self.errors, opener=private_opener)
        return cast(TextIOWrapper, stream)  # text, as the mode says

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._would_pass_max(record):
                self._rotate()
            super().emit(record)
        except Exception:
            self.handleError(record)

    def _would_pass_max(self, record: logging.LogRecord) -> bool:
        if self.stream is None:
            self.stream = self._open()
        if self.max_bytes <= 0 or self.backup_count <= 0:
            return False  # as the standard library's: no size, or nowhere to rotate to
        written = self.stream.tell()
        # A first line longer than the limit is written all the same, once.
        return written > 0 and written + len(self.format(record)) + 1 >= self.max_bytes

    def _rotate(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None  # reopened by the next emit
        base = self.baseFilename
        for number in range(self.backup_count - 1, 0, -1):
            if os.path.exists(f"{base}.{number}"):
                os.replace(f"{base}.{number}", f"{base}.{number + 1}")
        # Gone already (deleted, or rotated by a command sharing paydesk-cli.log):
        # the next record starts a new file.
        if os.path.exists(base):
            os.replace(base, f"{base}.1")

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (stdlib name)
        """A file that cannot be written (read-only, full disk) is said once, then
        left alone, instead of printing a traceback for every line."""
        root = logging.getLogger()
        if self in root.handlers:
            root.removeHandler(self)
            sys.stderr.write(f"PayDesk: the log file {self.baseFilename} cannot be written; "
                             "logging to it stops.\n")
