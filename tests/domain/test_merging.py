from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paydesk.domain.merging import merge_orders
from paydesk.domain.orders import CreationState, OrderStatus

from merge_cases import CASES, PAID, STILL_PENDING, MergeCase, at, base_order


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_merge_case(case: MergeCase) -> None:
    assert merge_orders(case.current, case.incoming) == case.expected


def test_two_different_orders_are_never_merged() -> None:
    with pytest.raises(ValueError, match="two different orders"):
        merge_orders(base_order(), base_order(order_id="OTHER"))


def test_what_the_cashier_typed_and_the_local_schedule_stay() -> None:
    current = base_order(next_check_at=at(99))
    incoming = base_order(amount=1, note="changed", email=None, till="B", next_check_at=None)
    merged = merge_orders(current, incoming)
    assert (merged.amount, merged.note, merged.email, merged.till) == (
        15000, "2 coffees", "buyer@example.com", "A")
    assert merged.next_check_at == at(99)


_STATUSES = st.sampled_from([OrderStatus.PENDING, OrderStatus.APPROVE, OrderStatus.DECLINE,
                             OrderStatus.EXPIRED])
_CREATIONS = st.sampled_from(list(CreationState))
_SECONDS = st.none() | st.integers(0, 100)


@st.composite
def _records(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    def moment():  # type: ignore[no-untyped-def]
        seconds = draw(_SECONDS)
        return None if seconds is None else at(seconds)

    return base_order(status=draw(_STATUSES), creation=draw(_CREATIONS),
                      paid_at=moment(), last_checked_at=moment(), last_pending_at=moment(),
                      confirmed_at=moment())


@given(_records(), _records())
def test_merging_again_changes_nothing(a, b) -> None:  # type: ignore[no-untyped-def]
    once = merge_orders(a, b)
    assert merge_orders(once, b) == once
    assert merge_orders(once, once) == once


@given(_records(), _records())
def test_a_final_status_is_never_undone_and_creation_never_goes_back(a, b) -> None:  # type: ignore[no-untyped-def]
    merged = merge_orders(a, b)
    if a.status.is_final:
        assert merged.status is a.status
    elif b.status.is_final:
        assert merged.status is b.status
    rank = {CreationState.UNCONFIRMED: 0, CreationState.ABANDONED: 1, CreationState.CONFIRMED: 2}
    assert rank[merged.creation] == max(rank[a.creation], rank[b.creation])


def test_both_ways_agree_on_a_payment() -> None:
    pending, paid = base_order(**STILL_PENDING), base_order(**PAID)
    assert merge_orders(pending, paid).status is OrderStatus.APPROVE
    assert merge_orders(paid, pending).status is OrderStatus.APPROVE
    assert merge_orders(pending, paid) == merge_orders(paid, pending)
