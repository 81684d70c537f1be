"""PayDesk's performance benchmark: start-up, amount to QR, refresh at scale, a big history.

    python tests/perf/bench.py [--quick] [--json PATH] [--only PART ...]

Prints a table and (with --json) writes the figures as JSON. This is a
benchmark, not a test: nothing here fails on a slow figure. The test suite runs
``--quick`` (tiny sizes) only to keep it working (tests/perf/test_bench_quick.py).

These machines are shared and noisy, so every figure that can be is a ratio
against a baseline measured in the same run, interleaved with it:

- ``startup_ratio``: a fresh ``python`` process starting PayDesk through its real
  entry point (``paydesk.launch.main([])``, what the ``paydesk`` command runs)
  until the main window's first frame is painted, over the same for a bare
  ``QApplication`` + ``QMainWindow`` (startup_child.py); median of 7 each.
- ``create_to_qr_ratio``: Enter in the amount field until the QR is painted,
  against the sandbox on loopback, over a bare ``requests`` create_order call
  plus the ``qrcode`` matrix of the same link; median of 30 each.
- ``refresh_ratio``: "check all pending" over 1 000 pending orders with the
  sandbox answering after 50 ms and 8 requests in flight, wall time over the
  ideal 1 000 x 0.05 s / 8; ``max_stall_ms`` is the longest gap of a 10 ms
  QTimer in the GUI thread meanwhile.
- ``history_open_ratio``: the window built and painted with 100 000 orders in the
  book over the same with none; ``history_filter_ms``: the slowest of the medians
  of a status filter, a text search and a sort to paint their first rows;
  ``history_rss_mb``: resident memory of a process that opened the window and
  ran those filters, with 100 000 orders minus with none.
- ``external_change_ms``: another process (book_writer.py, through the store as
  the commands write) adds an order to a book of 100 000, then records its
  payment, under the open window: from its commit until the window's list shows
  it (the new row, then "Paid"); the slowest of all. Each write comes at a
  random moment of the window's look interval. The window's own checks are
  off, so only the list's watch on the book can show it.
- ``sandbox_p50_ms``: sequential ``get_order`` through ``GatewayClient``.
- ``shared``: a shop's tills on one shared order book, on a PostgreSQL server the
  part starts itself (bench_shared.py says what each figure is; skipped, with
  the reason, where no server is installed).
- ``million``: the window on a till's book of 1 000 000 orders (bench_million.py);
  run only when named (``--only million``), as building the book takes minutes.

Python writes no bytecode cache in some environments (PYTHONDONTWRITEBYTECODE);
the start-up children get their own cache folder instead, warmed by one
uncounted start each, as an installed PayDesk has its .pyc files.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import itertools
import json
import os
import platform
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HERE = Path(__file__).resolve().parent
#: The tests' helpers (bulk_orders: a big book in one transaction).
sys.path.insert(0, str(HERE.parent / "helpers"))
CHILD = HERE / "startup_child.py"
WRITER = HERE / "book_writer.py"
SECRET = "bench-secret-key"
CLIENT_ID = 1

#: key -> (budget, what it is), in the order the table shows them.
BUDGETS: dict[str, tuple[float, str]] = {
    "startup_ratio": (1.5, "start to first frame / bare QMainWindow"),
    "create_to_qr_ratio": (2.0, "Enter to QR painted / bare requests + qrcode"),
    "refresh_ratio": (1.2, "check all pending, wall / ideal"),
    "max_stall_ms": (50, "longest 10 ms timer gap during the refresh"),
    "history_open_ratio": (1.3, "window shown, 100 000 orders / none"),
    "history_filter_ms": (100, "status filter, search, sort: first rows"),
    "history_rss_mb": (60, "RSS growth, 0 -> 100 000 orders"),
    "external_change_ms": (1000, "another process's change shown in the open list"),
    "sandbox_p50_ms": (3, "sequential get_order on loopback"),
    # The shop's shared order book (bench_shared.py, bench_million.py):
    "shared_shown_p95_s": (1.0, "4 tills: an order sold at one, in another's book (p95)"),
    "get_order_ratio": (1.1, "get_order calls, 4 tills watching / 1 till"),
    "shared_create_to_qr_ratio": (1.3, "Enter to QR, shared book / own book only"),
    "shared_upload_1000_s": (5.0, "1 000 orders of an outage up after the book's return"),
    "history_filter_1m_ms": (100, "status filter, search, sort: first rows, 1 000 000"),
    "history_rss_1m_ratio": (1.1, "window's RSS, 1 000 000 orders / 100 000"),
}


@dataclass(frozen=True)
class Sizes:
    startup_runs: int
    create_runs: int
    create_warmup: int
    refresh_orders: int
    refresh_latency_ms: int
    refresh_in_flight: int
    refresh_rounds: int
    history_orders: int
    history_open_runs: int
    filter_rounds: int
    rss_runs: int
    external_runs: int
    sandbox_calls: int


FULL = Sizes(
    startup_runs=7, create_runs=30, create_warmup=3, refresh_orders=1000,
    refresh_latency_ms=50, refresh_in_flight=8, refresh_rounds=3, history_orders=100_000,
    history_open_runs=7, filter_rounds=3, rss_runs=3, external_runs=10, sandbox_calls=300,
)
QUICK = Sizes(
    startup_runs=1, create_runs=2, create_warmup=1, refresh_orders=24,
    refresh_latency_ms=5, refresh_in_flight=8, refresh_rounds=1, history_orders=2_000,
    history_open_runs=1, filter_rounds=1, rss_runs=1, external_runs=2, sandbox_calls=20,
)
PARTS = ("startup", "create", "refresh", "history", "external", "sandbox", "shared")
#: Parts run only when named (--only): building their book takes minutes.
EXTRA_PARTS = ("million",)


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values))


# -- the machine ---------------------------------------------------------------


def machine() -> dict[str, Any]:
    cpu = platform.processor() or "?"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = "?"
    with contextlib.suppress(OSError, IndexError, ValueError):
        kib = int(Path("/proc/meminfo").read_text(encoding="utf-8").split()[1])
        memory = f"{kib / 1024 / 1024:.0f} GiB"
    import PySide6
    from PySide6.QtCore import qVersion

    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory": memory,
        "os": platform.platform(),
        "python": platform.python_version(),
        "pyside6": PySide6.__version__,
        "qt": qVersion(),
        "sqlite": sqlite3.sqlite_version,
        "qpa": os.environ.get("QT_QPA_PLATFORM", ""),
    }


# -- orders to fill the books with ----------------------------------------------------


_NOTES = ("2 coffees", "Кофе с собой", "cake", "100% juice", "tea_time", "", "Latte", "сок",
          "Торт «Наполеон»", "delivery to the 3rd floor")
_STATUSES = ("approve", "approve", "approve", "pending", "decline", "expired")


def history_orders(count: int, now: datetime) -> Iterator[Any]:
    """``count`` varied orders, one every ~5 minutes up to ``now``, oldest first."""
    from paydesk.domain.orders import CreationState, Order, OrderStatus

    rng = random.Random(20260301)
    start = now - timedelta(minutes=5 * count)
    for number in range(count):
        created = start + timedelta(minutes=5 * number, seconds=rng.random() * 60)
        status = OrderStatus(rng.choice(_STATUSES))
        creation = CreationState.CONFIRMED
        if number % 97 == 0:
            creation, status = CreationState.UNCONFIRMED, OrderStatus.PENDING
        order_id = f"B{number:06d}-{rng.randrange(36**4):05d}"
        confirmed = creation is CreationState.CONFIRMED
        yield Order(
            client_id=CLIENT_ID,
            order_id=order_id,
            amount=rng.randrange(100, 5_000_00, 50),
            email=f"buyer{rng.randrange(500)}@Mail.ru" if rng.random() < 0.6 else None,
            note=f"{rng.choice(_NOTES)} #{rng.randrange(50)}",
            url=f"https://pay.example/pay/{order_id}" if confirmed else None,
            status=status,
            creation=creation,
            created_at=created,
            paid_at=created + timedelta(minutes=1) if status is OrderStatus.APPROVE else None,
            last_checked_at=created + timedelta(minutes=1) if confirmed else None,
            next_check_at=None,
        )


def prepare_data_dir(folder: Path, base_url: str, orders: Iterable[Any] = ()) -> Path:
    """A data folder with settings for ``base_url`` and a migrated order book."""
    from paydesk.store import OrderStore
    from paydesk.support.paths import AppPaths

    from bulk_orders import bulk_insert

    paths = AppPaths(folder).ensure()
    settings = {"base_url": base_url, "client_id": CLIENT_ID, "merchant_name": "Bench shop",
                "language": "en", "sound": False}
    paths.settings_file.write_text(json.dumps(settings), encoding="utf-8")
    with OrderStore.open(paths.database) as store:
        bulk_insert(store, orders)
    return folder


# -- the sandbox in its own process ---------------------------------------------------


class SandboxProcess:
    """``python -m paydesk.sandbox`` on loopback: the service as a separate program.

    The window's figures use this one: a sandbox in the benchmark's own process
    would share the window's interpreter lock, which the real service never does.
    """

    def __init__(self, work: Path, *, latency_ms: int = 0) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PAYDESK_")}
        self._stderr = (work / f"sandbox-{latency_ms}ms.log").open("w", encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "paydesk.sandbox", "--host", "127.0.0.1", "--port", "0",
             "--client-id", str(CLIENT_ID), "--secret-key", SECRET, "--ttl", "3600",
             "--latency-ms", str(latency_ms)],
            stdout=subprocess.PIPE, stderr=self._stderr, text=True, env=env,
        )
        assert self.process.stdout is not None
        self.base_url = self.process.stdout.readline().strip()
        if not self.base_url.startswith("http://127.0.0.1:"):
            self.stop()
            raise RuntimeError(f"the sandbox did not start: {self.base_url!r}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self._stderr.close()

    def __enter__(self) -> SandboxProcess:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()


# -- start-up: fresh processes ----------------------------------------------------------


def child_environment(data_dir: Path, pycache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("PAYDESK_") and k != "PYTHONDONTWRITEBYTECODE"}
    env.update({
        "QT_QPA_PLATFORM": "offscreen",
        "PAYDESK_DATA_DIR": str(data_dir),
        "PAYDESK_SECRET_KEY": SECRET,
        "PYTHONPYCACHEPREFIX": str(pycache),
        "LANG": "C.UTF-8",
    })
    env.pop("LC_ALL", None)
    return env


def run_child(mode: str, env: dict[str, str], *extra: str) -> tuple[float, int]:
    """Seconds from spawning ``startup_child.py mode`` to its first frame, and its RSS (KiB)."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(CHILD), mode, *extra],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    for line in done.stdout.splitlines():
        if line.startswith("SHOWN "):
            _tag, shown, rss = line.split()
            return float(shown) - started, int(rss)
    raise RuntimeError(f"startup child {mode} failed ({done.returncode}):\n{done.stderr[-3000:]}")


