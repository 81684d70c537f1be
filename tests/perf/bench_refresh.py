"""bench.py's ``refresh`` part: "check all pending" over many pending orders."""

from __future__ import annotations

import contextlib
import itertools
import os
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench_books import prepare_data_dir, runtime_for
from bench_common import CLIENT_ID, SECRET, Sizes, median
from bench_sandbox import SandboxProcess
from bench_window import Gui


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

    from paydesk.core.watch.events import OrderChecked
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
            stop_hearing = window.parts.bridge.subscribe(
                OrderChecked, lambda event, updated=updated: updated(event.order))
            ticker.start()
            started = time.perf_counter()
            window.parts.actions.check_all.trigger()
            ok = gui.wait(lambda finished=finished: bool(finished), timeout=600, poll_ms=50)
            ticker.stop()
            stop_hearing()
            if not ok:
                raise RuntimeError(f"only {len(seen)} of {count} orders were checked")
            end = finished[0]
            marks = [started, *(t for t in ticks if started < t < end), end]
            walls.append(end - started)
            stalls.append(max(b - a for a, b in itertools.pairwise(marks)))
            gui.wait(lambda: not window.parts.engine.in_flight(), timeout=30)
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
