"""The till program's reference, written with its order: found again after the book is
opened again, and never given to a second order of the same account."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from paydesk.store import OrderStore
from paydesk.store.errors import DuplicateOrderError

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


def test_a_reference_is_found_after_reopening_and_is_one_orders(db_path: Path) -> None:
    with OrderStore.open(db_path) as store:
        store.add_unconfirmed(7, "ord-1", 100, None, "", T0, reference="till-1")
        store.add_unconfirmed(7, "ord-2", 100, None, "", T0)  # the cashier's: none
        store.add_unconfirmed(8, "ord-3", 100, None, "", T0, reference="till-1")
        with pytest.raises(DuplicateOrderError):
            store.add_unconfirmed(7, "ord-4", 100, None, "", T0, reference="till-1")
    with OrderStore.open(db_path) as store:
        assert store.order_id_of_reference(7, "till-1") == "ord-1"
        assert store.order_id_of_reference(8, "till-1") == "ord-3"
        assert store.order_id_of_reference(7, "till-2") is None
        assert store.get(7, "ord-4") is None