def bench_startup(sizes: Sizes, work: Path, base_url: str) -> dict[str, Any]:
    data = prepare_data_dir(work / "startup-data", base_url)
    env = child_environment(data, work / "pycache")
    for mode in ("bare", "app"):  # warm the bytecode cache and the disk cache; not counted
        run_child(mode, env)
    bare: list[float] = []
    app: list[float] = []
    for _ in range(sizes.startup_runs):
        bare.append(run_child("bare", env)[0])
        app.append(run_child("app", env)[0])
    return {
        "startup_ratio": median(app) / median(bare),
        "startup_ms": median(app) * 1000,
        "startup_bare_ms": median(bare) * 1000,
        "startup_app_runs_ms": [round(v * 1000, 1) for v in app],
        "startup_bare_runs_ms": [round(v * 1000, 1) for v in bare],
    }


# -- the window in this process -----------------------------------------------------------


class Gui:
    """The QApplication of this process and helpers to wait without spinning."""

    def __init__(self) -> None:
        from PySide6.QtCore import qInstallMessageHandler
        from PySide6.QtWidgets import QApplication

        self.app = QApplication.instance() or QApplication([sys.argv[0]])
        self._previous = qInstallMessageHandler(self._message)

    def _message(self, kind: Any, context: Any, message: str) -> None:
        # The offscreen platform says this on every top-level show; it means nothing.
        if "propagateSizeHints" not in message:
            print(message, file=sys.stderr)

    def wait(self, done: Callable[[], bool], timeout: float = 30.0, poll_ms: int = 2) -> bool:
        """Run the event loop until ``done()`` (checked every ``poll_ms``) or the timeout."""
        from PySide6.QtCore import QEventLoop, QTimer

        if done():
            return True
        loop = QEventLoop()
        timer = QTimer()
        timer.setInterval(poll_ms)
        deadline = time.monotonic() + timeout

        def check() -> None:
            if done() or time.monotonic() > deadline:
                loop.quit()

        timer.timeout.connect(check)
        timer.start()
        loop.exec()
        timer.stop()
        return done()

    def open_window(self, runtime: Any, *, start: bool = False) -> Any:
        from paydesk.ui.app import build_window

        window = build_window(runtime)
        window.resize(1280, 820)
        window.show()
        self.wait(lambda: window.windowHandle().isExposed(), timeout=10)
        if start:
            window.counter.start()
        return window

    def close_window(self, window: Any) -> None:
        window.close()
        window.shutdown()
        window.deleteLater()
        self.wait(lambda: False, timeout=0.05)


