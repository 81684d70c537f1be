"""bench.py's ``status`` part: a payment seen by a poll, until both screens and its row show it.

The window with the buyer's window open takes a sale; the buyer pays on the sandbox's
page; the next poll of the sale brings "paid". Measured on the GUI thread: from the
moment the poll's outcome is handed to the engine there until the cashier's panel,
the buyer's window and the sale's row in the list have each been painted showing it
(the last of the three). Median of the runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_books import prepare_data_dir, runtime_for
from bench_common import Sizes, median
from bench_create import enter_to_qr
from bench_window import Gui, PaintDone

from payment_page import decide


def bench_status(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    from paydesk.core.counter.views import BuyerState
    from paydesk.core.watch.outcomes import CheckOutcome
    from paydesk.domain.orders import OrderStatus
    from paydesk.domain.phase import OrderPhase

    # The sale is checked every half second: the runs need not wait 2 s for each poll.
    runtime = runtime_for(prepare_data_dir(work / "status-data", base_url), base_url,
                          focus_interval_seconds=0.5)
    window = gui.open_window(runtime, start=True)
    display = window.open_customer_display()
    panel = window.parts.payment_panel
    table = window.orders_panel.table
    model = window.orders_panel.model
    engine = window.parts.engine
    seen: list[float] = []
    sale: list[str] = [""]  # the sale's order id, the run's
    handed = engine.done

    def done(outcome: Any) -> None:
        if (isinstance(outcome, CheckOutcome) and outcome.order_id == sale[0]
                and outcome.status is OrderStatus.APPROVE and not seen):
            seen.append(time.perf_counter())
        handed(outcome)

    engine.done = done  # type: ignore[method-assign]

    def row_paid() -> bool:
        row = model.row_of(sale[0])
        order = model.order_at(row) if row is not None else None
        return order is not None and order.status is OrderStatus.APPROVE

    qr = PaintDone(panel.qr, own_paint=True)
    paints = [
        PaintDone(panel, lambda: panel.badge.phase() is OrderPhase.PAID),
        PaintDone(display, lambda: display.state() is BuyerState.PAID),
        PaintDone(table.viewport(), row_paid),
    ]
    times: list[float] = []
    try:
        for number in range(sizes.create_warmup + max(1, sizes.create_runs // 3)):
            enter_to_qr(gui, window, qr, number)
            order = window.parts.presenter.sale
            assert order is not None and order.url is not None
            sale[0] = order.order_id
            if not gui.wait(lambda: model.row_of(sale[0]) is not None, timeout=10):
                raise RuntimeError("the sale did not reach the list")
            seen.clear()
            for paint in paints:
                paint.arm()
            decide(order.url, "approve", "buyer@example.com")
            if not gui.wait(lambda: all(p.at is not None for p in paints), timeout=20):
                raise RuntimeError("the payment was not painted on every screen within 20 s")
            if number >= sizes.create_warmup:
                times.append(max(_at(p) for p in paints) - seen[0])
            gui.wait(_never, timeout=0.05)
    finally:
        engine.done = handed  # type: ignore[method-assign]
        for paint in (qr, *paints):
            paint.close()
        display.close()
        gui.close_window(window)
        runtime.close()
    return {
        "status_to_screens_ms": median(times) * 1000,
        "status_to_screens_runs_ms": [round(t * 1000, 1) for t in times],
    }


def _at(paint: PaintDone) -> float:
    assert paint.at is not None
    return paint.at


_never: Callable[[], bool] = lambda: False  # noqa: E731 (a condition that waits out the time)
