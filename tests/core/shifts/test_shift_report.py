"""The shift's report: one computation for the mid-shift report and the close, its totals
the sums of its orders to the kopeck, frozen once closed, and late payments reported once,
in the next shift's report."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shift_orders import CLIENT, T0, check, take

from paydesk.core.shifts import OUTCOMES, Cashier, ShiftReport, TillShifts, freeze
from paydesk.core.shifts.report import compute_report
from paydesk.domain.orders import OrderStatus
from paydesk.store import OrderStore
from paydesk.store.reporting import Tally

from fake_time import FakeClock


def _sum(amounts: list[int]) -> Tally:
    return Tally(len(amounts), sum(amounts))


def test_a_mid_shift_report_counts_each_order_under_its_outcome(
    store: OrderStore, shifts: TillShifts, anna: Cashier, owner: Cashier, clock: FakeClock,
) -> None:
    shift = shifts.open(anna)
    take(store, "p-1", 15050, T0 + timedelta(minutes=5), shift=shift.number, fate="approve")
    take(store, "p-2", 99, T0 + timedelta(minutes=70), shift=shift.number, fate="approve",
         cashier="Olga")
    take(store, "r-1", 300, T0 + timedelta(minutes=10), shift=shift.number, fate="decline")
    take(store, "e-1", 1, T0 + timedelta(minutes=11), shift=shift.number, fate="expired")
    take(store, "w-1", 777, T0 + timedelta(minutes=80), shift=shift.number, fate="pending")
    take(store, "n-1", 500, T0 + timedelta(minutes=81), shift=shift.number, confirmed=False)
    take(store, "other-till", 100000, T0, shift=shift.number, till="Till 2")  # not this till's
    clock.now = T0 + timedelta(hours=2)

    report = shifts.report()

    assert not report.frozen and report.number == shift.number and report.cashier == "Anna"
    assert report.orders == Tally(6, 15050 + 99 + 300 + 1 + 777 + 500)
    assert (report.paid, report.refused, report.expired) == (
        Tally(2, 15149), Tally(1, 300), Tally(1, 1))
    assert (report.unanswered, report.not_sent) == (Tally(1, 777), Tally(1, 500))
    [waiting] = report.still_open
    assert waiting.order_id == "w-1"
    assert waiting.last_checked_at == T0 + timedelta(minutes=81)
    assert [(line.cashier, line.orders, line.paid) for line in report.by_cashier] == [
        ("Anna", Tally(5, 15050 + 300 + 1 + 777 + 500), Tally(1, 15050)),
        ("Olga", Tally(1, 99), Tally(1, 99))]
    assert [(line.start.hour, line.orders.count) for line in report.by_hour] == [(9, 3), (10, 3)]
    assert (report.first_sale, report.last_sale) == (
        T0 + timedelta(minutes=5), T0 + timedelta(minutes=81))


def test_the_close_freezes_the_same_computation_and_it_never_changes(
    store: OrderStore, shifts: TillShifts, anna: Cashier, clock: FakeClock,
) -> None:
    shift = shifts.open(anna)
    take(store, "p-1", 15050, T0, shift=shift.number, fate="approve")
    take(store, "w-1", 777, T0, shift=shift.number, fate="pending")
    clock.now = T0 + timedelta(hours=1)
    mid = shifts.report()

    frozen = freeze(shifts, shift.number, anna)

    assert frozen.frozen and frozen.closed_at == clock.now and frozen.closed_by == "Anna"
    for name in ("orders", *OUTCOMES, "by_cashier", "by_hour", "still_open", "first_sale"):
        assert getattr(frozen, name) == getattr(mid, name), name
    # The open order is paid after the close: the frozen report stays as it was.
    check(store, "w-1", OrderStatus.APPROVE, T0 + timedelta(hours=2))
    clock.now = T0 + timedelta(hours=3)
    assert shifts.report(shift.number) == frozen
    assert ShiftReport.from_json(frozen.to_json()) == frozen
    assert freeze(shifts, shift.number, anna) == frozen  # never a second report


def test_a_payment_after_the_close_is_in_the_next_shifts_report_once(
    store: OrderStore, shifts: TillShifts, anna: Cashier, owner: Cashier, clock: FakeClock,
) -> None:
    first = shifts.open(anna)
    take(store, "w-1", 777, T0, shift=first.number, fate="pending")
    take(store, "w-2", 50, T0, shift=first.number, fate="pending")
    clock.now = T0 + timedelta(hours=1)
    freeze(shifts, first.number, anna)
    # Paid between the shifts, while no shift is open...
    check(store, "w-1", OrderStatus.APPROVE, T0 + timedelta(hours=1, minutes=30))
    clock.now = T0 + timedelta(hours=2)
    second = shifts.open(owner)
    assert [p.order_id for p in shifts.report().late_payments] == ["w-1"]
    # ...and during the next shift.
    check(store, "w-2", OrderStatus.APPROVE, T0 + timedelta(hours=2, minutes=10))
    clock.now = T0 + timedelta(hours=3)
    report = freeze(shifts, second.number, owner)
    assert [(p.order_id, p.shift, p.amount) for p in report.late_payments] == [
        ("w-1", first.number, 777), ("w-2", first.number, 50)]
    assert report.late_total == Tally(2, 827)
    assert report.orders == Tally(0, 0)  # the late payments stay their own shift's orders
    clock.now = T0 + timedelta(hours=4)
    third = shifts.open(anna)
    assert shifts.report(third.number).late_payments == ()  # each reported once
    assert shifts.report(first.number).paid == Tally(0, 0)  # frozen as it was


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 100_000_000_000),
                          st.sampled_from(["approve", "decline", "expired", "pending",
                                           "none", "unsent"]),
                          st.sampled_from(["Anna", "Olga", "Ivan"]),
                          st.integers(0, 600)), max_size=30))
def test_every_total_is_the_sum_of_its_orders_to_the_kopeck(
    tmp_path_factory: pytest.TempPathFactory, orders: list[tuple[int, str, str, int]],
) -> None:
    path = tmp_path_factory.mktemp("book") / "orders.sqlite3"
    with OrderStore.open(path, check_whole_file=False) as store:
        assert store.insert_shift("Till 1", "Anna", T0) is not None
        shift = store.open_shift_row("Till 1")
        assert shift is not None
        expected: dict[str, list[int]] = {name: [] for name in OUTCOMES}
        for index, (amount, fate, cashier, minutes) in enumerate(orders):
            take(store, f"o-{index}", amount, T0 + timedelta(minutes=minutes),
                 shift=shift.number, cashier=cashier,
                 fate="pending" if fate == "unsent" else fate, confirmed=fate != "unsent")
            outcome = {"approve": "paid", "decline": "refused", "expired": "expired",
                       "pending": "unanswered", "none": "unanswered", "unsent": "not_sent"}
            expected[outcome[fate]].append(amount)
        report = compute_report(store, CLIENT, shift, now=T0 + timedelta(hours=11))
    every = [amount for amount, *_rest in orders]
    assert report.orders == _sum(every)
    for name in OUTCOMES:
        assert report.outcome(name) == _sum(expected[name])
    for lines in (report.by_cashier, report.by_hour):
        assert Tally(sum(x.orders.count for x in lines), sum(x.orders.amount for x in lines)) \
            == report.orders
        assert Tally(sum(x.paid.count for x in lines), sum(x.paid.amount for x in lines)) \
            == report.paid
    assert len(report.still_open) == report.unanswered.count
    assert ShiftReport.from_json(report.to_json()).orders == report.orders