class PaintDone:
    """When the next paint of ``widget`` (that ``condition`` accepts) is over.

    The filter sees the widget's Paint event. By default a zero timer started
    there runs once the whole pass (the widget and its children) is painted.
    With ``own_paint`` the filter runs the widget's own paintEvent itself and
    takes the time as it returns: for a widget that paints itself whole (the QR),
    whatever else the event loop does next is not counted.
    """

    def __init__(self, widget: Any, condition: Callable[[], bool] = lambda: True,
                 *, own_paint: bool = False) -> None:
        from PySide6.QtCore import QEvent, QObject, QTimer

        watcher = self

        class _Filter(QObject):
            def eventFilter(self, watched: Any, event: Any) -> bool:
                if (watcher.armed and watched is widget and event.type() == QEvent.Type.Paint
                        and watcher.condition()):
                    watcher.armed = False
                    if own_paint:
                        widget.paintEvent(event)
                        watcher.stamp()
                        return True  # painted; Qt need not paint it again
                    QTimer.singleShot(0, watcher.stamp)
                return False

        self.widget = widget
        self.condition = condition
        self.armed = False
        self.at: float | None = None
        self._filter = _Filter()
        widget.installEventFilter(self._filter)

    def arm(self, condition: Callable[[], bool] | None = None) -> None:
        if condition is not None:
            self.condition = condition
        self.at = None
        self.armed = True

    def stamp(self) -> None:
        self.at = time.perf_counter()

    def close(self) -> None:
        self.widget.removeEventFilter(self._filter)


