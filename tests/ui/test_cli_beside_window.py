"""Commands run beside an open window on the same order book (WAL, busy timeout), and log
apart; a setting one sets is kept when the window saves its own.

The window is in this process and keeps working (its event loop runs while
the command does); the command is a real ``paydesk`` process.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime, open_runtime
from paydesk.core.settings import values as settings_file
from paydesk.core.settings.values import Settings
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.support.held_lock import HeldLock
from paydesk.support.logs import CLI_LOG_FILE
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.shell.formatting import money

from cli_process import child_env, paydesk_for, service_env
from payment_page import decide
from settings_steps import save_in_the_dialog
from test_values import TEST_CLIENT_ID, TEST_SECRET

WAIT_MS = 30_000


def paydesk(qtbot: QtBot, data_dir: Path, *args: str, env: dict[str, str] | None = None,
            ) -> subprocess.CompletedProcess[str]:
    """Run ``paydesk ARGS`` while this process's event loop (the window) keeps running."""
    process = subprocess.Popen(
        [sys.executable, "-m", "paydesk", *args],
        env={**child_env(data_dir, data_dir.parent / "keychain.json"), **(env or {})},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
    )
    try:
        qtbot.waitUntil(lambda: process.poll() is not None, timeout=WAIT_MS)
        out, err = process.communicate()
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def start_window(qtbot: QtBot, runtime: Runtime) -> MainWindow:
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.show()
    window.watch.start()
    return window


def create_in_window(qtbot: QtBot, window: MainWindow, amount: str) -> None:
    field, link = window.form.amount_input, window.parts.payment_panel.link_label
    before = link.toolTip()
    field.setText(amount)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: link.toolTip().startswith("http") and link.toolTip() != before,
                    timeout=WAIT_MS)


@pytest.fixture
def real_window(
    qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    runtime = Runtime(
        AppPaths(tmp_path / "data").ensure(),
        Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                 focus_interval_seconds=0.5),
    )
    window = start_window(qtbot, runtime)
    yield window
    window.shutdown()
    runtime.close()


def test_create_and_list_beside_the_open_window(
    qtbot: QtBot, real_window: MainWindow, sandbox: SandboxServer, tmp_path: Path
) -> None:
    data, env = tmp_path / "data", service_env(sandbox)
    create_in_window(qtbot, real_window, "150")
    created = paydesk(qtbot, data, "create", "75", env=env)
    assert created.returncode == 0, created.stderr
    create_in_window(qtbot, real_window, "20")  # the window writes on after the command

    listed = paydesk(qtbot, data, "list", "--format", "json")
    assert listed.returncode == 0, listed.stderr
    amounts = sorted(order["amount_kopecks"] for order in json.loads(listed.stdout))
    assert amounts == [2000, 7500, 15000]
    [cli_order] = [o for o in sandbox.orders() if o.amount == 7500]
    assert real_window.parts.desk.get(cli_order.order_id) is not None  # same book
    # The command logged to its own file; the window's log is not touched by it.
    cli_log = data / "logs" / CLI_LOG_FILE
    assert "paydesk create; data folder" in cli_log.read_text(encoding="utf-8")
    assert TEST_SECRET not in cli_log.read_text(encoding="utf-8")


def test_the_list_follows_an_order_another_process_creates(
    qtbot: QtBot, real_window: MainWindow, sandbox: SandboxServer, tmp_path: Path
) -> None:
    """The footer and the rows agree: an order a command writes shows in the open window's
    list by itself (no re-sort, no new order at the counter)."""
    panel = real_window.orders_panel
    create_in_window(qtbot, real_window, "150")
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=WAIT_MS)
    created = paydesk(qtbot, tmp_path / "data", "create", "75", env=service_env(sandbox))
    assert created.returncode == 0, created.stderr
    [cli_order] = [o for o in sandbox.orders() if o.amount == 7500]
    qtbot.waitUntil(lambda: panel.model.row_of(cli_order.order_id) == 0, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: panel.totals_label.text().startswith("2 orders"), timeout=WAIT_MS)
    assert panel.model.rowCount() == 2


