"""OrdersPanel's table: set up for a long list, columns that fit the width and give way
when narrow, and its screenshots.
"""

from __future__ import annotations

import dataclasses
from datetime import timedelta

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.domain.orders import CreationState, Order
from paydesk.store import OrderStore
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.orders.table_columns import Column

from bulk_orders import bulk_insert
from orders_list import CLIENT, NOW, MakeOrder, at_local, choose_status, ids
from screenshots import save_screenshot


def test_the_table_is_set_up_for_a_long_list(panel: OrdersPanel) -> None:
    table = panel.table
    assert table.objectName() == "orders_table" and table.accessibleName() == "Orders"
    assert not table.tabKeyNavigation()  # Tab leaves the list
    assert table.isSortingEnabled() and table.alternatingRowColors()
    assert table.selectionBehavior() is QAbstractItemView.SelectionBehavior.SelectRows
    assert table.selectionMode() is QAbstractItemView.SelectionMode.ExtendedSelection
    assert table.verticalHeader().sectionResizeMode(0) is QHeaderView.ResizeMode.Fixed
    header = table.horizontalHeader()
    assert header.sortIndicatorSection() == Column.CREATED
    assert header.sortIndicatorOrder() is Qt.SortOrder.DescendingOrder
    search = panel.search
    assert search.objectName() == "search_input"
    assert search.accessibleName() == "Search orders"
    assert search.toolTip() == "Search order id, e-mail, note"  # and its hint, as fits
    assert search.placeholderText() in panel.filter_bar.search_hint.wordings
    assert search.isClearButtonEnabled()
    assert panel.date_from.calendarPopup() and panel.date_to.calendarPopup()
    assert panel.date_from.displayFormat() == "yyyy-MM-dd"  # days as the list writes them
    assert [panel.status_filter.itemText(i) for i in range(panel.status_filter.count())] == [
        "All", "Waiting", "Paid", "Refused", "Expired", "Not sent"
    ]  # fmt: skip


def widths(panel: OrdersPanel) -> dict[Column, int]:
    header = panel.table.horizontalHeader()
    return {column: header.sectionSize(column) for column in Column}


def visible_text_fits(panel: OrdersPanel, column: Column, text: str) -> bool:
    return panel.table.fontMetrics().horizontalAdvance(text) < widths(panel)[column]


def test_columns_fit_the_width_and_give_way_when_narrow(
    qtbot: QtBot, panel: OrdersPanel, book: list[Order]
) -> None:
    panel.show()
    qtbot.waitExposed(panel)
    viewport = panel.table.viewport()
    wide = widths(panel)
    assert sum(wide.values()) == viewport.width()  # no sideways scrolling, no gap
    t1 = panel.model.index(panel.model.row_of("t-1") or 0, 0)
    assert panel.table.isColumnHidden(Column.TILL)  # one till: its list as it always was
    assert panel.table.isColumnHidden(Column.CASHIER)  # no shifts: nor its cashiers
    for column in Column:  # the usual text fits where it is not elastic
        if column in (Column.TILL, Column.CASHIER):
            continue
        shown = panel.model.data(t1.siblingAtColumn(column))
        assert visible_text_fits(panel, column, shown), column
    assert wide[Column.NOTE] > wide[Column.STATUS]

    panel.resize(760, 600)  # beside the payment panel
    qtbot.waitUntil(lambda: widths(panel) != wide)
    narrow = widths(panel)
    assert sum(narrow.values()) == viewport.width()
    for column in (Column.CREATED, Column.ORDER_ID, Column.AMOUNT, Column.STATUS,
                   Column.PAID_AT):
        assert narrow[column] == wide[column]  # what the owner reads keeps its width
    shown_id = panel.model.data(t1.siblingAtColumn(Column.ORDER_ID))
    assert visible_text_fits(panel, Column.ORDER_ID, shown_id)  # the short id, whole
    for column in (Column.EMAIL, Column.NOTE):
        assert 40 < narrow[column] < wide[column]

    assert panel.minimumSizeHint().width() <= 700  # room for the payment panel beside it

    panel.table.horizontalHeader().resizeSection(Column.NOTE, 300)  # by hand
    panel.resize(1000, 600)
    qtbot.waitUntil(lambda: viewport.width() > 900)
    assert widths(panel)[Column.NOTE] == 300  # the person's choice stays


# -- screenshots ------------------------------------------------------------


def varied_orders(make_order: MakeOrder, today: QDate) -> list[Order]:
    """About thirty orders such as a day at a counter gives, plus a few older ones."""
    notes = [
        "2 coffees", "Кофе с собой и круассан", "", "cake", "Latte, большой, без сахара",
        "Birthday cake with candles and a long dedication written on the box lid",
        "сок", "", "tea_time", "100% juice", "Пирожное «Картошка» ×3", "",
    ]  # fmt: skip
    emails = ["anna@mail.ru", None, "ivan.petrov@example.com", None, "b@x.ru"]
    states: list[tuple[str, CreationState]] = [
        ("approve", CreationState.CONFIRMED),
        ("pending", CreationState.CONFIRMED),
        ("approve", CreationState.CONFIRMED),
        ("decline", CreationState.CONFIRMED),
        ("expired", CreationState.CONFIRMED),
        ("pending", CreationState.UNCONFIRMED),
        ("approve", CreationState.CONFIRMED),
        ("pending", CreationState.ABANDONED),
        ("refunded", CreationState.CONFIRMED),
    ]
    orders = []
    for number in range(30):
        status, creation = states[number % len(states)]
        day = today if number >= 6 else today.addDays(-1)
        created = at_local(day, 8 + number * 0.23)
        made = make_order(
            f"20260301-{number:02d}3012847-K3QX9A",
            [15050, 250000, 9990, 120000000, 4500, 33000][number % 6],
            status=status,
            creation=creation,
            email=emails[number % len(emails)],
            note=notes[number % len(notes)],
        )
        checked = created + timedelta(minutes=1) if creation is CreationState.CONFIRMED else None
        orders.append(
            dataclasses.replace(
                made,
                created_at=created,
                paid_at=checked if status == "approve" else None,
                last_checked_at=checked,
            )
        )
    return orders


def test_screenshots(
    qtbot: QtBot, orders_store: OrderStore, make_order: MakeOrder, today: QDate
) -> None:
    bulk_insert(orders_store, varied_orders(make_order, today))
    panel = OrdersPanel(OrderBookReader(orders_store, CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    panel.resize(1000, 600)
    panel.show()
    qtbot.waitExposed(panel)
    panel.table.selectRow(1)
    save_screenshot(panel, "orders_panel")

    choose_status(panel, "Paid")
    panel.today_button.click()
    panel.search.setText("k3qx")
    qtbot.waitUntil(lambda: panel.current_query().text == "k3qx")
    assert ids(panel) and panel.totals_label.text().startswith(f"{len(ids(panel))} orders")
    save_screenshot(panel, "orders_panel_filtered")

    panel.resize(760, 600)  # beside the payment panel in the window
    save_screenshot(panel, "orders_panel_narrow")
