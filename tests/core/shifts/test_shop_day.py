"""Two tills on one shared PostgreSQL book, each closing its shifts: the owner's day report,
read on either till, sums every till's shift sales with per-till and per-cashier lines,
exact to the kopeck, and names a payment that came after its shift's close."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from paydesk.core.refresh import refresh_all
from paydesk.core.report import day_bounds
from paydesk.core.shifts import Cashiers, ShopShifts, TillShifts, close_shift
from paydesk.domain.clock import utc_now
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.store.reporting import Tally

from test_values import TEST_CLIENT_ID
from tills import Till

WAIT = 30.0


def _shifts_on(till: Till) -> TillShifts:
    shifts = TillShifts(till.desk.store, TEST_CLIENT_ID, till.name)
    till.desk.shifts = shifts
    return shifts


def test_the_owners_day_sums_every_tills_shifts(
    shop: dict[str, Till], sandbox: SandboxServer, wait_until: Callable[..., None],
) -> None:
    a, b = shop["A"], shop["B"]
    sales = {"A": {"Anna": ["150", "2.50"], "Olga": ["99.99"]}, "B": {"Boris": ["1", "0.01"]}}
    taken: dict[str, list[str]] = {"A": [], "B": []}
    for till in (a, b):
        shifts = _shifts_on(till)
        cashiers = Cashiers(till.desk.store)
        owner = cashiers.add("Olga", "739164", owner=True)
        for name in sales[till.name]:
            cashier = owner if name == "Olga" else cashiers.add(name, "1234", by=owner)
            if shifts.current() is None:
                shifts.open(cashier)
            else:
                shifts.hand_over(cashier)
            for amount in sales[till.name][name]:
                taken[till.name].append(till.sell(amount).order_id)
    sandbox.approve(taken["A"][0])
    sandbox.approve(taken["B"][0])
    late = taken["A"][1]
    for till in (a, b):
        shifts = TillShifts(till.desk.store, TEST_CLIENT_ID, till.name)
        cashiers = Cashiers(till.desk.store)
        close_shift(shifts, till.desk, till.runtime.gateway(),
                    cashiers.sign_in("Olga", "739164"), cashiers)
    # Paid after A's shift closed: the watch sees it.
    sandbox.approve(late)
    refresh_all(a.desk, a.runtime.gateway())
    a.start_sync()
    b.start_sync()
    every = taken["A"] + taken["B"]
    for till in (a, b):
        wait_until(lambda till=till: all(
            (o := till.get(oid)) is not None and o.shift == 1 for oid in every), timeout=WAIT)
    wait_until(lambda: (o := b.get(late)) is not None and o.status is OrderStatus.APPROVE,
               timeout=WAIT)

    since, until = day_bounds(utc_now().astimezone().date())
    for till in (a, b):
        day = ShopShifts.build(till.desk.store, TEST_CLIENT_ID, since,
                               until + timedelta(days=1), till="A")
        assert day.orders == Tally(5, 15000 + 250 + 9999 + 100 + 1)
        assert day.paid == Tally(3, 15000 + 250 + 100)
        assert [(line.till, line.orders, line.paid) for line in day.by_till] == [
            ("A", Tally(3, 25249), Tally(2, 15250)), ("B", Tally(2, 101), Tally(1, 100))]
        assert [(line.till, line.cashier, line.orders) for line in day.by_cashier] == [
            ("A", "Anna", Tally(2, 15250)), ("A", "Olga", Tally(1, 9999)),
            ("B", "Boris", Tally(2, 101))]
        assert sum(line.orders.amount for line in day.by_cashier) == day.orders.amount
    late_on_a = ShopShifts.build(a.desk.store, TEST_CLIENT_ID, since,
                                 until + timedelta(days=1), till="A").late_payments
    assert [(p.order_id, p.shift, p.amount) for p in late_on_a] == [(late, 1, 250)]