def test_the_list_follows_a_payment_another_process_records(
    qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``paydesk refresh`` in a terminal sees a payment before this window asks (here the
    window does not check orders at all: its counter is not started): the row says
    Paid in place, the footer counts it, and the cashier's selection stays."""
    data, env = tmp_path / "data", service_env(sandbox)
    created = paydesk(qtbot, data, "create", "75", env=env)
    assert created.returncode == 0, created.stderr
    [order] = sandbox.orders()
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    runtime = Runtime(AppPaths(data).ensure(),
                      Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID))
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.show()
    try:
        panel = window.orders_panel
        qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=WAIT_MS)
        # Selected, not made current: the current row is viewed, and a viewed order is
        # checked by the window itself.
        rows = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        panel.table.selectionModel().select(panel.model.index(0, 0), rows)
        assert panel.model.index(0, Column.STATUS).data() == "Waiting"
        sandbox.approve(order.order_id)
        with qtbot.assertNotEmitted(panel.model.modelReset):
            refreshed = paydesk(qtbot, data, "refresh", env=env)
            assert refreshed.returncode == 0, refreshed.stderr
            qtbot.waitUntil(lambda: panel.model.index(0, Column.STATUS).data() == "Paid",
                            timeout=WAIT_MS)
            qtbot.waitUntil(lambda: "paid 1 for" in panel.totals_label.text(), timeout=WAIT_MS)
        assert panel.paid_today_label.text() == f"Paid today: {money(7500)}"
        assert panel.selected_order_ids() == [order.order_id]
    finally:
        window.shutdown()
        runtime.close()


def test_a_demo_command_beside_the_demo_window(qtbot: QtBot, tmp_path: Path) -> None:
    runtime = open_runtime(str(tmp_path), demo=True)
    try:
        window = start_window(qtbot, runtime)
        create_in_window(qtbot, window, "150")
        created = paydesk(qtbot, tmp_path, "--demo", "create", "60")
        assert created.returncode == 0, created.stderr
        listed = paydesk(qtbot, tmp_path, "--demo", "list", "--format", "json")
        assert listed.returncode == 0, listed.stderr
        orders = json.loads(listed.stdout)
        assert len(orders) == 2
        assert all(window.parts.desk.get(o["order_id"]) is not None for o in orders)
        assert (tmp_path / "demo" / "logs" / CLI_LOG_FILE).is_file()
        assert not (tmp_path / "logs").exists()  # the demo never logs into the real folder

        # The command used the window's sandbox: its link outlives the command, and
        # a buyer who pays on it later is seen paid by the window.
        [sixty] = [o for o in orders if o["amount_kopecks"] == 6000]
        assert sixty["url"].startswith(f"{runtime.settings.base_url}/pay/")
        port_file = tmp_path / "demo" / "sandbox-port"
        assert port_file.read_text().strip() == runtime.settings.base_url.rsplit(":", 1)[1]
        assert decide(sixty["url"], "approve", "buyer@example.com").status_code == 200
        qtbot.waitUntil(
            lambda: window.parts.desk.get(sixty["order_id"]).status is OrderStatus.APPROVE,
            timeout=WAIT_MS,
        )
        window.shutdown()
    finally:
        runtime.close()


def test_a_sale_paid_as_another_process_saw_it_shows_paid_on_both_screens(
    qtbot: QtBot, real_window: MainWindow, sandbox: SandboxServer, tmp_path: Path
) -> None:
    """``paydesk refresh`` in a terminal records the sale's payment first: the window
    does not ask again (the order is final), yet its panel and the buyer's screen say
    Paid, read from the book."""
    from paydesk.core.counter.views import BuyerState
    from paydesk.domain.phase import OrderPhase

    display = real_window.open_customer_display()
    qtbot.addWidget(display)
    create_in_window(qtbot, real_window, "88")
    [order] = sandbox.orders()
    real_window.watch.stop()  # the window stops asking; only the terminal does
    sandbox.approve(order.order_id)
    refreshed = paydesk(qtbot, tmp_path / "data", "refresh", env=service_env(sandbox))
    assert refreshed.returncode == 0, refreshed.stderr
    qtbot.waitUntil(lambda: real_window.parts.payment_panel.badge.phase() is OrderPhase.PAID,
                    timeout=WAIT_MS)
    qtbot.waitUntil(lambda: display.state() is BuyerState.PAID, timeout=WAIT_MS)


