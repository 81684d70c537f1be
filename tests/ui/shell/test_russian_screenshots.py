"""PayDesk in Russian, screen by screen: the screenshots of each screen in Russian, with
no text left untranslated."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, OrderStatus
from paydesk.sandbox import Fault, SandboxServer
from paydesk.store import CheckResult, OrderStore
from paydesk.support.paths import AppPaths
from paydesk.support.secret_store import SecretStore
from paydesk.ui.app import build_window
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.payment.panel import PaymentPanel
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.settings.welcome_dialog import WelcomeDialog

from bulk_orders import bulk_insert
from display_orders import OnDisplay
from memory_keyring import MemoryKeyring
from panel_orders import OnPanel
from payment_page import decide
from russian import NBSP, NOW, ORDERS_CLIENT, MissRecorder, an_order
from screenshots import SCREENSHOTS, save_screenshot
from test_values import TEST_CLIENT_ID, TEST_SECRET

if TYPE_CHECKING:
    from conftest import MakeOrder

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_screenshot_payment_panel_paid(russian: MissRecorder, qtbot: QtBot) -> None:
    panel = PaymentPanel()
    qtbot.addWidget(panel)
    panel.resize(520, 760)
    panel.show()
    qtbot.waitExposed(panel)
    on = OnPanel(panel, lambda: NOW)
    on.show(an_order("approve"), NOW + timedelta(minutes=15))
    assert panel.badge.text() == "✓ Оплачено"
    assert panel.qr.inactive_reason() == "✓ Оплачено"
    assert panel.countdown_label.text().startswith("Оплачено в ")
    assert panel.copy_button.text() == "Копировать"
    # Nothing cut: every button is at least as wide as its text needs.
    for button in (panel.copy_button, panel.open_button, panel.save_button):
        assert button.width() >= button.sizeHint().width()
    save_screenshot(panel, "ru-payment-panel-paid")
    on.show(an_order("pending", paid_at=None), NOW + timedelta(minutes=15))
    assert panel.countdown_label.text() == "Истекает через 15:00"
    save_screenshot(panel, "ru-payment-panel-pending")
    on.show(an_order("pending", paid_at=None), NOW)  # its time is up: checking
    assert panel.badge.text() == "⟳ Время вышло — проверяем…"
    save_screenshot(panel, "ru-payment-panel-checking")
    assert russian.misses == set()


def test_screenshot_orders_panel(
    russian: MissRecorder, qtbot: QtBot, orders_store: OrderStore, make_order: MakeOrder
) -> None:
    states = [("approve", CreationState.CONFIRMED), ("pending", CreationState.CONFIRMED),
              ("decline", CreationState.CONFIRMED), ("expired", CreationState.CONFIRMED),
              ("pending", CreationState.UNCONFIRMED), ("pending", CreationState.ABANDONED),
              ("refunded", CreationState.CONFIRMED)]
    notes = ["2 кофе", "", "Торт «Наполеон»", "Латте, большой, без сахара", "сок", "", "чай"]
    orders = [
        make_order(f"20260301-{n:02d}3012847-K3QX9A", 15050 + n * 99_990, minutes=n * 7,
                   status=status, creation=creation, note=notes[n % len(notes)],
                   email="anna@mail.ru" if n % 3 == 0 else None)
        for n, (status, creation) in enumerate(states * 3)
    ]
    bulk_insert(orders_store, orders)
    panel = OrdersPanel(OrderBookReader(orders_store, ORDERS_CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    panel.resize(1000, 600)
    panel.show()
    qtbot.waitExposed(panel)
    panel.table.selectRow(1)
    statuses = {panel.model.index(row, Column.STATUS).data()
                for row in range(panel.model.rowCount())}
    assert {"Оплачено", "Отказано", "Ожидает"} <= statuses, statuses  # the window's language
    assert not statuses & {"Paid", "Refused", "Waiting", "Expired"}
    save_screenshot(panel, "ru-orders-panel")
    panel.resize(760, 600)  # beside the payment panel in the window
    save_screenshot(panel, "ru-orders-panel-narrow")
    # The filter bar keeps its words whole at the window's width.
    for widget in (panel.date_filter, panel.today_button, panel.status_filter):
        assert widget.width() >= widget.minimumSizeHint().width()
    assert russian.misses == set()


def test_screenshot_settings_dialog(
    russian: MissRecorder, qtbot: QtBot, tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    settings = Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID,
                        merchant_name="Кофейня «Зерно»", language="ru")
    dialog = SettingsDialog(settings, SecretStore(tmp_path / "secret.txt"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: "…" not in dialog.secret_edit.placeholderText())
    assert dialog.windowTitle() == "Настройки PayDesk"
    assert dialog.language_combo.currentText() == "Русский"
    assert dialog.save_button.text() == "Сохранить"
    for label in dialog.findChildren(QLabel):
        if label.isVisible() and not label.wordWrap() and label.text():
            assert label.width() >= label.sizeHint().width(), label.text()
    save_screenshot(dialog, "ru-settings")
    assert russian.misses == set()


def test_a_key_kept_in_a_file_is_said_in_russian(
    russian: MissRecorder, qtbot: QtBot, tmp_path: Path
) -> None:
    """Where a stored key is kept is said in the window's words (it said "plaintext file")."""
    store = SecretStore(tmp_path / "secret.txt", use_file=True, environ={})
    store.set(TEST_CLIENT_ID, TEST_SECRET)
    settings = Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID,
                        secret_storage="file", language="ru")
    dialog = SettingsDialog(settings, store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: "…" not in dialog.secret_edit.placeholderText())
    said = dialog.secret_edit.toolTip()  # the whole of it; the field shows what fits
    assert "текстовый файл без шифрования" in said and str(store.secret_file) in said
    assert not re.search("[A-Za-z]{4,}", said.replace(str(store.secret_file), "")), said
    shown = dialog.secret_edit.placeholderText()
    assert shown in dialog.service_section.secret_hint.wordings
    assert dialog.secret_edit.fontMetrics().horizontalAdvance(shown) <= (
        dialog.service_section.secret_hint.room())
    save_screenshot(dialog, "ru-settings-key-in-file")
    assert russian.misses == set()


