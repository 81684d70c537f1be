"""The settings in demo mode (``paydesk --demo``): what a person may want to try is
theirs to change and is kept for the demo, in the demo's own folder; the sandbox's
account is shown fixed, with the reason. Nothing typed is silently dropped."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime, open_runtime
from paydesk.sandbox.ledger import SandboxOrder
from paydesk.ui.app import build_window, start_settings
from paydesk.ui.main_window import MainWindow
from paydesk.ui.settings.dialog import SettingsDialog

from counter_steps import type_sale
from settings_steps import save_in_the_dialog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

WAIT_MS = 10_000


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[Runtime]:
    runtime = open_runtime(str(tmp_path), demo=True)
    yield runtime
    runtime.close()


@pytest.fixture
def window(demo: Runtime, qtbot: QtBot) -> Iterator[MainWindow]:
    window = build_window(demo)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_frame_done, timeout=WAIT_MS):
        window.show()
    window.watch.start()
    yield window
    window.shutdown()


def test_the_demo_dialog_says_what_is_fixed_and_why_and_leaves_the_rest_editable(
    window: MainWindow, qtbot: QtBot, notices: list[str]
) -> None:
    seen: dict[str, object] = {}

    def look(dialog: SettingsDialog) -> None:
        note = dialog.findChild(QLabel, "demo_fixed_note")
        seen["note"] = note.text() if note is not None and note.isVisible() else None
        seen["fixed"] = (dialog.base_url_edit.isReadOnly(), dialog.client_id_edit.isReadOnly(),
                         dialog.secret_edit.isEnabled(), dialog.show_secret_button.isEnabled())
        seen["editable"] = [
            widget.isEnabled() and not (isinstance(widget, QLineEdit) and widget.isReadOnly())
            for widget in (dialog.merchant_edit, dialog.sound_check, dialog.language_combo,
                           dialog.lifetime_spin, dialog.display_combo, dialog.focus_spin)
        ]
        lifetime = dialog.findChild(QLabel, "demo_lifetime_note")
        seen["lifetime"] = lifetime.text() if lifetime is not None else None
        seen["restart"] = dialog.findChild(QLabel, "client_id_restart_note") is not None

    save_in_the_dialog(window, qtbot, look)

    assert seen["note"] is not None and str(seen["note"]).startswith("Fixed in the demo:")
    assert seen["fixed"] == (True, True, False, False)
    assert seen["editable"] == [True] * 6
    assert seen["lifetime"] == "the demo sandbox's orders too"
    assert seen["restart"] is False  # the demo's account never changes


def test_demo_edits_are_in_force_at_once_and_kept_for_the_next_demo(
    window: MainWindow, demo: Runtime, qtbot: QtBot, tmp_path: Path, notices: list[str]
) -> None:
    display = window.open_customer_display()
    qtbot.addWidget(display)

    def change(dialog: SettingsDialog) -> None:
        dialog.merchant_edit.setText("Demo Bakery")
        dialog.sound_check.setChecked(False)
        dialog.lifetime_spin.setValue(5)
        dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("ru"))

    save_in_the_dialog(window, qtbot, change)

    # In force now: the window, the buyer's screen, the sound, the sandbox itself.
    assert window.windowTitle() == "Demo Bakery — PayDesk — demo"
    assert display.title_label.text().replace("\n", " ") == "Demo Bakery"
    assert not window.parts.alerts.player.enabled
    assert demo.demo is not None
    sandbox = demo.demo
    assert notices == ["The new language is used when PayDesk is started again."]
    sale = type_sale(qtbot, window, "150")
    assert sale is not None
    [remote] = [order for order in sandbox_orders(demo) if order.order_id == sale.order_id]
    assert remote.expires_at - remote.created_at == timedelta(minutes=5)

    # Kept in the demo's folder, not the person's own settings.
    assert not (tmp_path / "settings.json").exists()
    kept = json.loads((tmp_path / "demo" / "settings.json").read_text(encoding="utf-8"))
    assert (kept["merchant_name"], kept["sound"], kept["order_lifetime_seconds"],
            kept["language"]) == ("Demo Bakery", False, 300, "ru")

    # The next demo starts with them (the language with its first frame).
    window.shutdown()
    demo.close()
    again = open_runtime(str(tmp_path), demo=True)
    try:
        settings = again.settings
        assert (settings.merchant_name, settings.sound, settings.order_lifetime_seconds) == (
            "Demo Bakery", False, 300)
        assert again.demo is not None and again.demo is not sandbox
        assert start_settings(str(tmp_path), demo=True).language == "ru"
        assert start_settings(str(tmp_path), demo=False).language == "system"  # not theirs
    finally:
        again.close()


def sandbox_orders(runtime: Runtime) -> list[SandboxOrder]:
    """The orders the demo's own sandbox holds."""
    assert runtime.demo is not None
    server = runtime.demo.server
    assert server is not None
    return server.orders()


def test_the_demo_shop_name_follows_the_demos_language_until_the_person_names_it(
    window: MainWindow, demo: Runtime, qtbot: QtBot, tmp_path: Path, notices: list[str]
) -> None:
    """A save in the demo (Play sounds off) keeps no shop name of its own, so after the
    demo's language is changed to Russian the next demo's shop is "Демо-магазин PayDesk"."""
    window.settings_control.set_sound(False)
    save_in_the_dialog(window, qtbot, lambda dialog: dialog.language_combo.setCurrentIndex(
        dialog.language_combo.findData("ru")))
    assert notices == ["The new language is used when PayDesk is started again."]
    kept = json.loads((tmp_path / "demo" / "settings.json").read_text(encoding="utf-8"))
    assert (kept["merchant_name"], kept["language"], kept["sound"]) == ("", "ru", False)

    window.shutdown()
    demo.close()
    again = open_runtime(str(tmp_path), demo=True)
    try:
        assert again.settings.merchant_name == "Демо-магазин PayDesk"
        assert again.demo is not None and again.demo.server is not None
        assert again.demo.server.config.merchant_name == "Демо-магазин PayDesk"
    finally:
        again.close()
