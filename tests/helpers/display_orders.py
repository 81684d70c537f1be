"""An order as the buyer's screen shows it, with the private details it must never
show, and where a widget sits on that screen (tests/ui/payment)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QWidget

from paydesk.core.counter.buyer_memory import BuyerScreen
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.ui.payment.customer_display import CustomerDisplay

from panel_orders import LINK, NOW
from panel_orders import an_order as panel_order

__all__ = ["EMAIL", "EXPIRES", "LINK", "NOTE", "NOW", "OnDisplay", "an_order", "finished",
           "on_display"]

EXPIRES = NOW + timedelta(minutes=12, seconds=34)
EMAIL = "private.buyer@example.com"
NOTE = "table 7, birthday surprise"


def an_order(
    status: str = "pending",
    creation: CreationState = CreationState.CONFIRMED,
    **changes: Any,
) -> Order:
    """The payment panel's order (tests/helpers/panel_orders.py), with private details
    the buyer's screen must never show."""
    return panel_order(status, creation, **{"email": EMAIL, "note": NOTE, **changes})


def finished(order: Order, status: str) -> Order:
    paid_at = NOW + timedelta(minutes=1) if status == "approve" else None
    return dataclasses.replace(order, status=OrderStatus(status), paid_at=paid_at)


def on_display(display: CustomerDisplay, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(display, QPoint(0, 0)), widget.size())


class OnDisplay:
    """The counter presenter's part for one buyer's window, in a widget's test: the sale
    given to the core's BuyerScreen (whose sale, how long a result stays), its view
    rendered on ``display``; time moves with ``clock``, and :meth:`tick` is the tick the
    window's renderer sends."""

    def __init__(self, display: CustomerDisplay, clock: Callable[[], datetime]) -> None:
        self.display = display
        self.clock = clock
        self.screen = BuyerScreen()
        self._sale: tuple[Order | None, datetime | None] = (None, None)

    def show(self, order: Order | None, expires_at: datetime | None) -> None:
        """``order`` is the sale now (None: Esc), expiring at ``expires_at``."""
        self._sale = (order, expires_at)
        self.tick()

    def tick(self) -> None:
        order, expires_at = self._sale
        self.display.show_view(self.screen.show(order, expires_at=expires_at, now=self.clock()))

    def countdown_running(self) -> bool:
        return self.screen.view.seconds_left is not None

    def returning_to_idle(self) -> bool:
        return self.screen.result_ends() is not None
