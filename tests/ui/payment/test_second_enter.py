"""A double Enter or double click on Create: one order, and no error for the second one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

WAIT_MS = 10_000


def sale_done(window: MainWindow) -> bool:
    """The sale's code is on the panel and the form takes the next one."""
    return (window.parts.payment_panel.link_label.link() is not None
            and not window.parts.presenter.screens.creating
            and window.form.create_button.isEnabled())


def test_the_second_enter_on_the_emptied_form_says_nothing(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    form = window.form
    height = form.height()
    form.amount_input.setFocus()
    qtbot.keyClicks(form.amount_input, "75")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)  # the cashier's finger bounced
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 1, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: sale_done(window), timeout=WAIT_MS)
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)  # and once more, after the QR
    assert form.error_text("amount") == ""
    assert form.height() == height and form.sizeHint().height() <= height
    assert len(sandbox.orders()) == 1


def test_a_double_click_on_create_is_one_order_and_no_error(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    form = window.form
    form.amount_input.setText("80")
    qtbot.mouseDClick(form.create_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(form.create_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 1, timeout=WAIT_MS)
    assert form.error_text("amount") == ""


def test_an_enter_on_an_empty_form_before_any_sale_still_asks_for_the_amount(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    assert window.form.error_text("amount") == "Enter an amount."
    # After a sale, typing and clearing the field is a fresh start: it asks again.
    qtbot.keyClicks(window.form.amount_input, "75")
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 1, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: sale_done(window), timeout=WAIT_MS)
    qtbot.keyClicks(window.form.amount_input, "9")
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Backspace)
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    assert window.form.error_text("amount") == "Enter an amount."


def test_a_form_turned_off_takes_no_sale(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    """The form is off when the order book is lost; a "Try again" on a notice that was up
    before must not sell from it, nor say anything on it."""
    form = window.form
    form.amount_input.setText("75")
    form.setEnabled(False)
    with qtbot.assertNotEmitted(form.submitted):
        form.submit()
    form.amount_input.clear()
    form.submit()
    assert form.error_text("amount") == ""
    form.setEnabled(True)
    form.amount_input.setText("75")
    with qtbot.waitSignal(form.submitted):
        form.submit()
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 1, timeout=WAIT_MS)
