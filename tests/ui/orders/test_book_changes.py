"""BookChanges: the window hears of changes another process makes to the order book."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader, OrderQuery
from paydesk.domain.orders import Order
from paydesk.store import OrderStore
from paydesk.ui.orders.book_changes import BookChanges

from bulk_orders import bulk_insert
from cli_process import HELPERS

CLIENT = 1001  # make_order's default client
WAIT_MS = 10_000

#: Another process adds an order to the same file, as ``paydesk create`` writes one.
OTHER_PROCESS = """
import sys
from datetime import UTC, datetime
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import OrderStore
from bulk_orders import bulk_insert
order = Order(int(sys.argv[2]), sys.argv[3], 15000, None, "", None, OrderStatus.PENDING,
              CreationState.UNCONFIRMED, datetime.now(UTC))
with OrderStore.open(sys.argv[1]) as store:
    bulk_insert(store, [order])
"""


@pytest.fixture
def book(orders_store: OrderStore) -> OrderBookReader:
    return OrderBookReader(orders_store, CLIENT)


@pytest.fixture
def watch(qtbot: QtBot, book: OrderBookReader) -> Iterator[BookChanges]:
    watching = BookChanges(book, interval_ms=50)
    watching.start()
    yield watching
    watching.stop()


def add_elsewhere(path: Path, order_id: str) -> None:
    # The child finds the tests' helpers (bulk_orders) as this process does.
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join([str(HELPERS), os.environ.get("PYTHONPATH", "")])}
    subprocess.run([sys.executable, "-c", OTHER_PROCESS, str(path), str(CLIENT), order_id],
                   check=True, timeout=60, env=env)


def test_an_order_another_process_adds_is_heard_of(
    qtbot: QtBot, watch: BookChanges, book: OrderBookReader, orders_store: OrderStore
) -> None:
    with qtbot.waitSignal(watch.changed, timeout=WAIT_MS):
        add_elsewhere(orders_store.path, "from-a-terminal")
    assert [o.order_id for o in book.query(OrderQuery())] == ["from-a-terminal"]


def test_its_own_writes_are_not_news(
    qtbot: QtBot, watch: BookChanges, orders_store: OrderStore, make_order: Callable[..., Order]
) -> None:
    """This window says what it writes itself, row by row: that is no reason to read
    the whole list again."""
    heard: list[bool] = []
    watch.changed.connect(lambda: heard.append(True))
    bulk_insert(orders_store, [make_order("from-this-window")])
    watch.look_for_changes()
    assert heard == []


def test_a_stopped_watch_says_nothing_more(
    qtbot: QtBot, watch: BookChanges, book: OrderBookReader, orders_store: OrderStore
) -> None:
    watch.stop()
    add_elsewhere(orders_store.path, "after-closing")
    with qtbot.assertNotEmitted(watch.changed):
        watch.look_for_changes()  # the book sees the change; the watch no longer listens
    assert [o.order_id for o in book.query(OrderQuery())] == ["after-closing"]


def test_a_book_that_cannot_be_asked_is_said_once(
    qtbot: QtBot, tmp_path: Path, make_order: Callable[..., Order]
) -> None:
    """A book found damaged and set aside refuses every question: said once, never
    raised into Qt at every look."""
    path = tmp_path / "damaged.sqlite3"
    with OrderStore.open(path) as store:
        bulk_insert(store, [make_order(f"o-{n:05d}", minutes=n) for n in range(3000)])
    data = bytearray(path.read_bytes())
    # A quarter of the file from its middle: the orders' pages, whatever else the book holds.
    start, size = len(data) // 2, len(data) // 4
    data[start : start + size] = random.Random(13).randbytes(size)
    path.write_bytes(bytes(data))
    with OrderStore.open(path, check_whole_file=False) as store:
        book = OrderBookReader(store, CLIENT)
        with pytest.raises(Exception, match="damaged"):
            book.query(OrderQuery())  # the list comes upon the damage: the book is set aside
        watch = BookChanges(book)
        problems: list[str] = []
        watch.problem.connect(problems.append)
        watch.look_for_changes()
        watch.look_for_changes()
        watch.stop()
    assert len(problems) == 1 and "damaged" in problems[0]
