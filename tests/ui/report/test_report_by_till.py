"""The day report in a shop of several tills: the whole shop's, or one till's, chosen
beside the period; the page and the CSV say which."""

from __future__ import annotations

import csv
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.core.book.report import local_midnight
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import OrderStore
from paydesk.ui.main_window import MainWindow
from paydesk.ui.report.dialog import ReportDialog
from paydesk.ui.shell.formatting import money

from bulk_orders import bulk_insert
from counter_steps import WAIT_MS
from other_tills import download, till_order
from screenshots import SCREENSHOTS, save_screenshot
from test_values import TEST_CLIENT_ID

CLIENT = 1001
NOW = datetime(2026, 11, 21, 19, 30, tzinfo=UTC)
TODAY = NOW.astimezone().date()
TILLS = ("Front counter", "Terrace")

OpenDialog = Callable[..., ReportDialog]


def paid_order(order_id: str, amount: int, hours: float, till: str,
               status: str = "approve") -> Order:
    created = local_midnight(TODAY) + timedelta(hours=hours)
    paid = created + timedelta(minutes=2) if status == "approve" else None
    return Order(CLIENT, order_id, amount, None, "coffee", "https://pay.example.com/x",
                 OrderStatus(status), CreationState.CONFIRMED, created, paid,
                 confirmed_at=created, last_pending_at=paid - timedelta(seconds=30)
                 if paid else created, till=till)


def shop_day() -> list[Order]:
    """Payments at two tills through the day, one refused at the terrace."""
    orders = [paid_order(f"f-{n}", 10000 + 500 * n, 8 + n, TILLS[0]) for n in range(8)]
    orders += [paid_order(f"t-{n}", 30000 + 1000 * n, 11.5 + n, TILLS[1]) for n in range(5)]
    orders.append(paid_order("t-refused", 4000, 15.2, TILLS[1], "decline"))
    return orders


def paid_sum(orders: list[Order], till: str | None = None) -> tuple[int, int]:
    paid = [o for o in orders if o.paid_at is not None and till in (None, o.till)]
    return len(paid), sum(o.amount for o in paid)


@pytest.fixture
def open_dialog(qtbot: QtBot, orders_store: OrderStore) -> OpenDialog:
    def open_it(orders: list[Order]) -> ReportDialog:
        bulk_insert(orders_store, orders)
        dialog = ReportDialog(OrderBookReader(orders_store, CLIENT), "Coffee & Co",
                              clock=lambda: NOW)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        return dialog

    return open_it


def test_the_whole_shop_first_then_each_till(open_dialog: OpenDialog, tmp_path: Path) -> None:
    orders = shop_day()
    dialog = open_dialog(orders)
    combo = dialog.till_combo
    assert dialog.till_group.isVisible()
    assert [combo.itemText(i) for i in range(combo.count())] == ["Whole shop", *TILLS]
    assert dialog.report.till is None
    assert (dialog.report.paid.count, dialog.report.paid.amount) == paid_sum(orders)

    for till in TILLS:
        dialog.set_till(till)
        assert dialog.report.till == till
        assert (dialog.report.paid.count, dialog.report.paid.amount) == paid_sum(orders, till)
        assert dialog.paid_amount_label.text() == money(paid_sum(orders, till)[1])
        assert dialog.heading.text().endswith(f" · Till: {till}")
    assert dialog.report.refused.count == 1  # the terrace's refused order

    exported = tmp_path / "terrace.csv"
    dialog.export_csv(exported)
    with exported.open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.DictReader(file))
    assert {row["Till"] for row in rows} == {"Terrace"}
    assert len(rows) == 6

    dialog.set_till(None)
    assert dialog.heading.text().count("·") == 0  # the whole shop: the period alone
    assert (dialog.report.paid.count, dialog.report.paid.amount) == paid_sum(orders)


def test_the_page_names_the_till(open_dialog: OpenDialog) -> None:
    """Every payment of the day is the front counter's (the terrace sold only yesterday):
    its report and the shop's have the same numbers, and their pages differ only where
    the header names the till."""
    orders = [o for o in shop_day() if o.till == TILLS[0]]
    orders.append(paid_order("t-yesterday", 5000, -12, TILLS[1]))
    dialog = open_dialog(orders)
    shop = dialog.paint_to_image(800)
    dialog.set_till(TILLS[0])
    till = dialog.paint_to_image(800)
    header = QRect(0, 0, 800, 130)  # the margin, the shop's name and the subtitle
    body = QRect(0, 130, 800, till.height() - 130)
    assert shop.copy(header) != till.copy(header)
    assert shop.copy(body) == till.copy(body)


def test_one_till_has_no_choice(open_dialog: OpenDialog) -> None:
    dialog = open_dialog([o for o in shop_day() if o.till == TILLS[0]])
    assert not dialog.till_group.isVisible()
    assert dialog.report.till is None


def test_from_the_window_per_till_and_a_new_till_joins_the_choice(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = window.runtime.paths.database
    download(book, [till_order(TEST_CLIENT_ID, "f-1", "Front counter", 12000),
                    till_order(TEST_CLIENT_ID, "f-2", "Front counter", 8000),
                    till_order(TEST_CLIENT_ID, "t-1", "Terrace", 30000)])
    seen: dict[str, object] = {}

    def owner_looks(dialog: ReportDialog) -> int:
        """Instead of the modal loop: the owner picks a till while a third one sells."""
        dialog.show()
        combo = dialog.till_combo
        seen["choice"] = [combo.itemText(i) for i in range(combo.count())]
        dialog.set_till("Front counter")
        seen["front"] = (dialog.report.paid.count, dialog.report.paid.amount)
        download(book, [till_order(TEST_CLIENT_ID, "k-1", "Kiosk", 700),
                        till_order(TEST_CLIENT_ID, "f-3", "Front counter", 500)])
        qtbot.waitUntil(lambda: combo.count() == 4, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: dialog.report.paid.count == 3, timeout=WAIT_MS)
        seen["front later"] = (dialog.report.paid.amount, combo.currentText())
        dialog.set_till(None)
        seen["shop"] = dialog.report.paid.amount
        return 0

    monkeypatch.setattr(ReportDialog, "exec", owner_looks)
    window.parts.actions.report.trigger()
    assert seen == {
        "choice": ["Whole shop", "Front counter", "Terrace"],
        "front": (2, 20000),
        "front later": (20500, "Front counter"),
        "shop": 51200,
    }


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_screenshot_report_of_one_till(
    language: str, open_dialog: OpenDialog, qtbot: QtBot
) -> None:
    dialog = open_dialog(shop_day())
    dialog.resize(1280, 800)  # as on a 1280×800 screen, maximised
    dialog.set_till(TILLS[1])
    qtbot.waitUntil(lambda: all(label.width() >= label.minimumSizeHint().width()
                                for label in dialog.findChildren(QLabel) if label.isVisible()))
    prefix = "ru-" if language == "ru" else ""
    save_screenshot(dialog, f"{prefix}report-till")
    page = SCREENSHOTS / f"{prefix}report-till-page.png"
    assert dialog.paint_to_image(1000).save(str(page))
