"""The orders list's questions: filters, search, sort, paging and totals."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import CheckResult, OrderQuery, OrderStore, SortColumn, Totals

from bulk_orders import bulk_insert
from store_support import CLIENT, AddOrder, at, full_scan, plans, uses

# order_id: (amount, created minute, email, note, status, seen at minute)
BOOK: dict[str, tuple[int, float, str | None, str, str, float]] = {
    "o-1": (10000, 0, "Anna@Mail.ru", "2 coffees", "approve", 30),
    "o-2": (25000, 10, None, "Кофе с собой", "pending", 15),
    "o-3": (5000, 20, "bob@x.ru", "100% off", "decline", 25),
    "o-4": (70000, 30, "carol@x.ru", "50_50 split", "approve", 40),
    "o-5": (1000, 40, None, "1000 rub", "refunded", 45),
    "o-6": (2500, 50, "dave@x.ru", "50x50 tiles", "expired", 55),
    "o-7": (300, 60, None, "back\\slash", "pending", 65),
}


def ids(orders: list[Order]) -> list[str]:
    return [order.order_id for order in orders]


@pytest.fixture
def book(store: OrderStore, add: AddOrder) -> OrderStore:
    """The orders above, plus one unconfirmed, one abandoned and another client's."""
    for order_id, (amount, minutes, email, note, _status, _seen) in BOOK.items():
        add(order_id, amount, minutes=minutes, email=email, note=note)
    store.record_checks(
        [
            CheckResult(CLIENT, order_id, OrderStatus(status), at(seen), None)
            for order_id, (_a, _m, _e, _n, status, seen) in BOOK.items()
        ]
    )
    add("u-1", 111, minutes=70, note="unsent", confirmed=False)
    add("a-1", 222, minutes=80, note="given up", confirmed=False)
    store.abandon(CLIENT, "a-1", Failure(FailureCode.NEVER_SENT))
    add("x-1", 999, minutes=5, note="2 coffees", client_id=CLIENT + 1)
    return store


def test_the_default_query_is_everything_newest_first(book: OrderStore) -> None:
    assert ids(book.query(OrderQuery())) == [
        "a-1", "u-1", "o-7", "o-6", "o-5", "o-4", "o-3", "o-2", "x-1", "o-1"
    ]  # fmt: skip
    assert book.count(OrderQuery()) == 10


def test_filter_by_client_status_and_creation(book: OrderStore) -> None:
    mine = OrderQuery(client_id=CLIENT)
    assert "x-1" not in ids(book.query(mine))
    assert book.count(mine) == 9
    paid_or_odd = OrderQuery(statuses=frozenset({"approve", "refunded"}))
    assert ids(book.query(paid_or_odd)) == ["o-5", "o-4", "o-1"]
    assert ids(book.query(OrderQuery(statuses=frozenset({OrderStatus.PENDING})))) == [
        "a-1", "u-1", "o-7", "o-2", "x-1"
    ]  # fmt: skip
    not_sent = OrderQuery(creations=frozenset({CreationState.UNCONFIRMED, CreationState.ABANDONED}))
    assert ids(book.query(not_sent)) == ["a-1", "u-1"]
    assert ids(book.query(OrderQuery(client_id=CLIENT + 1, statuses=frozenset({"approve"})))) == []


def test_time_ranges_are_half_open(book: OrderStore) -> None:
    created = OrderQuery(created_since=at(10), created_until=at(30))
    assert ids(book.query(created)) == ["o-3", "o-2"]
    paid = OrderQuery(paid_since=at(30), paid_until=at(40))
    assert ids(book.query(paid)) == ["o-1"]
    assert ids(book.query(OrderQuery(paid_since=at(30)))) == ["o-4", "o-1"]
    assert ids(book.query(OrderQuery(created_until=at(5)))) == ["o-1"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("COFFEE", ["x-1", "o-1"]),  # ASCII, any case, in the note
        ("anna@mail", ["o-1"]),  # in the e-mail
        ("O-3", ["o-3"]),  # in the order id
        ("кофе", ["o-2"]),  # Cyrillic, any case
        ("КОФЕ С", ["o-2"]),
        ("100%", ["o-3"]),  # "%" is not a wildcard: "1000 rub" does not match
        ("0_5", ["o-4"]),  # "_" is not a wildcard: "50x50" does not match
        ("\\", ["o-7"]),  # nor is the escape character special
        ("  split ", ["o-4"]),  # surrounding spaces are ignored
        ("'; DROP TABLE orders; --", []),
    ],
)
def test_search_text(book: OrderStore, text: str, expected: list[str]) -> None:
    assert ids(book.query(OrderQuery(text=text))) == expected
    assert book.count(OrderQuery(text=text)) == len(expected)


def test_empty_search_text_matches_everything(book: OrderStore) -> None:
    assert book.count(OrderQuery(text="")) == book.count(OrderQuery(text="   ")) == 10


