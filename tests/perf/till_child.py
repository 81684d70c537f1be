"""One till of a shop in a process of its own, for bench_shared.py's figures.

    python till_child.py DATA_DIR

The data folder holds the settings the benchmark wrote (the service, the client,
the shared order book and this till's name); the secret comes from
``PAYDESK_SECRET_KEY``. The till is what a PayDesk window has, without the
window: its desk on its own book, and the sync thread keeping that book in
step with the shared one (started at once when the settings name a shared
book, as the window starts it). Commands, one a line on stdin:

- ``sell N PAUSE_MS``: N orders made as the counter makes them (written down,
  sent to the service, their link recorded), one every PAUSE_MS; each prints
  ``SOLD <order_id> <time.monotonic() before it was written>``;
- ``watch``: the watch engine runs from now on, as in the window (started, so
  every open order of this till is asked about at once, then ticked, with the
  orders the sync hands over checked at once);
- ``quit``: the sync ends as at a window's close (what waits goes up, the
  leases go back); prints ``BYE``.

It prints ``READY`` once the desk is open, ``STATUS <state> <waiting>`` for each
news of the sync, and ``SEEN <order_id> <time.monotonic()>`` when a download
first brings another till's order with its link into this till's book. On
Linux ``time.monotonic()`` is one clock for every process of the machine.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from typing import Any

from paydesk.core.runtime import open_runtime
from paydesk.core.shared_book.sync import BookDownloaded, BookStatusChanged, OrdersTaken
from paydesk.core.watch.engine import TICK_S, WatchEngine
from paydesk.core.watch.remote import send_creation
from paydesk.core.watch.threads import ThreadRunner

_print_lock = threading.Lock()


def say(line: str) -> None:
    with _print_lock:
        print(line, flush=True)


def main(data_dir: str) -> None:
    runtime = open_runtime(data_dir)
    desk = runtime.open_desk(runtime.open_store())
    till = runtime.settings.till_name
    inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
    seen: set[str] = set()

    def changed(event: BookDownloaded) -> None:  # in the sync's thread
        now = time.monotonic()
        for order in event.orders:
            if order.till != till and order.url is not None and order.order_id not in seen:
                seen.add(order.order_id)
                say(f"SEEN {order.order_id} {now:.6f}")

    def status(event: BookStatusChanged) -> None:
        news = event.status
        say(f"STATUS {news.state.value} {news.waiting}")

    sync = runtime.open_book_sync()
    if sync is not None:
        sync.hub.subscribe(BookStatusChanged, status)
        sync.hub.subscribe(BookDownloaded, changed)
        sync.hub.subscribe(OrdersTaken, lambda event: inbox.put(("taken", list(event.order_ids))))
        sync.start()

    def read_commands() -> None:
        for line in sys.stdin:
            inbox.put(("command", line.split()))
        inbox.put(("command", ["quit"]))

    threading.Thread(target=read_commands, daemon=True).start()
    say("READY")
    engine: WatchEngine | None = None
    with ThreadRunner(runtime.settings.max_in_flight) as runner:
        while True:
            if engine is not None:
                engine.tick()
                runner.step(engine, timeout=TICK_S, pause=time.sleep)
            try:
                kind, value = inbox.get(timeout=0 if engine is not None else TICK_S)
            except queue.Empty:
                continue
            if kind == "taken":
                if engine is not None:
                    engine.check_now(value)
                continue
            if value[0] == "sell":
                sell(runtime, desk, int(value[1]), float(value[2]) / 1000)
            elif value[0] == "watch" and engine is None:
                engine = WatchEngine(desk, runtime.gateway, runner,
                                     max_in_flight=runtime.settings.max_in_flight,
                                     limiter=runtime.limiter())
                engine.start()
            elif value[0] == "quit":
                if engine is not None:
                    engine.stop()
                break
    if sync is not None:
        sync.stop()
    desk.store.close()
    runtime.close()
    say("BYE")


def sell(runtime: Any, desk: Any, count: int, pause: float) -> None:
    client = runtime.gateway()
    next_at = time.monotonic()
    for number in range(count):
        time.sleep(max(0.0, next_at - time.monotonic()))
        started = time.monotonic()
        order = desk.start_order(100 + number)
        desk.record_creation(send_creation(client, order))
        say(f"SOLD {order.order_id} {started:.6f}")
        next_at = started + pause


if __name__ == "__main__":
    main(sys.argv[1])
