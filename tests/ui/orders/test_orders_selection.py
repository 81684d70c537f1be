"""OrdersPanel's selection: the cashier's moves signal, the order the payment panel shows
is followed without a signal, and Find puts the cursor in the search.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QItemSelectionModel, Qt
from pytestqt.qtbot import QtBot

from paydesk.store import OrderStore
from paydesk.ui.orders.panel import OrdersPanel

from bulk_orders import bulk_insert
from orders_list import NOW, MakeOrder


def test_current_row_and_selection_signals(qtbot: QtBot, panel: OrdersPanel) -> None:
    table = panel.table
    with qtbot.waitSignal(panel.order_activated) as activated:
        table.selectRow(1)
    assert activated.args == ["t-7"]
    with qtbot.waitSignal(panel.selection_changed) as selected:
        table.selectionModel().select(
            panel.model.index(3, 0),
            QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
        )
    assert selected.args == [["t-7", "t-5"]]
    assert panel.selected_order_ids() == ["t-7", "t-5"]
    with qtbot.waitSignal(panel.order_activated) as activated:
        table.activated.emit(panel.model.index(4, 2))  # Enter or a double click
    assert activated.args == ["t-4"]


def test_the_viewed_orders_row_is_current_without_a_signal(
    qtbot: QtBot, panel: OrdersPanel
) -> None:
    # The window tells the list what the payment panel shows (a new sale, Esc,
    # "Back to the sale"): the row follows, and that is not the cashier's move.
    with qtbot.assertNotEmitted(panel.order_activated):
        panel.show_viewed("t-5")
        assert panel.selected_order_ids() == ["t-5"]
        assert panel.model.order_at(panel.table.currentIndex().row()).order_id == "t-5"
        panel.show_viewed(None)
        assert panel.selected_order_ids() == [] and not panel.table.currentIndex().isValid()
    # Viewing an order the filters leave out: the cashier's own selection is left
    # alone at each update of that order (every couple of seconds).
    panel.show_viewed("x-hidden")
    panel.table.selectRow(2)
    panel.show_viewed("x-hidden")
    assert panel.selected_order_ids() == ["t-6"]


def test_a_click_on_the_current_row_views_it_again(qtbot: QtBot, panel: OrdersPanel) -> None:
    panel.show()
    qtbot.waitExposed(panel)
    panel.table.selectRow(1)  # t-7, then the panel went on to show another order
    panel.show_viewed("t-4")
    panel.show_viewed("t-9-not-loaded")
    point = panel.table.visualRect(panel.model.index(1, 1)).center()
    with qtbot.waitSignal(panel.order_activated) as activated:
        qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert activated.args == ["t-7"]


def test_a_viewed_order_reaching_the_list_later_is_selected_then(
    qtbot: QtBot, panel: OrdersPanel, orders_store: OrderStore, make_order: MakeOrder
) -> None:
    panel.table.selectRow(2)
    panel.show_viewed("t-8")  # created at the counter; the list hears of it a moment later
    assert panel.selected_order_ids() == []
    bulk_insert(orders_store, [dataclasses.replace(make_order("t-8"), created_at=NOW)])
    with qtbot.assertNotEmitted(panel.order_activated):
        panel.refresh()
    assert panel.selected_order_ids() == ["t-8"]


def test_focus_search_selects_the_old_text(qtbot: QtBot, panel: OrdersPanel) -> None:
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    panel.search.setText("abc")
    qtbot.waitUntil(lambda: panel.current_query().text == "abc")
    panel.table.setFocus()
    panel.focus_search()  # the window's Find action (Ctrl+F) calls this
    qtbot.waitUntil(lambda: panel.search.hasFocus())
    assert panel.search.selectedText() == "abc"  # typing replaces the old search
