"""OrdersPanel: filters, debounced search, totals, selection signals, screenshots."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QCoreApplication, QDate, QItemSelectionModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView
from pytestqt.qtbot import QtBot

from paydesk.core.order_book import OrderBook
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import CheckResult, OrderStore, SortColumn
from paydesk.ui.orders.cells import day_start, local_day
from paydesk.ui.orders.model import PAGE_SIZE
from paydesk.ui.orders.panel import SEARCH_DELAY_MS, OrdersPanel
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.shell.formatting import money

from bulk_orders import bulk_insert
from screenshots import save_screenshot

CLIENT = 1001  # make_order's default client
NOW = datetime(2026, 3, 1, 15, 0, tzinfo=UTC)
MakeOrder = Callable[..., Order]
Book = tuple[OrderStore, list[Order]]


def at_local(day: QDate, hours: float) -> datetime:
    """``hours`` after local midnight of ``day``."""
    return day_start(day) + timedelta(hours=hours)


def ids(panel: OrdersPanel) -> list[str]:
    model = panel.model
    return [order.order_id for row in range(model.rowCount()) if (order := model.order_at(row))]


@pytest.fixture
def today() -> QDate:
    return local_day(NOW)


@pytest.fixture
def book(orders_store: OrderStore, make_order: MakeOrder, today: QDate) -> list[Order]:
    """Orders over three local days, newest last; two paid today, one paid yesterday."""
    yesterday, tomorrow = today.addDays(-1), today.addDays(1)

    def order(order_id: str, day: QDate, hours: float, **fields: object) -> Order:
        made = make_order(order_id, **fields)
        created = at_local(day, hours)
        paid = created + timedelta(minutes=2) if made.paid_at else None
        return dataclasses.replace(made, created_at=created, paid_at=paid, last_checked_at=paid)

    orders = [
        order("y-1", yesterday, 23.9, amount=10000, status="approve", note="late coffee"),
        order("t-1", today, 0.1, amount=20000, status="approve", email="Anna@Mail.ru"),
        order("t-2", today, 9, amount=5000, status="decline", note="100% juice"),
        order("t-3", today, 10, amount=7000, status="expired", note="tea_time"),
        order("t-4", today, 11, amount=3000, note="Кофе с собой"),
        order("t-5", today, 12, amount=1500, creation=CreationState.UNCONFIRMED, note="tea time"),
        order("t-6", today, 13, amount=900, creation=CreationState.ABANDONED),
        order("t-7", today, 23.9, amount=30000, status="approve", note="50% off"),
        order("m-1", tomorrow, 0.1, amount=4000, note="early"),
        order("x-1", today, 8, amount=99900, status="approve", client_id=CLIENT + 1),
    ]
    bulk_insert(orders_store, orders)
    return orders


@pytest.fixture
def panel(qtbot: QtBot, orders_store: OrderStore, book: list[Order]) -> Iterator[OrdersPanel]:
    widget = OrdersPanel(OrderBook(orders_store, CLIENT), clock=lambda: NOW)
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    yield widget
    widget.stop()  # as the window does before its book closes


def choose_status(panel: OrdersPanel, label: str) -> None:
    panel.status_filter.setCurrentIndex(panel.status_filter.findText(label))


def test_the_table_is_set_up_for_a_long_list(panel: OrdersPanel) -> None:
    table = panel.table
    assert table.objectName() == table.accessibleName() == "orders_table"
    assert table.isSortingEnabled() and table.alternatingRowColors()
    assert table.selectionBehavior() is QAbstractItemView.SelectionBehavior.SelectRows
    assert table.selectionMode() is QAbstractItemView.SelectionMode.ExtendedSelection
    assert table.verticalHeader().sectionResizeMode(0) is QHeaderView.ResizeMode.Fixed
    header = table.horizontalHeader()
    assert header.sortIndicatorSection() == Column.CREATED
    assert header.sortIndicatorOrder() is Qt.SortOrder.DescendingOrder
    search = panel.search
    assert search.objectName() == search.accessibleName() == "search_input"
    assert search.placeholderText() == "Search order id, e-mail, note"
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
    for column in Column:  # the usual text fits where it is not elastic
        if column is Column.TILL:
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
        f"9 orders · total {money(everything)} · 3 paid for {money(60000)}"
    )
    # By paid time, today: t-1 and t-7; not y-1 (paid yesterday), not another client's.
    assert panel.paid_today_label.text() == f"Paid today: {money(50000)}"
    choose_status(panel, "Waiting")
    # The rows at once, the sums a moment later (adding up a big book's matches).
    assert len(ids(panel)) == 2
    qtbot.waitUntil(lambda: panel.totals_label.text()
                    == f"2 orders · total {money(7000)} · 0 paid for {money(0)}")


def test_an_empty_book_says_so(qtbot: QtBot, orders_store: OrderStore) -> None:
    panel = OrdersPanel(OrderBook(orders_store, CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    assert panel.model.rowCount() == 0
    assert panel.totals_label.text() == "No orders yet"
    assert panel.paid_today_label.text() == f"Paid today: {money(0)}"


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
        qtbot.waitUntil(lambda: "4 paid" in panel.totals_label.text())
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
    panel = OrdersPanel(OrderBook(orders_store, CLIENT), clock=lambda: NOW)
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
        qtbot.waitUntil(lambda: "4 paid for" in panel.totals_label.text())
    assert rows == [row]
    assert panel.model.index(row, Column.STATUS).data() == "Paid"
    assert panel.paid_today_label.text() == f"Paid today: {money(53000)}"


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
        == f"1 order · total {money(3000)} · 1 paid for {money(3000)}")

    panel.close()
    panel.update_order(paid)  # a poll that finishes as the window closes
    orders_store.close()  # what a closing window does next
    QCoreApplication.processEvents()  # a query now would raise, and fail the test


@pytest.mark.slow
def test_a_hundred_thousand_orders_filtered_searched_and_sorted(
    qtbot: QtBot, big_order_book: Book
) -> None:
    store, orders = big_order_book
    panel = OrdersPanel(OrderBook(store, CLIENT), clock=lambda: NOW)
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
    panel = OrdersPanel(OrderBook(orders_store, CLIENT), clock=lambda: NOW)
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
