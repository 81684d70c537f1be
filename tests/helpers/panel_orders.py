"""An order as the payment panel and its status badge show it (tests/ui/payment)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from paydesk.domain.orders import CreationState, Order, OrderStatus

LINK = "https://pay.example.com/pay/Zx8kQ2mN4pR7sT1vW3yA5bC6dE9fG0hJ"
NOW = datetime(2026, 11, 21, 12, 0, 0, tzinfo=UTC)


def an_order(
    status: str = "pending",
    creation: CreationState = CreationState.CONFIRMED,
    **changes: Any,
) -> Order:
    values: dict[str, Any] = {
        "client_id": 1,
        "order_id": "20261121-120000000-K3QX9A",
        "amount": 125_050,
        "email": None,
        "note": "2 coffees, 1 croissant",
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
