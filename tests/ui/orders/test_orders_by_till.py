"""The orders list in a shop of several tills: the Till column and the till filter
appear once the book holds orders of a second till (downloaded as the shared book
brings them), the filter narrows the rows and the footer, and a single till's list
stays as it was."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.domain.orders import Order
from paydesk.store import OrderStore
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.shell.formatting import money

from bulk_orders import bulk_insert
from counter_steps import WAIT_MS
from other_tills import download, till_order
from screenshots import save_screenshot
from test_values import TEST_CLIENT_ID

CLIENT = 1001  # make_order's default client


def ids(panel: OrdersPanel) -> set[str]:
    model = panel.model
    return {order.order_id for row in range(model.rowCount()) if (order := model.order_at(row))}


def choose_till(panel: OrdersPanel, till: str | None) -> None:
    combo = panel.filter_bar.till_filter
    combo.setCurrentIndex(combo.findText(till) if till else 0)


def test_a_second_till_brings_the_column_and_the_filter(
    window: MainWindow, qtbot: QtBot
) -> None:
    panel = window.orders_panel
    book = window.runtime.paths.database
    till_group = panel.filter_bar.till_group
    assert not panel.tills_shown and not till_group.isVisible()  # this till alone

    download(book, [till_order(TEST_CLIENT_ID, "front-1", "Front counter", 12000),
                    till_order(TEST_CLIENT_ID, "front-2", "Front counter", 3000, paid=False)])
    qtbot.waitUntil(lambda: ids(panel) == {"front-1", "front-2"}, timeout=WAIT_MS)
    assert not panel.tills_shown and not till_group.isVisible()  # still one till

    download(book, [till_order(TEST_CLIENT_ID, "back-1", "Back counter", 50000, minutes_ago=3)])
    qtbot.waitUntil(lambda: panel.tills_shown, timeout=WAIT_MS)
    assert till_group.isVisible()
    assert panel.filter_bar.tills() == ["Back counter", "Front counter"]
    combo = panel.filter_bar.till_filter
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "All tills", "Back counter", "Front counter"]
    model = panel.model
    row = model.row_of("back-1")
    assert row is not None
    assert model.index(row, Column.TILL).data() == "Back counter"
    assert model.headerData(Column.TILL, Qt.Orientation.Horizontal) == "Till"
    header = panel.table.horizontalHeader()
    assert header.sectionSize(Column.TILL) > 0
    # Beside the payment panel, with the Till column: the short ids still read whole.
    short = model.index(row, Column.ORDER_ID).data()
    assert panel.table.fontMetrics().horizontalAdvance(short) < header.sectionSize(
        Column.ORDER_ID)
    # The columns still fill the width: no sideways scrolling for the new one.
    assert sum(header.sectionSize(c) for c in Column) == panel.table.viewport().width()
    assert ids(panel) == {"front-1", "front-2", "back-1"}

    choose_till(panel, "Front counter")
    assert ids(panel) == {"front-1", "front-2"}
    assert panel.current_query().till == "Front counter"
    # The sums follow the rows a moment later (adding up a big book's matches).
    qtbot.waitUntil(lambda: panel.totals_label.text() == (
        f"2 orders for {money(15000)} · paid 1 for {money(12000)} · not paid 1 for {money(3000)}"))
    assert panel.paid_today_label.text() == f"Paid today at Front counter: {money(12000)}"

    choose_till(panel, "Back counter")
    assert ids(panel) == {"back-1"}
    qtbot.waitUntil(lambda: panel.totals_label.text() == (
        f"1 order for {money(50000)} · paid 1 for {money(50000)} · not paid 0 for {money(0)}"))

    choose_till(panel, None)  # All tills
    assert ids(panel) == {"front-1", "front-2", "back-1"}
    assert panel.current_query().till is None
    qtbot.waitUntil(lambda: panel.paid_today_label.text() == f"Paid today: {money(62000)}")


def test_the_chosen_till_stays_chosen_when_another_till_arrives(
    window: MainWindow, qtbot: QtBot
) -> None:
    panel = window.orders_panel
    book = window.runtime.paths.database
    download(book, [till_order(TEST_CLIENT_ID, "a-1", "Till A", 1000),
                    till_order(TEST_CLIENT_ID, "b-1", "Till B", 2000)])
    qtbot.waitUntil(lambda: panel.filter_bar.tills() == ["Till A", "Till B"], timeout=WAIT_MS)
    choose_till(panel, "Till B")
    assert ids(panel) == {"b-1"}

    download(book, [till_order(TEST_CLIENT_ID, "c-1", "Till C", 4000),
                    till_order(TEST_CLIENT_ID, "b-2", "Till B", 8000, minutes_ago=1)])
    qtbot.waitUntil(lambda: ids(panel) == {"b-1", "b-2"}, timeout=WAIT_MS)
    assert panel.filter_bar.tills() == ["Till A", "Till B", "Till C"]
    assert panel.filter_bar.till_filter.currentText() == "Till B"
    assert panel.totals_label.text().startswith("2 orders")


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_screenshot_the_list_of_a_shop_with_three_tills(
    language: str, window: MainWindow, qtbot: QtBot
) -> None:
    window.resize(1280, 800)
    panel = window.orders_panel
    orders = [
        till_order(TEST_CLIENT_ID, f"20260301-1{n:02d}000000-F{n}", till, amount,
                   paid=n % 4 != 3, minutes_ago=40 - 3 * n)
        for n, (till, amount) in enumerate([
            ("Front counter", 35000), ("Terrace", 120000), ("Front counter", 4500),
            ("Kiosk", 15000), ("Terrace", 64000), ("Front counter", 22050),
            ("Kiosk", 9900), ("Terrace", 18000), ("Front counter", 7700),
        ])
    ]
    download(window.runtime.paths.database, orders)
    qtbot.waitUntil(lambda: panel.model.rowCount() == len(orders), timeout=WAIT_MS)
    assert panel.tills_shown
    prefix = "ru-" if language == "ru" else ""
    save_screenshot(window, f"{prefix}orders-tills")
    choose_till(panel, "Terrace")
    assert ids(panel) == {o.order_id for o in orders if o.till == "Terrace"}
    paid_today = panel.paid_today_label  # its new text is laid out in a posted event
    qtbot.waitUntil(lambda: paid_today.width() >= paid_today.sizeHint().width())
    save_screenshot(window, f"{prefix}orders-tills-filtered")


# -- the panel alone, on a book written directly --------------------------------


def with_till(order: Order, till: str) -> Order:
    return dataclasses.replace(order, till=till)


def test_old_orders_and_one_named_till_are_one_till(
    qtbot: QtBot, orders_store: OrderStore, make_order: Callable[..., Order]
) -> None:
    """Orders from before tills had names ("") and this till's named ones: one till."""
    bulk_insert(orders_store, [make_order("old-1"), with_till(make_order("new-1", minutes=1),
                                                              "Counter")])
    panel = OrdersPanel(OrderBookReader(orders_store, CLIENT))
    qtbot.addWidget(panel)
    assert not panel.tills_shown
    assert panel.filter_bar.tills() == []
    assert panel.current_query().till is None


