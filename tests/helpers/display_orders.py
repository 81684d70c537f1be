"""An order as the buyer's screen shows it, with the private details it must never
show, and where a widget sits on that screen (tests/ui/payment)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from typing import Any

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QWidget

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.ui.payment.customer_display import CustomerDisplay

LINK = "https://pay.example.com/pay/Zx8kQ2mN4pR7sT1vW3yA5bC6dE9fG0hJ"
NOW = datetime(2026, 11, 21, 12, 0, 0, tzinfo=UTC)
EXPIRES = NOW + timedelta(minutes=12, seconds=34)
EMAIL = "private.buyer@example.com"
NOTE = "table 7, birthday surprise"
ORDER_ID = "20261121-120000000-K3QX9A"


def an_order(
    status: str = "pending",
    creation: CreationState = CreationState.CONFIRMED,
    **changes: Any,
) -> Order:
    values: dict[str, Any] = {
        "client_id": 1,
        "order_id": ORDER_ID,
        "amount": 125_050,
        "email": EMAIL,
        "note": NOTE,
        "url": LINK if creation is CreationState.CONFIRMED else None,
        "status": OrderStatus(status),
        "creation": creation,
        "created_at": NOW,
        # A pending order is watched: its next check is set (an open order without
        # one is "status unknown — check").
        "next_check_at": NOW + timedelta(seconds=2) if status == "pending" else None,
    }
    values.update(changes)
    return Order(**values)


def finished(order: Order, status: str) -> Order:
    paid_at = NOW + timedelta(minutes=1) if status == "approve" else None
    return dataclasses.replace(order, status=OrderStatus(status), paid_at=paid_at)


def on_display(display: CustomerDisplay, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(display, QPoint(0, 0)), widget.size())
