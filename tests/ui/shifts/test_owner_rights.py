"""Only an owner changes the settings with shifts on: Settings… asks for an owner's PIN
first, and a cashier's PIN, a wrong one or none opens nothing."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from paydesk.ui.main_window import MainWindow
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.shifts.sign_in import SignInDialog

from shift_steps import PINS, answer_modal


def settings_action(window: MainWindow):  # type: ignore[no-untyped-def]
    [action] = [a for a in window.actions() if a.text() == "&Settings…"]
    return action


def test_settings_are_refused_without_the_owner_s_pin(
    shift_window: MainWindow, qtbot: QtBot
) -> None:
    window = shift_window
    opened = answer_modal(SettingsDialog, lambda dialog: dialog.reject())  # type: ignore[attr-defined]
    refusals: list[str] = []

    def as_cashier(dialog: QWidget) -> None:
        assert isinstance(dialog, SignInDialog)
        dialog.name_combo.setCurrentText("Anna")
        dialog.pin_edit.setText(PINS["Anna"])
        dialog.try_sign_in()  # Anna's right PIN, but she is no owner
        refusals.append(dialog.refusal.text())
        dialog.reject()

    asked = answer_modal(SignInDialog, as_cashier)
    settings_action(window).trigger()
    assert len(asked) == 1 and refusals == ["Only an owner may do this."]
    assert opened == []

    def as_owner(dialog: QWidget) -> None:
        assert isinstance(dialog, SignInDialog)
        dialog.name_combo.setCurrentText("Olga")
        dialog.pin_edit.setText(PINS["Olga"])
        dialog.try_sign_in()

    answer_modal(SignInDialog, as_owner)
    settings_action(window).trigger()
    qtbot.waitUntil(lambda: len(opened) == 1)
