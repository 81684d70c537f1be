"""An order as the payment panel and its status badge show it, and the panel shown it as
the counter presenter shows it (tests/ui/payment)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from paydesk.core.counter.views import PanelView, Place, order_view
from paydesk.domain.orders import CreationState, Order, OrderStatus

if TYPE_CHECKING:
    from paydesk.ui.payment.panel import PaymentPanel

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


def shown_panel(qtbot: Any, size: tuple[int, int] = (520, 760)) -> PaymentPanel:
    """A payment panel of its own, shown at ``size`` and exposed (the panel's tests)."""
    from paydesk.ui.payment.panel import PaymentPanel  # Qt: the window tests' only

    panel = PaymentPanel()
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


class OnPanel:
    """The counter presenter's part for the payment panel, in the panel's tests: the
    order's view at ``clock``'s time (core/counter/views.py's order_view) rendered on
    ``panel``, with where it stands with the buyer; :meth:`tick` is the window's tick."""

    def __init__(self, panel: PaymentPanel, clock: Callable[[], datetime]) -> None:
        self.panel = panel
        self.clock = clock
        self._order: tuple[Order | None, datetime | None] = (None, None)
        self._place: dict[str, Any] = {}
        self._creating: int | None = None

    def show(self, order: Order | None, expires_at: datetime | None) -> None:
        self._order, self._creating = (order, expires_at), None
        self.tick()

    def creating(self, amount: int) -> None:
        self._creating = amount
        self.tick()

    def place(self, place: Place, *, can_show: bool = False,
              sale_amount: int | None = None) -> None:
        self._place = {"place": place, "can_show": can_show, "sale_amount": sale_amount}
        self.tick()

    def tick(self) -> None:
        self.panel.show_view(self.view())

    def view(self) -> PanelView:
        order, expires_at = self._order
        if self._creating is not None:
            return PanelView(creating=self._creating, **self._place)
        if order is None:
            return PanelView(**self._place)
        return order_view(order, expires_at=expires_at, now=self.clock(), **self._place)

    def countdown_running(self) -> bool:
        return self.view().seconds_left is not None
