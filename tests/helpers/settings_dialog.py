"""The settings dialog as the tests open and drive it: its fixtures' dialogs, a
"Test connection" run to its end, a screenshot once no message is clipped."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.settings.values import Settings
from paydesk.sandbox import SandboxServer
from paydesk.ui.settings.connection_check import Outcome
from paydesk.ui.settings.dialog import SettingsDialog

from screenshots import save_screenshot
from test_values import TEST_CLIENT_ID

ACCOUNT = f"client-{TEST_CLIENT_ID}"


def screenshot(qtbot: QtBot, widget: QDialog, name: str) -> None:
    """Save what a person would see, once every wrapped message has the height it needs
    (a window grows to fit a new message over a few rounds of layout events)."""

    def nothing_clipped() -> bool:
        return all(
            label.height() >= label.heightForWidth(label.width())
            for label in widget.findChildren(QLabel)
            if label.isVisible() and label.wordWrap()
        )

    qtbot.waitUntil(nothing_clipped)
    save_screenshot(widget, name)


def run_check(qtbot: QtBot, dialog: SettingsDialog) -> Outcome:
    qtbot.mouseClick(dialog.test_button, Qt.MouseButton.LeftButton)
    # The click returns at once; the request runs in the pool.
    assert dialog.checking and not dialog.test_button.isEnabled()
    assert dialog.check_label.text() == "Checking…"
    qtbot.waitUntil(lambda: not dialog.checking, timeout=15_000)
    assert dialog.test_button.isEnabled()
    assert dialog.check_result is not None
    return dialog.check_result.outcome


def sandbox_settings(server: SandboxServer) -> Settings:
    return Settings(base_url=server.base_url, client_id=TEST_CLIENT_ID)


# -- Test connection --------------------------------------------------------------
