"""bench.py's ``shifts`` part: the shift's report on screen, and the GUI thread during a close.

- ``shift_report_ms``: a shift of 5 000 orders (the issue's size; 500 quick), from
  Shift → Mid-shift report to the report's text painted in its dialog (the core's one
  computation in a worker, its rows, the HTML laid out); the median of a few opens.
- ``shift_close_stall_ms``: the longest gap of a 10 ms timer in the window's thread
  while the shift's close runs in its worker (100 orders not final asked about again
  at the sandbox, 10 quick, then the report frozen), from Close to the report on screen.
"""

from __future__ import annotations

import itertools
import os
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench_books import prepare_data_dir, runtime_for
from bench_common import CLIENT_ID, SECRET, median
from bench_sandbox import SandboxProcess
from bench_window import Gui, PaintDone

TILL = "Bench till"
FULL_ORDERS, FULL_OPEN = 5_000, 100
QUICK_ORDERS, QUICK_OPEN = 500, 10
REPORT_RUNS = 5


def bench_shift_screen(quick: bool, work: Path, gui: Gui) -> dict[str, Any]:
    from paydesk.gateway import GatewayClient

    count, open_count = (QUICK_ORDERS, QUICK_OPEN) if quick else (FULL_ORDERS, FULL_OPEN)
    with SandboxProcess(work, latency_ms=20) as sandbox, \
            GatewayClient(sandbox.base_url, CLIENT_ID, SECRET, pool_size=16) as client:
        ids = [f"shift-{os.getpid()}-{n:05d}" for n in range(count)]
        with ThreadPoolExecutor(16) as pool:  # the open ones exist at the service
            urls = list(pool.map(lambda oid: client.create_order(oid, 15000), ids[:open_count]))
        return _measure(work, gui, sandbox.base_url, ids, urls)


def _orders(ids: list[str], urls: list[str]) -> list[Any]:
    from paydesk.domain.orders import CreationState, Order, OrderStatus

    now = datetime.now(UTC)
    orders = []
    for number, order_id in enumerate(ids):
        is_open = number < len(urls)
        created = now - timedelta(seconds=len(ids) - number)
        status = OrderStatus.PENDING if is_open else (
            OrderStatus.APPROVE if number % 3 else OrderStatus.DECLINE)
        orders.append(Order(
            CLIENT_ID, order_id, 100 + number, None, "", urls[number] if is_open else None,
            status, CreationState.CONFIRMED, created,
            created if status is OrderStatus.APPROVE else None, created,
            now + timedelta(hours=1) if is_open else None, None,
            till=TILL, cashier=("Anna", "Boris")[number % 2], shift=1))
    return orders


def _measure(work: Path, gui: Gui, base_url: str, ids: list[str],
             urls: list[str]) -> dict[str, Any]:
    from PySide6.QtCore import Qt, QTimer

    from paydesk.core.shifts import Cashiers
    from paydesk.store import OrderStore
    from paydesk.support.paths import AppPaths

    data = prepare_data_dir(work / "shifts-data", base_url)
    with OrderStore.open(AppPaths(data).database) as store:
        anna = Cashiers(store).add("Anna", "1111", owner=True)
        Cashiers(store).add("Boris", "2222", by=anna)
        store.insert_shift(TILL, "Anna", datetime.now(UTC) - timedelta(hours=3))
        from bulk_orders import bulk_insert

        bulk_insert(store, _orders(ids, urls))
    runtime = runtime_for(data, base_url, shifts=True, till=TILL)
    window = gui.open_window(runtime, start=True)
    shifts = window.parts.shifts
    reports: list[float] = []
    try:
        shifts._hand_over(anna)  # signed in (the PIN's dialog is not what is measured)
        for _ in range(REPORT_RUNS):
            painted: list[PaintDone] = []

            def watch_paint(dialog: Any, painted: list[PaintDone] = painted) -> None:
                done = PaintDone(dialog.browser.viewport())
                done.arm()
                painted.append(done)

            shifts.report_shown.connect(watch_paint)
            started = time.perf_counter()
            shifts.mid_report()
            gui.wait(lambda painted=painted: bool(painted), timeout=30, poll_ms=1)
            shifts.report_shown.disconnect(watch_paint)
            if not painted or not gui.wait_for_paint(painted[0], timeout=30):
                raise RuntimeError("the shift report was not painted")
            assert painted[0].at is not None
            reports.append(painted[0].at - started)
            painted[0].close()
            assert shifts.report_dialog is not None
            shifts.report_dialog.accept()
            gui.wait(lambda: shifts.report_dialog is None, timeout=5)

        ticks: list[float] = []
        ticker = QTimer()
        ticker.setTimerType(Qt.TimerType.PreciseTimer)
        ticker.setInterval(10)
        ticker.timeout.connect(lambda: ticks.append(time.perf_counter()))
        ticker.start()
        started = time.perf_counter()
        shifts.closer.start(anna)
        if not gui.wait(lambda: shifts.last_closed is not None, timeout=300, poll_ms=50):
            raise RuntimeError("the shift did not close")
        gui.wait(lambda: shifts.report_dialog is not None, timeout=5)
        end = time.perf_counter()
        ticker.stop()
        marks = [started, *(t for t in ticks if started < t < end), end]
        stall = max(b - a for a, b in itertools.pairwise(marks))
        closed = shifts.last_closed
        if shifts.report_dialog is not None:
            shifts.report_dialog.accept()
    finally:
        gui.close_window(window)
        runtime.close()
    return {
        "shift_report_ms": median(reports) * 1000,
        "shift_report_runs_ms": [round(r * 1000, 1) for r in reports],
        "shift_report_orders": len(ids),
        "shift_close_stall_ms": stall * 1000,
        "shift_close_s": end - started,
        "shift_close_checked": len(urls),
        "shift_close_unanswered": closed.unanswered.count,
    }
