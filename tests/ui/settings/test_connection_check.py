"""Settings → Test connection, against a real sandbox on 127.0.0.1: accepted, refused,
unreachable or invalid, said in the dialog, never with the secret."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import QCoreApplication, Qt, QThreadPool
from pytestqt.qtbot import QtBot

from paydesk.core.settings.values import Settings
from paydesk.sandbox import Fault, SandboxServer
from paydesk.support.secret_store import KEYRING_SERVICE, SecretStore
from paydesk.ui.settings.connection_check import Outcome, check_connection
from paydesk.ui.settings.dialog import STORED_PLACEHOLDER, SettingsDialog

from memory_keyring import MemoryKeyring
from settings_dialog import ACCOUNT, run_check, sandbox_settings, screenshot
from small_screens import on_a_small_screen, run_on_screen
from test_values import TEST_CLIENT_ID, TEST_SECRET

#: The offscreen platform says this on every show(); it is not about our code.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_right_secret_is_accepted(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog], sandbox: SandboxServer
) -> None:
    dialog = open_dialog(sandbox_settings(sandbox))
    qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)

    assert run_check(qtbot, dialog) is Outcome.ACCEPTED
    assert "accepted" in dialog.check_label.text()
    assert sandbox.request_count("get_order") == 1
    # Disabling the button while checking moved focus on; the result brings it back.
    assert dialog.test_button.hasFocus()
    screenshot(qtbot, dialog, "settings_check_accepted")


def test_wrong_secret_is_refused_and_never_shown(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog], sandbox: SandboxServer
) -> None:
    dialog = open_dialog(sandbox_settings(sandbox))
    qtbot.keyClicks(dialog.secret_edit, "wrong-secret-key")

    assert run_check(qtbot, dialog) is Outcome.REFUSED
    assert "refused these credentials" in dialog.check_label.text()
    assert "wrong-secret-key" not in dialog.check_label.text()
    screenshot(qtbot, dialog, "settings_check_refused")


@pytest.mark.scenario
def test_a_message_grows_the_window_on_a_screen_with_room_for_it(tmp_path: Path) -> None:
    """On a laptop's screen the settings are taller than the screen and scroll; on a tall
    one they fit, and a message makes the window grow rather than scroll."""
    run_on_screen("1920x1200", tmp_path,
                  f"{__file__}::test_a_message_grows_the_window_and_editing_takes_it_away",
                  passed=1)


@on_a_small_screen
def test_a_message_grows_the_window_and_editing_takes_it_away(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog], sandbox: SandboxServer
) -> None:
    dialog = open_dialog(sandbox_settings(sandbox))
    first_height = dialog.height()
    assert first_height < dialog.screen_fit.room().height() - 100  # room to grow
    qtbot.keyClicks(dialog.secret_edit, "wrong-secret-key")
    assert run_check(qtbot, dialog) is Outcome.REFUSED
    qtbot.waitUntil(lambda: dialog.height() > first_height)  # two lines, none clipped

    qtbot.keyClicks(dialog.secret_edit, "x")  # the result was about other values

    assert not dialog.check_label.isVisible()
    qtbot.waitUntil(lambda: dialog.height() == first_height)


def test_stored_secret_is_used_when_none_is_typed(
    qtbot: QtBot,
    open_dialog: Callable[..., SettingsDialog],
    sandbox: SandboxServer,
    memory_keyring: MemoryKeyring,
) -> None:
    memory_keyring.passwords[(KEYRING_SERVICE, ACCOUNT)] = TEST_SECRET
    dialog = open_dialog(sandbox_settings(sandbox))
    qtbot.waitUntil(lambda: dialog.secret_edit.toolTip() == STORED_PLACEHOLDER)

    assert run_check(qtbot, dialog) is Outcome.ACCEPTED


def test_no_secret_anywhere_is_invalid_without_a_request(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog], sandbox: SandboxServer
) -> None:
    dialog = open_dialog(sandbox_settings(sandbox))
    qtbot.waitUntil(lambda: dialog.secret_edit.placeholderText() == "not set")

    assert run_check(qtbot, dialog) is Outcome.INVALID
    assert "secret key" in dialog.check_label.text()
    assert sandbox.request_count() == 0


def test_stopped_service_is_unreachable(
    qtbot: QtBot,
    open_dialog: Callable[..., SettingsDialog],
    start_sandbox: Callable[..., SandboxServer],
) -> None:
    server = start_sandbox()
    address = server.base_url
    server.stop()
    dialog = open_dialog(Settings(base_url=address, client_id=TEST_CLIENT_ID))
    qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)

    assert run_check(qtbot, dialog) is Outcome.UNREACHABLE
    assert f"could not be reached at {address}" in dialog.check_label.text()
    screenshot(qtbot, dialog, "settings_check_unreachable")


def test_window_stays_usable_while_the_service_stalls(
    qtbot: QtBot,
    open_dialog: Callable[..., SettingsDialog],
    start_sandbox: Callable[..., SandboxServer],
) -> None:
    server = start_sandbox()
    server.inject(Fault.STALL)  # holds the reply until the server stops
    dialog = open_dialog(sandbox_settings(server))
    qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)
    qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: server.request_count("get_order") == 1)

    qtbot.keyClicks(dialog.merchant_edit, "Corner Cafe")  # the GUI thread is free
    assert dialog.merchant_edit.text() == "Corner Cafe"
    assert dialog.checking and not dialog.test_button.isEnabled()
    screenshot(qtbot, dialog, "settings_check_running")

    server.stop()
    qtbot.waitUntil(lambda: not dialog.checking, timeout=15_000)
    assert dialog.check_result is not None
    assert dialog.check_result.outcome is Outcome.UNREACHABLE


def test_closing_during_a_check_is_safe(
    qtbot: QtBot,
    store: SecretStore,
    pool: QThreadPool,
    start_sandbox: Callable[..., SandboxServer],
) -> None:
    server = start_sandbox()
    server.inject(Fault.STALL)
    dialog = SettingsDialog(sandbox_settings(server), store, pool=pool)
    dialog.secret_edit.setText(TEST_SECRET)
    dialog.test_connection()
    qtbot.waitUntil(lambda: server.request_count("get_order") == 1)
    with qtbot.waitSignal(dialog.destroyed):
        dialog.deleteLater()

    server.stop()  # the worker now finishes, with nobody left to tell
    assert pool.waitForDone(15_000)
    QCoreApplication.processEvents()  # deliver its queued result: nowhere, quietly


def test_plain_http_off_this_computer_is_refused_before_any_request(
    qtbot: QtBot, open_dialog: Callable[..., SettingsDialog], monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[object] = []
    monkeypatch.setattr(requests.Session, "send", lambda *args, **kw: sent.append(args))
    dialog = open_dialog(Settings(base_url="http://pay.example.com", client_id=7))
    qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)

    assert run_check(qtbot, dialog) is Outcome.INVALID
    assert "https://" in dialog.check_label.text()
    assert sent == []


def test_check_connection_never_echoes_the_secret(
    start_sandbox: Callable[..., SandboxServer],
) -> None:
    server = start_sandbox()
    address = f"{server.base_url}/{TEST_SECRET}"  # pasted into the wrong field
    server.stop()

    result = check_connection(address, TEST_CLIENT_ID, TEST_SECRET)

    assert result.outcome is Outcome.UNREACHABLE
    assert TEST_SECRET not in result.message


def test_check_connection_without_qt(sandbox: SandboxServer) -> None:
    assert check_connection(sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET).ok
    refused = check_connection(sandbox.base_url, TEST_CLIENT_ID + 1, TEST_SECRET)
    assert refused.outcome is Outcome.REFUSED


# -- saving -----------------------------------------------------------------------