def test_screenshot_welcome_dialog(russian: MissRecorder, qtbot: QtBot) -> None:
    dialog = WelcomeDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.windowTitle() == "Добро пожаловать в PayDesk"
    save_screenshot(dialog, "ru-welcome")
    assert russian.misses == set()


def test_screenshot_window_paid_through_the_sandbox(
    russian: MissRecorder,
    qtbot: QtBot,
    sandbox: SandboxServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                        focus_interval_seconds=0.5, sound=False)
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings)
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 820)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    try:
        window.form.amount_input.setText("1 234,50")
        qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: bool(window.parts.payment_panel.link_label.link()), timeout=10_000)
        link = window.parts.payment_panel.link_label.link()
        assert link is not None
        decide(link, "approve", "b@example.com").raise_for_status()
        qtbot.waitUntil(lambda: window.parts.payment_panel.badge.text() == "✓ Оплачено",
                        timeout=10_000)
        assert window.parts.payment_panel.amount_label.text() == f"1{NBSP}234,50{NBSP}₽"
        assert window.menuBar().actions()[0].text() == "&Файл"
        # The totals are written a moment after the badge; the screenshot waits for
        # their layout, and then nothing in the list is cut or scrolled sideways.
        paid_today = window.orders_panel.paid_today_label
        qtbot.waitUntil(lambda: paid_today.width() >= paid_today.sizeHint().width())
        table = window.orders_panel.table
        assert table.horizontalHeader().length() <= table.viewport().width()
        save_screenshot(window, "ru-window-paid")
        assert russian.misses == set()
    finally:
        window.shutdown()
        runtime.close()


def test_screenshot_window_with_a_looked_up_order_and_a_stuck_creation(
    russian: MissRecorder,
    qtbot: QtBot,
    start_sandbox: Callable[..., SandboxServer],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sandbox = start_sandbox(client_id=TEST_CLIENT_ID, stall_seconds=2.0)
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                        focus_interval_seconds=0.5, sound=False)
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings)
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    panel = window.parts.payment_panel
    try:
        display = window.open_customer_display()
        qtbot.addWidget(display)
        links = []
        for amount in ("150", "1 234,50"):
            window.parts.actions.new_payment.trigger()
            window.form.amount_input.setText(amount)
            qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
            qtbot.waitUntil(lambda: panel.link_label.link() not in (None, *links),
                            timeout=10_000)
            links.append(panel.link_label.link())
        table = window.orders_panel.table
        qtbot.waitUntil(lambda: table.model().rowCount() == 2, timeout=10_000)
        table.selectRow(1)  # the first order, looked up
        qtbot.waitUntil(lambda: panel.link_label.link() == links[0])
        assert panel.buyer_note.text() == "Не показан покупателю"
        assert panel.back_to_sale_button.text() == f"Вернуться к продаже на 1{NBSP}234,50{NBSP}₽"
        save_screenshot(window, "ru-window-looked-up")

        sandbox.inject(Fault.STALL, endpoint="create_order")
        window.parts.actions.new_payment.trigger()
        window.form.amount_input.setText("99")
        qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: window.form.create_button.text() == "Создаётся…")
        qtbot.waitUntil(lambda: "Esc — следующий платёж" in panel.countdown_label.text(),
                        timeout=5000)  # the card comes when the answer is slow
        save_screenshot(window, "ru-window-creating")
        assert russian.misses == set()
    finally:
        window.shutdown()
        runtime.close()


