"""bench.py's ``external`` part: another process's change shown in the open list."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench_books import history_orders, prepare_data_dir, runtime_for
from bench_common import CLIENT_ID, HERE, Sizes, log, median
from bench_window import Gui

WRITER = HERE / "book_writer.py"



def bench_external(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    from paydesk.ui.orders.book_changes import LOOK_MS
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
