"""bench.py's ``web`` part: the buyer's web screen beside the window, on loopback.

The window serves the page (web_display "local"); the paired devices are threads of
another process (web_devices_child.py: tablets are other computers), each doing what
the page does: it reads the event stream and, for a view with a code, fetches the
code's picture (the page's ``<img>``). Per sale, typed at the counter
(Enter) and paid on the sandbox's page:

- ``web_qr_after_window_ms``: the slowest device's code picture received, after the
  window painted its own QR (p95 of the sales; below zero: the page was first);
- ``web_paid_after_window_ms``: the slowest device's "paid" received, after the
  window painted its paid panel (p95);
- ``web_stall_ms``: the longest gap of a 10 ms QTimer in the GUI thread over all the
  sales with :data:`DEVICES` devices connected; ``web_create_to_qr_ms``: Enter to the
  window's QR painted meanwhile (median). The same sales with the page off, in the same
  run, are their baseline (``web_stall_off_ms``, ``web_create_to_qr_off_ms``).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from bench_books import prepare_data_dir, runtime_for
from bench_common import Sizes, median
from bench_create import enter_to_qr
from bench_window import Gui, PaintDone

#: Devices with the page open, as the issue's budget names them.
DEVICES = 10
CHILD = Path(__file__).with_name("web_devices_child.py")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Devices:
    """:data:`DEVICES` paired devices in a child process (web_devices_child.py): what each
    page received when."""

    def __init__(self, base_url: str, addresses: list[str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), base_url, *addresses], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True)
        self.count = len(addresses)
        self.connected = threading.Event()
        self.seen: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            item = json.loads(line)
            if "connected" in item:
                self.connected.set()
                continue
            with self.lock:
                self.seen.append(item)

    def slowest(self, state: str, amount: str, *, drawn: bool = False) -> float | None:
        """When the last of the devices had ``state`` for ``amount`` (its code drawn)."""
        key = "drawn" if drawn else "arrived"
        firsts: dict[int, float] = {}
        with self.lock:
            for item in self.seen:
                if item["state"] == state and item["amount"] == amount and item[key]:
                    firsts.setdefault(item["device"], item[key])
        return max(firsts.values()) if len(firsts) == self.count else None

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def bench_web(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    off = _sales(sizes, work / "web-off", gui, base_url, devices=0)
    on = _sales(sizes, work / "web-on", gui, base_url, devices=DEVICES)
    return {
        "web_qr_after_window_ms": p95(on["qr_after"]) * 1000,
        "web_paid_after_window_ms": p95(on["paid_after"]) * 1000,
        "web_stall_ms": on["stall"] * 1000,
        "web_stall_off_ms": off["stall"] * 1000,
        "web_create_to_qr_ms": median(on["enter"]) * 1000,
        "web_create_to_qr_off_ms": median(off["enter"]) * 1000,
        "web_qr_after_window_runs_ms": [round(v * 1000, 1) for v in on["qr_after"]],
        "web_paid_after_window_runs_ms": [round(v * 1000, 1) for v in on["paid_after"]],
        "web_devices": DEVICES,
    }


def _sales(sizes: Sizes, data: Path, gui: Gui, base_url: str, *,
           devices: int) -> dict[str, Any]:
    """The same sales, typed and paid, with the page off (``devices`` 0: the baseline)
    or served to ``devices`` devices."""
    from PySide6.QtCore import Qt, QTimer

    from paydesk.core.counter.views import BuyerState
    from paydesk.domain.writing import money_text

    from payment_page import decide

    runtime = runtime_for(prepare_data_dir(data, base_url), base_url,
                          focus_interval_seconds=0.5)
    runtime.keeper.settings = dataclasses.replace(
        runtime.settings, web_display="local" if devices else "off", web_display_port=0)
    window = gui.open_window(runtime, start=True)
    web = window.parts.web_screen
    pages: Devices | None = None
    if devices:
        server = web.server
        assert server is not None
        pages = Devices(server.base_url, [server.pairing_address()[0] for _ in range(devices)])
        if not gui.wait(lambda: pages is not None and pages.connected.is_set()
                        and web.connected == devices, timeout=30):
            raise RuntimeError(f"only {web.connected} of {devices} devices connected")
    presenter = window.parts.presenter
    qr_painted = PaintDone(window.parts.payment_panel.qr, own_paint=True)
    paid_painted = PaintDone(window.parts.payment_panel,
                             lambda: presenter.screens.panel.phase is not None
                             and presenter.screens.buyer.state is BuyerState.PAID)
    ticks: list[float] = []
    ticker = QTimer()
    ticker.setTimerType(Qt.TimerType.PreciseTimer)
    ticker.setInterval(10)
    ticker.timeout.connect(lambda: ticks.append(time.perf_counter()))
    qr_after: list[float] = []
    paid_after: list[float] = []
    enter_times: list[float] = []
    try:
        ticker.start()
        for number in range(sizes.create_warmup + sizes.create_runs):
            enter = enter_to_qr(gui, window, qr_painted, number)
            window_qr = qr_painted.at
            sale = presenter.sale
            assert window_qr is not None and sale is not None and sale.url is not None
            amount = money_text(sale.amount, "en")
            page_qr = page_paid = 0.0
            if pages is not None:
                if not gui.wait(lambda a=amount: pages is not None and pages.slowest(
                        "pending", a, drawn=True) is not None, timeout=20):
                    raise RuntimeError("a device's page never drew the sale's code")
                page_qr = pages.slowest("pending", amount, drawn=True) or 0.0
            paid_painted.arm()
            # The buyer's phone, off the GUI thread (a wait there would count as a stall).
            threading.Thread(target=decide, args=(sale.url, "approve", "bench@example.com"),
                             daemon=True).start()
            if not gui.wait(lambda: paid_painted.at is not None, timeout=20):
                raise RuntimeError("the window never showed the sale paid")
            if pages is not None:
                if not gui.wait(lambda a=amount: pages is not None
                                and pages.slowest("paid", a) is not None, timeout=20):
                    raise RuntimeError("a device's page never said paid")
                page_paid = pages.slowest("paid", amount) or 0.0
            assert paid_painted.at is not None
            if number >= sizes.create_warmup:
                enter_times.append(enter)
                qr_after.append(page_qr - window_qr)
                paid_after.append(page_paid - paid_painted.at)
            window.new_payment()
    finally:
        ticker.stop()
        qr_painted.close()
        paid_painted.close()
        gui.close_window(window)
        runtime.close()
        if pages is not None:
            pages.close()
    stall = max(b - a for a, b in itertools.pairwise(ticks)) if len(ticks) > 1 else 0.0
    return {"qr_after": qr_after, "paid_after": paid_after, "enter": enter_times,
            "stall": stall}


def back_after_cut(quick: bool, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    """``web_back_after_cut_s``: a page in headless Chromium whose till was gone for 10 s
    (the page served no more, a new sale typed meanwhile) shows the current sale this
    long after the till is back. Skipped (no figure) without chromium and its driver."""
    import shutil

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        chromium = None
    if chromium is None or driver_path is None:
        return {"web_back_after_cut": "skipped: chromium, chromium-driver or selenium missing"}
    from paydesk.domain.writing import money_text

    runtime = runtime_for(prepare_data_dir(work / "web-cut", base_url), base_url,
                          focus_interval_seconds=0.5)
    port = _free_port()  # fixed: the page comes back to the same address
    runtime.keeper.settings = dataclasses.replace(runtime.settings, web_display="local",
                                                  web_display_port=port)
    window = gui.open_window(runtime, start=True)
    web = window.parts.web_screen
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1280,800"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(driver_path), options=options)
    painted = PaintDone(window.parts.payment_panel.qr, own_paint=True)
    try:
        assert web.server is not None
        browser.get(web.server.pairing_address()[0])

        def shows(state: str, amount: str | None = None) -> bool:
            body = browser.find_element("tag name", "body").get_attribute("class") or ""
            return state in body.split() and (
                amount is None or browser.find_element("id", "amount").text == amount)

        WebDriverWait(browser, 10, poll_frequency=0.02).until(lambda _d: shows("idle"))
        runtime.keeper.save({"web_display": "off"})  # the till is gone
        WebDriverWait(browser, 10, poll_frequency=0.02).until(lambda _d: shows("offline"))
        enter_to_qr(gui, window, painted, 7)  # a sale typed meanwhile
        sale = window.parts.presenter.sale
        assert sale is not None
        amount = money_text(sale.amount, "en").replace("\u00a0", " ")
        gui.wait(lambda: False, timeout=1 if quick else 10)  # the rest of the cut
        runtime.keeper.save({"web_display": "local", "web_display_port": port})
        back = time.perf_counter()
        WebDriverWait(browser, 30, poll_frequency=0.02).until(
            lambda _d: shows("pending", amount))
        seconds = time.perf_counter() - back
    finally:
        painted.close()
        browser.quit()
        gui.close_window(window)
        runtime.close()
    return {"web_back_after_cut_s": seconds}


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