def test_a_setting_set_in_a_terminal_is_kept_when_the_window_saves_its_own(
    qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'paydesk config set' beside the open window, then Play sounds and Settings… in the
    window: each save changes only what it names, so the file keeps both; the window's
    save, and Settings… as it opens, bring the terminal's setting into force too."""
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    data = tmp_path / "data"
    file = AppPaths(data).ensure().settings_file
    settings_file.save(Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID), file)
    runtime = open_runtime(str(data))
    window = start_window(qtbot, runtime)
    try:
        assert runtime.settings.max_requests_per_second == 200
        done = paydesk(qtbot, data, "config", "set", "max_requests_per_second", "3")
        assert done.returncode == 0, done.stderr

        window.parts.actions.sound.trigger()  # Settings → Play sounds: off, saved at once
        kept = json.loads(file.read_text(encoding="utf-8"))
        assert (kept["max_requests_per_second"], kept["sound"]) == (3.0, False)
        assert (kept["base_url"], kept["client_id"]) == (sandbox.base_url, TEST_CLIENT_ID)
        assert runtime.settings.max_requests_per_second == 3  # now in force here too
        limiter = window.parts.engine.limiter
        assert limiter is not None and limiter.rate == 3

        done = paydesk(qtbot, data, "config", "set", "backoff_max_seconds", "120")
        assert done.returncode == 0, done.stderr
        shown: list[float] = []

        def rename(dialog: SettingsDialog) -> None:
            shown.append(dialog.backoff_max_spin.value())  # the terminal's, not the old
            dialog.merchant_edit.setText("Café")

        save_in_the_dialog(window, qtbot, rename)
        assert shown == [120]
        kept = json.loads(file.read_text(encoding="utf-8"))
        assert (kept["merchant_name"], kept["backoff_max_seconds"],
                kept["max_requests_per_second"], kept["sound"]) == ("Café", 120.0, 3.0, False)
        assert window.parts.desk.policy.backoff_max.total_seconds() == 120
    finally:
        window.shutdown()
        runtime.close()


def test_a_window_save_racing_a_terminal_save_keeps_both(
    qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'paydesk config set' has read the settings file and not yet written it when Play
    sounds is saved in the window: the window waits for it (the settings' lock), then
    reads its change and writes both. Without the lock the command would write its
    older copy over the window's change."""
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    data = tmp_path / "data"
    file = AppPaths(data).ensure().settings_file
    settings_file.save(Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID), file)
    runtime = open_runtime(str(data))
    window = start_window(qtbot, runtime)
    runner = paydesk_for(tmp_path)
    try:
        command = runner.spawn("config", "set", "max_requests_per_second", "3",
                               pause_at="settings_read")
        command.wait_for_line("paused at settings_read")
        window_waits = threading.Event()
        take_lock = settings_file.wait_for_lock

        def announced(path: Path, timeout: float) -> HeldLock | None:
            window_waits.set()
            return take_lock(path, timeout)

        monkeypatch.setattr(settings_file, "wait_for_lock", announced)

        def let_the_command_go_on() -> None:
            window_waits.wait()
            command.resume()

        threading.Thread(target=let_the_command_go_on, daemon=True).start()
        window.parts.actions.sound.trigger()  # Settings → Play sounds: off, saved at once
        window_waits.set()  # had the window not waited, the command goes on now
        _out, err = command.finish()
        assert command.process.returncode == 0, err
        kept = json.loads(file.read_text(encoding="utf-8"))
        assert (kept["max_requests_per_second"], kept["sound"]) == (3.0, False)
        assert (runtime.settings.max_requests_per_second, runtime.settings.sound) == (3, False)
    finally:
        runner.close()
        window.shutdown()
        runtime.close()


def test_a_demo_setting_set_in_a_terminal_is_kept_when_the_demo_window_saves(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The same in the demo, whose settings file is its own: it keeps the demo's
    preferences only, never the sandbox's address or account."""
    runtime = open_runtime(str(tmp_path), demo=True)
    window = start_window(qtbot, runtime)
    try:
        done = paydesk(qtbot, tmp_path, "--demo", "config", "set", "order_lifetime_seconds", "300")
        assert done.returncode == 0, done.stderr
        window.parts.actions.sound.trigger()
        kept = json.loads((tmp_path / "demo" / "settings.json").read_text(encoding="utf-8"))
        assert (kept["order_lifetime_seconds"], kept["sound"]) == (300, False)
        assert (kept["base_url"], kept["client_id"], kept["merchant_name"]) == ("", None, "")
        assert runtime.demo is not None and runtime.demo.server is not None
        assert runtime.settings.base_url == runtime.demo.server.base_url
        assert runtime.settings.order_lifetime_seconds == 300
        assert runtime.demo.server.config.ttl_seconds == 300  # the sandbox's orders too
    finally:
        window.shutdown()
        runtime.close()
