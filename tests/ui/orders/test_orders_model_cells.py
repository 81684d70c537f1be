"""The orders list's cells: a row filled again reads as one loaded fresh, a reset says
nothing before it is over, and the list is read only."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader, OrderQuery, SortColumn
from paydesk.domain.clock import utc_now
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import Order, OrderStatus
from paydesk.store import CheckResult, OrderStore
from paydesk.ui.orders.model import ORDER_ROLE, OrdersModel
from paydesk.ui.orders.table_columns import Column

from bulk_orders import bulk_insert

MakeOrder = Callable[..., Order]
ORDERS_CLIENT = 1001  # as in conftest.py
#: Every role a cell of the list may have.
ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
         Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ForegroundRole,
         Qt.ItemDataRole.FontRole, ORDER_ROLE)


def row_roles(model: OrdersModel, row: int) -> list[list[object]]:
    """What every cell of ``row`` says in every role (colours and fonts as text)."""
    def plain(value: object) -> object:
        return value.toString() if hasattr(value, "toString") else value

    return [[plain(model.data(model.index(row, column), role)) for role in ROLES]
            for column in Column]


def test_a_row_filled_again_reads_as_a_row_loaded_fresh(
    orders_store: OrderStore, make_order: MakeOrder, tmp_path: Path
) -> None:
    """A paid order's row is bold, with a paid time and its tooltip; told later that the
    order is otherwise (refunded, a check's failure), its row says only that: no bold, no
    tooltip of the paid time, none left behind by the cells filled before."""
    paid = make_order("o-1", status="approve", paid_minutes=2, checked_minutes=2,
                      email="anna@mail.ru", note="2 coffees")
    bulk_insert(orders_store, [paid])
    model = OrdersModel(OrderBookReader(orders_store))
    assert model.data(model.index(0, Column.STATUS), Qt.ItemDataRole.FontRole) is not None
    later = dataclasses.replace(paid, status=OrderStatus("refunded"), paid_at=None, email=None,
                                last_error=Failure(FailureCode.LEGACY, "service said no"))
    assert model.update_order(later)
    assert model.data(model.index(0, Column.STATUS), Qt.ItemDataRole.FontRole) is None
    assert model.data(model.index(0, Column.PAID_AT), Qt.ItemDataRole.ToolTipRole) is None
    assert model.data(model.index(0, Column.EMAIL), Qt.ItemDataRole.ToolTipRole) is None
    with OrderStore.open(tmp_path / "fresh" / "orders.sqlite3") as other:
        bulk_insert(other, [later])
        assert row_roles(model, 0) == row_roles(OrdersModel(OrderBookReader(other)), 0)


@pytest.mark.parametrize("sort", [SortColumn.CREATED_AT, SortColumn.LAST_CHECKED_AT])
def test_a_reload_reads_as_a_fresh_model_with_the_unchanged_rows_kept(
    orders_store: OrderStore, make_order: MakeOrder, sort: SortColumn
) -> None:
    """A refresh of the same selection keeps the rows of the orders still in it, moved as
    they did, and fills the others: one paid (it leaves the waiting ones), one checked
    (it changes in place, or moves to the top by its check), one new: every row then
    reads as a fresh model's."""
    bulk_insert(orders_store, [make_order(f"o-{n}", minutes=n, note=f"note {n}",
                                          checked_minutes=n) for n in range(1, 9)])
    waiting = OrderQuery(statuses=frozenset({"pending"}), sort=sort)
    model = OrdersModel(OrderBookReader(orders_store), waiting, page_size=3)
    model.fetchMore(QModelIndex())
    model.fetchMore(QModelIndex())
    assert model.rowCount() == 8
    with OrderStore.open(orders_store.path) as elsewhere:  # another program's doing
        elsewhere.record_checks([
            CheckResult(ORDERS_CLIENT, "o-5", OrderStatus.APPROVE, utc_now(), None),
            CheckResult(ORDERS_CLIENT, "o-2", OrderStatus.PENDING, utc_now(), None)])
        bulk_insert(elsewhere, [make_order("o-9", minutes=9)])
    model.reload(model.rowCount())
    fresh = OrdersModel(OrderBookReader(orders_store), waiting, page_size=20)
    assert model.rowCount() == fresh.rowCount() == 8
    assert [model.order_at(row) for row in range(8)] == [
        fresh.order_at(row) for row in range(8)]
    for row in range(8):
        assert row_roles(model, row) == row_roles(fresh, row)
    assert all(model.row_of(order.order_id) == row  # type: ignore[union-attr]
               for row in range(8) if (order := model.order_at(row)) is not None)


def test_a_reset_says_nothing_before_it_is_over(
    qtbot: QtBot, orders_store: OrderStore, make_order: MakeOrder
) -> None:
    bulk_insert(orders_store, [make_order(f"o-{n}", minutes=n) for n in range(5)])
    model = OrdersModel(OrderBookReader(orders_store), page_size=2)
    heard: list[str] = []
    model.modelAboutToBeReset.connect(lambda: heard.append("about to reset"))
    model.modelReset.connect(lambda: heard.append("reset"))
    for signal in (model.dataChanged, model.rowsInserted, model.rowsRemoved,
                   model.layoutChanged):
        signal.connect(lambda *_: heard.append("changed"))
    for change in (lambda: model.reload(4), lambda: model.sort(Column.AMOUNT),
                   lambda: model.set_query(OrderQuery(statuses=frozenset({"pending"})))):
        heard.clear()
        change()
        assert heard == ["about to reset", "reset"]


def test_the_list_is_read_only(orders_store: OrderStore, make_order: MakeOrder) -> None:
    bulk_insert(orders_store, [make_order("o-1")])
    model = OrdersModel(OrderBookReader(orders_store))
    cell = model.index(0, Column.NOTE)
    before = model.data(cell)
    assert not model.setData(cell, "changed by hand")
    assert model.data(cell) == before
    assert model.flags(cell) == Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