def _sort_key(column: SortColumn) -> Callable[[Order], Any]:
    def key(order: Order) -> tuple[int, Any]:
        value: Any = getattr(order, column.value)
        if isinstance(value, OrderStatus):
            value = value.value
        return (0, 0) if value is None else (1, value)  # SQLite puts NULLs first

    return key


@pytest.mark.parametrize("column", list(SortColumn))
@pytest.mark.parametrize("descending", [False, True])
def test_sort_by_every_column(book: OrderStore, column: SortColumn, descending: bool) -> None:
    insertion = [*BOOK, "u-1", "a-1", "x-1"]  # the fixture's order: the row ids
    everything = {o.order_id: o for o in book.query(OrderQuery())}
    key = _sort_key(column)
    # Ties are broken by insertion order (the row id), in the same direction.
    expected = sorted(
        insertion, key=lambda i: (key(everything[i]), insertion.index(i)), reverse=descending
    )

    assert ids(book.query(OrderQuery(sort=column, descending=descending))) == expected


def test_paging_is_stable_when_sort_values_tie(store: OrderStore, add: AddOrder) -> None:
    for n in range(7):
        add(f"t-{n}", 100, minutes=1)  # all created at the same moment

    for descending in (True, False):
        pages = [
            ids(store.query(OrderQuery(descending=descending, limit=3, offset=offset)))
            for offset in (0, 3, 6)
        ]
        assert [len(page) for page in pages] == [3, 3, 1]
        seen = [order_id for page in pages for order_id in page]
        assert sorted(seen) == [f"t-{n}" for n in range(7)]
        assert seen == ids(store.query(OrderQuery(descending=descending)))


def test_offset_without_limit_and_count_ignores_paging(book: OrderStore) -> None:
    everything = ids(book.query(OrderQuery()))
    assert ids(book.query(OrderQuery(offset=8))) == everything[8:]
    assert ids(book.query(OrderQuery(limit=0))) == []
    assert book.count(OrderQuery(limit=2, offset=5)) == 10
    assert book.totals(OrderQuery(limit=2, offset=5)) == book.totals(OrderQuery())


def test_a_negative_page_is_refused() -> None:
    with pytest.raises(ValueError, match="limit"):
        OrderQuery(limit=-1)
    with pytest.raises(ValueError, match="offset"):
        OrderQuery(offset=-1)


def test_totals_of_a_selection(book: OrderStore) -> None:
    assert book.totals(OrderQuery(client_id=CLIENT)) == Totals(
        count=9,
        amount=10000 + 25000 + 5000 + 70000 + 1000 + 2500 + 300 + 111 + 222,
        paid_count=2,
        paid_amount=80000,
    )
    assert book.totals(OrderQuery(text="coffee")) == Totals(2, 10999, 1, 10000)
    assert book.totals(OrderQuery(text="no such thing")) == Totals(0, 0, 0, 0)


def test_paid_totals_go_by_paid_time(book: OrderStore) -> None:
    # o-1 was created at minute 0 but paid at 30; o-4 created at 30, paid at 40.
    assert book.paid_totals(at(25), at(35)) == Totals(1, 10000, 1, 10000)
    assert book.paid_totals(at(30), at(40)) == Totals(1, 10000, 1, 10000)  # half-open
    assert book.paid_totals(at(0), at(60), client_id=CLIENT) == Totals(2, 80000, 2, 80000)
    assert book.paid_totals(at(0), at(60), client_id=CLIENT + 1) == Totals()


# -- 100 000 orders -------------------------------------------------------------

_STATUSES = [OrderStatus(s) for s in ("approve", "pending", "decline", "expired", "refunded")]


def _generated(count: int) -> list[Order]:
    orders = []
    for n in range(count):
        status = _STATUSES[n % len(_STATUSES)]
        created = at(n / 60)  # one a second
        orders.append(
            Order(
                client_id=CLIENT,
                order_id=f"g-{n:06d}",
                amount=100 + (n * 7919) % 1_000_000,
                email=f"buyer{n}@mail.ru" if n % 3 else None,
                note="кофе" if n % 11 == 0 else "tea",
                url=f"https://pay.example/pay/{n}",
                status=status,
                creation=CreationState.CONFIRMED,
                created_at=created,
                paid_at=at(n / 60 + 1) if status is OrderStatus.APPROVE else None,
            )
        )
    return orders