def runtime_for(data_dir: Path, base_url: str, **settings: Any) -> Any:
    from paydesk.core.runtime import Runtime
    from paydesk.core.settings import Settings
    from paydesk.support.paths import AppPaths

    os.environ["PAYDESK_SECRET_KEY"] = SECRET
    values: dict[str, Any] = {"base_url": base_url, "client_id": CLIENT_ID,
                              "merchant_name": "Bench shop", "sound": False}
    values.update(settings)
    return Runtime(AppPaths(data_dir).ensure(), Settings(**values))


# -- amount to QR ---------------------------------------------------------------------------


def bench_create(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    import qrcode
    import requests
    from qrcode.constants import ERROR_CORRECT_M

    session = requests.Session()
    session.trust_env = False  # as GatewayClient does on loopback

    def bare(number: int) -> None:
        order_id = f"bare-{os.getpid()}-{number}"
        amount = str(10000 + number)
        sign = hashlib.md5(f"{order_id}:{amount}:{SECRET}".encode(),
                           usedforsecurity=False).hexdigest()
        reply = session.get(f"{base_url}/backend/create_order", timeout=10, params={
            "client_id": str(CLIENT_ID), "order_id": order_id, "amount": amount, "sign": sign})
        url = reply.json()["url"]
        code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=4)
        code.add_data(url)
        code.make(fit=True)
        code.get_matrix()

    runtime = runtime_for(prepare_data_dir(work / "create-data", base_url), base_url)
    window = gui.open_window(runtime, start=True)
    painted = PaintDone(window.payment_panel.qr, own_paint=True)
    app_times: list[float] = []
    bare_times: list[float] = []
    try:
        for number in range(sizes.create_warmup + sizes.create_runs):
            app_time = enter_to_qr(gui, window, painted, number)
            started = time.perf_counter()
            bare(number)
            bare_time = time.perf_counter() - started
            if number >= sizes.create_warmup:
                app_times.append(app_time)
                bare_times.append(bare_time)
            gui.wait(lambda: False, timeout=0.02)  # let the poll of the new order settle
    finally:
        painted.close()
        gui.close_window(window)
        runtime.close()
        session.close()
    return {
        "create_to_qr_ratio": median(app_times) / median(bare_times),
        "create_to_qr_ms": median(app_times) * 1000,
        "create_to_qr_bare_ms": median(bare_times) * 1000,
    }


