"""OrdersPanel's filters: status, whole local days, a debounced literal search, sorting,
and the totals of what they show; on a hundred thousand orders too.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QDate, Qt
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.domain.orders import OrderStatus
from paydesk.store import OrderStore, SortColumn
from paydesk.ui.orders.cells import day_start
from paydesk.ui.orders.model import PAGE_SIZE
from paydesk.ui.orders.panel import SEARCH_DELAY_MS, OrdersPanel
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.shell.formatting import money

from orders_list import CLIENT, NOW, Book, choose_status, ids


def test_shows_only_this_clients_orders_newest_first(panel: OrdersPanel) -> None:
    assert ids(panel) == ["m-1", "t-7", "t-6", "t-5", "t-4", "t-3", "t-2", "t-1", "y-1"]
    assert panel.current_query().client_id == CLIENT


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("Waiting", ["m-1", "t-4"]),
        ("Paid", ["t-7", "t-1", "y-1"]),
        ("Refused", ["t-2"]),
        ("Expired", ["t-3"]),
        ("Not sent", ["t-6", "t-5"]),
        ("All", ["m-1", "t-7", "t-6", "t-5", "t-4", "t-3", "t-2", "t-1", "y-1"]),
    ],
)
def test_status_filter(panel: OrdersPanel, label: str, expected: list[str]) -> None:
    choose_status(panel, "Refused" if label == "All" else "All")
    choose_status(panel, label)
    assert ids(panel) == expected


def test_date_filter_uses_whole_local_days(qtbot: QtBot, panel: OrdersPanel,
                                           today: QDate) -> None:
    assert not panel.date_from.isEnabled()  # "all dates" until ticked
    panel.date_filter.setChecked(True)
    assert panel.date_from.isEnabled() and panel.date_to.isEnabled()
    assert ids(panel) == ["t-7", "t-6", "t-5", "t-4", "t-3", "t-2", "t-1"]
    query = panel.current_query()
    assert query.created_since == day_start(today)
    assert query.created_until == day_start(today.addDays(1))

    panel.date_from.setDate(today.addDays(-1))
    assert ids(panel)[-1] == "y-1" and "m-1" not in ids(panel)
    panel.date_to.setDate(today.addDays(-2))  # before "from": "from" follows
    assert panel.date_from.date() == today.addDays(-2)
    assert ids(panel) == []
    # The sums follow the rows a moment later (adding up a big book's matches).
    qtbot.waitUntil(lambda: panel.totals_label.text() == "No orders match the filters")

    panel.date_filter.setChecked(False)
    assert len(ids(panel)) == 9 and panel.current_query().created_since is None


def test_today_button_shows_todays_orders(qtbot: QtBot, panel: OrdersPanel, today: QDate) -> None:
    panel.date_from.setDate(today.addDays(-30))
    with qtbot.waitSignal(panel.model.modelReset):
        qtbot.mouseClick(panel.today_button, Qt.MouseButton.LeftButton)
    assert panel.date_filter.isChecked() and panel.date_from.isEnabled()
    assert panel.date_from.date() == panel.date_to.date() == today
    assert ids(panel) == ["t-7", "t-6", "t-5", "t-4", "t-3", "t-2", "t-1"]


def test_search_is_debounced_and_runs_once(qtbot: QtBot, panel: OrdersPanel) -> None:
    resets: list[None] = []
    panel.model.modelReset.connect(lambda: resets.append(None))
    qtbot.keyClicks(panel.search, "COFFEE")
    assert panel._search_timer.isActive()
    assert panel._search_timer.interval() == SEARCH_DELAY_MS
    qtbot.waitUntil(lambda: ids(panel) == ["y-1"])
    assert len(resets) == 1  # six keys, one query
    assert panel.current_query().text == "COFFEE"


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("100%", ["t-2"]),  # % is a percent sign, not "anything"
        ("50%", ["t-7"]),
        ("tea_", ["t-3"]),  # _ is an underscore: "tea time" does not match
        ("кофе", ["t-4"]),  # Cyrillic, any case
        ("anna@mail", ["t-1"]),
        ("T-", ["t-7", "t-6", "t-5", "t-4", "t-3", "t-2", "t-1"]),
        ("   ", ["m-1", "t-7", "t-6", "t-5", "t-4", "t-3", "t-2", "t-1", "y-1"]),
    ],
)
def test_search_matches_id_email_and_note_literally(
    qtbot: QtBot, panel: OrdersPanel, typed: str, expected: list[str]
) -> None:
    panel.search.setText(typed)
    qtbot.keyClick(panel.search, Qt.Key.Key_Return)  # Enter searches at once
    assert ids(panel) == expected


def test_filters_and_sort_combine(qtbot: QtBot, panel: OrdersPanel) -> None:
    panel.table.sortByColumn(Column.AMOUNT, Qt.SortOrder.AscendingOrder)
    choose_status(panel, "Paid")
    panel.search.setText("t-")
    qtbot.waitUntil(lambda: ids(panel) == ["t-1", "t-7"])
    query = panel.current_query()
    assert query.sort is SortColumn.AMOUNT and not query.descending
    assert query.statuses == frozenset({"approve"}) and query.text == "t-"


def test_totals_of_what_is_shown_and_paid_today(qtbot: QtBot, panel: OrdersPanel) -> None:
    everything = 10000 + 20000 + 5000 + 7000 + 3000 + 1500 + 900 + 30000 + 4000
    assert panel.totals_label.text() == (
        f"9 orders for {money(everything)} · paid 3 for {money(60000)}"
        f" · not paid 6 for {money(everything - 60000)}"
    )
    # By paid time, today: t-1 and t-7; not y-1 (paid yesterday), not another client's.
    assert panel.paid_today_label.text() == f"Paid today: {money(50000)}"
    choose_status(panel, "Waiting")
    # The rows at once, the sums a moment later (adding up a big book's matches).
    assert len(ids(panel)) == 2
    qtbot.waitUntil(lambda: panel.totals_label.text()
                    == f"2 orders for {money(7000)} · paid 0 for {money(0)}"
                    f" · not paid 2 for {money(7000)}")


def test_an_empty_book_says_so(qtbot: QtBot, orders_store: OrderStore) -> None:
    panel = OrdersPanel(OrderBookReader(orders_store, CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    assert panel.model.rowCount() == 0
    assert panel.totals_label.text() == "No orders yet"
    assert panel.paid_today_label.text() == f"Paid today: {money(0)}"


@pytest.mark.slow
@pytest.mark.scenario
def test_a_hundred_thousand_orders_filtered_searched_and_sorted(
    qtbot: QtBot, big_order_book: Book
) -> None:
    store, orders = big_order_book
    panel = OrdersPanel(OrderBookReader(store, CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    assert panel.model.rowCount() == PAGE_SIZE
    choose_status(panel, "Refused")
    panel.search.setText("tea_")
    qtbot.waitUntil(lambda: panel.current_query().text == "tea_")
    panel.table.sortByColumn(Column.AMOUNT, Qt.SortOrder.DescendingOrder)
    wanted = [
        (order.amount, row_id, order.order_id)
        for row_id, order in enumerate(orders)
        if order.status is OrderStatus.DECLINE and "tea_" in order.note
    ]
    wanted.sort(reverse=True)
    assert ids(panel) == [order_id for _a, _r, order_id in wanted[:PAGE_SIZE]]
    totals = store.totals(panel.current_query())
    assert totals.count == len(wanted)
    # The rows first, the sums a frame later.
    qtbot.waitUntil(lambda: panel.totals_label.text().startswith(f"{len(wanted)} orders"))
    panel.stop()  # as the window does before its book closes
