"""``paydesk`` that stops at steps of ``create`` or of a settings save, for the tests
that kill it there or let others run meanwhile.

    python -m paused_paydesk POINT[,POINT...] [paydesk arguments...]

Installs the pauses, then runs ``paydesk.launch.main`` as the ``paydesk`` command
does. At each POINT (the first time it is reached) it says ``paused at POINT`` on
stderr and waits for a line on stdin, so a test (tests/reliability) can SIGKILL it
exactly there, or let it go on. The points, in the order they are reached:

- ``before_write``: the book is open, the order not written yet;
- ``after_write``: the order is committed, unconfirmed, and not sent;
- ``after_send``: the service has answered, and nothing of its answer is saved;
- ``settings_save``: a save of the settings has begun: nothing read, nothing locked;
- ``settings_read``: the settings file is read and changed (under the settings' lock,
  if the save takes one), and not written yet;
- ``close_freezing``: a shift's close has asked the service, and the report is not
  begun;
- ``close_in_freeze``: inside the transaction that closes the shift, its report made and
  nothing of it written yet (the book's write lock held);
- ``close_frozen``: the shift is closed with its report (committed), nothing printed.

Besides, each time a save waits for the settings' lock it says ``at settings_lock``
first, so a test can tell a process waiting there from one that never got that far.

The pauses wrap the core's own steps (``OrderDesk.start_order`` writes the order,
``OrderDesk.record_creation`` saves the answer, ``Runtime.save_settings`` saves the
settings with ``settings.save`` after reading them, ``OrderStore.freeze_shift`` closes a
shift with its report), so the app carries no test hook.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from paydesk.core import settings
from paydesk.core.desk import OrderDesk
from paydesk.core.runtime import Runtime
from paydesk.domain.orders import Order
from paydesk.launch import main
from paydesk.store import OrderStore

POINTS = ("before_write", "after_write", "after_send", "settings_save", "settings_read",
          "close_freezing", "close_in_freeze", "close_frozen")


def pause(point: str) -> None:
    print(f"paused at {point}", file=sys.stderr, flush=True)
    sys.stdin.readline()


def install(points: str) -> None:
    """Wrap the core's steps so that it pauses at each of ``points`` (comma-separated),
    the first time only (saving the answer may be tried again; the pause is before the
    first try)."""
    waiting = set(points.split(","))
    if not waiting <= set(POINTS):
        raise SystemExit(f"paused_paydesk: no pause point in {points!r}; use {POINTS}")
    start_order = OrderDesk.start_order
    record_creation = OrderDesk.record_creation
    save_settings = Runtime.save_settings
    save = settings.save

    def pause_at(here: str) -> None:
        if here in waiting:
            waiting.discard(here)
            pause(here)

    def paused_start_order(self: OrderDesk, *args: Any, **kwargs: Any) -> Order:
        pause_at("before_write")
        order = start_order(self, *args, **kwargs)
        pause_at("after_write")
        return order

    def paused_record_creation(self: OrderDesk, *args: Any, **kwargs: Any) -> Order:
        pause_at("after_send")  # the answer is in hand, about to be saved
        return record_creation(self, *args, **kwargs)

    def paused_save_settings(self: Runtime, *args: Any, **kwargs: Any) -> settings.Settings:
        pause_at("settings_save")
        return save_settings(self, *args, **kwargs)

    def paused_save(*args: Any, **kwargs: Any) -> None:
        pause_at("settings_read")
        save(*args, **kwargs)

    freeze_shift = OrderStore.freeze_shift

    def paused_freeze_shift(self: OrderStore, number: int, by: str, at: Any,
                            report: Any) -> Any:
        def made(closed: Any) -> str:
            text: str = report(closed)
            pause_at("close_in_freeze")
            return text

        pause_at("close_freezing")
        frozen = freeze_shift(self, number, by, at, made)
        pause_at("close_frozen")
        return frozen

    OrderDesk.start_order = paused_start_order  # type: ignore[method-assign]
    OrderDesk.record_creation = paused_record_creation  # type: ignore[method-assign]
    Runtime.save_settings = paused_save_settings  # type: ignore[method-assign]
    settings.save = paused_save
    OrderStore.freeze_shift = paused_freeze_shift  # type: ignore[method-assign]
    wait_for_lock = getattr(settings, "wait_for_lock", None)
    if wait_for_lock is not None:  # a save that takes the settings' lock

        def announced_wait(path: Path, *args: Any, **kwargs: Any) -> Any:
            print("at settings_lock", file=sys.stderr, flush=True)
            return wait_for_lock(path, *args, **kwargs)

        settings.wait_for_lock = announced_wait


if __name__ == "__main__":
    install(sys.argv[1])
    raise SystemExit(main(sys.argv[2:]))
