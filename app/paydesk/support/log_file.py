"""The log file: the standard library's rotating file, private to its owner, said once if it fails.

``logging.handlers.RotatingFileHandler`` rotates it (the size checked before
each record; ``.1`` … ``.N`` shifted up, the oldest dropped). Two things are
PayDesk's: every file it opens is made 0600 (support/private_files.py: the log names
orders and buyers), and a file that cannot be written (read-only, full disk) is
said once and then left alone, instead of a traceback for every line.
"""

from __future__ import annotations

import logging
import sys
from io import TextIOWrapper
from logging.handlers import RotatingFileHandler
from typing import cast

from paydesk.support.private_files import private_opener


class RotatingLogFile(RotatingFileHandler):
    """A RotatingFileHandler whose files are made 0600 and whose failure is said once."""

    def _open(self) -> TextIOWrapper:
        """The file, made 0600 if new: the one place FileHandler opens it, at the first
        record and after each rotation."""
        stream = open(self.baseFilename, self.mode, encoding=self.encoding,  # noqa: SIM115
                      errors=self.errors, opener=private_opener)
        return cast(TextIOWrapper, stream)  # text, as the mode says

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (stdlib name)
        """Said once, then this handler leaves the root logger."""
        root = logging.getLogger()
        if self in root.handlers:
            root.removeHandler(self)
            sys.stderr.write(f"PayDesk: the log file {self.baseFilename} cannot be written; "
                             "logging to it stops.\n")
