"""bench.py's ``create`` part: Enter in the amount field until the QR is painted, on
loopback (a regression guard) and at a real service's latency (what a shop feels)."""

from __future__ import annotations

import hashlib
import math
import os
import time
from pathlib import Path
from typing import Any

from bench_books import prepare_data_dir, runtime_for
from bench_common import CLIENT_ID, SECRET, Sizes, median
from bench_window import Gui, PaintDone

#: The pause before each measured call: the app's sale and the bare call both start
#: with the process and the sandbox quiet.
SETTLE_S = 0.02


#: A real payment service's time per request: 80 ms ± 20 ms (the sandbox waits
#: REAL_LATENCY_MS plus a random 0..REAL_JITTER_MS before each answer).
REAL_LATENCY_MS, REAL_JITTER_MS = 60, 40


def bench_create(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    """On loopback: the medians' ratio, a guard against work added on the way."""
    app_times, bare_times = sales(sizes, work / "loopback", gui, base_url)
    return {
        "create_to_qr_ratio": median(app_times) / median(bare_times),
        "create_to_qr_ms": median(app_times) * 1000,
        "create_to_qr_bare_ms": median(bare_times) * 1000,
    }


def bench_create_real(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    """At a real service's latency (``base_url``'s sandbox waits 80 ± 20 ms): the p95s'
    ratio, what the cashier waits beyond the service and the code themselves."""
    app_times, bare_times = sales(sizes, work / "real", gui, base_url)
    return {
        "create_to_qr_real_ratio": p95(app_times) / p95(bare_times),
        "create_to_qr_real_p95_ms": p95(app_times) * 1000,
        "create_to_qr_real_bare_p95_ms": p95(bare_times) * 1000,
    }


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * 0.95) - 1)]


def sales(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> tuple[list[float], list[float]]:
    """Seconds of each sale in the window (Enter to QR painted) and of each bare call
    (create_order and its QR code), taken in turns."""
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
    painted = PaintDone(window.parts.payment_panel.qr, own_paint=True)
    app_times: list[float] = []
    bare_times: list[float] = []
    try:
        for number in range(sizes.create_warmup + sizes.create_runs):
            app_time = enter_to_qr(gui, window, painted, number)
            # The window finishes the sale (its other screens, the list, the first check
            # of the new order) before the bare call, which would otherwise share the
            # interpreter lock with that work; both calls start after the same pause.
            gui.wait(lambda: False, timeout=SETTLE_S)
            started = time.perf_counter()
            bare(number)
            bare_time = time.perf_counter() - started
            if number >= sizes.create_warmup:
                app_times.append(app_time)
                bare_times.append(bare_time)
            gui.wait(lambda: False, timeout=SETTLE_S)
    finally:
        painted.close()
        gui.close_window(window)
        runtime.close()
        session.close()
    return app_times, bare_times


def enter_to_qr(gui: Gui, window: Any, painted: PaintDone, number: int) -> float:
    """Seconds from Enter in ``window``'s amount field to its new QR painted
    (``painted`` watches its QR widget, ``own_paint``).

    The key arrives as a person's does, through the event loop (posted, then
    delivered by :meth:`Gui.wait`'s loop), not sent from this function: a key sent
    from here would be handled with this code still holding the interpreter lock,
    which keeps the request's thread waiting until the call returns."""
    from PySide6.QtCore import QCoreApplication, QEvent, Qt
    from PySide6.QtGui import QKeyEvent

    qr = window.parts.payment_panel.qr
    amount_input = window.form.amount_input
    amount_input.setFocus()
    amount_input.setText(f"{100 + number},50")
    amount_input.repaint()  # typed before Enter, and painted as it was typed
    before = qr.text()
    painted.arm(lambda: qr.text() not in (None, before))
    started = time.perf_counter()
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QCoreApplication.postEvent(amount_input, QKeyEvent(
            kind, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier, "\r"))
    if not gui.wait_for_paint(painted, timeout=20):
        raise RuntimeError("the QR was not painted within 20 s")
    assert painted.at is not None
    return painted.at - started
