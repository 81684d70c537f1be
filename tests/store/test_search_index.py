"""Schema step 8: the search's trigram index, and the indexes of the status filters.

A search of three characters or more that matches few orders is found through
``orders_search`` (FTS5, trigram); a common or short one by reading the rows as
before. Either way the orders found are the same: a case-insensitive substring of
the order id, e-mail or note, never across two of them.
"""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from paydesk.domain.clock import to_ms
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import BookEntry, OrderQuery, OrderStore, SortColumn, Totals
from paydesk.store.database import migrate
from paydesk.store.queries import order_by_clause, search_text, where_clause

from bulk_orders import bulk_insert
from store_support import CLIENT, T0, AddOrder, at, plans, uses

# order_id: (email, note)
ORDERS: dict[str, tuple[str | None, str]] = {
    "A-100": ("Anna@Mail.ru", "2 Coffees"),
    "a-101": (None, "Кофе с собой"),
    "B-200": ("bob@x.ru", "КОФЕЙНИК"),
    "b-201": ("Ёжик@Почта.рф", "100% off"),
    "abc": ("def@x.ru", "ghi"),
    "zz-9": (None, 'say "hi"'),
    "q-1": ("quote@x.ru", "50_50 split"),
}

SEARCHES = [
    "coffee", "COFFEES", "CoFfEe",  # ASCII, any case
    "кофе", "КОФЕ С", "кОфЕйНиК", "ёжик@почта", "ПОЧТА.РФ",  # Cyrillic, any case
    "anna@mail.ru", "A-1", "x.ru",  # mixed, across the e-mails and order ids
    "o", "фе", "a-", "@",  # one and two characters
    "100%", "0_5", 'say "hi', '"',  # LIKE's wildcards and FTS5's quote are plain text
    "cdef", "c\x1fdef", "x.rughi", "ru gh", "abcdef",  # never across two fields
    "no such text", "кофеварка",
]


@pytest.fixture
def book(store: OrderStore, add: AddOrder) -> OrderStore:
    for minutes, (order_id, (email, note)) in enumerate(ORDERS.items()):
        add(order_id, 1000 * (minutes + 1), minutes=minutes, email=email, note=note)
    return store


def _oracle(text: str) -> list[str]:
    """The orders a search for ``text`` finds, worked out in Python (newest first)."""
    folded = text.strip().replace("\x1f", "").lower()
    found = [i for i, (email, note) in ORDERS.items() if folded in search_text(i, email, note)]
    return found[::-1]


def _ids(store: OrderStore, query: OrderQuery, *, indexed: bool) -> list[str]:
    """The order ids ``query`` selects with the search made one way or the other
    (white-box: the SQL the store builds, run on its connection)."""
    where, params = where_clause(query, indexed=indexed)
    rows = store._db.execute(
        f"SELECT order_id FROM orders {where} {order_by_clause(query)}", params
    ).fetchall()
    return [order_id for (order_id,) in rows]


@pytest.mark.parametrize("text", SEARCHES)
def test_the_index_finds_what_reading_the_rows_finds(book: OrderStore, text: str) -> None:
    query = OrderQuery(client_id=CLIENT, text=text)
    expected = _oracle(text)

    assert _ids(book, query, indexed=True) == _ids(book, query, indexed=False) == expected
    assert [o.order_id for o in book.query(query)] == expected
    assert book.count(query) == len(expected)
    assert book.totals(query).count == len(expected)


def test_a_rare_search_reads_the_index_not_the_book(book: OrderStore) -> None:
    for text in ("coffee", "кофе", "no such text"):
        query = OrderQuery(client_id=CLIENT, text=text, limit=100)
        for run in (lambda q=query: book.query(q), lambda q=query: book.totals(q)):
            lines = plans(book, run)
            assert any("orders_search VIRTUAL TABLE" in line for line in lines), lines
            assert "SEARCH orders USING INTEGER PRIMARY KEY (rowid=?)" in lines, lines
            # Neither the table nor any of its indexes is read from end to end.
            assert not [line for line in lines if line.split()[:2] == ["SCAN", "orders"]], lines


def test_a_short_search_reads_the_rows_as_before(book: OrderStore) -> None:
    lines = plans(book, lambda: book.query(OrderQuery(client_id=CLIENT, text="фе", limit=100)))
    assert not any("orders_search" in line for line in lines), lines
    assert uses(lines, "orders_by_created"), lines


