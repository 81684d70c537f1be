"""Tills of one shop in one test: each its own data folder and book, one shared book.

A till here is what a PayDesk process has: a runtime (settings naming the shared
book and the till), its desk on its own book, and its sync thread. Orders are
created through the real payment client against the test's sandbox. A pytest
plugin (tests/conftest.py): the ``shop`` fixture is tills "A" and "B" on a book set up.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from paydesk.core.runtime import Runtime, open_runtime
from paydesk.core.shared_book.sync import BookStatus, BookStatusChanged, BookSync, OrdersTaken
from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.remote import send_creation
from paydesk.domain.orders import Order
from paydesk.sandbox import SandboxServer
from paydesk.store.shared.book import SharedBook
from paydesk.support.secret_store import SecretStore

from memory_keyring import MemoryKeyring
from test_values import TEST_CLIENT_ID, TEST_SECRET


@dataclass
class Till:
    name: str
    runtime: Runtime
    desk: OrderDesk
    sync: BookSync | None = None
    statuses: list[BookStatus] = field(default_factory=list)
    taken: list[str] = field(default_factory=list)

    def sell(self, amount: str) -> Order:
        """An order as the counter makes one: written down, sent, its link recorded."""
        order = self.desk.start_order(amount)
        return self.desk.record_creation(send_creation(self.runtime.gateway(), order))

    def start_sync(self) -> BookSync:
        sync = self.runtime.open_book_sync()
        assert sync is not None
        sync.hub.subscribe(BookStatusChanged, lambda event: self.statuses.append(event.status))
        sync.hub.subscribe(OrdersTaken, lambda event: self.taken.extend(event.order_ids))
        sync.start()
        self.sync = sync
        return sync

    def stop_sync(self) -> None:
        if self.sync is not None:
            self.sync.stop()
            self.sync = None

    def get(self, order_id: str) -> Order | None:
        return self.desk.store.get(TEST_CLIENT_ID, order_id)

    def close(self) -> None:
        self.stop_sync()
        self.desk.store.close()
        self.runtime.close()


def open_till(root: Path, name: str, sandbox: SandboxServer, book_url: str) -> Till:
    """A till named ``name`` with its data folder under ``root``, on ``book_url``."""
    data_dir = root / name
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text(json.dumps({
        "base_url": sandbox.base_url, "client_id": TEST_CLIENT_ID,
        "order_book": book_url, "till": name,
    }), encoding="utf-8")
    runtime = open_runtime(str(data_dir))
    SecretStore(runtime.paths.secret_file).set(TEST_CLIENT_ID, TEST_SECRET)
    return Till(name, runtime, runtime.open_desk(runtime.open_store()))


@pytest.fixture
def shop(tmp_path: Path, sandbox: SandboxServer, book_url: str,
         memory_keyring: MemoryKeyring) -> Iterator[dict[str, Till]]:
    """Tills "A" and "B" on the test's shared book, set up (their syncs not started)."""
    with SharedBook.connect(book_url) as book:
        book.init_schema()
    tills = {name: open_till(tmp_path, name, sandbox, book_url) for name in ("A", "B")}
    yield tills
    for till in tills.values():
        till.close()
