"""Polling settings saved in the running window are in force at once, without a restart.

PayDesk and the test share a clock that only the test moves (``Runtime.clock``), so
"the next check comes 2 s after the last one" is seen without waiting 2 s, and
"no check for a minute" holds however slow the machine is.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.domain.orders import Order
from paydesk.sandbox import SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.settings.dialog import SettingsDialog

from counter_steps import type_sale
from fake_time import MovableClock
from settings_steps import save_in_the_dialog
from test_values import TEST_CLIENT_ID, TEST_SECRET

WAIT_MS = 10_000


@pytest.fixture
def clock() -> MovableClock:
    return MovableClock()


@pytest.fixture
def window(
    sandbox: SandboxServer, clock: MovableClock, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, qtbot: QtBot,
) -> Iterator[MainWindow]:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    # The order on screen is checked once a minute: the slowest pace the settings allow.
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                        focus_interval_seconds=60, max_in_flight=8)
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings, clock=clock)
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    yield window
    window.shutdown()
    runtime.close()


def polling(*, focus_s: float, in_flight: int) -> Callable[[SettingsDialog], None]:
    """The polling fields as the merchant types them."""

    def fill(dialog: SettingsDialog) -> None:
        dialog.focus_spin.setValue(focus_s)
        dialog.in_flight_spin.setValue(in_flight)

    return fill


def test_a_new_focus_interval_paces_the_order_on_screen_at_once(
    window: MainWindow, qtbot: QtBot, clock: MovableClock
) -> None:
    sale = type_sale(qtbot, window, "150")
    assert sale is not None and sale.next_check_at is not None
    assert sale.next_check_at - clock() > timedelta(seconds=50)  # a minute away

    saved_at = clock()
    save_in_the_dialog(window, qtbot, polling(focus_s=2, in_flight=3))
    assert window.runtime.settings.focus_interval_seconds == 2

    def checked_after(moment: datetime) -> Order | None:
        order = window.parts.desk.get(sale.order_id)
        if order is None or order.last_checked_at is None or order.last_checked_at < moment:
            return None
        return order

    # The clock has not moved: the old pace would not ask for another minute.
    qtbot.waitUntil(lambda: checked_after(saved_at) is not None, timeout=WAIT_MS)
    first = checked_after(saved_at)
    assert first is not None and first.next_check_at is not None
    assert first.last_checked_at is not None
    assert first.next_check_at - first.last_checked_at == timedelta(seconds=2)

    # Two seconds later (on the shared clock), the next check comes by itself.
    clock.offset += timedelta(seconds=2)
    qtbot.waitUntil(lambda: checked_after(first.next_check_at) is not None,  # type: ignore[arg-type]
                    timeout=WAIT_MS)


def test_requests_in_flight_and_the_pool_follow_the_settings(
    window: MainWindow, qtbot: QtBot
) -> None:
    save_in_the_dialog(window, qtbot, polling(focus_s=2, in_flight=3))
    counter = window.watch
    assert counter.engine.max_in_flight == 3
    assert counter.pool.maxThreadCount() == 4  # one more: the sale's creation never queues


def test_the_rate_the_backoff_and_the_order_lifetime_are_in_force_at_once(
    window: MainWindow, qtbot: QtBot, clock: MovableClock
) -> None:
    """Outside the demo too: the watching takes them from the save on, no restart. The
    rate has no field in the dialog; it is saved the one way every front end saves."""
    sale = type_sale(qtbot, window, "150")
    assert sale is not None and sale.confirmed_at is not None

    def backoff_and_lifetime(dialog: SettingsDialog) -> None:
        dialog.backoff_start_spin.setValue(7)
        dialog.backoff_max_spin.setValue(90)
        dialog.lifetime_spin.setValue(5)  # minutes

    save_in_the_dialog(window, qtbot, backoff_and_lifetime)
    assert window.settings_control.save({"max_requests_per_second": 3})

    engine = window.parts.engine
    assert engine.limiter is not None and engine.limiter.rate == 3
    policy = window.parts.desk.policy  # what the watching schedules every check with
    assert policy.expires_at(sale) - sale.confirmed_at == timedelta(minutes=5)
    now = clock()
    # Away from the screen, a young order is checked after the first backoff step...
    assert policy.next_check(sale, now) == now + timedelta(seconds=7)
    # ... and an old one never waits longer than the slowest (but for its expiry check).
    old = now + timedelta(hours=1)
    assert policy.interval(sale, old, focused=False) == timedelta(seconds=90)
    saved = json.loads(window.runtime.paths.settings_file.read_text(encoding="utf-8"))
    assert (saved["max_requests_per_second"], saved["backoff_start_seconds"],
            saved["backoff_max_seconds"], saved["order_lifetime_seconds"]) == (3, 7, 90, 300)
