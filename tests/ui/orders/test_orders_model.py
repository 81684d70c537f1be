"""OrdersModel: paging from SQL, sorting in SQL, one-row updates, what cells show."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QDateTime, QModelIndex, Qt, QTimeZone
from PySide6.QtGui import QColor, QFont
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader, OrderQuery, SortColumn
from paydesk.domain.clock import utc_now
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import CheckResult, OrderStore
from paydesk.ui.orders.cells import day_start, local_day
from paydesk.ui.orders.model import ORDER_ROLE, PAGE_SIZE, OrdersModel
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.shell.formatting import local_time, money

from bulk_orders import bulk_insert

Book = tuple[OrderStore, list[Order]]
MakeOrder = Callable[..., Order]
ORDERS_T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)  # as in conftest.py
DISPLAY = Qt.ItemDataRole.DisplayRole


def _ms(moment: datetime | None) -> int:
    return -1 if moment is None else round(moment.timestamp() * 1000)  # NULL sorts first


#: What each column sorts by, worked out apart from SQL: the sorted rows must agree.
SORT_VALUE: dict[Column, Callable[[Order], object]] = {
    Column.CREATED: lambda o: _ms(o.created_at),
    Column.ORDER_ID: lambda o: o.order_id,
    Column.AMOUNT: lambda o: o.amount,
    Column.EMAIL: lambda o: o.email or "",
    Column.NOTE: lambda o: o.note,
    Column.STATUS: lambda o: o.status.value,
    Column.PAID_AT: lambda o: _ms(o.paid_at),
    Column.LAST_CHECKED: lambda o: _ms(o.last_checked_at),
}


def ids(model: OrdersModel) -> list[str]:
    return [order.order_id for row in range(model.rowCount()) if (order := model.order_at(row))]


def fetch_all(model: OrdersModel) -> None:
    while model.canFetchMore(QModelIndex()):
        model.fetchMore(QModelIndex())


def text(model: OrdersModel, row: int, column: Column) -> str:
    value = model.data(model.index(row, column), DISPLAY)
    assert isinstance(value, str)
    return value


@pytest.fixture
def few(orders_store: OrderStore, make_order: MakeOrder) -> list[Order]:
    """Seven orders with equal amounts, missing e-mails and every kind of state."""
    orders = [
        make_order("o-1", 10000, minutes=0, status="approve", email="anna@mail.ru",
                   note="2 coffees"),
        make_order("o-2", 25000, minutes=10, note="Кофе с собой\nи булочка"),
        make_order("o-3", 10000, minutes=20, status="decline", email="Bob@x.ru", note="100% off"),
        make_order("o-4", 70000, minutes=30, status="expired", email="carol@x.ru"),
        make_order("o-5", 10000, minutes=40, status="refunded",
                   error=Failure(FailureCode.LEGACY, "service said no")),
        make_order("o-6", 300, minutes=50, creation=CreationState.UNCONFIRMED, note="unsent"),
        make_order("o-7", 300, minutes=60, creation=CreationState.ABANDONED, email="d@x.ru"),
    ]  # fmt: skip
    bulk_insert(orders_store, orders)
    return orders


def test_model_checks_pass_empty_with_few_and_after_fetch_more(
    qtmodeltester: ModelTester, orders_store: OrderStore, few: list[Order]
) -> None:
    empty = OrdersModel(OrderBookReader(orders_store), OrderQuery(client_id=4242))
    qtmodeltester.check(empty)
    assert empty.rowCount() == 0 and not empty.canFetchMore(QModelIndex())

    full = OrdersModel(OrderBookReader(orders_store))
    qtmodeltester.check(full)
    assert full.rowCount() == len(few)

    paged = OrdersModel(OrderBookReader(orders_store), page_size=3)
    assert paged.rowCount() == 3 and paged.canFetchMore(QModelIndex())
    paged.fetchMore(QModelIndex())
    assert paged.rowCount() == 6
    qtmodeltester.check(paged)
    fetch_all(paged)
    assert ids(paged) == ids(full)


def test_pages_arrive_one_at_a_time_and_stop_at_the_end(
    qtbot: QtBot, orders_store: OrderStore, few: list[Order]
) -> None:
    model = OrdersModel(OrderBookReader(orders_store), page_size=3)
    assert ids(model) == ["o-7", "o-6", "o-5"]
    with qtbot.waitSignal(model.rowsInserted) as inserted:
        model.fetchMore(QModelIndex())
    assert inserted.args[1:] == [3, 5]
    model.fetchMore(QModelIndex())
    assert model.rowCount() == 7
    assert not model.canFetchMore(QModelIndex())
    with qtbot.assertNotEmitted(model.rowsInserted):
        model.fetchMore(QModelIndex())
    assert model.canFetchMore(model.index(0, 0)) is False  # a table has no children


@pytest.mark.parametrize("column", [column for column in Column if column.sort_column])
@pytest.mark.parametrize("descending", [False, True])
def test_sorting_by_every_column_is_the_sql_order(
    orders_store: OrderStore, few: list[Order], column: Column, descending: bool
) -> None:
    # Paging across ties must stay stable.
    model = OrdersModel(OrderBookReader(orders_store), page_size=2)
    direction = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
    model.sort(column, direction)
    fetch_all(model)
    expected = orders_store.query(OrderQuery(sort=column.sort_column, descending=descending))
    assert ids(model) == [order.order_id for order in expected]
    assert model.sort_section() == (column, direction)
    assert model.query().sort is column.sort_column and model.query().descending is descending
    keys = [SORT_VALUE[column](order) for row in range(model.rowCount())
            if (order := model.order_at(row)) is not None]
    assert keys == sorted(keys, reverse=descending)


def test_sort_resets_to_the_first_page_and_ignores_a_repeat(
    qtbot: QtBot, orders_store: OrderStore, few: list[Order]
) -> None:
    model = OrdersModel(OrderBookReader(orders_store), page_size=3)
    fetch_all(model)
    with qtbot.waitSignal(model.modelReset):
        model.sort(Column.AMOUNT, Qt.SortOrder.AscendingOrder)
    assert model.rowCount() == 3
    assert ids(model) == ["o-6", "o-7", "o-1"]  # 300, 300 by row id, then the 10000s
    with qtbot.assertNotEmitted(model.modelReset):
        model.sort(Column.AMOUNT, Qt.SortOrder.AscendingOrder)
        model.sort(99, Qt.SortOrder.AscendingOrder)


def test_set_query_filters_and_keeps_no_page_of_its_own(
    qtbot: QtBot, orders_store: OrderStore, few: list[Order]
) -> None:
    model = OrdersModel(OrderBookReader(orders_store))
    with qtbot.waitSignal(model.modelReset):
        model.set_query(OrderQuery(text="COFFEE", sort=SortColumn.AMOUNT, limit=1, offset=5))
    assert ids(model) == ["o-1"]  # "2 coffees"
    assert model.query().limit is None and model.query().offset == 0
    model.set_query(OrderQuery(text="кофе"))
    assert ids(model) == ["o-2"]
    model.set_query(OrderQuery(text="100%"))
    assert ids(model) == ["o-3"]
    model.set_query(OrderQuery(statuses=frozenset({"approve", "decline"})))
    assert ids(model) == ["o-3", "o-1"]


def test_update_order_changes_one_row_without_a_reset(
    qtbot: QtBot, orders_store: OrderStore, few: list[Order]
) -> None:
    model = OrdersModel(OrderBookReader(orders_store))
    row = model.row_of("o-2")
    assert row is not None
    before = model.order_at(row)
    assert before is not None
    paid = dataclasses.replace(
        before,
        status=OrderStatus.APPROVE,
        paid_at=before.created_at + timedelta(minutes=2),
        last_checked_at=before.created_at + timedelta(minutes=2),
        last_pending_at=before.created_at + timedelta(minutes=1.5),
    )
    changed: list[tuple[int, int, int, int]] = []
    model.dataChanged.connect(
        lambda top, bottom, *_: changed.append(
            (top.row(), top.column(), bottom.row(), bottom.column())
        )
    )
    with qtbot.assertNotEmitted(model.modelReset), qtbot.assertNotEmitted(model.layoutChanged):
        assert model.update_order(paid)
    assert changed == [(row, 0, row, len(Column) - 1)]
    assert model.order_at(row) == paid
    assert text(model, row, Column.STATUS) == "Paid"
    assert text(model, row, Column.PAID_AT) == local_time(paid.paid_at, with_date=False)

    with qtbot.assertNotEmitted(model.dataChanged):
        assert not model.update_order(dataclasses.replace(paid, order_id="not-loaded"))
        assert not model.update_order(dataclasses.replace(paid, client_id=7))  # another's


def test_a_status_changed_elsewhere_repaints_its_row_without_a_reset(
    qtbot: QtBot, orders_store: OrderStore, few: list[Order]
) -> None:
    """Another program (another connection to the file) records a payment: following the
    book repaints that row only, as a check made by this window does."""
    model = OrdersModel(OrderBookReader(orders_store), page_size=3)
    model.fetchMore(QModelIndex())  # six of seven loaded: one page more to come
    row = model.row_of("o-2")
    assert row is not None and text(model, row, Column.STATUS) == "Waiting"
    paid_at = ORDERS_T0 + timedelta(minutes=12)
    with OrderStore.open(orders_store.path) as elsewhere:
        elsewhere.record_checks(
            [CheckResult(few[1].client_id, "o-2", OrderStatus.APPROVE, paid_at, None)])
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom, *_: changed.append((top.row(), bottom.row())))
    with qtbot.assertNotEmitted(model.modelReset), qtbot.assertNotEmitted(model.rowsInserted):
        assert model.follow_book()
    assert changed == [(row, row)]
    assert text(model, row, Column.STATUS) == "Paid"
    assert ids(model) == ["o-7", "o-6", "o-5", "o-4", "o-3", "o-2"]
    assert model.canFetchMore(QModelIndex())


@pytest.mark.parametrize("page_size", [3, 10])
def test_a_new_order_at_the_top_is_one_row_and_one_that_left_is_left_to_a_reload(
    qtbot: QtBot, orders_store: OrderStore, few: list[Order], make_order: MakeOrder,
    page_size: int,
) -> None:
    """An order added at the top (a sale just made, newest first) is one row inserted,
    the loaded rows kept, as many as the view asked for (a row beyond a full page comes
    with the next); one that left a filtered list: the rows loaded are no longer those
    orders in those places, so the caller reloads them."""
    model = OrdersModel(OrderBookReader(orders_store), page_size=page_size)
    with OrderStore.open(orders_store.path) as elsewhere:
        bulk_insert(elsewhere, [make_order("o-8", minutes=70)])
    before = ids(model)
    inserted: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    with qtbot.assertNotEmitted(model.dataChanged), qtbot.assertNotEmitted(model.modelReset):
        assert model.follow_book()
    assert inserted == [(0, 0)] and ids(model) == ["o-8", *before][:page_size]
    fetch_all(model)  # the pages after it: none twice, none missing
    assert ids(model) == ["o-8", "o-7", "o-6", "o-5", "o-4", "o-3", "o-2", "o-1"]

    model.set_query(OrderQuery(statuses=frozenset({"pending"})))
    fetch_all(model)
    waiting = ids(model)
    assert "o-2" in waiting
    with OrderStore.open(orders_store.path) as elsewhere:
        elsewhere.record_checks([CheckResult(few[1].client_id, "o-2", OrderStatus.DECLINE,
                                             ORDERS_T0 + timedelta(minutes=12), None)])
    assert not model.follow_book()
    assert ids(model) == waiting


def test_reload_shows_a_new_order_at_the_top(
    qtbot: QtBot, orders_store: OrderStore, few: list[Order], make_order: MakeOrder
) -> None:
    model = OrdersModel(OrderBookReader(orders_store), page_size=3)
    fetch_all(model)
    bulk_insert(orders_store, [make_order("o-8", minutes=70)])
    with qtbot.waitSignal(model.modelReset):
        model.reload()
    assert model.rowCount() == 3 and ids(model)[0] == "o-8"
    assert model.row_of("o-8") == 0 and model.row_of("o-1") is None
    model.reload(at_least=8)
    assert model.rowCount() == 8 and not model.canFetchMore(QModelIndex())


def test_an_order_created_between_pages_is_not_shown_twice(
    orders_store: OrderStore, few: list[Order], make_order: MakeOrder
) -> None:
    model = OrdersModel(OrderBookReader(orders_store), page_size=3)
    bulk_insert(orders_store, [make_order("o-new", minutes=99)])  # shifts offsets
    fetch_all(model)
    assert ids(model) == ["o-7", "o-6", "o-5", "o-4", "o-3", "o-2", "o-1"]
    assert {model.row_of(i) for i in ids(model)} == set(range(7))


def test_cells_show_local_money_time_and_status_words(
    orders_store: OrderStore, few: list[Order]
) -> None:
    oldest_first = OrderQuery(sort=SortColumn.CREATED_AT, descending=False)
    model = OrdersModel(OrderBookReader(orders_store), oldest_first)
    first = few[0]
    assert text(model, 0, Column.CREATED) == local_time(first.created_at)
    assert text(model, 0, Column.ORDER_ID) == "o-1"
    assert model.data(model.index(0, Column.ORDER_ID), Qt.ItemDataRole.ToolTipRole) == "o-1"
    assert text(model, 0, Column.AMOUNT) == money(10000)
    assert text(model, 0, Column.EMAIL) == "anna@mail.ru"
    assert text(model, 1, Column.EMAIL) == ""
    assert text(model, 1, Column.NOTE) == "Кофе с собой и булочка"  # one line in a cell
    assert model.data(model.index(1, Column.NOTE), Qt.ItemDataRole.ToolTipRole) == (
        "Кофе с собой\nи булочка"
    )
    words = [text(model, row, Column.STATUS) for row in range(model.rowCount())]
    assert words == [
        "Paid", "Waiting", "Refused", "Expired", "Unknown: refunded", "Not sent", "Abandoned"
    ]  # fmt: skip
    assert model.data(model.index(4, Column.STATUS), Qt.ItemDataRole.ToolTipRole) == (
        "service said no"
    )
    assert model.data(model.index(2, Column.STATUS), Qt.ItemDataRole.ToolTipRole) == "Refused"
    colours = {
        model.data(model.index(row, Column.STATUS), Qt.ItemDataRole.ForegroundRole).name()
        for row in range(model.rowCount())
    }
    assert len(colours) >= 5  # paid, waiting, refused, not sent, unknown differ at a glance
    paid_colour = model.data(model.index(0, Column.STATUS), Qt.ItemDataRole.ForegroundRole)
    assert isinstance(paid_colour, QColor) and paid_colour.green() > paid_colour.red()
    font = model.data(model.index(0, Column.STATUS), Qt.ItemDataRole.FontRole)
    assert isinstance(font, QFont) and font.bold()
    # Paid the day it was created: the time alone, the Created cell has the date.
    assert text(model, 0, Column.PAID_AT) == local_time(first.paid_at, with_date=False)
    assert model.data(model.index(0, Column.PAID_AT), Qt.ItemDataRole.ToolTipRole) == (
        local_time(first.paid_at)
    )
    assert text(model, 1, Column.PAID_AT) == ""
    # A check made on another day shows that day.
    assert first.last_checked_at is not None
    checked_day = QDateTime.fromMSecsSinceEpoch(
        int(first.last_checked_at.timestamp() * 1000), QTimeZone.systemTimeZone()
    ).date()
    # Written with separators, the same in every part of PayDesk (ISO in English).
    assert text(model, 0, Column.LAST_CHECKED) == checked_day.toString("yyyy-MM-dd")
    assert text(model, 5, Column.LAST_CHECKED) == ""  # never checked: never sent
    assert model.data(model.index(0, 0), ORDER_ROLE) == first


def test_amounts_are_right_aligned_and_headers_are_words(
    orders_store: OrderStore, few: list[Order]
) -> None:
    model = OrdersModel(OrderBookReader(orders_store))
    align = Qt.ItemDataRole.TextAlignmentRole
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    assert model.data(model.index(0, Column.AMOUNT), align) == right
    assert model.headerData(Column.AMOUNT, Qt.Orientation.Horizontal, align) == right
    assert model.data(model.index(0, Column.NOTE), align) != right
    headers = [model.headerData(column, Qt.Orientation.Horizontal, DISPLAY) for column in Column]
    assert headers == [
        "Created", "Order", "Amount", "E-mail", "Note", "Status", "Paid", "Last checked", "Till",
        "Cashier · shift",
    ]  # fmt: skip
    assert model.headerData(0, Qt.Orientation.Vertical, DISPLAY) is None
    assert model.data(model.index(0, 0), Qt.ItemDataRole.DecorationRole) is None
    assert model.order_at(-1) is None and model.order_at(99) is None


def test_a_check_made_today_shows_only_its_time(
    orders_store: OrderStore, make_order: MakeOrder
) -> None:
    now = utc_now()
    order = dataclasses.replace(make_order("o-now"), last_checked_at=now)
    bulk_insert(orders_store, [order])
    model = OrdersModel(OrderBookReader(orders_store))
    stored = model.order_at(0)
    assert stored is not None
    assert text(model, 0, Column.LAST_CHECKED) == local_time(
        stored.last_checked_at, with_date=False
    )
    assert model.data(model.index(0, Column.LAST_CHECKED), Qt.ItemDataRole.ToolTipRole) == (
        local_time(stored.last_checked_at)
    )


@pytest.mark.parametrize(
    "moment", [datetime(2026, 3, 1, 0, 0, tzinfo=UTC), datetime(2026, 10, 25, 23, 59, tzinfo=UTC)]
)
def test_local_days_are_half_open_utc_ranges(moment: datetime) -> None:
    day = local_day(moment)
    assert day_start(day) <= moment < day_start(day.addDays(1))
    assert day_start(day).tzinfo is UTC and local_day(day_start(day)) == day


# -- 100 000 orders ---------------------------------------------------------


def expected(orders: list[Order], query: OrderQuery, count: int) -> list[str]:
    """What the SQL should return, worked out in Python (row id breaks ties)."""
    needle = (query.text or "").lower()
    chosen = [
        (row_id, order)
        for row_id, order in enumerate(orders)
        if (not query.statuses or order.status.value in query.statuses)
        and (
            not needle
            or any(
                needle in (value or "").lower()
                for value in (order.order_id, order.email, order.note)
            )
        )
    ]
    field = {SortColumn.AMOUNT: "amount", SortColumn.CREATED_AT: "created_at"}[query.sort]
    chosen.sort(key=lambda pair: (getattr(pair[1], field), pair[0]), reverse=query.descending)
    return [order.order_id for _row, order in chosen[:count]]


@pytest.mark.slow
@pytest.mark.scenario
def test_a_hundred_thousand_orders_load_a_page_at_a_time(
    qtbot: QtBot, qtmodeltester: ModelTester, big_order_book: Book
) -> None:
    store, orders = big_order_book
    model = OrdersModel(OrderBookReader(store))
    assert model.rowCount() == PAGE_SIZE and model.canFetchMore(QModelIndex())
    assert ids(model) == expected(orders, model.query(), PAGE_SIZE)
    with qtbot.waitSignal(model.rowsInserted):
        model.fetchMore(QModelIndex())
    assert model.rowCount() == 2 * PAGE_SIZE
    assert ids(model) == expected(orders, model.query(), 2 * PAGE_SIZE)

    query = OrderQuery(statuses=frozenset({"approve"}), text="COFFEES")
    model.set_query(query)
    assert model.rowCount() == PAGE_SIZE
    model.sort(Column.AMOUNT, Qt.SortOrder.AscendingOrder)
    sorted_query = dataclasses.replace(query, sort=SortColumn.AMOUNT, descending=False)
    assert ids(model) == expected(orders, sorted_query, PAGE_SIZE)
    model.fetchMore(QModelIndex())
    assert ids(model) == expected(orders, sorted_query, 2 * PAGE_SIZE)

    model.set_query(OrderQuery(text="кофе С", sort=SortColumn.AMOUNT, descending=True))
    assert ids(model)[:20] == expected(orders, model.query(), 20)
    assert model.rowCount() == PAGE_SIZE

    # Qt's tester fetches more itself, and runs its checks on a reset before it
    # clears its own "reset in flight" mark, so it gets a model of its own.
    checked = OrdersModel(OrderBookReader(store))
    qtmodeltester.check(checked)
    assert checked.rowCount() >= PAGE_SIZE


def test_a_paid_time_seen_more_than_a_minute_late_is_marked_approximate(
    orders_store: OrderStore, make_order: MakeOrder
) -> None:
    """The service does not say when a buyer paid: a window wider than a minute gets "≈"."""
    exact = make_order("exact", status="approve", minutes=0, paid_minutes=5)
    late = dataclasses.replace(
        make_order("late", status="approve", minutes=1, paid_minutes=9),
        last_pending_at=ORDERS_T0 + timedelta(minutes=2),
    )
    bulk_insert(orders_store, [exact, late])
    model = OrdersModel(OrderBookReader(orders_store))
    exact_row, late_row = model.row_of("exact"), model.row_of("late")
    assert exact_row is not None and late_row is not None
    assert not text(model, exact_row, Column.PAID_AT).startswith("≈")
    assert text(model, late_row, Column.PAID_AT) == "≈ " + local_time(
        late.paid_at, with_date=False)
    tip = model.index(late_row, Column.PAID_AT).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == f"Paid between {local_time(late.last_pending_at)} and {local_time(late.paid_at)}"