def test_a_shared_book_shows_the_column_with_one_till(
    qtbot: QtBot, orders_store: OrderStore, make_order: Callable[..., Order]
) -> None:
    bulk_insert(orders_store, [with_till(make_order("o-1"), "Counter")])
    panel = OrdersPanel(OrderBookReader(orders_store, CLIENT), shared_book=True)
    qtbot.addWidget(panel)
    panel.resize(1000, 600)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.tills_shown
    assert not panel.filter_bar.till_group.isVisible()  # one till: nothing to choose
    assert panel.model.index(0, Column.TILL).data() == "Counter"
    panel.set_shared_book(False)
    assert not panel.tills_shown


def test_the_till_column_does_not_take_the_sort(
    qtbot: QtBot, orders_store: OrderStore, make_order: Callable[..., Order]
) -> None:
    """The book sorts in SQL by the columns it knows; a click on Till leaves the sort
    and its arrow where they were."""
    bulk_insert(orders_store, [with_till(make_order("o-1"), "B"),
                               with_till(make_order("o-2", minutes=1), "A")])
    panel = OrdersPanel(OrderBookReader(orders_store, CLIENT))
    qtbot.addWidget(panel)
    assert panel.tills_shown
    before = panel.current_query()
    header = panel.table.horizontalHeader()
    panel.table.sortByColumn(Column.TILL, Qt.SortOrder.AscendingOrder)
    assert panel.current_query() == before
    assert header.sortIndicatorSection() == Column.CREATED
    assert [order.order_id for r in range(2) if (order := panel.model.order_at(r))] == [
        "o-2", "o-1"]