def test_screenshot_order_details_after_a_failed_creation(
    russian: MissRecorder, qtbot: QtBot, orders_store: OrderStore
) -> None:
    store = orders_store
    store.add_unconfirmed(ORDERS_CLIENT, "20260301-150000000-K3QX9A", 125_050, "b@example.com",
                          "2 кофе и круассан", NOW)
    store.record_creation_error(
        ORDERS_CLIENT, "20260301-150000000-K3QX9A", Failure(FailureCode.TIMEOUT),
        NOW + timedelta(seconds=10))
    store.confirm_creation(ORDERS_CLIENT, "20260301-150000000-K3QX9A",
                           "https://pay.example.com/pay/Zx8kQ2mN4pR7sT1vW3yA5bC6dE9fG0hJ",
                           NOW + timedelta(seconds=40), None)
    store.record_checks([CheckResult(ORDERS_CLIENT, "20260301-150000000-K3QX9A",
                                     OrderStatus.APPROVE, NOW + timedelta(hours=1), None)])
    panel = OrdersPanel(OrderBookReader(store, ORDERS_CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    panel.show()
    dialog = panel.open_details(0)
    assert dialog is not None
    qtbot.waitExposed(dialog)
    assert dialog.windowTitle() == "Заказ 20260301-150000000-K3QX9A"
    assert dialog.fields["paid"].text().startswith("≈ ")
    assert [result for _when, result in dialog.rows(dialog.attempts)][-1] == "Ссылка получена"
    save_screenshot(dialog, "ru-order-details")
    dialog.close()
    assert russian.misses == set()


# -- switching and loading ------------------------------------------------------------


def test_screenshot_customer_display_states(russian: MissRecorder, qtbot: QtBot) -> None:
    from paydesk.ui.payment.customer_display import CustomerDisplay

    display = CustomerDisplay("Кофейня «Зерно»")
    qtbot.addWidget(display)
    display.resize(1280, 800)
    display.show()
    save_screenshot(display, "ru-display-idle")
    on = OnDisplay(display, lambda: datetime.now(UTC))
    pending = an_order("pending", paid_at=None)
    on.show(pending, datetime.now(UTC) + timedelta(minutes=15))
    assert "₽" in display.amount_label.text()
    save_screenshot(display, "ru-display-pending")
    on.show(pending, datetime.now(UTC) - timedelta(seconds=1))  # its time is up
    assert display.scan_label.text() == "Проверяем оплату…"
    save_screenshot(display, "ru-display-checking")
    for status, name in (("approve", "paid"), ("decline", "refused")):
        on = OnDisplay(display, lambda: datetime.now(UTC))  # the next sale
        on.show(pending, datetime.now(UTC) + timedelta(minutes=15))
        on.show(an_order(status), None)
        save_screenshot(display, f"ru-display-{name}")
    assert display.result_label.text()
    assert not russian.misses, russian.misses


def test_screenshot_day_report(
    russian: MissRecorder, qtbot: QtBot, orders_store: OrderStore
) -> None:
    from paydesk.ui.report.dialog import ReportDialog

    orders = [
        an_order(order_id=f"20260301-1{n:02d}000000-K3QX9A", amount=15_000 + n * 1_000,
                 created_at=NOW + timedelta(minutes=37 * n),
                 paid_at=NOW + timedelta(minutes=37 * n + 1))
        for n in range(12)
    ]
    bulk_insert(orders_store, orders)
    dialog = ReportDialog(OrderBookReader(orders_store, ORDERS_CLIENT), "Кофейня «Зерно»",
                          clock=lambda: NOW)
    qtbot.addWidget(dialog)
    dialog.resize(900, 700)
    dialog.show()
    day = NOW.astimezone().date()
    from PySide6.QtCore import QDate

    dialog.set_period(QDate(day.year, day.month, day.day))
    save_screenshot(dialog, "ru-report-dialog")
    image = dialog.paint_to_image(900)
    image.save(str(SCREENSHOTS / "ru-report-page.png"))
    assert not russian.misses, russian.misses
