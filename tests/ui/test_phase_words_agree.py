"""Every front end says a phase in the same words, in English and in Russian.

One order book holds an order in each phase a book can hold. The window (its orders
list and the payment panel's badge), ``paydesk list`` and ``paydesk export`` (a
people's CSV) read it; the tablet's page shows how a sale ended; the receipt printer
gets a paid order's receipt; ``paydesk status`` asks the service about a paid one. Each
says the words written here, which are the one table's (paydesk.domain.phase_looks) in
the catalogue's Russian: a front end with a word of its own fails.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from paydesk.cli.words import words_in
from paydesk.core.book.csv_format import CsvFormat
from paydesk.core.book.export import COLUMNS
from paydesk.core.buyer_devices.page import PageWords
from paydesk.core.buyer_devices.web_server import WebDisplay
from paydesk.core.counter.views import BuyerState, BuyerView, Place, order_view
from paydesk.core.receipts.printer import CounterPrinter
from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.domain.clock import utc_now
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.sandbox import SandboxServer
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.shell.qt_checks import read_catalogue

from bulk_orders import bulk_insert
from cli_process import paydesk_for, service_env
from escpos_reader import read_printout
from loopback_printer import LoopbackPrinter
from screenshots import save_screenshot
from test_values import TEST_CLIENT_ID
from web_display_client import EventStream, paired_session

WAIT_MS = 10_000

#: Each phase as the orders list (and a CSV, the command line) and the badge say it.
WORDS: dict[str, dict[OrderPhase, tuple[str, str]]] = {
    "en": {
        OrderPhase.PENDING: ("Waiting", "◷ Waiting for payment"),
        OrderPhase.UNCHECKED: ("Check status", "? Status unknown — check"),
        OrderPhase.PAID: ("Paid", "✓ Paid"),
        OrderPhase.REFUSED: ("Refused", "✗ Refused"),
        OrderPhase.EXPIRED: ("Expired", "⊘ Expired"),
        OrderPhase.NOT_SENT: ("Not sent", "⚠ Not sent — retry"),
        OrderPhase.ABANDONED: ("Abandoned", "⊘ Not sent — abandoned"),
        OrderPhase.UNKNOWN: ("Unknown: refunded", "? Unknown status: refunded"),
    },
    "ru": {
        OrderPhase.PENDING: ("Ожидает", "◷ Ожидает оплаты"),
        OrderPhase.UNCHECKED: ("Проверить", "? Статус неизвестен — проверьте"),
        OrderPhase.PAID: ("Оплачено", "✓ Оплачено"),
        OrderPhase.REFUSED: ("Отказано", "✗ Отказано"),
        OrderPhase.EXPIRED: ("Истёк срок", "⊘ Истёк срок"),
        OrderPhase.NOT_SENT: ("Не передано", "⚠ Не передано — повторите"),
        OrderPhase.ABANDONED: ("Отменено", "⊘ Не передано — отменено"),
        OrderPhase.UNKNOWN: ("Неизвестно: refunded", "? Неизвестный статус: refunded"),
    },
}
#: How a sale ended, on the buyer's screens (the window's and the tablet's): the
#: heading, the line under it, the colour.
RESULTS: dict[str, dict[BuyerState, tuple[str, str, str]]] = {
    "en": {
        BuyerState.PAID: ("Paid", "Thank you!", "#188038"),
        BuyerState.REFUSED: ("Payment refused", "Please ask the cashier.", "#c5221f"),
        BuyerState.EXPIRED: ("Time is up", "Please ask the cashier.", "#5f6368"),
    },
    "ru": {
        BuyerState.PAID: ("Оплачено", "Спасибо!", "#188038"),
        BuyerState.REFUSED: ("Отказано в оплате", "Обратитесь к кассиру.", "#c5221f"),
        BuyerState.EXPIRED: ("Время вышло", "Обратитесь к кассиру.", "#5f6368"),
    },
}


def _book_orders() -> list[Order]:
    """One order of each phase a book holds (CREATING and CHECKING need a sale being
    sent or a clock: the panel's tests show them)."""
    now = utc_now()
    base = Order(
        client_id=TEST_CLIENT_ID, order_id="", amount=15050, email=None, note="",
        url="https://pay.example.com/pay/x", status=OrderStatus.PENDING,
        creation=CreationState.CONFIRMED, created_at=now - timedelta(minutes=30),
        confirmed_at=now - timedelta(minutes=30))
    changes: dict[OrderPhase, dict[str, object]] = {
        OrderPhase.PENDING: {"next_check_at": now + timedelta(hours=1)},
        OrderPhase.UNCHECKED: {},
        OrderPhase.PAID: {"status": OrderStatus.APPROVE, "paid_at": now - timedelta(minutes=29),
                          "last_pending_at": now - timedelta(minutes=29, seconds=10)},
        OrderPhase.REFUSED: {"status": OrderStatus.DECLINE},
        OrderPhase.EXPIRED: {"status": OrderStatus.EXPIRED},
        OrderPhase.NOT_SENT: {"creation": CreationState.UNCONFIRMED, "url": None,
                              "confirmed_at": None},
        OrderPhase.ABANDONED: {"creation": CreationState.ABANDONED, "url": None,
                               "confirmed_at": None},
        OrderPhase.UNKNOWN: {"status": OrderStatus("refunded")},
    }
    orders = [replace(base, order_id=f"phase-{phase.value}", **change)  # type: ignore[arg-type]
              for phase, change in changes.items()]
    assert [phase_of(order) for order in orders] == list(changes)
    return orders


ORDERS = _book_orders()
PHASES = {order.order_id: phase_of(order) for order in ORDERS}


@pytest.fixture
def book(runtime: Runtime) -> list[Order]:
    """The orders, in the book of the window's data folder (the command line's too)."""
    with runtime.open_store() as store:
        bulk_insert(store, ORDERS)
    return ORDERS


@pytest.fixture
def still_window(language: str, book: list[Order], runtime: Runtime,
                 qtbot: QtBot) -> Iterator[MainWindow]:
    """The window on that book, in ``language``, not watching (nothing is sent or
    checked: the orders stay in their phases)."""
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(window.parts.payment_panel.isVisible, timeout=WAIT_MS)  # the whole window
    yield window
    window.shutdown()


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)], ids=["1280x800", "1366x768"])
def test_the_window_says_each_phase_in_the_tables_words(
    language: str, size: tuple[int, int], still_window: MainWindow, qtbot: QtBot,
) -> None:
    still_window.resize(*size)
    model = still_window.orders_panel.model
    qtbot.waitUntil(lambda: all(model.row_of(o.order_id) is not None for o in ORDERS),
                    timeout=WAIT_MS)
    panel = still_window.parts.payment_panel
    badge = panel.badge
    for order in ORDERS:
        phase = PHASES[order.order_id]
        word, badge_words = WORDS[language][phase]
        row = model.row_of(order.order_id)
        assert row is not None
        cell = model.index(row, Column.STATUS).data(Qt.ItemDataRole.DisplayRole)
        assert cell == word, phase
        # The panel renders the view the presenter publishes for an order looked up
        # (the watch is off: nothing may change the orders' phases).
        panel.show_view(order_view(order, expires_at=None, now=utc_now(),
                                   place=Place.NOT_SALE))
        assert badge.phase() is phase and badge.text() == badge_words, phase
        save_screenshot(still_window, f"phase-words/{phase.value}-{language}-{size[0]}x{size[1]}")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_command_line_and_a_csv_say_each_phase_in_the_tables_words(
    language: str, book: list[Order], tmp_path: Path,
) -> None:
    paydesk = paydesk_for(tmp_path)
    env = {"PAYDESK_CLIENT_ID": str(TEST_CLIENT_ID)}
    fmt = CsvFormat.for_language(language)
    for command in (("list", "--format", "csv"), ("export", "-")):
        run = paydesk.run(*command, "--csv-style", language, env=env)
        assert run.code == 0, run.err
        rows = list(fmt.reader(io.StringIO(run.out.lstrip("\ufeff"))))
        phase = COLUMNS.index("phase")  # the order's status in words
        said = {row[1]: row[phase] for row in rows[1:]}
        assert said == {o.order_id: WORDS[language][PHASES[o.order_id]][0] for o in ORDERS}
    if language == "en":  # the terminal's table speaks English (docs/command-line.md)
        run = paydesk.run("list", env=env)
        assert run.code == 0, run.err
        header, _rule, *lines = run.out.splitlines()
        start, end = header.index("Status"), header.index("Paid")
        said = {line.split()[2]: line[start:end].strip() for line in lines}
        assert said == {o.order_id: WORDS["en"][PHASES[o.order_id]][0] for o in ORDERS}


