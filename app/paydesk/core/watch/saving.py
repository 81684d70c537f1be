"""Saving the service's answer to a create_order, tried again for a few seconds.

Once create_order has gone out, the service may have the order, so a save that
fails must never end in "try again" (a second sale for the same purchase). A
lock held by another program, or a disk that is full for a moment, often passes
within seconds: the save is tried again for ``SAVE_RETRY_SECONDS`` after its
first failure. If it still fails, the order stays unconfirmed in the book, and
``paydesk refresh`` or the window finishes it under the same order id (the
service answers a repeat with the same link).

For the command line, which may wait. The window never does: its counter sends
an unconfirmed order again by itself a little later, without blocking.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.outcomes import CreationOutcome
from paydesk.domain.orders import Order
from paydesk.store.errors import StoreError, StoreProblem

#: How long after its first failure the save is tried again.
SAVE_RETRY_SECONDS = 5.0
#: Pauses between tries: soon at first, then once a second.
_PAUSES = (0.25, 0.5, 1.0)
#: Troubles that may pass by themselves (a damaged book does not; nor does a bug).
_MAY_PASS = frozenset({StoreProblem.LOCKED, StoreProblem.FULL, StoreProblem.DISK})

#: Never set: waiting on it is a sleep that Ctrl+C ends.
_never = threading.Event()


def record_creation_retrying(
    desk: OrderDesk,
    outcome: CreationOutcome,
    *,
    on_retry: Callable[[StoreError], None] | None = None,
    pause: Callable[[float], object] = _never.wait,
    retry_for: float = SAVE_RETRY_SECONDS,
) -> Order:
    """``desk.record_creation(outcome)``, tried again while the trouble may pass.

    ``on_retry`` hears of the first failure (the caller says why it waits).
    Raises the last :class:`StoreError` when the time is up.
    """
    deadline: float | None = None
    tries = 0
    while True:
        try:
            return desk.record_creation(outcome)
        except StoreError as error:
            if error.problem not in _MAY_PASS:
                raise
            now = time.monotonic()
            if deadline is None:
                deadline = now + retry_for
                if on_retry is not None:
                    on_retry(error)
            elif now >= deadline:
                raise
            pause(_PAUSES[min(tries, len(_PAUSES) - 1)])
            tries += 1
