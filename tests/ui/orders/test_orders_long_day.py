"""A long day in the orders list: a new sale costs the list the same at the day's end as at
its start. Each sale is one row inserted at the top, the rows loaded stay those the view
asked for, and the book is asked for about a page per sale, not for every sale since
the morning."""

from __future__ import annotations

from datetime import timedelta

from PySide6.QtCore import QModelIndex
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader, OrderQuery
from paydesk.domain.orders import Order, OrderStatus
from paydesk.store import CheckResult, OrderStore
from paydesk.ui.orders.model import PAGE_SIZE
from paydesk.ui.orders.panel import OrdersPanel

from bulk_orders import bulk_insert
from orders_list import CLIENT, NOW, MakeOrder

#: Sales in the day: past two pages, so a list that keeps every sale's row shows it.
SALES = 2 * PAGE_SIZE + 50


class CountingBook(OrderBookReader):
    """The real book, counting the orders its queries hand back."""

    rows_read = 0

    def query(self, q: OrderQuery) -> list[Order]:
        found = super().query(q)
        self.rows_read += len(found)
        return found


def test_every_sale_of_a_long_day_reads_about_a_page(
    qtbot: QtBot, orders_store: OrderStore, make_order: MakeOrder
) -> None:
    book = CountingBook(orders_store, CLIENT)
    panel = OrdersPanel(book, clock=lambda: NOW)
    qtbot.addWidget(panel)
    panel.resize(1000, 600)
    panel.show()
    model = panel.model
    inserted: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    read_per_sale: list[int] = []
    try:
        for number in range(SALES):
            order_id = f"s-{number:04d}"
            bulk_insert(orders_store, [make_order(order_id, minutes=number)])
            if number % 10 == 3:  # an earlier sale paid meanwhile: its row only
                orders_store.record_checks([CheckResult(
                    CLIENT, f"s-{number - 2:04d}", OrderStatus.APPROVE,
                    NOW + timedelta(minutes=number), None)])
            before = book.rows_read
            inserted.clear()
            panel.order_added()  # what the window calls when it wrote a sale
            read_per_sale.append(book.rows_read - before)
            assert inserted == [(0, 0)]  # the new sale, at the top
            shown = model.order_at(0)
            assert shown is not None and shown.order_id == order_id
            assert model.rowCount() == min(number + 1, PAGE_SIZE)
        assert max(read_per_sale) <= PAGE_SIZE + 2, read_per_sale[-5:]
        paid = model.order_at(model.row_of(f"s-{SALES - 9:04d}") or 0)
        assert paid is not None and paid.status is OrderStatus.APPROVE

        # Scrolling down still brings every sale of the day, once each, newest first.
        while model.canFetchMore(QModelIndex()):
            model.fetchMore(QModelIndex())
        assert [model.order_at(row).order_id  # type: ignore[union-attr]
                for row in range(model.rowCount())] == [
            f"s-{number:04d}" for number in reversed(range(SALES))]
    finally:
        panel.stop()
