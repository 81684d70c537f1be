"""bench.py's ``history`` part: the window on a big book, opened, filtered and weighed.

bench_million.py measures the same filters and memory on a book ten times bigger.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench_books import history_orders, prepare_data_dir, runtime_for
from bench_common import Sizes, log, median
from bench_startup import child_environment, run_child
from bench_window import Gui, PaintDone


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
