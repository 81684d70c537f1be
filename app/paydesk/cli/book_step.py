"""A command on a till that shares its order book: in step with the shared book first.

The window keeps the till's book in step all the time (core/shared_book/sync.py); a
command may run with no window open, so the commands that read or write orders
send what waits and fetch what changed before they start, and the writing ones
send their own orders when they end. The shared book out of reach never stops a
command: it works on this computer's copy and says, on stderr, that it did.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from paydesk.core.book.reader import StoreError
from paydesk.core.runtime import Runtime
from paydesk.core.shared_book.actions import sync_now, waiting_count

log = logging.getLogger(__name__)

#: The commands that read the order book, and those of them that write to it.
READING = frozenset({"list", "report", "export", "status", "refresh", "create"})
WRITING = frozenset({"status", "refresh", "create"})
#: A command does not wait long for the shared book: its own copy will do.
CONNECT_TIMEOUT = 3.0


@contextmanager
def kept_in_step(runtime: Runtime, command: str) -> Iterator[None]:
    """Around a command: in step before it reads, and after it wrote. A shared book out
    of reach is said once, on stderr: after a writing command (with the count of what
    waits once it wrote; the book is not tried a second time), else before it reads."""
    problem = sync_now(runtime, connect_timeout=CONNECT_TIMEOUT) if command in READING else None
    if problem is not None and command not in WRITING:
        say_offline(runtime, problem)
    yield
    if command in WRITING:
        if problem is None:
            problem = sync_now(runtime, connect_timeout=CONNECT_TIMEOUT)
        if problem is not None:
            say_offline(runtime, problem)


def say_offline(runtime: Runtime, exc: StoreError) -> None:
    """One line on stderr: the shared book is offline, and how many orders wait."""
    log.info("shared order book: %s", exc)  # the log file's; stderr gets the line below
    waiting = waiting_count(runtime)
    count = "" if waiting is None else f" — {waiting} order(s) waiting to upload"
    print(f"paydesk: shared order book offline ({exc}){count}; working on this computer's "
          "copy.", file=sys.stderr)
