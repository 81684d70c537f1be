"""What the orders list's tests share (tests/ui/orders): the client and the clock of
their book, an hour of a local day, the status filter chosen by its label, and the
order ids the list shows, top to bottom."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from PySide6.QtCore import QDate

from paydesk.domain.orders import Order
from paydesk.store import OrderStore
from paydesk.ui.orders.cells import day_start
from paydesk.ui.orders.panel import OrdersPanel

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


def choose_status(panel: OrdersPanel, label: str) -> None:
    panel.status_filter.setCurrentIndex(panel.status_filter.findText(label))
