"""Fixtures for the order book tests: a store in a fresh folder, and order makers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from paydesk.domain.orders import Order
from paydesk.store import OrderStore

from store_support import CLIENT, AddOrder, at


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "orders.sqlite3"


@pytest.fixture
def store(db_path: Path) -> Iterator[OrderStore]:
    with OrderStore.open(db_path) as opened:
        yield opened


@pytest.fixture
def add(store: OrderStore) -> AddOrder:
    """Add an order created ``minutes`` after T0; confirmed (link known) by default."""

    def add_order(
        order_id: str,
        amount: int = 15050,
        *,
        minutes: float = 0,
        email: str | None = None,
        note: str = "",
        client_id: int = CLIENT,
        confirmed: bool = True,
        next_check: float | None = None,
    ) -> Order:
        order = store.add_unconfirmed(client_id, order_id, amount, email, note, at(minutes))
        if confirmed:
            order = store.confirm_creation(
                client_id,
                order_id,
                f"https://pay.example/pay/{order_id}",
                at(minutes),
                None if next_check is None else at(next_check),
            )
        return order

    return add_order