@pytest.mark.slow
@pytest.mark.scenario
def test_a_hundred_thousand_orders(store: OrderStore) -> None:
    orders = _generated(100_000)
    assert bulk_insert(store, orders) == 100_000

    approved = [o for o in orders if o.status is OrderStatus.APPROVE]
    q = OrderQuery(client_id=CLIENT, statuses=frozenset({"approve"}), limit=100)
    assert store.query(q) == sorted(approved, key=lambda o: o.created_at, reverse=True)[:100]
    assert store.count(q) == len(approved) == 20_000
    paid_sum = sum(o.amount for o in approved)
    assert store.totals(q) == Totals(20_000, paid_sum, 20_000, paid_sum)
    assert store.totals(OrderQuery()) == Totals(
        100_000, sum(o.amount for o in orders), 20_000, paid_sum
    )

    deep = OrderQuery(sort=SortColumn.AMOUNT, descending=False, limit=100, offset=50_000)
    by_amount = sorted(enumerate(orders), key=lambda pair: (pair[1].amount, pair[0]))
    assert store.query(deep) == [o for _, o in by_amount[50_000:50_100]]

    coffee = OrderQuery(text="КОФЕ", statuses=frozenset({"pending"}))
    assert store.count(coffee) == sum(
        1 for o in orders if o.note == "кофе" and o.status is OrderStatus.PENDING
    )
    first_hour = store.paid_totals(at(0), at(60))
    paid_in_hour = [o for o in approved if o.paid_at is not None and o.paid_at < at(60)]
    assert first_hour.count == len(paid_in_hour)
    assert first_hour.amount == sum(o.amount for o in paid_in_hour)


# -- query plans ------------------------------------------------------------------


def test_the_poller_reads_only_its_index(book: OrderStore) -> None:
    for client_id in (None, CLIENT):
        lines = plans(book, partial(book.due_for_check, at(0), client_id=client_id))
        assert uses(lines, "orders_open"), lines
        assert not full_scan(lines), lines
        assert not any("TEMP B-TREE" in line for line in lines), lines
    lines = plans(book, lambda: book.pending(CLIENT))
    assert uses(lines, "orders_open"), lines


def test_check_now_reads_only_the_pollers_index(book: OrderStore) -> None:
    lines = plans(book, partial(book.schedule_open, CLIENT, at(0)), kinds=("UPDATE",))
    assert uses(lines, "orders_open"), lines
    assert not full_scan(lines), lines
    # Orders named by id are found by their id.
    lines = plans(book, partial(book.schedule_open, CLIENT, at(0), ["o-2", "o-7"]),
                   kinds=("UPDATE",))
    assert not full_scan(lines), lines


def test_list_pages_walk_the_created_at_index(book: OrderStore) -> None:
    newest = OrderQuery(client_id=CLIENT, limit=100, offset=200)
    lines = plans(book, lambda: book.query(newest))
    assert uses(lines, "orders_by_created"), lines
    # No sort step: SQLite walks the index and stops after the page.
    assert not any("TEMP B-TREE" in line for line in lines), lines

    today = OrderQuery(client_id=CLIENT, created_since=at(0), created_until=at(60), limit=100)
    lines = plans(book, lambda: book.query(today))
    assert any("SEARCH orders USING INDEX orders_by_created" in line for line in lines), lines


def test_other_questions_use_their_indexes(book: OrderStore) -> None:
    assert uses(plans(book, lambda: book.paid_totals(at(0), at(60), CLIENT)), "orders_by_paid")
    assert uses(
        plans(book, lambda: book.count(OrderQuery(statuses=frozenset({"pending"})))),
        "orders_by_status",
    )
    history = plans(book, lambda: book.history(CLIENT, "o-1"))
    assert uses(history, "status_history_by_order"), history
    assert not full_scan(plans(book, lambda: book.get(CLIENT, "o-1")))


def test_the_till_filter_and_its_totals(store: OrderStore, add: AddOrder) -> None:
    for n, till in enumerate(("Till 1", "Till 2", "Till 1", "")):
        store.add_unconfirmed(CLIENT, f"t-{n}", 1000 * (n + 1), None, "", at(n), till=till)
    store.record_checks([CheckResult(CLIENT, "t-2", OrderStatus.APPROVE, at(5), None)])

    assert ids(store.query(OrderQuery(till="Till 1"))) == ["t-2", "t-0"]
    assert ids(store.query(OrderQuery(till=""))) == ["t-3"]
    assert ids(store.query(OrderQuery(till="Till 3"))) == []
    assert len(store.query(OrderQuery())) == 4
    assert store.count(OrderQuery(till="Till 2")) == 1
    assert store.totals(OrderQuery(till="Till 1")) == Totals(2, 4000, 1, 3000)
    with_status = OrderQuery(till="Till 1", statuses=frozenset({"approve"}))
    assert store.totals(with_status) == Totals(1, 3000, 1, 3000)
    assert store.totals(OrderQuery(statuses=frozenset({"approve"}))) == Totals(1, 3000, 1, 3000)


def test_one_tills_newest_orders_walk_the_till_index(book: OrderStore) -> None:
    newest = OrderQuery(client_id=CLIENT, till="Till 1", limit=100)
    lines = plans(book, lambda: book.query(newest))
    assert uses(lines, "orders_by_till"), lines
    assert not any("TEMP B-TREE" in line for line in lines), lines
