"""Two cashiers taking turns on one till, each with their PIN: the window asks to open
a shift before the first sale, every sale records who took it, a wrong PIN is refused
where it was typed and never shown."""

from __future__ import annotations

import logging

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderQuery
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders.details import OrderDetailsDialog
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.shifts.sign_in import SignInDialog

from counter_steps import WAIT_MS, child, type_sale
from shift_steps import PINS, control, sign_in


def test_two_cashiers_take_turns_on_one_till(
    shift_window: MainWindow, qtbot: QtBot, sandbox: SandboxServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    window = shift_window
    shifts = control(window)
    assert shifts.menu.menuAction().isVisible()
    assert child(window, QLabel, "shift_label").text() == "No shift open"

    # The first sale: no shift is open, so the window asks for one, then takes the sale.
    window.form.amount_input.setText("150")
    window.form.submit()
    sign_in(qtbot, window, "Anna")
    qtbot.waitUntil(lambda: window.parts.presenter.sale is not None
                    and window.parts.presenter.sale.url is not None, timeout=WAIT_MS)
    first = window.parts.presenter.sale
    assert first is not None and first.amount == 15000
    assert (first.cashier, first.shift) == ("Anna", 1)
    assert child(window, QLabel, "shift_label").text() == "Shift 1 · Anna"

    # Boris takes over the counter; a wrong PIN first, refused in the dialog.
    shifts.switch_action.trigger()
    sign_in(qtbot, window, "Boris", pin="2223")
    dialog = shifts.dialog
    assert isinstance(dialog, SignInDialog) and dialog.isVisible()
    assert dialog.refusal.text() == "The name or the PIN is wrong."
    assert dialog.pin_edit.text() == ""
    sign_in(qtbot, window, "Boris")
    qtbot.waitUntil(lambda: shifts.dialog is None, timeout=WAIT_MS)
    second = type_sale(qtbot, window, "200")
    assert (second.cashier, second.shift) == ("Boris", 1)
    assert child(window, QLabel, "shift_label").text() == "Shift 1 · Boris"

    # And back to Anna, by the keyboard's lock: the next sale is hers again.
    shifts.lock_action.trigger()
    assert shifts.locked
    sign_in(qtbot, window, "Anna")
    qtbot.waitUntil(lambda: not shifts.locked, timeout=WAIT_MS)
    third = type_sale(qtbot, window, "300")
    assert (third.cashier, third.shift) == ("Anna", 1)

    stored = {o.order_id: o for o in window.parts.desk.reader.query(OrderQuery())}
    assert [stored[o.order_id].cashier for o in (first, second, third)] == [
        "Anna", "Boris", "Anna"]
    # The list says who took each sale, in which shift; so do an order's details.
    table = window.orders_panel.table
    assert not table.isColumnHidden(Column.CASHIER)
    model = table.model()
    cells = {model.index(row, Column.ORDER_ID).data(Qt.ItemDataRole.ToolTipRole):
             model.index(row, Column.CASHIER).data() for row in range(model.rowCount())}
    assert cells[second.order_id] == "Boris · 1" and cells[third.order_id] == "Anna · 1"
    details = window.parts.desk.reader.details(second.order_id)
    assert details is not None
    shown = OrderDetailsDialog(details)
    qtbot.addWidget(shown)
    assert shown.fields["cashier"].text() == "Boris · 1"
    for pin in PINS.values():
        assert pin not in caplog.text