def enter_to_qr(gui: Gui, window: Any, painted: PaintDone, number: int) -> float:
    """Seconds from Enter in ``window``'s amount field to its new QR painted
    (``painted`` watches its QR widget, ``own_paint``)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    qr = window.payment_panel.qr
    amount_input = window.form.amount_input
    amount_input.setFocus()
    amount_input.setText(f"{100 + number},50")
    before = qr.text()
    painted.arm(lambda: qr.text() not in (None, before))
    started = time.perf_counter()
    QTest.keyClick(amount_input, Qt.Key.Key_Return)
    if not gui.wait(lambda: painted.at is not None, timeout=20):
        raise RuntimeError("the QR was not painted within 20 s")
    assert painted.at is not None
    return painted.at - started


# -- check all pending ---------------------------------------------------------------------


def bench_refresh(sizes: Sizes, work: Path, gui: Gui) -> dict[str, Any]:
    from paydesk.gateway import GatewayClient

    count = sizes.refresh_orders
    ids = [f"refresh-{os.getpid()}-{n:05d}" for n in range(count)]
    with contextlib.ExitStack() as stack:
        sandbox = stack.enter_context(
            SandboxProcess(work, latency_ms=sizes.refresh_latency_ms))
        client = stack.enter_context(
            GatewayClient(sandbox.base_url, CLIENT_ID, SECRET, pool_size=32))
        with ThreadPoolExecutor(32) as pool:
            urls = list(pool.map(lambda oid: client.create_order(oid, 15000), ids))
        return _refresh(sizes, work, gui, sandbox.base_url, ids, urls)


def _refresh(sizes: Sizes, work: Path, gui: Gui, base_url: str, ids: list[str],
             urls: list[str]) -> dict[str, Any]:
    from PySide6.QtCore import Qt, QTimer

    from paydesk.domain.orders import CreationState, Order, OrderStatus

    count = len(ids)
    now = datetime.now(UTC)
    orders = [
        Order(CLIENT_ID, oid, 15000, None, "", url, OrderStatus.PENDING, CreationState.CONFIRMED,
              now - timedelta(minutes=2), None, None, now + timedelta(hours=1), None)
        for oid, url in zip(ids, urls, strict=True)
    ]
    data = prepare_data_dir(work / "refresh-data", base_url, orders)
    runtime = runtime_for(data, base_url, max_in_flight=sizes.refresh_in_flight)
    window = gui.open_window(runtime, start=True)
    wanted = set(ids)
    walls: list[float] = []
    stalls: list[float] = []
    try:
        gui.wait(lambda: False, timeout=0.3)  # the first ticks, nothing due
        for _ in range(sizes.refresh_rounds):
            seen: set[str] = set()
            finished: list[float] = []

            def updated(order: Any, seen: set[str] = seen,
                        finished: list[float] = finished) -> None:
                if order.order_id in wanted:
                    seen.add(order.order_id)
                    if len(seen) == count and not finished:
                        finished.append(time.perf_counter())

            ticks: list[float] = []
            ticker = QTimer()
            ticker.setTimerType(Qt.TimerType.PreciseTimer)
            ticker.setInterval(10)
            ticker.timeout.connect(lambda ticks=ticks: ticks.append(time.perf_counter()))
            window.counter.order_updated.connect(updated)
            ticker.start()
            started = time.perf_counter()
            window.check_all_action.trigger()
            ok = gui.wait(lambda finished=finished: bool(finished), timeout=600, poll_ms=50)
            ticker.stop()
            window.counter.order_updated.disconnect(updated)
            if not ok:
                raise RuntimeError(f"only {len(seen)} of {count} orders were checked")
            end = finished[0]
            marks = [started, *(t for t in ticks if started < t < end), end]
            walls.append(end - started)
            stalls.append(max(b - a for a, b in itertools.pairwise(marks)))
            gui.wait(lambda: not window.counter.in_flight(), timeout=30)
    finally:
        gui.close_window(window)
        runtime.close()
    ideal = count * sizes.refresh_latency_ms / 1000 / sizes.refresh_in_flight
    return {
        "refresh_ratio": median(walls) / ideal,
        "refresh_s": median(walls),
        "refresh_ideal_s": ideal,
        "refresh_runs_s": [round(w, 3) for w in walls],
        "max_stall_ms": max(stalls) * 1000,
        "max_stall_runs_ms": [round(s * 1000, 1) for s in stalls],
    }


# -- 100 000 orders -------------------------------------------------------------------------


def bench_history(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    log(f"writing {sizes.history_orders} orders")
    now = datetime.now(UTC)
    empty = prepare_data_dir(work / "history-empty", base_url)
    big = prepare_data_dir(work / "history-big", base_url,
                           history_orders(sizes.history_orders, now))
    figures: dict[str, Any] = {}
    figures.update(history_open(sizes, gui, empty, big, base_url))
    figures.update(history_filters(sizes, gui, big, base_url))
    figures.update(history_rss(sizes, work, empty, big))
    return figures


def open_and_paint(gui: Gui, runtime: Any) -> tuple[float, Any]:
    """Seconds to build, show and paint the window; the window (still open)."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    from paydesk.ui.app import build_window

    done: list[float] = []

    class FirstPaint(QObject):
        def eventFilter(self, watched: Any, event: Any) -> bool:
            if not done and event.type() == QEvent.Type.Paint and watched is window:
                QTimer.singleShot(0, lambda: done.append(time.perf_counter()))
            return False

    watcher = FirstPaint()
    started = time.perf_counter()
    window = build_window(runtime)
    window.installEventFilter(watcher)
    window.resize(1280, 820)
    window.show()
    if not gui.wait(lambda: bool(done), timeout=30):
        raise RuntimeError("the window was not painted")
    window.removeEventFilter(watcher)
    return done[0] - started, window


