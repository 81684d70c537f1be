"""What a cashier does with shifts on at the real window: sign in by name and PIN in
the dialog on screen, answer a modal dialog; the cashiers' PINs of the shifts tests."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.shifts.control import ShiftControl
from paydesk.ui.shifts.sign_in import SignInDialog

from counter_steps import WAIT_MS

PINS = {"Olga": "9090", "Anna": "1111", "Boris": "2222"}


def open_window(runtime: Runtime, qtbot: QtBot) -> MainWindow:
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    return window


def control(window: MainWindow) -> ShiftControl:
    shifts = window.parts.shifts
    assert shifts is not None
    return shifts


def sign_in(qtbot: QtBot, window: MainWindow, name: str, pin: str | None = None) -> None:
    """In the sign-in dialog on screen: the name, the PIN (typed, as a cashier does), Enter."""
    qtbot.waitUntil(lambda: isinstance(control(window).dialog, SignInDialog), timeout=WAIT_MS)
    dialog = control(window).dialog
    assert isinstance(dialog, SignInDialog)
    dialog.name_combo.setCurrentText(name)
    dialog.pin_edit.clear()
    qtbot.keyClicks(dialog.pin_edit, PINS[name] if pin is None else pin)
    qtbot.keyClick(dialog.pin_edit, Qt.Key.Key_Return)


def answer_modal(kind: type[QWidget], answer: Callable[[QWidget], None]) -> list[QWidget]:
    """Answer the next modal ``kind`` (one that is exec()'d) once it is on screen; the
    ones answered are listed."""
    answered: list[QWidget] = []

    def look() -> None:
        found = [w for w in QApplication.topLevelWidgets() if isinstance(w, kind)
                 and w.isVisible() and w not in answered]
        if not found:
            QTimer.singleShot(20, look)
            return
        answered.append(found[0])
        answer(found[0])

    QTimer.singleShot(0, look)
    return answered
