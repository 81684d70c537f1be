"""bench.py's ``shared`` part: a shop's tills on one shared order book (issue 16).

The part starts its own throwaway PostgreSQL server (tests/helpers/postgres.py;
skipped, with the reason printed, where no server is installed) and measures:

- ``shared_shown_p95_s``: 4 tills, each a process of its own (till_child.py: a
  desk on its own data folder and the sync thread, as a window has), each selling
  250 orders through the sandbox, one every 50 ms; for every order and every
  other till, from the moment the order was written at its till (before it was
  sent) until a download brought it, with its link, into the other till's book;
  the 95th percentile of the 3 000.
- ``get_order_ratio``: the ``get_order`` requests the sandbox counted while 4
  tills, sharing one book, run their watch engines over the same 48 open orders
  (12 sold at each, seen by all), over the same with 1 till alone on its own
  book (48 sold there), during the same 28 s from the engines' start (a start
  asks about every open order, then they back off: 28 s falls between two
  checks of every order, so no order's check sits on the edge).
- ``shared_create_to_qr_ratio``: Enter to QR painted (bench.py's way) in a
  window whose settings name the shared book (its sync thread running, as the
  window starts it), over the same in a window on its own book only; both
  windows open side by side, measured in turn, median of 30 each.
- ``shared_upload_1000_s``: a till with the shared book down sells 1 000 orders
  (they wait in its journal); the server starts again: from the server
  accepting connections until the till's sync says nothing waits.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_books import prepare_data_dir, runtime_for
from bench_common import HERE, SECRET, log, median
from bench_create import enter_to_qr
from bench_sandbox import SandboxProcess
from bench_window import Gui, PaintDone

TILL_CHILD = HERE / "till_child.py"
WAIT_S = 120.0


@dataclass(frozen=True)
class SharedSizes:
    tills: int
    shown_orders: int  # sold at each till
    shown_pause_ms: int
    watch_orders: int  # open orders watched, in all
    watch_seconds: float
    upload_orders: int


FULL = SharedSizes(tills=4, shown_orders=250, shown_pause_ms=50, watch_orders=48,
                   watch_seconds=28.0, upload_orders=1000)
QUICK = SharedSizes(tills=4, shown_orders=4, shown_pause_ms=10, watch_orders=8,
                    watch_seconds=1.0, upload_orders=20)


@contextlib.contextmanager
def postgres_server() -> Iterator[Any]:
    """A throwaway PostgreSQL server on 127.0.0.1, or None when none is installed."""
    from postgres import PostgresServer, server_bindir

    bindir = server_bindir()
    if bindir is None:
        yield None
        return
    server = PostgresServer(bindir)
    try:
        server.init()
        yield server
    finally:
        server.destroy()


def new_book(server: Any) -> str:
    """A fresh database with the shared book's schema; its URL."""
    from paydesk.store.shared.book import SharedBook

    url: str = server.url(server.create_database())
    with SharedBook.connect(url) as book:
        book.init_schema()
    return url


def till_folder(folder: Path, base_url: str, book_url: str, till: str) -> Path:
    """A data folder (bench_books.prepare_data_dir) whose settings name the book and the till."""
    prepare_data_dir(folder, base_url)
    settings_file = folder / "settings.json"
    settings = json.loads(settings_file.read_text(encoding="utf-8"))
    settings.update({"order_book": book_url, "till": till})
    settings_file.write_text(json.dumps(settings), encoding="utf-8")
    return folder


# -- tills in processes of their own ---------------------------------------------------


