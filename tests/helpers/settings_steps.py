"""The Settings dialog as the merchant uses it, for the window tests: opened from the
running window's menu, filled in, saved."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from paydesk.ui.settings.dialog import SettingsDialog

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from paydesk.ui.main_window import MainWindow


def save_in_the_dialog(window: MainWindow, qtbot: QtBot,
                       fill: Callable[[SettingsDialog], None]) -> None:
    """Settings… in the menu, ``fill`` types the values, Save."""

    def fill_in() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SettingsDialog)
        fill(dialog)
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill_in)  # runs inside the dialog's own event loop
    window.settings_control.open_dialog()
