"""The settings dialog: saving (the secret to the keychain only, by a worker), errors
at their fields, the demo's fixed service, and its accessibility."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Callable

import keyring
import pytest
from keyring.backends import fail
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QDialog,
    QLineEdit,
    QPushButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from paydesk.core.demo import DEMO_SECRET_KEY
from paydesk.core.settings.values import Settings
from paydesk.sandbox import SandboxServer
from paydesk.support.secret_store import KEYRING_SERVICE
from paydesk.ui.settings.connection_check import Outcome
from paydesk.ui.settings.dialog import STORED_PLACEHOLDER, SettingsDialog

from memory_keyring import MemoryKeyring
from settings_dialog import ACCOUNT, run_check, screenshot
from test_values import TEST_CLIENT_ID, TEST_SECRET

#: The offscreen platform says this on every show(); it is not about our code.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def save(qtbot: QtBot, dialog: SettingsDialog) -> None:
    """Save, and wait for a new key to reach the keychain (a worker stores it)."""
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.saving)


def test_saving_puts_the_secret_in_the_keychain_only(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog], memory_keyring: MemoryKeyring
) -> None:
    dialog = open_dialog()
    qtbot.keyClicks(dialog.base_url_edit, "https://pay.example.com")
    qtbot.keyClicks(dialog.client_id_edit, str(TEST_CLIENT_ID))
    qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)
    dialog.merchant_edit.setText("Corner café")  # QTest types ASCII only
    dialog.focus_spin.setValue(1.5)
    dialog.lifetime_spin.setValue(20)
    dialog.sound_check.setChecked(False)

    save(qtbot, dialog)

    assert dialog.result() == QDialog.DialogCode.Accepted
    saved = dialog.result_settings()
    assert (saved.base_url, saved.client_id, saved.merchant_name) == (
        "https://pay.example.com", TEST_CLIENT_ID, "Corner café")
    assert (saved.focus_interval_seconds, saved.order_lifetime_seconds, saved.sound) == (
        1.5, 1200, False)
    assert memory_keyring.passwords == {(KEYRING_SERVICE, ACCOUNT): TEST_SECRET}
    assert dialog.secret_saved
    assert TEST_SECRET not in json.dumps(dataclasses.asdict(saved)) + repr(saved)


def test_the_key_is_stored_by_a_worker_not_the_window_thread(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog], memory_keyring: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A keychain may ask to be unlocked before it answers: the window must not wait on it.
    threads: list[threading.Thread] = []
    store = memory_keyring.set_password

    def recording(service: str, username: str, password: str) -> None:
        threads.append(threading.current_thread())
        store(service, username, password)

    monkeypatch.setattr(memory_keyring, "set_password", recording)
    dialog = open_dialog()
    qtbot.keyClicks(dialog.base_url_edit, "https://pay.example.com")
    qtbot.keyClicks(dialog.client_id_edit, str(TEST_CLIENT_ID))
    qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)

    save(qtbot, dialog)

    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.secret_saved
    [thread] = threads
    assert thread is not threading.main_thread()


def test_empty_secret_keeps_the_stored_one(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog], memory_keyring: MemoryKeyring
) -> None:
    memory_keyring.passwords[(KEYRING_SERVICE, ACCOUNT)] = "the-old-key"
    dialog = open_dialog(Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID))
    qtbot.waitUntil(lambda: dialog.secret_edit.toolTip() == STORED_PLACEHOLDER)
    screenshot(qtbot, dialog, "settings_stored_secret")

    save(qtbot, dialog)

    assert dialog.result() == QDialog.DialogCode.Accepted
    assert not dialog.secret_saved
    assert memory_keyring.passwords == {(KEYRING_SERVICE, ACCOUNT): "the-old-key"}


def test_plain_http_address_is_shown_under_its_field(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog], memory_keyring: MemoryKeyring
) -> None:
    dialog = open_dialog()
    qtbot.keyClicks(dialog.base_url_edit, "http://pay.example.com")
    qtbot.keyClicks(dialog.client_id_edit, "7")
    qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)

    save(qtbot, dialog)

    errors = dialog.field_errors
    assert dialog.isVisible() and dialog.result() == QDialog.DialogCode.Rejected
    assert "https://" in errors.message("base_url")
    assert dialog.base_url_edit.hasFocus()
    assert memory_keyring.passwords == {}  # nothing saved from a rejected form
    screenshot(qtbot, dialog, "settings_inline_error")

    dialog.base_url_edit.setText("https://pay.example.com")
    save(qtbot, dialog)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert errors.message("base_url") == ""


@pytest.mark.parametrize(
    ("base_url", "client_id", "field", "words"),
    [
        ("https://pay.example.com", "", "client_id", "client ID"),
        ("https://pay.example.com", "0", "client_id", "greater than zero"),
        ("pay.example.com", "5", "base_url", "https://"),
    ],
)
def test_bad_service_values_keep_the_dialog_open(
    qtbot: QtBot,
    open_dialog: Callable[..., SettingsDialog],
    base_url: str,
    client_id: str,
    field: str,
    words: str,
) -> None:
    dialog = open_dialog()
    qtbot.keyClicks(dialog.base_url_edit, base_url)
    qtbot.keyClicks(dialog.client_id_edit, client_id)

    save(qtbot, dialog)

    assert dialog.isVisible()
    assert words in dialog.field_errors.message(field)
    assert dialog.field_errors.input(field).hasFocus()


def test_slowest_check_cannot_be_faster_than_the_first(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog]
) -> None:
    dialog = open_dialog()
    dialog.backoff_start_spin.setValue(60)
    dialog.backoff_max_spin.setValue(30)

    save(qtbot, dialog)

    assert dialog.isVisible()
    assert "60 s" in dialog.field_errors.message("backoff_max_seconds")
    assert dialog.backoff_max_spin.hasFocus()
    screenshot(qtbot, dialog, "settings_polling_error")


def test_no_keychain_is_said_plainly_and_the_dialog_stays_open(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog]
) -> None:
    dialog = open_dialog(Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID))
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)
        save(qtbot, dialog)
    finally:
        keyring.set_keyring(previous)

    message = dialog.field_errors.message("secret")
    assert dialog.isVisible() and dialog.result() == QDialog.DialogCode.Rejected
    # The way out is in the dialog itself: the file, offered with its warning.
    assert "no keychain" in message and "keep the key in a file" in message
    assert dialog.service_section.file_choice_row.isVisible()
    assert TEST_SECRET not in message
    assert dialog.secret_edit.hasFocus()
    screenshot(qtbot, dialog, "settings_no_keychain")


def test_escape_cancels(qtbot: QtBot, open_dialog: Callable[..., SettingsDialog]) -> None:
    dialog = open_dialog()
    qtbot.keyClicks(dialog.merchant_edit, "Not kept")
    qtbot.keyClick(dialog.merchant_edit, Qt.Key.Key_Escape)

    assert dialog.result() == QDialog.DialogCode.Rejected and not dialog.isVisible()
    with pytest.raises(RuntimeError):
        dialog.result_settings()


# -- demo mode and accessibility --------------------------------------------------


def test_demo_mode_service_is_read_only_and_checks_the_sandbox(
    qtbot: QtBot,
    open_dialog: Callable[..., SettingsDialog],
    start_sandbox: Callable[..., SandboxServer],
    memory_keyring: MemoryKeyring,
) -> None:
    server = start_sandbox(client_id=1, secret_key=DEMO_SECRET_KEY)
    dialog = open_dialog(Settings(base_url=server.base_url, client_id=1), demo=True)
    screenshot(qtbot, dialog, "settings_demo")

    assert dialog.base_url_edit.isReadOnly() and dialog.client_id_edit.isReadOnly()
    assert not dialog.secret_edit.isEnabled()
    qtbot.keyClicks(dialog.base_url_edit, "https://elsewhere.example.com")
    assert dialog.base_url_edit.text() == server.base_url
    assert run_check(qtbot, dialog) is Outcome.ACCEPTED

    qtbot.keyClicks(dialog.merchant_edit, "Demo counter")
    save(qtbot, dialog)
    saved = dialog.result_settings()
    assert (saved.base_url, saved.merchant_name) == (server.base_url, "Demo counter")
    assert memory_keyring.passwords == {}


def test_every_field_has_an_accessible_name(
    open_dialog: Callable[..., SettingsDialog],
) -> None:
    dialog = open_dialog()
    fields = [
        w for kind in (QLineEdit, QAbstractSpinBox, QCheckBox, QPushButton)
        for w in dialog.findChildren(kind)
        if not isinstance(w.parent(), QAbstractSpinBox)  # a spin box's own line edit
        and w.parent() is not dialog.buttons  # Save / Cancel speak their text
    ]
    # With "Keep the secret key in a file" (no keychain only), the order book, its password
    # (shown with a shared book only), the till, and the printer's address, code page
    # (an editable list's line), receipt by itself and test page, the buyer's web screen's
    # port, the new device's name, "Add a tablet or phone", the chosen device's name,
    # "Rename" and "Remove"; cashiers and shifts, and the idle lock's minutes.
    assert len(fields) == 28
    assert [w for w in fields if not w.accessibleName()] == []


def test_tab_order_follows_the_form(open_dialog: Callable[..., SettingsDialog]) -> None:
    dialog = open_dialog()
    order: list[QWidget] = [dialog.base_url_edit]
    widget: QWidget | None = dialog.base_url_edit
    while len(order) < 6 and widget is not None:
        widget = widget.nextInFocusChain()
        # Tab passes over hidden widgets (the file choice shows only with no keychain).
        if (widget is not None and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
                and widget.isVisible()):
            order.append(widget)
    assert order == [
        dialog.base_url_edit, dialog.client_id_edit, dialog.secret_edit,
        dialog.show_secret_button, dialog.test_button, dialog.merchant_edit,
    ]


def test_show_toggle_reveals_the_typed_secret(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog]
) -> None:
    dialog = open_dialog()
    assert dialog.secret_edit.echoMode() is QLineEdit.EchoMode.Password
    qtbot.mouseClick(dialog.show_secret_button, Qt.MouseButton.LeftButton)
    assert dialog.secret_edit.echoMode() is QLineEdit.EchoMode.Normal
    assert dialog.show_secret_button.text() == "Hide"


def test_customer_display_screen_is_chosen_and_saved(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog]
) -> None:
    from paydesk.ui.payment.monitors import available_screens

    dialog = open_dialog(Settings(display_screen="HDMI-9 — 1920×1080"))
    # A saved screen that is not plugged in now stays chosen, marked as such.
    assert "not connected" in dialog.display_combo.currentText()
    [(label, _screen)] = available_screens()[:1]
    dialog.display_combo.setCurrentIndex(dialog.display_combo.findData(label))
    save(qtbot, dialog)
    assert dialog.result_settings().display_screen == label
