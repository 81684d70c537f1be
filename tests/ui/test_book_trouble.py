"""The window when its order book fails under it: said once, never a crash, no sale lost."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.core.watch.events import Problem
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore, quarantine
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window

from bulk_orders import bulk_insert
from test_values import TEST_CLIENT_ID, TEST_SECRET

WAIT_MS = 10_000
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def paid_orders(count: int) -> list[Order]:
    return [
        Order(TEST_CLIENT_ID, f"P-{n:05d}", 100 + n, f"buyer{n}@example.com", f"note {n}",
              f"https://pay.example.com/pay/{n}", OrderStatus.APPROVE, CreationState.CONFIRMED,
              T0 + timedelta(minutes=n), T0 + timedelta(minutes=n, seconds=30))
        for n in range(count)
    ]


@pytest.fixture
def runtime(
    sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Runtime]:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                        focus_interval_seconds=0.5)
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings)
    # A year of paid orders, written out to the file itself (closing checkpoints the WAL).
    with OrderStore.open(runtime.paths.database) as store:
        bulk_insert(store, paid_orders(3000))
    yield runtime
    runtime.close()


def test_a_window_started_on_a_damaged_book_says_so_once_and_takes_no_order(
    runtime: Runtime, sandbox: SandboxServer, qtbot: QtBot
) -> None:
    """The window opens without reading the whole file (its GUI thread cannot wait for
    that); its start comes upon the damage. It sets the book aside, says so once, takes
    no more orders, sends nothing, and raises nothing (an exception in a Qt slot fails
    this test)."""
    # 16 KiB (four pages) of garbage in the middle of the file, as a bad disk leaves it:
    # whatever the schema's layout, some of the pages the start reads are hit.
    book = runtime.paths.database
    data = bytearray(book.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 16384] = random.Random(13).randbytes(16384)
    book.write_bytes(bytes(data))

    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    problems: list[Problem] = []
    window.parts.bridge.subscribe(Problem, problems.append)
    window.watch.start()  # as the window does right after its first frame
    try:
        qtbot.waitUntil(lambda: window.parts.engine.book_is_lost, timeout=WAIT_MS)
        assert "damaged" in window.banner.message.text()
        assert not window.form.isEnabled()
        assert window.parts.engine.create(15_000) is None
        window.parts.engine.check_now()  # F5: nothing to read, nothing raised
        assert len(problems) == 1  # said once, not at every tick
        assert sandbox.orders() == []  # nothing was sent
        [aside] = quarantine.damaged_copies(book)  # moved aside whole, never deleted
        # In the window's words, chosen by the problem: where the book went, what to do.
        assert f"It has been moved to {aside}; nothing was deleted." in (
            window.banner.message.text())
    finally:
        window.shutdown()


def test_the_list_says_a_page_it_cannot_read_instead_of_raising(
    runtime: Runtime, qtbot: QtBot
) -> None:
    """The cashier scrolls back through the year onto damage: the rows read so far
    stay, the list says why it stops, and nothing is raised into Qt."""
    from paydesk.core.book.reader import OrderBookReader, OrderQuery
    from paydesk.ui.orders.model import OrdersModel

    book = runtime.paths.database
    data = bytearray(book.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 16384] = random.Random(13).randbytes(16384)
    book.write_bytes(bytes(data))
    with OrderStore.open(book, check_whole_file=False) as store:
        model = OrdersModel(OrderBookReader(store), OrderQuery(client_id=TEST_CLIENT_ID))
        failures: list[str] = []
        model.failed.connect(failures.append)
        while model.canFetchMore():
            model.fetchMore()
        assert 0 < model.rowCount() < 3000
        [aside] = quarantine.damaged_copies(book)
        assert failures and failures[0].startswith(f"The order book {book} is damaged")
        assert str(aside) in failures[0]


def test_an_export_that_meets_damage_says_so_and_writes_nothing(
    runtime: Runtime, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """File → Export reads every order the list shows; damage met on the way is said in
    the window's words (where the book went), never raised into Qt."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    book = runtime.paths.database
    data = bytearray(book.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 16384] = random.Random(13).randbytes(16384)
    book.write_bytes(bytes(data))
    target = tmp_path / "orders.csv"
    # The file dialog and the message box are modal: they are answered and read here.
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    warnings: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text: warnings.append((title, text)))

    window = build_window(runtime)
    qtbot.addWidget(window)
    try:
        window.finish_start()  # the menus' actions, as right after the first frame
        window.parts.actions.export.trigger()
        [(title, text)] = warnings
        [aside] = quarantine.damaged_copies(book)
        assert title == "Could not save"
        assert text.startswith(f"The order book {book} is damaged") and str(aside) in text
        assert not target.exists()
    finally:
        window.shutdown()
