"""Fixtures for the orders list's tests: a book over three local days, and the panel on it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import timedelta

import pytest
from PySide6.QtCore import QDate
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.domain.orders import CreationState, Order
from paydesk.store import OrderStore
from paydesk.ui.orders.cells import local_day
from paydesk.ui.orders.panel import OrdersPanel

from bulk_orders import bulk_insert
from orders_list import CLIENT, NOW, MakeOrder, at_local


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
    widget = OrdersPanel(OrderBookReader(orders_store, CLIENT), clock=lambda: NOW)
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    yield widget
    widget.stop()  # as the window does before its book closes
