"""No keychain on this computer: the settings dialog offers the file, plainly, and the
first start's Cancel goes back to the welcome instead of quitting."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime, open_runtime
from paydesk.core.settings import values as settings_file
from paydesk.core.settings.values import Settings
from paydesk.support.secret_store import SecretStore
from paydesk.ui import app
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.settings.welcome_dialog import WelcomeDialog

from memory_keyring import MemoryKeyring, NoKeychain
from test_values import TEST_CLIENT_ID, TEST_SECRET

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    threads = QThreadPool()
    yield threads
    threads.waitForDone(10_000)


def first_start_dialog(qtbot: QtBot, secret_file: Path, pool: QThreadPool) -> SettingsDialog:
    dialog = SettingsDialog(Settings(), SecretStore(secret_file, environ={}), pool=pool)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def type_account(qtbot: QtBot, dialog: SettingsDialog) -> None:
    qtbot.keyClicks(dialog.base_url_edit, "https://pay.example.com")
    qtbot.keyClicks(dialog.client_id_edit, str(TEST_CLIENT_ID))
    qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)


def save(qtbot: QtBot, dialog: SettingsDialog) -> None:
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.saving)


def test_without_a_keychain_the_dialog_offers_the_file_and_saves_the_key_there(
    qtbot: QtBot, tmp_path: Path, pool: QThreadPool, no_keychain: NoKeychain
) -> None:
    secret_file = tmp_path / "secret-key.txt"
    dialog = first_start_dialog(qtbot, secret_file, pool)
    section = dialog.service_section
    qtbot.waitUntil(section.file_choice_row.isVisible)
    warning = section.file_warning.text()
    assert "no keychain" in warning and str(secret_file) in warning and "0600" in warning
    assert "only this user account" in warning.lower()
    assert not section.file_choice.isChecked()  # the person's choice, never made for them
    after_test = dialog.test_button.nextInFocusChain()
    while after_test is not None and not (after_test.focusPolicy() & Qt.FocusPolicy.TabFocus):
        after_test = after_test.nextInFocusChain()
    assert after_test is section.file_choice, after_test  # Tab reaches it, in its place
    assert "no keychain" in dialog.secret_edit.placeholderText()

    type_account(qtbot, dialog)
    save(qtbot, dialog)  # not chosen: the keychain is tried, and it is not there
    message = dialog.field_errors.message("secret")
    assert dialog.isVisible() and "no keychain" in message and "file" in message
    assert "paydesk config" not in message  # no terminal command to run
    assert not secret_file.exists()

    section.file_choice.click()
    save(qtbot, dialog)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.result_settings().secret_storage == "file"
    assert dialog.secret_saved
    assert secret_file.read_text(encoding="utf-8").strip() == TEST_SECRET
    if os.name == "posix":
        assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600


def test_the_file_needs_the_key_typed(
    qtbot: QtBot, tmp_path: Path, pool: QThreadPool, no_keychain: NoKeychain
) -> None:
    dialog = first_start_dialog(qtbot, tmp_path / "secret-key.txt", pool)
    qtbot.waitUntil(dialog.service_section.file_choice_row.isVisible)
    qtbot.keyClicks(dialog.base_url_edit, "https://pay.example.com")
    qtbot.keyClicks(dialog.client_id_edit, str(TEST_CLIENT_ID))
    dialog.service_section.file_choice.click()
    save(qtbot, dialog)
    assert dialog.isVisible()
    assert dialog.field_errors.message("secret") == "Type the secret key to keep it in the file."


def test_with_a_keychain_no_file_is_offered(
    qtbot: QtBot, tmp_path: Path, pool: QThreadPool, memory_keyring: MemoryKeyring
) -> None:
    dialog = first_start_dialog(qtbot, tmp_path / "secret-key.txt", pool)
    qtbot.waitUntil(lambda: dialog.secret_edit.placeholderText() == "not set")
    assert not dialog.service_section.file_choice_row.isVisible()
    type_account(qtbot, dialog)
    save(qtbot, dialog)
    assert dialog.result_settings().secret_storage == "keychain"
    assert not (tmp_path / "secret-key.txt").exists()


@pytest.fixture
def first_start(tmp_path: Path, no_keychain: NoKeychain) -> Iterator[Runtime]:
    runtime = open_runtime(str(tmp_path / "data"), demo=False, settings=Settings())
    yield runtime
    runtime.close()


def test_cancel_in_the_first_set_up_goes_back_to_the_welcome_and_keeps_what_was_typed(
    qtbot: QtBot, first_start: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancel, "Set up" again: the same dialog with the same text; then the file, saved."""
    shown: list[SettingsDialog] = []
    welcomes: list[str] = []

    def settings_exec(dialog: SettingsDialog) -> int:
        shown.append(dialog)
        if len(shown) == 1:
            qtbot.keyClicks(dialog.base_url_edit, "https://pay.example.com")
            qtbot.keyClicks(dialog.client_id_edit, str(TEST_CLIENT_ID))
            qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)
            return 0  # Cancel
        assert dialog.base_url_edit.text() == "https://pay.example.com"  # still there
        assert dialog.secret_edit.text() == TEST_SECRET
        dialog.show()
        qtbot.waitUntil(dialog.service_section.file_choice_row.isVisible)
        dialog.service_section.file_choice.click()
        save(qtbot, dialog)
        return int(dialog.result())

    monkeypatch.setattr(SettingsDialog, "exec", settings_exec)
    monkeypatch.setattr(WelcomeDialog, "exec", lambda _dialog: welcomes.append("shown") or 1)
    monkeypatch.setattr(WelcomeDialog, "choice", lambda _dialog: "setup")
    assert app.set_up_account(first_start) is True
    assert len(shown) == 2 and shown[0] is shown[1] and welcomes == ["shown"]
    shown[0].close()
    assert first_start.settings.secret_storage == "file"
    assert first_start.settings.is_configured
    saved = settings_file.load(first_start.paths.settings_file, environ={})
    assert saved.secret_storage == "file"
    assert first_start.secret_store().get(TEST_CLIENT_ID) == TEST_SECRET


@pytest.mark.parametrize(("choice", "expected"), [("demo", False), (None, None)])
def test_cancel_then_the_demo_or_closing_the_welcome(
    first_start: Runtime, monkeypatch: pytest.MonkeyPatch,
    choice: str | None, expected: bool | None,
) -> None:
    """The demo after Cancel: set_up_account says so (run_window opens the demo); closing
    the welcome quits, as at the first question."""
    monkeypatch.setattr(SettingsDialog, "exec", lambda _dialog: 0)
    monkeypatch.setattr(WelcomeDialog, "exec", lambda _dialog: 1)
    monkeypatch.setattr(WelcomeDialog, "choice", lambda _dialog: choice)
    assert app.set_up_account(first_start) is expected
    assert not first_start.settings.is_configured
    if choice is not None:
        assert app.ui_state(first_start.paths.data_dir).value("start/mode") == choice
