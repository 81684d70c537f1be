"""OrdersPanel following the book: refreshes, changes made elsewhere and single orders
updated keep the selection; a stopped or hidden list holds its work back.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QCoreApplication, QModelIndex
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.domain.orders import OrderStatus
from paydesk.store import CheckResult, OrderStore
from paydesk.ui.orders.model import PAGE_SIZE
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.shell.formatting import money

from bulk_orders import bulk_insert
from orders_list import CLIENT, NOW, MakeOrder, choose_status, ids


def test_refresh_keeps_the_selection_and_shows_changes(
    qtbot: QtBot, panel: OrdersPanel, orders_store: OrderStore, make_order: MakeOrder
) -> None:
    panel.table.selectRow(2)  # t-6
    bulk_insert(orders_store, [dataclasses.replace(make_order("t-8"), created_at=NOW)])
    with (
        qtbot.assertNotEmitted(panel.selection_changed),
        qtbot.assertNotEmitted(panel.order_activated),
    ):
        panel.refresh()
    assert "t-8" in ids(panel)
    assert panel.selected_order_ids() == ["t-6"]
    current = panel.model.order_at(panel.table.currentIndex().row())
    assert current is not None and current.order_id == "t-6"
    assert panel.totals_label.text().startswith("10 orders")

    with qtbot.waitSignal(panel.selection_changed) as cleared:
        choose_status(panel, "Paid")  # t-6 is not paid: the selection goes
    assert cleared.args == [[]]


def test_the_rows_and_totals_follow_changes_made_elsewhere(
    qtbot: QtBot, panel: OrdersPanel, orders_store: OrderStore, make_order: MakeOrder
) -> None:
    """Another program (here another connection to the file) pays one order, then adds
    one: the list follows, with the cashier's selection and the totals."""
    panel.table.selectRow(4)  # t-4, waiting
    row = panel.model.row_of("t-4")
    with OrderStore.open(orders_store.path) as elsewhere:
        elsewhere.record_checks([CheckResult(CLIENT, "t-4", OrderStatus.APPROVE, NOW, None)])
    with (
        qtbot.assertNotEmitted(panel.model.modelReset),
        qtbot.assertNotEmitted(panel.selection_changed),
        qtbot.assertNotEmitted(panel.order_activated),
    ):
        panel.book_changed()
        qtbot.waitUntil(lambda: "paid 4 for" in panel.totals_label.text())
    assert panel.model.row_of("t-4") == row
    assert panel.model.index(row, Column.STATUS).data() == "Paid"
    assert panel.paid_today_label.text() == f"Paid today: {money(53000)}"
    assert panel.selected_order_ids() == ["t-4"]

    with OrderStore.open(orders_store.path) as elsewhere:
        bulk_insert(
            elsewhere,
            [dataclasses.replace(make_order("t-8", amount=100), created_at=NOW)])
    with qtbot.assertNotEmitted(panel.selection_changed):
        panel.book_changed()
        qtbot.waitUntil(lambda: panel.totals_label.text().startswith("10 orders"))
    assert "t-8" in ids(panel) and panel.model.rowCount() == 10
    assert panel.selected_order_ids() == ["t-4"]


def test_a_stopped_list_reads_nothing_more(
    qtbot: QtBot, panel: OrdersPanel, orders_store: OrderStore
) -> None:
    """The window closes the book right after stopping the list: a change heard late
    must not reach it."""
    with OrderStore.open(orders_store.path) as elsewhere:
        elsewhere.record_checks([CheckResult(CLIENT, "t-4", OrderStatus.APPROVE, NOW, None)])
    panel.book_changed()
    panel.stop()
    panel.book_changed()
    orders_store.close()  # what a closing window does next
    QCoreApplication.processEvents()  # a query now would raise, and fail the test


def test_reload_goes_back_to_the_first_page(
    qtbot: QtBot, orders_store: OrderStore, make_order: MakeOrder
) -> None:
    bulk_insert(
        orders_store,
        [make_order(f"p-{n:04d}", minutes=n) for n in range(PAGE_SIZE * 2 + 10)]
    )
    panel = OrdersPanel(OrderBookReader(orders_store, CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    panel.model.fetchMore(QModelIndex())
    panel.refresh()
    assert panel.model.rowCount() == 2 * PAGE_SIZE  # a refresh keeps what was scrolled to
    panel.reload()
    assert panel.model.rowCount() == PAGE_SIZE


def test_update_order_repaints_one_row_and_adds_up_again(
    qtbot: QtBot, panel: OrdersPanel, orders_store: OrderStore
) -> None:
    row = panel.model.row_of("t-4")
    assert row is not None
    # The poller records the check, then tells the window.
    [(paid, changed_status)] = orders_store.record_checks(
        [CheckResult(CLIENT, "t-4", OrderStatus.APPROVE, NOW, None)]
    )
    assert changed_status
    rows: list[int] = []
    panel.model.dataChanged.connect(lambda top, bottom, *_: rows.append(top.row()))
    with qtbot.assertNotEmitted(panel.model.modelReset):
        panel.update_order(paid)
        qtbot.waitUntil(lambda: "paid 4 for" in panel.totals_label.text())
    assert rows == [row]
    assert panel.model.index(row, Column.STATUS).data() == "Paid"
    assert panel.paid_today_label.text() == f"Paid today: {money(53000)}"


def test_a_hidden_panel_holds_back_pending_work(
    qtbot: QtBot, panel: OrdersPanel, orders_store: OrderStore
) -> None:
    panel.show()
    qtbot.waitExposed(panel)
    [(paid, _changed)] = orders_store.record_checks(
        [CheckResult(CLIENT, "t-4", OrderStatus.APPROVE, NOW, None)]
    )
    panel.update_order(paid)
    panel.search.setText("t-4")
    panel.hide()  # the window is closing
    assert not any(timer.isActive() for timer in panel._timers())
    panel.show()
    qtbot.waitUntil(lambda: ids(panel) == ["t-4"])
    qtbot.waitUntil(  # the rows first, the sums a frame later
        lambda: panel.totals_label.text()
        == f"1 order for {money(3000)} · paid 1 for {money(3000)} · not paid 0 for {money(0)}")

    panel.close()
    panel.update_order(paid)  # a poll that finishes as the window closes
    orders_store.close()  # what a closing window does next
    QCoreApplication.processEvents()  # a query now would raise, and fail the test
