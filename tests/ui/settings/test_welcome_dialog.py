"""The first-start dialog: demo or setup, by mouse or keyboard, or closed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from paydesk.ui.settings.welcome_dialog import WelcomeDialog

from screenshots import save_screenshot

#: The offscreen platform says this on every show(); it is not about our code.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def dialog(qtbot: QtBot) -> WelcomeDialog:
    welcome = WelcomeDialog()
    qtbot.addWidget(welcome)
    with qtbot.waitActive(welcome):
        welcome.show()
        welcome.activateWindow()
    return welcome


def test_looks_right(dialog: WelcomeDialog) -> None:
    save_screenshot(dialog, "welcome")
    assert dialog.choice() is None
    assert dialog.demo_button.isDefault() and not dialog.setup_button.isDefault()


def test_try_the_demo(qtbot: QtBot, dialog: WelcomeDialog) -> None:
    qtbot.mouseClick(dialog.demo_button, Qt.MouseButton.LeftButton)
    assert dialog.choice() == "demo"
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_set_up_my_account(qtbot: QtBot, dialog: WelcomeDialog) -> None:
    qtbot.mouseClick(dialog.setup_button, Qt.MouseButton.LeftButton)
    assert dialog.choice() == "setup"
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_enter_takes_the_demo(qtbot: QtBot, dialog: WelcomeDialog) -> None:
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.choice() == "demo"


def test_escape_closes_without_a_choice(qtbot: QtBot, dialog: WelcomeDialog) -> None:
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.choice() is None
    assert dialog.result() == QDialog.DialogCode.Rejected and not dialog.isVisible()


def test_buttons_have_accessible_names(dialog: WelcomeDialog) -> None:
    assert dialog.demo_button.accessibleName() == "Try the demo"
    assert dialog.setup_button.accessibleName() == "Set up my account"
    assert "No account needed" in dialog.demo_button.accessibleDescription()
