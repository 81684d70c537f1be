"""Every setting saved in the running window is in force at once, through the runtime's
listeners (ui/settings/apply.py); what only a new start can change is labelled so and said."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.sandbox import SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.payment.monitors import available_screens
from paydesk.ui.settings.dialog import SettingsDialog

from settings_steps import save_in_the_dialog
from test_values import TEST_CLIENT_ID, TEST_SECRET

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

WAIT_MS = 10_000


@pytest.fixture
def window(
    sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot,
) -> Iterator[MainWindow]:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                        merchant_name="Corner Cafe")
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings)
    window = build_window(runtime)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_frame_done, timeout=WAIT_MS):
        window.show()
    window.watch.start()
    yield window
    window.shutdown()
    runtime.close()


def saved_file(window: MainWindow) -> dict[str, object]:
    data: dict[str, object] = json.loads(
        window.runtime.paths.settings_file.read_text(encoding="utf-8"))
    return data


def test_sound_off_mutes_the_player_and_the_menu_follows(
    window: MainWindow, qtbot: QtBot, notices: list[str]
) -> None:
    assert window.parts.alerts.player.enabled and window.parts.actions.sound.isChecked()

    save_in_the_dialog(window, qtbot, lambda dialog: dialog.sound_check.setChecked(False))

    assert not window.parts.alerts.player.enabled
    assert not window.parts.actions.sound.isChecked()
    assert saved_file(window)["sound"] is False
    assert notices == []  # in force now: nothing waits for a restart

    window.parts.actions.sound.trigger()  # Settings → Play sounds: the same path back
    assert window.parts.alerts.player.enabled and window.runtime.settings.sound
    assert saved_file(window)["sound"] is True


def test_a_new_shop_name_is_on_the_buyers_screen_and_the_title_at_once(
    window: MainWindow, qtbot: QtBot, notices: list[str]
) -> None:
    display = window.open_customer_display()
    qtbot.addWidget(display)
    assert display.title_label.text().replace("\n", " ") == "Corner Cafe"
    assert window.windowTitle() == "Corner Cafe — PayDesk"

    save_in_the_dialog(window, qtbot, lambda dialog: dialog.merchant_edit.setText("Tea Room"))

    assert display.title_label.text().replace("\n", " ") == "Tea Room"
    assert window.windowTitle() == "Tea Room — PayDesk"
    assert window.runtime.settings.merchant_name == "Tea Room"  # what the slip and report read
    assert notices == []


def test_another_screen_chosen_moves_the_open_buyers_screen(
    window: MainWindow, qtbot: QtBot
) -> None:
    display = window.open_customer_display()  # no screen chosen: a window
    qtbot.addWidget(display)
    assert not display.isFullScreen()
    [(label, screen)] = available_screens()[:1]

    save_in_the_dialog(window, qtbot, lambda dialog: dialog.display_combo.setCurrentIndex(
        dialog.display_combo.findData(label)))

    qtbot.waitUntil(display.isFullScreen)
    assert display.screen() is screen
    assert window.runtime.settings.display_screen == label

    save_in_the_dialog(window, qtbot, lambda dialog: dialog.display_combo.setCurrentIndex(0))
    qtbot.waitUntil(lambda: not display.isFullScreen())


def test_a_lower_amount_ceiling_is_in_force_for_the_next_payment(
    window: MainWindow, qtbot: QtBot
) -> None:
    assert window.settings_control.save({"max_amount": 10_000})

    amount = window.findChild(QLineEdit, "amount_input")
    assert amount is not None
    amount.setFocus()
    qtbot.keyClicks(amount, "150")
    qtbot.keyClick(amount, Qt.Key.Key_Return)

    assert "100" in window.form.error_text("amount")  # the ceiling, 100 ₽, is said
    assert window.parts.presenter.sale is None  # nothing was created


def test_the_language_is_labelled_for_after_a_restart_and_said_after_saving(
    window: MainWindow, qtbot: QtBot, notices: list[str]
) -> None:
    seen: list[str] = []

    def choose_russian(dialog: SettingsDialog) -> None:
        note = dialog.counter_section.language_note
        assert note.isVisible()
        seen.append(note.text())
        dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("ru"))

    save_in_the_dialog(window, qtbot, choose_russian)

    assert seen == ["takes effect after restart"]
    assert notices == ["The new language is used when PayDesk is started again."]
    assert saved_file(window)["language"] == "ru"
    assert window.runtime.settings.language == "ru"
    assert window.menuBar().actions()[0].text() == "&File"  # the texts stay until then


def test_another_account_is_labelled_and_waits_for_a_restart(
    window: MainWindow, qtbot: QtBot, notices: list[str]
) -> None:
    seen: list[bool] = []

    def new_account(dialog: SettingsDialog) -> None:
        note = dialog.findChild(type(dialog.counter_section.language_note),
                                "client_id_restart_note")
        seen.append(note is not None and note.isVisible())
        dialog.client_id_edit.setText(str(TEST_CLIENT_ID + 1))

    save_in_the_dialog(window, qtbot, new_account)

    assert seen == [True]
    assert notices == ["The new client ID takes effect when PayDesk is started again."]
    assert saved_file(window)["client_id"] == TEST_CLIENT_ID + 1
    # The open order book belongs to the old account: it stays in force until then.
    assert window.runtime.settings.client_id == TEST_CLIENT_ID
    assert window.parts.desk.client_id == TEST_CLIENT_ID