def test_a_common_search_walks_the_lists_order(store: OrderStore) -> None:
    orders = [
        Order(client_id=CLIENT, order_id=f"c-{n}", amount=100 + n, email=None,
              note="coffee" if n % 2 else "tea", url=None, status=OrderStatus.PENDING,
              creation=CreationState.CONFIRMED, created_at=T0 + timedelta(minutes=n))
        for n in range(2_400)
    ]
    bulk_insert(store, orders)  # 1 200 coffees: more than the index is asked for
    query = OrderQuery(client_id=CLIENT, text="COFFEE", limit=100)

    lines = plans(store, lambda: store.query(query))
    page = lines[lines.index("SCAN orders USING INDEX orders_by_created"):]
    assert not any("orders_search" in line for line in page), lines
    assert [o.order_id for o in store.query(query)] == [f"c-{n}" for n in range(2_399, 2_199, -2)]
    coffees = [o for o in orders if o.note == "coffee"]
    assert store.totals(query) == Totals(1_200, sum(o.amount for o in coffees), 0, 0)
    rare = OrderQuery(client_id=CLIENT, text="c-239")  # c-239 and c-2390…c-2399
    assert uses(plans(store, lambda: store.query(rare)), "orders_by_created") is False
    assert store.count(rare) == 11


def _index_agrees(store: OrderStore) -> None:
    """FTS5's own check of the index against orders (raises if they differ)."""
    store._db.execute(
        "INSERT INTO orders_search (orders_search, rank) VALUES ('integrity-check', 1)"
    )


def test_the_index_follows_every_way_an_order_is_written(store: OrderStore, add: AddOrder) -> None:
    add("new-1", note="Латте")
    downloaded = Order(client_id=CLIENT, order_id="their-1", amount=500, email="Far@Away.ru",
                       note="", url=None, status=OrderStatus.PENDING,
                       creation=CreationState.UNCONFIRMED, created_at=at(1), till="bar")
    store.merge_downloaded([BookEntry(downloaded)], 1, own_till="front")

    assert [o.order_id for o in store.query(OrderQuery(text="латте"))] == ["new-1"]
    assert [o.order_id for o in store.query(OrderQuery(text="far@away"))] == ["their-1"]
    # The searched fields never change in PayDesk; if one did, the index would follow.
    with store._write("test"):
        store._db.execute("UPDATE orders SET search_text = 'renamed' WHERE order_id = 'new-1'")
    assert store.query(OrderQuery(text="латте")) == []
    assert [o.order_id for o in store.query(OrderQuery(text="rename"))] == ["new-1"]
    with store._write("test"):
        store._db.execute("DELETE FROM orders WHERE order_id = 'their-1'")
    assert store.query(OrderQuery(text="far@away")) == []
    _index_agrees(store)


def test_an_older_book_gets_its_index_filled(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.create_function("paydesk_lower", 1, str.lower)
        migrate(conn, db_path, target_version=7)
        for n, (order_id, (email, note)) in enumerate(ORDERS.items()):
            conn.execute(
                "INSERT INTO orders (client_id, order_id, amount, email, note, status, creation,"
                " created_at, search_text)"
                " VALUES (?, ?, 100, ?, ?, 'pending', 'unconfirmed', ?, ?)",
                (CLIENT, order_id, email, note, to_ms(at(n)), search_text(order_id, email, note)),
            )
    finally:
        conn.close()

    with OrderStore.open(db_path) as store:
        for text in ("кофе", "COFFEE", "ёжик", "cdef"):
            query = OrderQuery(text=text)
            assert [o.order_id for o in store.query(query)] == _oracle(text)
            lines = plans(store, lambda q=query: store.query(q))
            assert any("orders_search" in line for line in lines), lines
        _index_agrees(store)
    assert db_path.with_name(db_path.name + ".v7.bak").is_file()


# -- the status filters and the sort by status ---------------------------------------


def test_waiting_and_not_sent_read_their_indexes(book: OrderStore, add: AddOrder) -> None:
    add("u-1", 111, minutes=20, confirmed=False)
    waiting = OrderQuery(client_id=CLIENT, statuses=frozenset({"pending"}),
                         creations=frozenset({CreationState.CONFIRMED}), limit=100)
    not_sent = OrderQuery(client_id=CLIENT, creations=frozenset(
        {CreationState.UNCONFIRMED, CreationState.ABANDONED}), limit=100)

    assert [o.order_id for o in book.query(not_sent)] == ["u-1"]
    assert book.totals(not_sent) == Totals(1, 111, 0, 0)
    assert book.count(waiting) == len(ORDERS)
    for query, index in ((waiting, "orders_by_status_creation"), (not_sent, "orders_not_sent")):
        lines = plans(book, lambda q=query: book.query(q))
        assert uses(lines, index), lines
        totals = plans(book, lambda q=query: book.totals(q))
        assert any(f"COVERING INDEX {index}" in line for line in totals), totals


@pytest.mark.parametrize("descending", [False, True])
def test_the_sort_by_status_walks_its_index(book: OrderStore, descending: bool) -> None:
    query = OrderQuery(client_id=CLIENT, sort=SortColumn.STATUS, descending=descending, limit=100)
    lines = plans(book, lambda: book.query(query))
    assert uses(lines, "orders_by_status_then_id"), lines
    assert not any("TEMP B-TREE" in line for line in lines), lines
