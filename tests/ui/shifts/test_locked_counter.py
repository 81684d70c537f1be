"""A locked counter keeps watching every order and keeps the buyer's screen as it is:
a sale paid while the counter is locked is recorded, and the buyer's window says Paid."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.shifts import Cashiers, TillShifts
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS, type_sale
from shift_steps import PINS, control, open_window, sign_in
from test_values import TEST_CLIENT_ID


def test_a_sale_paid_while_locked_is_recorded_and_the_buyer_sees_it_paid(
    shift_window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window = shift_window
    shifts = control(window)
    shifts.open_action.trigger()
    sign_in(qtbot, window, "Anna")
    display = window.open_customer_display()
    qtbot.addWidget(display)
    sale = type_sale(qtbot, window, "250")
    qtbot.waitUntil(lambda: bool(display.qr.text()), timeout=WAIT_MS)

    shifts.lock_action.trigger()
    assert shifts.locked and shifts.cover.isVisible()
    sandbox.approve(sale.order_id)

    qtbot.waitUntil(lambda: "Paid" in display.result_label.text(), timeout=WAIT_MS)
    assert window.parts.desk.get(sale.order_id).status is OrderStatus.APPROVE
    assert shifts.locked  # still: only a PIN unlocks it
    sign_in(qtbot, window, "Anna")
    qtbot.waitUntil(lambda: not shifts.locked, timeout=WAIT_MS)
    display.close()


def test_the_counter_locks_itself_after_the_idle_minutes(
    shift_window: MainWindow, qtbot: QtBot
) -> None:
    window = shift_window
    shifts = control(window)
    shifts.open_action.trigger()
    sign_in(qtbot, window, "Anna")
    qtbot.waitUntil(lambda: shifts.dialog is None, timeout=WAIT_MS)
    window.runtime.save_settings({"lock_after_minutes": 5})
    assert shifts.idle.timer.isActive() and shifts.idle.timer.interval() == 5 * 60_000
    shifts.idle.timer.timeout.emit()  # five idle minutes, without waiting them
    assert shifts.locked


def test_a_window_started_in_an_open_shift_starts_locked(
    shift_runtime: Runtime, staff: None, qtbot: QtBot
) -> None:
    store = shift_runtime.open_store()
    try:
        shifts = TillShifts(store, TEST_CLIENT_ID, "Till 1")
        anna = Cashiers(store).sign_in("Anna", PINS["Anna"])
        shifts.open(anna)
    finally:
        store.close()
    window = open_window(shift_runtime, qtbot)
    try:
        qtbot.waitUntil(lambda: control(window).locked, timeout=WAIT_MS)
        sign_in(qtbot, window, "Boris")
        qtbot.waitUntil(lambda: not control(window).locked, timeout=WAIT_MS)
        assert type_sale(qtbot, window, "90").cashier == "Boris"
    finally:
        window.shutdown()
