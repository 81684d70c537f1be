"""Schema step 12: the till program's own reference of a shift it opened through the API,
kept with the shift (a retry after a restart finds it), one shift per reference per till."""

from __future__ import annotations

from paydesk.store import OrderStore

from store_support import at


def test_a_shift_keeps_its_reference_and_a_reference_opens_one_shift(store: OrderStore) -> None:
    opened = store.insert_shift("Till 1", "Anna", at(0), reference="Z-42")
    assert opened is not None and opened.reference == "Z-42"
    found = store.shift_by_reference("Till 1", "Z-42")
    assert found is not None and found.number == opened.number
    closed, _text = store.freeze_shift(opened.number, "Anna", at(5), lambda _s: "{}")
    assert closed.reference == "Z-42"
    # Closed, the reference still names it: never a second shift with it on this till.
    assert store.insert_shift("Till 1", "Anna", at(6), reference="Z-42") is None
    assert store.shift_by_reference("Till 2", "Z-42") is None
    other = store.insert_shift("Till 2", "Boris", at(7), reference="Z-42")
    assert other is not None and other.till == "Till 2"
    plain = store.insert_shift("Till 1", "Anna", at(8))
    assert plain is not None and plain.reference is None