def history_open(sizes: Sizes, gui: Gui, empty: Path, big: Path, base_url: str,
                 ) -> dict[str, Any]:
    times: dict[str, list[float]] = {"empty": [], "big": []}
    for run in range(1 + sizes.history_open_runs):  # the first of each warms imports and caches
        for name, folder in (("empty", empty), ("big", big)):
            runtime = runtime_for(folder, base_url)
            seconds, window = open_and_paint(gui, runtime)
            gui.close_window(window)
            runtime.close()
            if run:
                times[name].append(seconds)
    return {
        "history_open_ratio": median(times["big"]) / median(times["empty"]),
        "history_open_ms": median(times["big"]) * 1000,
        "history_open_empty_ms": median(times["empty"]) * 1000,
    }


def history_filters(sizes: Sizes, gui: Gui, big: Path, base_url: str) -> dict[str, Any]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from paydesk.ui.orders.table_columns import Column

    runtime = runtime_for(big, base_url)
    window = gui.open_window(runtime)
    panel = window.orders_panel
    table = panel.table
    painted = PaintDone(table.viewport())
    header = table.horizontalHeader()
    asc, desc = Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder

    def status(index: int) -> Callable[[], None]:
        return lambda: panel.status_filter.setCurrentIndex(index)

    def search(text: str) -> Callable[[], None]:
        def run() -> None:
            panel.search.setText(text)
            QTest.keyClick(panel.search, Qt.Key.Key_Return)
        return run

    def sort(column: Column, order: Qt.SortOrder) -> Callable[[], None]:
        return lambda: header.setSortIndicator(int(column), order)

    kinds: dict[str, list[tuple[str, Callable[[], None]]]] = {
        "status": [(f"status {i}", status(i)) for i in (1, 2, 3, 4, 5, 0)],
        "search": [(f"search {t!r}", search(t)) for t in
                   ("buyer4", "кофе", "Mail.RU", "B0500", "no-such-text", "")],
        "sort": [(f"sort {c.name} {'asc' if o == asc else 'desc'}", sort(c, o)) for c, o in (
            (Column.AMOUNT, desc), (Column.AMOUNT, asc), (Column.LAST_CHECKED, desc),
            (Column.EMAIL, asc), (Column.NOTE, asc), (Column.STATUS, asc),
            (Column.ORDER_ID, asc), (Column.PAID_AT, desc), (Column.CREATED, desc))],
    }
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    each: dict[str, list[float]] = {}
    try:
        for _ in range(sizes.filter_rounds):
            for kind, operations in kinds.items():
                for name, operation in operations:
                    painted.arm()
                    started = time.perf_counter()
                    operation()
                    if not gui.wait(lambda: painted.at is not None, timeout=30):
                        raise RuntimeError(f"{name}: the list was not repainted")
                    assert painted.at is not None
                    times[kind].append(painted.at - started)
                    each.setdefault(name, []).append(painted.at - started)
    finally:
        painted.close()
        gui.close_window(window)
        runtime.close()
    medians = {kind: median(values) * 1000 for kind, values in times.items()}
    slowest = max(each.items(), key=lambda item: median(item[1]))
    return {
        "history_filter_ms": max(medians.values()),
        **{f"history_{kind}_ms": value for kind, value in medians.items()},
        "history_slowest_operation": f"{slowest[0]}: {median(slowest[1]) * 1000:.1f} ms",
        "history_operations_ms": {name: round(median(v) * 1000, 1) for name, v in each.items()},
    }


