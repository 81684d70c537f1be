"""The order's details from the orders list: double-click or Enter on a row, against the
real sandbox (an order that went pending -> paid), and an order whose creation failed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import OrderStatus
from paydesk.store import CheckResult, OrderStore
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders.details import OrderDetailsDialog
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.shell.formatting import money

from counter_steps import row_point
from payment_page import decide
from screenshots import save_screenshot

WAIT_MS = 10_000

# The offscreen platform cannot raise a window or pass on size hints; it says so.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support")


def paid_order(window: MainWindow, qtbot: QtBot, amount: str) -> str:
    """An order made at the counter and paid on the sandbox's page; its id."""
    window.form.amount_input.setText(amount)
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    panel = window.parts.payment_panel
    qtbot.waitUntil(lambda: bool(panel.link_label.link()), timeout=WAIT_MS)
    link = panel.link_label.link()
    assert link is not None
    decide(link, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: window.parts.presenter.sale_id is not None, timeout=WAIT_MS)
    order_id = window.parts.presenter.sale_id
    assert order_id is not None
    qtbot.waitUntil(lambda: (o := window.parts.desk.get(order_id)) is not None
                    and o.status is OrderStatus.APPROVE, timeout=WAIT_MS)
    return order_id




def check_paid_details(dialog: OrderDetailsDialog, order_id: str) -> None:
    assert dialog.isVisible() and not dialog.isModal()
    assert dialog.fields["order_id"].text() == order_id  # in full
    assert dialog.fields["amount"].text() == money(25050)
    assert dialog.fields["status"].text() == "Paid"
    assert dialog.fields["link"].text().startswith("http")
    assert dialog.fields["confirmed"].text() != "—"
    assert dialog.fields["paid"].text() not in ("", "—")
    assert dialog.fields["last_error"].text() == "—"
    statuses = [status for _when, status in dialog.rows(dialog.history)]
    assert statuses == ["Waiting", "Paid"]
    assert [result for _when, result in dialog.rows(dialog.attempts)] == ["Link received"]


def test_double_click_on_a_row_opens_the_orders_details(
    window: MainWindow, qtbot: QtBot
) -> None:
    order_id = paid_order(window, qtbot, "250,50")
    panel = window.orders_panel
    table = panel.table
    qtbot.waitUntil(lambda: panel.model.row_of(order_id) is not None
                    and panel.model.order_at(0).status is OrderStatus.APPROVE,  # type: ignore[union-attr]
                    timeout=WAIT_MS)
    # A double-click as the mouse makes it: a click, then the second press (QTest's
    # mouseDClick alone lacks the first click, which a view needs to take it as one).
    point = row_point(table, order_id)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: order_id in panel.details)
    dialog = panel.details[order_id]
    qtbot.waitExposed(dialog)
    check_paid_details(dialog, order_id)
    save_screenshot(dialog, "order-details")
    # The counter goes on meanwhile: the dialog is not modal.
    assert window.form.amount_input.isEnabled()
    dialog.close()
    qtbot.waitUntil(lambda: order_id not in panel.details)


def test_enter_on_a_row_opens_the_orders_details(window: MainWindow, qtbot: QtBot) -> None:
    order_id = paid_order(window, qtbot, "250,50")
    panel = window.orders_panel
    table = panel.table
    qtbot.waitUntil(lambda: panel.model.row_of(order_id) is not None, timeout=WAIT_MS)
    row = panel.model.row_of(order_id)
    assert row is not None
    table.setFocus()
    table.setCurrentIndex(panel.model.index(row, 0))
    qtbot.keyClick(table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: order_id in panel.details)
    check_paid_details(panel.details[order_id], order_id)
    # Enter again raises the same window, not a second one.
    first = panel.details[order_id]
    qtbot.keyClick(table, Qt.Key.Key_Enter)
    assert panel.details[order_id] is first
    assert len(panel.findChildren(OrderDetailsDialog)) == 1


def test_a_failed_creation_and_an_approximate_paid_time_are_told(
    qtbot: QtBot, orders_store: OrderStore
) -> None:
    t0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    store = orders_store
    store.add_unconfirmed(1001, "slow-1", 9900, "a@example.com", "2 coffees", t0)
    store.record_creation_error(
        1001, "slow-1", Failure(FailureCode.TIMEOUT), t0 + timedelta(seconds=10))
    store.confirm_creation(1001, "slow-1", "https://pay.example/slow-1",
                           t0 + timedelta(seconds=40), None)
    # Checked again only an hour later (PayDesk was closed): paid somewhere in between.
    store.record_checks([CheckResult(1001, "slow-1", OrderStatus.APPROVE,
                                     t0 + timedelta(hours=1), None)])
    panel = OrdersPanel(OrderBookReader(store, 1001), clock=lambda: t0)
    qtbot.addWidget(panel)
    panel.show()
    dialog = panel.open_details(0)
    assert dialog is not None
    paid = dialog.fields["paid"].text()
    assert paid.startswith("≈ ") and "paid between" in paid, paid
    assert dialog.fields["email"].text() == "a@example.com"
    assert dialog.fields["note"].text() == "2 coffees"
    results = [result for _when, result in dialog.rows(dialog.attempts)]
    assert results == [
        "Failed: The payment service did not answer in time. Try again in a moment.",
        "Link received",
    ]
    assert [status for _when, status in dialog.rows(dialog.history)] == ["Waiting", "Paid"]
    assert panel.open_details(5) is None  # no such row
    dialog.close()
