"""The computer's clock corrected with a sale on the counter (issue 21, item 2).

As found: the window's wall clock two hours ahead, a sale, the clock corrected to the
true time, the buyer pays: the window must show it paid. And a clock corrected twenty
minutes forward must not end a sale the service still accepts. First in this process
(a wall clock the test steps, the window's steady clock over it, as the runtime makes
it), then once with libfaketime on the real window, on an X server, keys from xdotool.
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.domain.clock import SteadyClock, utc_now
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from cli_process import child_env, service_env
from counter_steps import type_sale
from payment_page import decide

WAIT_MS = 15_000
BUYER = "buyer@example.com"


class SteppedWall:
    """The computer's wall clock: the true time plus a step a test sets (a correction)."""

    def __init__(self, step: timedelta) -> None:
        self.step = step

    def __call__(self) -> datetime:
        return utc_now() + self.step


@pytest.fixture
def wall() -> SteppedWall:
    return SteppedWall(timedelta(hours=2))


@pytest.fixture
def stepped_window(runtime: Runtime, wall: SteppedWall, qtbot: QtBot) -> Iterator[MainWindow]:
    runtime.clock, runtime.steady = wall, SteadyClock(wall)
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.watch.start()
    yield window
    window.shutdown()


def _paid(window: MainWindow) -> bool:
    sale = window.parts.presenter.sale
    return sale is not None and sale.status is OrderStatus.APPROVE


def test_set_back_two_hours_the_window_still_sees_the_payment(
    stepped_window: MainWindow, wall: SteppedWall, qtbot: QtBot,
) -> None:
    sale = type_sale(qtbot, stepped_window, "321")
    wall.step = timedelta(0)  # corrected to the true time, the sale on screen
    assert sale.url is not None
    assert decide(sale.url, "approve", BUYER).ok
    qtbot.waitUntil(lambda: _paid(stepped_window), timeout=WAIT_MS)


def test_corrected_forward_the_sale_keeps_its_code_and_its_time(
    stepped_window: MainWindow, wall: SteppedWall, qtbot: QtBot,
) -> None:
    sale = type_sale(qtbot, stepped_window, "321")
    panel = stepped_window.parts.payment_panel
    wall.step += timedelta(minutes=20)
    shown = panel.countdown_label.text()
    qtbot.waitUntil(lambda: panel.countdown_label.text() != shown, timeout=WAIT_MS)  # ticked
    lifetime = stepped_window.parts.desk.policy.order_lifetime.total_seconds()
    left = stepped_window.parts.presenter.screens.panel.seconds_left
    assert left is not None and lifetime - 60 < left <= lifetime
    assert panel.qr.inactive_reason() is None  # the code is there to be scanned
    assert stepped_window.parts.presenter.can_show(sale)
    assert sale.url is not None
    assert decide(sale.url, "approve", BUYER).ok
    qtbot.waitUntil(lambda: _paid(stepped_window), timeout=WAIT_MS)


LIBFAKETIME = next((p for p in (
    Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"),
    Path("/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"),
    Path("/usr/lib/faketime/libfaketime.so.1"),
) if p.exists()), None)


class Lines:
    """A child's output, line by line, read in a thread: waited on with a deadline."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self._lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        assert process.stdout is not None
        stream = process.stdout
        threading.Thread(target=lambda: [self._lines.put(line) for line in stream],
                         daemon=True).start()

    def wait_for(self, *words: str, timeout: float = 60.0) -> str:
        deadline = datetime.now().timestamp() + timeout  # the test's own clock is not faked
        while (left := deadline - datetime.now().timestamp()) > 0:
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                break
            self.seen.append(line)
            if all(word in line for word in words):
                return line
        raise AssertionError(f"no line with {words}; the last lines:\n" + "".join(self.seen[-30:]))


@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None
                    or LIBFAKETIME is None,
                    reason="needs Xvfb, xdotool and libfaketime (apt-get install xvfb xdotool "
                           "faketime)")
def test_the_real_window_with_its_clock_set_back_sees_the_payment(
    tmp_path: Path, sandbox: SandboxServer,
) -> None:
    """``paydesk`` on an X server with libfaketime: its wall clock two hours ahead (its
    monotonic clock untouched, as a correction leaves it); 321 and Enter typed; the clock
    corrected with the sale on screen; the buyer pays on the page: the window says so."""
    fake_time = tmp_path / "faketime"
    fake_time.write_text("+2h\n", encoding="utf-8")
    ready, told = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(told), "-screen", "0", "1280x800x24",
                               "-nolisten", "tcp"], pass_fds=(told,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(told)
    window = None
    try:
        with os.fdopen(ready) as said:
            display = ":" + said.readline().strip()
        data = tmp_path / "data"
        env = {**child_env(data, tmp_path / "keychain.json"), **service_env(sandbox),
               "DISPLAY": display, "QT_QPA_PLATFORM": "xcb",
               "LD_PRELOAD": str(LIBFAKETIME), "FAKETIME_TIMESTAMP_FILE": str(fake_time),
               "FAKETIME_NO_CACHE": "1", "DONT_FAKE_MONOTONIC": "1"}
        window = subprocess.Popen([sys.executable, "-m", "paydesk", "-v"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines = Lines(window)
        lines.wait_for("Alert sounds")  # built after the first frame: the window is up

        def xdotool(*args: str) -> None:
            subprocess.run(["xdotool", *args], env=env, timeout=60, check=True)

        xdotool("mousemove", "640", "400")  # no window manager: focus follows the pointer
        xdotool("type", "--delay", "30", "321")
        xdotool("key", "Return")
        # Logged once the order's link and its first check's time are in the book: the
        # schedule was written on the clock two hours ahead.
        lines.wait_for("creation confirmed")
        [order] = sandbox.orders()
        assert order.amount == 32100
        fake_time.write_text("+0\n", encoding="utf-8")  # corrected with the sale on screen
        assert decide(order.url, "approve", BUYER).ok
        lines.wait_for(f"order {order.order_id} is now approve", timeout=30)
    finally:
        if window is not None:
            window.terminate()
            window.wait(timeout=60)
        server.terminate()
        server.wait(timeout=60)