def history_rss(sizes: Sizes, work: Path, empty: Path, big: Path) -> dict[str, Any]:
    rss: dict[str, list[int]] = {"empty": [], "big": []}
    for _ in range(sizes.rss_runs):
        for name, folder in (("empty", empty), ("big", big)):
            env = child_environment(folder, work / "pycache")
            rss[name].append(run_child("app", env, "--after-ops")[1])
    growth = (median(rss["big"]) - median(rss["empty"])) / 1024
    return {
        "history_rss_mb": growth,
        "history_rss_empty_mb": median(rss["empty"]) / 1024,
        "history_rss_big_mb": median(rss["big"]) / 1024,
    }


# -- a change made by another process --------------------------------------------------------


def bench_external(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    from paydesk.ui.orders.book_watch import LOOK_MS
    from paydesk.ui.orders.table_columns import Column

    log(f"writing {sizes.history_orders} orders")
    data = prepare_data_dir(work / "external-data", base_url,
                            history_orders(sizes.history_orders, datetime.now(UTC)))
    runtime = runtime_for(data, base_url)
    window = gui.open_window(runtime)  # not started: the window checks no order itself
    model = window.orders_panel.model
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAYDESK_")}
    writer = subprocess.Popen(
        [sys.executable, str(WRITER), str(runtime.paths.database), str(CLIENT_ID)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
    )
    assert writer.stdin is not None and writer.stdout is not None
    times: dict[str, list[float]] = {"add": [], "pay": []}
    rng = random.Random(20260301)

    def status(order_id: str) -> str | None:
        row = model.row_of(order_id)
        return None if row is None else model.index(row, Column.STATUS).data()

    def change(action: str, order_id: str, shown: Callable[[], bool]) -> float:
        """Seconds from the writer's commit to the list showing it."""
        assert writer.stdin is not None and writer.stdout is not None
        gui.wait(lambda: False, timeout=rng.random() * LOOK_MS / 1000)  # any moment of it
        writer.stdin.write(f"{action} {order_id}\n")
        writer.stdin.flush()
        if not gui.wait(shown, timeout=30, poll_ms=1):
            raise RuntimeError(f"{action} {order_id}: the open list did not show it in 30 s")
        seen = time.monotonic()
        line = writer.stdout.readline()
        if not line.startswith("DONE "):
            raise RuntimeError(f"the writer failed: {line!r}")
        return seen - float(line.split()[1])

    try:
        if writer.stdout.readline().strip() != "READY":
            raise RuntimeError("the writer did not start")
        for number in range(sizes.external_runs):
            order_id = f"external-{os.getpid()}-{number}"
            times["add"].append(change("add", order_id, lambda o=order_id: model.row_of(o) == 0))
            change("confirm", order_id, lambda o=order_id: status(o) == "Waiting")
            times["pay"].append(change("pay", order_id, lambda o=order_id: status(o) == "Paid"))
    finally:
        writer.stdin.close()
        writer.wait(30)
        gui.close_window(window)
        runtime.close()
    return {
        "external_change_ms": max(max(values) for values in times.values()) * 1000,
        "external_add_median_ms": median(times["add"]) * 1000,
        "external_pay_median_ms": median(times["pay"]) * 1000,
        "external_runs_ms": {action: [round(v * 1000, 1) for v in values]
                             for action, values in times.items()},
    }


# -- the sandbox -----------------------------------------------------------------------------


def bench_sandbox(sizes: Sizes, work: Path, sandbox: Any) -> dict[str, Any]:
    """In this process (as the tests and the demo run it), and as a separate program."""
    inside = get_order_times(sizes, sandbox.base_url)
    with SandboxProcess(work) as separate:
        outside = get_order_times(sizes, separate.base_url)
    return {
        "sandbox_p50_ms": median(inside) * 1000,
        "sandbox_p95_ms": inside[int(len(inside) * 0.95) - 1] * 1000,
        "sandbox_process_p50_ms": median(outside) * 1000,
    }


def get_order_times(sizes: Sizes, base_url: str) -> list[float]:
    from paydesk.gateway import GatewayClient

    times: list[float] = []
    with GatewayClient(base_url, CLIENT_ID, SECRET) as client:
        order_id = f"p50-{os.getpid()}"
        client.create_order(order_id, 15000)
        for number in range(20 + sizes.sandbox_calls):
            started = time.perf_counter()
            client.get_order(order_id)
            if number >= 20:
                times.append(time.perf_counter() - started)
    return sorted(times)


# -- the run --------------------------------------------------------------------------------


def run(sizes: Sizes, parts: Sequence[str]) -> dict[str, Any]:
    from paydesk.sandbox import SandboxConfig, SandboxServer

    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="paydesk-bench-") as folder, \
            SandboxServer(SandboxConfig(client_id=CLIENT_ID, secret_key=SECRET,
                                        ttl_seconds=3600)) as sandbox:
        work = Path(folder)
        base_url = sandbox.base_url
        if "startup" in parts:
            log("start-up")
            figures.update(bench_startup(sizes, work, base_url))
        gui = Gui() if set(parts) - {"startup", "sandbox"} else None
        if "sandbox" in parts:
            log("sandbox")
            figures.update(bench_sandbox(sizes, work, sandbox))
        if gui is not None and "create" in parts:
            log("amount to QR")
            with SandboxProcess(work) as separate:
                figures.update(bench_create(sizes, work, gui, separate.base_url))
        if gui is not None and "refresh" in parts:
            log("check all pending")
            figures.update(bench_refresh(sizes, work, gui))
        if gui is not None and "history" in parts:
            log("history")
            figures.update(bench_history(sizes, work, gui, base_url))
        if gui is not None and "external" in parts:
            log("a change made by another process")
            figures.update(bench_external(sizes, work, gui, base_url))
        if gui is not None and "shared" in parts:
            import bench_shared

            figures.update(bench_shared.bench_shared(sizes == QUICK, sizes.create_runs,
                                                     sizes.create_warmup, work, gui, sandbox))
        if gui is not None and "million" in parts:
            import bench_million

            figures.update(bench_million.bench_million(sizes, work, gui, base_url))
    return figures


def table(figures: dict[str, Any]) -> str:
    lines = ["| figure | measured | budget | what |", "|---|---:|---:|---|"]
    for key, (budget, what) in BUDGETS.items():
        if key not in figures:
            continue
        value = figures[key]
        mark = "" if value <= budget else " (over)"
        lines.append(f"| {key} | {value:.2f}{mark} | ≤ {budget:g} | {what} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true",
                        help="tiny sizes: checks that the benchmark runs, measures nothing")
    parser.add_argument("--json", metavar="PATH", help="write the figures here as JSON")
    parser.add_argument("--only", nargs="+", choices=PARTS + EXTRA_PARTS, default=list(PARTS),
                        help="run only these parts (million: only when named)")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    started = time.monotonic()
    figures = run(sizes, args.only)
    result = {
        **{key: figures[key] for key in BUDGETS if key in figures},
        "details": {key: value for key, value in figures.items() if key not in BUDGETS},
        "budgets": {key: budget for key, (budget, _what) in BUDGETS.items()},
        "quick": args.quick,
        "sizes": asdict(sizes),
        "machine": machine(),
        "command": " ".join(["python", "tests/perf/bench.py", *(argv or sys.argv[1:])]),
        "seconds": round(time.monotonic() - started, 1),
    }
    print(table(figures))
    for key, value in result["details"].items():
        print(f"  {key}: {value:.2f}" if isinstance(value, float) else f"  {key}: {value}")
    print(f"  machine: {result['machine']}")
    print(f"  took {result['seconds']} s")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n",
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.modules.setdefault("bench", sys.modules[__name__])  # one module for the other parts
    raise SystemExit(main())
