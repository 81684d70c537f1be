"""Orders written into a shift with a chosen fate, through the real order book."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from paydesk.domain.orders import OrderStatus
from paydesk.store import CheckResult, OrderStore

#: The tests' shop: when its day starts, its account, its till, two cashiers' PINs
#: (here, not in conftest.py: a module of that name is another folder's too).
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
CLIENT = 1
TILL = "Till 1"
OWNER_PIN = "739164"
ANNA_PIN = "582031"


def take(store: OrderStore, order_id: str, amount: int, at: datetime, *, shift: int,
         cashier: str = "Anna", fate: str = "pending", confirmed: bool = True,
         till: str = TILL) -> None:
    """An order of ``shift`` created ``at``; ``fate``: the status a check at +1 min saw
    ("pending" also gets a check; "none": confirmed, never checked)."""
    store.add_unconfirmed(CLIENT, order_id, amount, None, "", at, till=till, cashier=cashier,
                          shift=shift)
    if not confirmed:
        return
    store.confirm_creation(CLIENT, order_id, f"https://pay.example/{order_id}", at,
                           at + timedelta(seconds=5))
    if fate != "none":
        check(store, order_id, OrderStatus(fate), at + timedelta(minutes=1))


def check(store: OrderStore, order_id: str, status: OrderStatus, at: datetime) -> None:
    nxt = None if status.is_final else at + timedelta(seconds=30)
    store.record_checks([CheckResult(CLIENT, order_id, status, at, nxt, asked_at=at)])
