"""``paydesk`` that stops at one step of ``create``, for the tests that kill it there.

    python -m paused_paydesk POINT [paydesk arguments...]

Installs the pause, then runs ``paydesk.launch.main`` as the ``paydesk`` command
does. At POINT it says ``paused at POINT`` on stderr and waits for a line on stdin,
so a test (tests/reliability) can SIGKILL it exactly there, or let it go on. The
points, in the order ``create`` reaches them:

- ``before_write``: the book is open, the order not written yet;
- ``after_write``: the order is committed, unconfirmed, and not sent;
- ``after_send``: the service has answered, and nothing of its answer is saved.

The pause wraps the desk's own steps (``OrderDesk.start_order`` writes the order,
``OrderDesk.record_creation`` saves the answer), so the app carries no test hook.
"""

from __future__ import annotations

import sys
from typing import Any

from paydesk.core.desk import OrderDesk
from paydesk.domain.orders import Order
from paydesk.launch import main

POINTS = ("before_write", "after_write", "after_send")


def pause(point: str) -> None:
    print(f"paused at {point}", file=sys.stderr, flush=True)
    sys.stdin.readline()


def install(point: str) -> None:
    """Wrap the desk's steps so that ``create`` pauses at ``point``, the first time only
    (saving the answer may be tried again; the pause is before the first try)."""
    if point not in POINTS:
        raise SystemExit(f"paused_paydesk: no pause point {point!r}; one of {POINTS}")
    start_order = OrderDesk.start_order
    record_creation = OrderDesk.record_creation
    waiting = True

    def pause_at(here: str) -> None:
        nonlocal waiting
        if waiting and here == point:
            waiting = False
            pause(here)

    def paused_start_order(self: OrderDesk, *args: Any, **kwargs: Any) -> Order:
        pause_at("before_write")
        order = start_order(self, *args, **kwargs)
        pause_at("after_write")
        return order

    def paused_record_creation(self: OrderDesk, *args: Any, **kwargs: Any) -> Order:
        pause_at("after_send")  # the answer is in hand, about to be saved
        return record_creation(self, *args, **kwargs)

    OrderDesk.start_order = paused_start_order  # type: ignore[method-assign]
    OrderDesk.record_creation = paused_record_creation  # type: ignore[method-assign]


if __name__ == "__main__":
    install(sys.argv[1])
    raise SystemExit(main(sys.argv[2:]))
