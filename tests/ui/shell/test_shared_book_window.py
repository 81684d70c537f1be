"""The window on a shared order book: another till's orders appear in the list by
themselves, and the status bar says how the shared book stands, offline included,
with the orders waiting to go up."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.shared_book import sync as book_sync
from paydesk.core.shared_book.sync import BookDownloaded, OrdersTaken
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderQuery
from paydesk.store.shared.book import SharedBook
from paydesk.ui.main_window import MainWindow
from paydesk.ui.shell.shared_book import SharedBookLabel

from counter_steps import sell
from memory_keyring import MemoryKeyring
from postgres import PostgresServer
from screenshots import save_screenshot
from tills import Till, open_till

WAIT_MS = 15_000


@pytest.fixture
def runtime(runtime: Runtime, book_url: str, memory_keyring: MemoryKeyring) -> Runtime:
    """The window's runtime (tests/ui/conftest.py) on a shared book, as till "Counter 1".

    With the keychain double in place before the window starts: its sync thread asks
    the keychain for the book's password at once, and without it found none (the
    tests' environment names a keyring file only the child processes have), so the
    first test failed whenever that thread ran before another fixture set it."""
    with SharedBook.connect(book_url) as book:
        book.init_schema()
    runtime.settings = dataclasses.replace(runtime.settings, order_book=book_url,
                                           till="Counter 1")
    return runtime


@pytest.fixture
def other_till(tmp_path: Path, sandbox: SandboxServer, book_url: str,
               memory_keyring: MemoryKeyring) -> Iterator[Till]:
    till = open_till(tmp_path / "tills", "Counter 2", sandbox, book_url)
    till.start_sync()
    yield till
    till.close()


def _label(window: MainWindow) -> SharedBookLabel:
    label = window.findChild(SharedBookLabel, "shared_book_state")
    assert label is not None
    return label


def _rows(window: MainWindow) -> list[str]:
    model = window.orders_panel.model
    return [order.order_id for row in range(model.rowCount())
            if (order := model.order_at(row)) is not None]


def test_another_tills_order_appears_and_the_status_bar_says_online(
    window: MainWindow, other_till: Till, qtbot: QtBot
) -> None:
    label = _label(window)
    qtbot.waitUntil(lambda: label.text().startswith("✓"), timeout=WAIT_MS)
    order = other_till.sell("250")
    qtbot.waitUntil(lambda: order.order_id in _rows(window), timeout=WAIT_MS)
    # This till did not take it, so it does not ask the service about it.
    assert order.order_id not in {o.order_id for o in window.parts.desk.pending()}
    mine = sell(window, qtbot, "100")
    assert mine
    window.resize(1280, 800)
    save_screenshot(window, "window-shared-book-online")


def test_offline_the_till_sells_and_says_how_many_wait_then_uploads_them(
    window: MainWindow, other_till: Till, qtbot: QtBot,
    postgres_server: PostgresServer,
) -> None:
    label = _label(window)
    qtbot.waitUntil(lambda: label.text().startswith("✓"), timeout=WAIT_MS)
    with postgres_server.stopped():
        sell(window, qtbot, "120")
        sell(window, qtbot, "130")
        qtbot.waitUntil(lambda: "2 orders waiting to upload" in label.text(), timeout=WAIT_MS)
        window.resize(1280, 800)
        save_screenshot(window, "window-shared-book-offline")
    qtbot.waitUntil(lambda: label.text().startswith("✓"), timeout=WAIT_MS)
    mine = {o.order_id for o in window.parts.desk.reader.query(OrderQuery())}
    qtbot.waitUntil(lambda: all(other_till.get(i) is not None for i in mine), timeout=WAIT_MS)


def test_word_from_the_sync_thread_after_the_window_closed_is_dropped(
    window: MainWindow, other_till: Till, qtbot: QtBot
) -> None:
    link = window.parts.shared_book
    assert link is not None
    order = other_till.sell("12")
    qtbot.waitUntil(lambda: order.order_id in _rows(window), timeout=WAIT_MS)
    window.shutdown()
    # As the thread's last events would arrive, after the book is closed (here
    # published in the window's thread, so the handlers run at once).
    with qtbot.captureExceptions() as raised:
        window.runtime.hub.publish(BookDownloaded((order,)))
        window.runtime.hub.publish(OrdersTaken((order.order_id,)))
    assert raised == []


def test_the_window_sends_again_an_order_a_quiet_till_left_unsent(
    window: MainWindow, other_till: Till, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
    postgres_server: PostgresServer, book_database: str, sandbox: SandboxServer,
) -> None:
    monkeypatch.setattr(book_sync, "RENEW_SECONDS", 0.2)
    monkeypatch.setattr(book_sync, "LEASE_SECONDS", 1.0)
    written = other_till.desk.start_order("8")  # written down and up, never sent
    qtbot.waitUntil(lambda: written.order_id in _rows(window), timeout=WAIT_MS)
    assert other_till.sync is not None
    other_till.sync._stopping.set()  # the other till goes quiet for good
    postgres_server.terminate(book_database, "paydesk Counter 2")
    desk = window.parts.desk
    qtbot.waitUntil(lambda: (o := desk.get(written.order_id)) is not None
                    and o.url is not None, timeout=WAIT_MS)
    assert [o.order_id for o in sandbox.orders()].count(written.order_id) == 1