@dataclass
class TillProcess:
    """till_child.py in its own process; what it said, gathered by a thread."""

    name: str
    process: subprocess.Popen[str]
    sold: dict[str, float] = field(default_factory=dict)
    seen: dict[str, float] = field(default_factory=dict)
    status: tuple[str, int] = ("", 0)
    lines: list[str] = field(default_factory=list)
    _news: threading.Condition = field(default_factory=threading.Condition)

    @classmethod
    def start(cls, folder: Path, base_url: str, book_url: str, name: str) -> TillProcess:
        till_folder(folder, base_url, book_url, name)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PAYDESK_")}
        env.update({"PAYDESK_SECRET_KEY": SECRET, "QT_QPA_PLATFORM": "offscreen"})
        with (folder / "child.log").open("w", encoding="utf-8") as errors:
            process = subprocess.Popen(
                [sys.executable, str(TILL_CHILD), str(folder)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                stderr=errors,
            )
        till = cls(name, process)
        threading.Thread(target=till._read, daemon=True).start()
        return till

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            tag, *rest = line.split()
            with self._news:
                self.lines.append(tag)
                if tag == "SOLD":
                    self.sold[rest[0]] = float(rest[1])
                elif tag == "SEEN":
                    self.seen[rest[0]] = float(rest[1])
                elif tag == "STATUS":
                    self.status = (rest[0], int(rest[1]))
                self._news.notify_all()
        with self._news:
            self.lines.append("EOF")
            self._news.notify_all()

    def send(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def wait(self, done: Callable[[TillProcess], bool], what: str,
             timeout: float = WAIT_S) -> None:
        with self._news:
            if not self._news.wait_for(lambda: done(self) or "EOF" in self.lines, timeout):
                raise RuntimeError(f"till {self.name}: no {what} within {timeout:.0f} s")
            if not done(self):
                raise RuntimeError(f"till {self.name} ended before {what}")

    def quit(self) -> None:
        with contextlib.suppress(OSError):
            self.send("quit")
            assert self.process.stdin is not None
            self.process.stdin.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


@contextlib.contextmanager
def shop(work: Path, base_url: str, book_url: str, count: int) -> Iterator[list[TillProcess]]:
    """``count`` tills on ``book_url`` ("": each on its own book), ready (and online)."""
    tills: list[TillProcess] = []
    try:
        for number in range(count):
            name = f"till{number + 1}"
            tills.append(TillProcess.start(work / name, base_url, book_url, name))
        for till in tills:
            till.wait(lambda t: "READY" in t.lines, "start")
            if book_url:
                till.wait(lambda t: t.status[0] == "online", "shared book online")
        yield tills
    finally:
        for till in tills:
            till.quit()


def seen_everywhere(tills: list[TillProcess]) -> None:
    """Wait until every till's book has every order the others sold."""
    for till in tills:
        others = [oid for other in tills if other is not till for oid in other.sold]
        till.wait(lambda t, others=others: all(oid in t.seen for oid in others),
                  "orders of the other tills")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def bench_shown(sizes: SharedSizes, work: Path, server: Any, base_url: str) -> dict[str, Any]:
    with shop(work / "shown", base_url, new_book(server), sizes.tills) as tills:
        for till in tills:
            till.send(f"sell {sizes.shown_orders} {sizes.shown_pause_ms}")
        for till in tills:
            till.wait(lambda t: len(t.sold) == sizes.shown_orders, "sales")
        seen_everywhere(tills)
        delays = [other.seen[oid] - sold_at for till in tills for oid, sold_at in till.sold.items()
                  for other in tills if other is not till]
    return {
        "shared_shown_p95_s": percentile(delays, 0.95),
        "shared_shown_median_s": median(delays),
        "shared_shown_max_s": max(delays),
        "shared_shown_over_1s": sum(delay > 1.0 for delay in delays),
        "shared_shown_samples": len(delays),
    }


def watch_round(work: Path, sandbox: Any, book_url: str, count: int,
                sizes: SharedSizes) -> int:
    """get_order requests while ``count`` tills watch ``sizes.watch_orders`` open orders."""
    with shop(work, sandbox.base_url, book_url, count) as tills:
        for till in tills:
            till.send(f"sell {sizes.watch_orders // count} 0")
        for till in tills:
            till.wait(lambda t: len(t.sold) == sizes.watch_orders // count, "sales")
        if book_url:
            seen_everywhere(tills)
        before = sandbox.request_count("get_order")
        for till in tills:
            till.send("watch")
        time.sleep(sizes.watch_seconds)
        return int(sandbox.request_count("get_order") - before)


def bench_get_order(sizes: SharedSizes, work: Path, server: Any, sandbox: Any,
                    ) -> dict[str, Any]:
    one = watch_round(work / "watch-one", sandbox, "", 1, sizes)
    shared = watch_round(work / "watch-shared", sandbox, new_book(server), sizes.tills, sizes)
    return {
        "get_order_ratio": shared / max(one, 1),
        "get_order_calls_one_till": one,
        f"get_order_calls_{sizes.tills}_tills": shared,
    }


# -- Enter to QR with the shared book -----------------------------------------------------


def bench_shared_create(runs: int, warmup: int, work: Path, gui: Gui, server: Any,
                        base_url: str) -> dict[str, Any]:
    from paydesk.core.shared_book.sync import BookState

    book_url = new_book(server)
    windows: dict[str, tuple[Any, Any, PaintDone]] = {}
    times: dict[str, list[float]] = {"local": [], "shared": []}
    try:
        for name, extra in (("local", {}), ("shared", {"order_book": book_url,
                                                        "till": "bench-window"})):
            runtime = runtime_for(prepare_data_dir(work / f"qr-{name}", base_url),
                                  base_url, **extra)
            window = gui.open_window(runtime, start=True)
            windows[name] = (runtime, window, PaintDone(window.parts.payment_panel.qr,
                                                        own_paint=True))
        link = windows["shared"][1].parts.shared_book
        if link is None or not gui.wait(lambda: link.status.state is BookState.ONLINE):
            raise RuntimeError("the window's shared book did not come online")
        for number in range(warmup + runs):
            order = ("local", "shared") if number % 2 else ("shared", "local")
            for name in order:
                _runtime, window, painted = windows[name]
                seconds = enter_to_qr(gui, window, painted, number)
                if number >= warmup:
                    times[name].append(seconds)
                gui.wait(lambda: False, timeout=0.02)  # the new order's first poll settles
        # What the shared window sold went up (its sync kept up with the sales).
        if not gui.wait(lambda: link.status.waiting == 0, timeout=30):
            raise RuntimeError("the shared window's orders did not go up")
    finally:
        for runtime, window, painted in windows.values():
            painted.close()
            gui.close_window(window)
            runtime.close()
    return {
        "shared_create_to_qr_ratio": median(times["shared"]) / median(times["local"]),
        "shared_create_to_qr_ms": median(times["shared"]) * 1000,
        "shared_create_to_qr_local_ms": median(times["local"]) * 1000,
        "shared_create_to_qr_runs_ms": {name: [round(v * 1000, 1) for v in values]
                                        for name, values in times.items()},
    }


# -- 1 000 orders waiting for the book's return ---------------------------------------


def bench_upload(sizes: SharedSizes, work: Path, server: Any, base_url: str,
                 ) -> dict[str, Any]:
    from paydesk.core.shared_book.sync import BookState, BookStatus, BookStatusChanged
    from paydesk.core.watch.remote import send_creation

    book_url = new_book(server)
    runtime = runtime_for(prepare_data_dir(work / "upload", base_url), base_url,
                          order_book=book_url, till="upload")
    desk = runtime.open_desk(runtime.open_store())
    sync = runtime.open_book_sync()
    assert sync is not None
    news = threading.Condition()
    done: list[float] = []

    def heard(status: BookStatus) -> None:
        with news:
            if status.state is BookState.ONLINE and status.waiting == 0 and not done:
                done.append(time.monotonic())
            news.notify_all()

    def wait_for(condition: Callable[[], bool], what: str) -> None:
        with news:
            if not news.wait_for(condition, WAIT_S):
                raise RuntimeError(f"{what}: not within {WAIT_S:.0f} s ({sync.status})")

    sync.hub.subscribe(BookStatusChanged, lambda event: heard(event.status))
    sync.start()
    try:
        wait_for(lambda: bool(done), "the shared book online")
        server.stop()
        client = runtime.gateway()
        for number in range(sizes.upload_orders):
            order = desk.start_order(100 + number)
            desk.record_creation(send_creation(client, order))
        wait_for(lambda: sync.status.state is BookState.OFFLINE
                 and sync.status.waiting == sizes.upload_orders, "the orders waiting")
        done.clear()
        asked = time.monotonic()
        server.start()  # returns once the server accepts connections
        back = time.monotonic()
        wait_for(lambda: bool(done), "the orders uploaded")
    finally:
        if not server.running:
            server.start()
        sync.stop()
        desk.store.close()
        runtime.close()
    return {
        "shared_upload_1000_s": done[0] - back,
        "shared_upload_from_start_command_s": done[0] - asked,
        "shared_upload_orders": sizes.upload_orders,
    }


# -- the part ----------------------------------------------------------------------------


def bench_shared(quick: bool, create_runs: int, create_warmup: int, work: Path, gui: Gui,
                 sandbox: Any) -> dict[str, Any]:
    """The part's figures; none (and the reason said) without a PostgreSQL server."""
    sizes = QUICK if quick else FULL
    with postgres_server() as server:
        if server is None:
            from postgres import SKIP_REASON

            log(f"shared order book: skipped ({SKIP_REASON})")
            return {"shared_skipped": SKIP_REASON}
        log(f"shared: {sizes.tills} tills, {sizes.shown_orders} orders each")
        figures = bench_shown(sizes, work, server, sandbox.base_url)
        log(f"shared: get_order with {sizes.tills} tills and with 1")
        figures.update(bench_get_order(sizes, work, server, sandbox))
        log("shared: Enter to QR with the shared book")
        with SandboxProcess(work) as separate:
            figures.update(bench_shared_create(create_runs, create_warmup, work, gui, server,
                                               separate.base_url))
        log(f"shared: {sizes.upload_orders} orders up after an outage")
        figures.update(bench_upload(sizes, work, server, sandbox.base_url))
    return figures