def test_paydesk_status_says_the_answer_in_the_tables_words(
    sandbox: SandboxServer, tmp_path: Path,
) -> None:
    paydesk = paydesk_for(tmp_path)
    env = service_env(sandbox)
    for settle, phase in ((sandbox.approve, OrderPhase.PAID), (sandbox.decline,
                                                                OrderPhase.REFUSED)):
        created = paydesk.run("create", "150", "--json", env=env)
        assert created.code == 0, created.err
        order_id = json.loads(created.out)["order_id"]
        settle(order_id)
        run = paydesk.run("status", order_id, env=env)
        assert run.code == 0, run.err
        assert f"Status  {WORDS['en'][phase][0]}" in run.out.splitlines()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_tablets_page_says_how_a_sale_ended_as_the_buyers_window_does(
    language: str, tmp_path: Path,
) -> None:
    words = words_in(language, read_catalogue)
    assert words.language == language
    display = WebDisplay(tmp_path, PageWords.made(words.language, "Shop", words))
    display.start()
    try:
        browser = paired_session(display)
        page = browser.get(display.base_url + "/", timeout=5).text
        data = json.loads(page.split('id="page-data">', 1)[1].split("</script>", 1)[0])
        stream = EventStream(browser, display.base_url)
        assert stream.next()[0] == "view"
        for state, (heading, more, colour) in RESULTS[language].items():
            display.show(BuyerView(state, 15050))
            event, view = stream.next()
            assert event == "view" and view["state"] == state.value
            # What display.js writes for the view: its words and colour by its state.
            said = (data["words"][view["state"]], data["words"][f"{view['state']}_more"],
                    data["colours"][view["state"]])
            assert said == (heading, more, colour)
        stream.close()
    finally:
        display.stop()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_receipt_says_paid_in_the_tables_word(language: str) -> None:
    [paid] = [order for order in ORDERS if PHASES[order.order_id] is OrderPhase.PAID]
    words = words_in(language, read_catalogue)
    with LoopbackPrinter() as device:
        settings = Settings(merchant_name="Shop", printer=device.address).with_changes()
        CounterPrinter(settings, words, words.language).receipt(paid)
        [job] = device.wait_for_jobs(1)
    word = WORDS[language][OrderPhase.PAID][0]
    assert any(line.startswith(f"{word} ") for line in read_printout(job).lines)
