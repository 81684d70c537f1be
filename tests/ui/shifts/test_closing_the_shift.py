"""Closing a shift at the window: off the GUI thread, on the service's answers. An order
still pending at the close and paid after it shows in the next shift's report; a close
while the service is down names the orders it could not ask about."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from paydesk.core.shifts import ShiftReport
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS, type_sale
from shift_steps import control, sign_in

#: The close asks each open order once, within its own deadline.
CLOSE_MS = 90_000


def open_shift_as(qtbot: QtBot, window: MainWindow, name: str) -> None:
    control(window).open_action.trigger()
    sign_in(qtbot, window, name)
    qtbot.waitUntil(lambda: control(window).at_counter is not None, timeout=WAIT_MS)


def close_as(qtbot: QtBot, window: MainWindow, name: str) -> ShiftReport:
    shifts = control(window)
    before = shifts.last_closed
    shifts.close_action.trigger()
    sign_in(qtbot, window, name)
    qtbot.waitUntil(lambda: shifts.last_closed is not before, timeout=CLOSE_MS)
    assert shifts.last_closed is not None
    return shifts.last_closed


def test_a_payment_after_the_close_is_in_the_next_report(
    shift_window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window = shift_window
    open_shift_as(qtbot, window, "Anna")
    paid = type_sale(qtbot, window, "120")
    sandbox.approve(paid.order_id)
    qtbot.waitUntil(lambda: window.parts.desk.get(paid.order_id).status
                    is OrderStatus.APPROVE, timeout=WAIT_MS)
    late = type_sale(qtbot, window, "340")

    report = close_as(qtbot, window, "Anna")

    assert report.frozen and report.number == 1
    assert report.paid.count == 1 and report.paid.amount == 12000
    assert [o.order_id for o in report.still_open] == [late.order_id]
    dialog = control(window).report_dialog
    assert dialog is not None and late.order_id in dialog.browser.toPlainText()
    dialog.accept()

    # Paid after the close: the window still watches it, and the next report says so.
    sandbox.approve(late.order_id)
    qtbot.waitUntil(lambda: window.parts.desk.get(late.order_id).status
                    is OrderStatus.APPROVE, timeout=WAIT_MS)
    open_shift_as(qtbot, window, "Boris")
    assert control(window).mid_report()
    qtbot.waitUntil(lambda: control(window).report_dialog is not None, timeout=WAIT_MS)
    shown = control(window).report_dialog
    assert shown is not None and not shown.report.frozen
    assert [p.order_id for p in shown.report.late_payments] == [late.order_id]
    assert (f"{late.order_id}: paid after the close of shift 1"
            in shown.browser.toPlainText())
    # The frozen report of shift 1 never changes.
    assert control(window).shifts.report(1).still_open == report.still_open  # type: ignore[union-attr]


def test_a_close_while_the_service_is_down_names_the_unanswered_orders(
    shift_window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window = shift_window
    open_shift_as(qtbot, window, "Anna")
    first = type_sale(qtbot, window, "100")
    second = type_sale(qtbot, window, "200")
    sandbox.stop()

    report = close_as(qtbot, window, "Anna")

    assert report.unanswered.count == 2 and report.unanswered.amount == 30000
    assert sorted(o.order_id for o in report.still_open) == sorted(
        [first.order_id, second.order_id])
    dialog = control(window).report_dialog
    assert dialog is not None
    text = dialog.browser.toPlainText()
    assert first.order_id in text and second.order_id in text
    assert "Orders still not answered" in text


def test_the_counter_takes_sales_while_the_shift_closes(
    shift_window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window = shift_window
    shifts = control(window)
    open_shift_as(qtbot, window, "Anna")
    type_sale(qtbot, window, "100")
    sandbox.set_latency(1500)  # the close's checks take a while
    shifts.close_action.trigger()
    sign_in(qtbot, window, "Anna")
    qtbot.waitUntil(lambda: shifts.closer.busy and shifts.progress.isVisible(), timeout=WAIT_MS)
    assert window.form.isEnabled()
    assert shifts.lock_action.isEnabled()  # the GUI thread answers meanwhile
    qtbot.waitUntil(lambda: not shifts.closer.busy, timeout=CLOSE_MS)
    assert shifts.last_closed is not None and shifts.last_closed.frozen
