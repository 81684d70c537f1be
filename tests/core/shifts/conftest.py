"""Fixtures for the shifts' tests: a real order book in a fresh folder, clocks a test moves."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC
from pathlib import Path

import pytest
from shift_orders import ANNA_PIN, CLIENT, OWNER_PIN, T0, TILL

from paydesk.core.shifts import Cashier, Cashiers, TillShifts
from paydesk.store import OrderStore

from fake_time import FakeClock, FakeTime


@pytest.fixture
def book_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "orders.sqlite3"


@pytest.fixture
def store(book_path: Path) -> Iterator[OrderStore]:
    with OrderStore.open(book_path) as opened:
        yield opened


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


@pytest.fixture
def monotonic() -> FakeTime:
    return FakeTime(1000.0)


@pytest.fixture
def cashiers(store: OrderStore, clock: FakeClock, monotonic: FakeTime) -> Cashiers:
    return Cashiers(store, clock=clock, monotonic=monotonic.clock)


@pytest.fixture
def owner(cashiers: Cashiers) -> Cashier:
    return cashiers.add("Olga", OWNER_PIN, owner=True)


@pytest.fixture
def anna(cashiers: Cashiers, owner: Cashier) -> Cashier:
    return cashiers.add("Anna", ANNA_PIN, by=owner)


@pytest.fixture
def shifts(store: OrderStore, clock: FakeClock) -> TillShifts:
    return TillShifts(store, CLIENT, TILL, clock=clock, tz=UTC)
