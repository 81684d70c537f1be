"""A command's standard output, whose failures are one exception: :class:`OutputError`.

Output goes to a terminal, a pipe or a file, and writing it can fail anywhere in a
command (any ``print``): the reader went away (``paydesk list | head -1``) or the
disk is full (``> /dev/full``). That is no fault of PayDesk's, so no traceback and
no crash report: main() catches :class:`OutputError` around the whole command and
says it, or for a closed pipe follows Python's advice (the signal module's "Note on
SIGPIPE"): stop quietly with exit code 1, with what is still buffered sent to
/dev/null, so that the flush at exit cannot fail again.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import TextIO


class OutputError(Exception):
    """Writing standard output failed; ``error`` is the OSError."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error

    @property
    def reader_left(self) -> bool:
        return isinstance(self.error, BrokenPipeError)


class _Guarded:
    """``stream``, with a failed write or flush raised as OutputError."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise OutputError(exc) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise OutputError(exc) from exc

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)  # encoding, isatty, fileno...


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """``sys.stdout`` raises OutputError inside; flushed before leaving, so that its
    last write fails (if it does) in here too, not at exit."""
    with contextlib.redirect_stdout(_Guarded(sys.stdout)):
        try:
            yield
        except SystemExit:  # --help, --version, a usage error: their text went out?
            sys.stdout.flush()
            raise
        sys.stdout.flush()


def silence_stdout() -> None:
    """What is still buffered goes nowhere: the flush at exit must not fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no real file
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
