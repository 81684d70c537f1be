"""PayDesk in Russian: every visible text translated, amounts and dates the Russian way.

The Russian tests run inside ``russian_ui``, which always puts English back
(translators removed, the default locale restored), so the other tests, which
read English texts and format amounts with the default locale, are unaffected
whatever order they run in.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from book_troubles import book_troubles
from PySide6.QtCore import QCoreApplication, QLocale, Qt, QTranslator
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.order_book import OrderBook
from paydesk.core.problems import english
from paydesk.core.runtime import Runtime
from paydesk.core.settings import Settings, SettingsError
from paydesk.domain.errors import AmountError
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.money import parse_amount
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.gateway import ServiceRefused
from paydesk.sandbox import Fault, SandboxServer
from paydesk.store import CheckResult, OrderStore
from paydesk.store.errors import StoreError, StoreProblem
from paydesk.support import translations
from paydesk.support.paths import AppPaths
from paydesk.support.secret_store import SecretStore
from paydesk.ui.app import build_window, start_settings
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.payment.form import PaymentForm
from paydesk.ui.payment.panel import PaymentPanel
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.settings.welcome_dialog import WelcomeDialog
from paydesk.ui.shell import i18n
from paydesk.ui.shell.formatting import local_time, money, tr
from paydesk.ui.shell.messages import (
    book_error_text,
    failure_text,
    gateway_error_text,
    input_error_text,
)
from paydesk.ui.widgets.status_badge import StatusBadge

from bulk_orders import bulk_insert
from memory_keyring import MemoryKeyring
from payment_page import decide
from screenshots import SCREENSHOTS, save_screenshot
from scripts import load_script
from test_values import TEST_CLIENT_ID, TEST_SECRET

if TYPE_CHECKING:
    from conftest import MakeOrder

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ROOT = Path(__file__).resolve().parents[3]
NOW = datetime(2026, 3, 1, 15, 0, tzinfo=UTC)
NBSP = "\u00a0"
ORDERS_CLIENT = 1001  # make_order's default client (tests/ui/conftest.py)


tool = load_script("tools/update_translations.py")


class MissRecorder(QTranslator):
    """Installed before the real translators, so Qt asks it last: it hears only the
    PayDesk texts that no translation had (a text shown through ``tr(str(...))``
    that was never marked, which no reading of the code can find)."""

    def __init__(self) -> None:
        super().__init__()
        self.misses: set[str] = set()

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        if context == "PayDesk" and source.strip():
            self.misses.add(source)
        return None  # a null string: "not here", so Qt shows the source text


@contextmanager
def russian_ui(app: QCoreApplication, cache_dir: Path) -> Iterator[MissRecorder]:
    saved = QLocale()
    recorder = MissRecorder()
    app.installTranslator(recorder)
    try:
        assert i18n.install_translation(app, "ru", cache_dir=cache_dir) == "ru"
        yield recorder
    finally:
        i18n.remove_translation(app)
        app.removeTranslator(recorder)
        QLocale.setDefault(saved)


@pytest.fixture(scope="session")
def qm_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One compiled .qm for the whole run (a checkout ships only the .ts)."""
    return tmp_path_factory.mktemp("qm-cache")


@pytest.fixture
def russian(qapp: QApplication, qm_cache: Path) -> Iterator[MissRecorder]:
    with russian_ui(qapp, qm_cache) as recorder:
        yield recorder


def an_order(status: str = "approve", **changes: object) -> Order:
    values: dict[str, object] = {
        "client_id": ORDERS_CLIENT,
        "order_id": "20260301-150000000-K3QX9A",
        "amount": 125_050,
        "email": None,
        "note": "2 кофе и круассан",
        "url": "https://pay.example.com/pay/Zx8kQ2mN4pR7sT1vW3yA5bC6dE9fG0hJ",
        "status": OrderStatus(status),
        "creation": CreationState.CONFIRMED,
        "created_at": NOW,
        "paid_at": NOW + timedelta(minutes=1) if status == "approve" else None,
        "next_check_at": NOW + timedelta(seconds=2) if status == "pending" else None,
        "confirmed_at": NOW,
        # Seen unpaid half a minute before it was seen paid: an exact paid time.
        "last_pending_at": NOW + timedelta(seconds=30),
    }
    values.update(changes)
    return Order(**values)  # type: ignore[arg-type]


# -- the .ts covers the code ------------------------------------------------------


def test_every_visible_text_has_a_finished_russian_translation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = tool.main(["--check"])
    assert code == 0, capsys.readouterr().err


def test_the_check_fails_on_a_text_nobody_translated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    module = tmp_path / "new_screen.py"
    module.write_text(
        "from paydesk.ui.shell.formatting import tr\n\n"
        'LABEL = tr("A label added without its translation")\n',
        encoding="utf-8",
    )
    assert tool.main(["--check", str(tool.SOURCES), str(module)]) == 1
    err = capsys.readouterr().err
    assert "new_screen.py:3: missing from the .ts: 'A label added without its translation'" in err


# -- the Russian window ---------------------------------------------------------------


def test_qt_standard_buttons_are_russian_too(russian: MissRecorder, qtbot: QtBot) -> None:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
    )
    qtbot.addWidget(buttons)
    assert [b.text() for b in buttons.buttons()] == ["Сохранить", "Отмена"]


def test_payment_form_and_badge_speak_russian(russian: MissRecorder, qtbot: QtBot) -> None:
    form = PaymentForm()
    qtbot.addWidget(form)
    assert form.create_button.text() == "Создать платёж  ⏎"
    form.set_busy(True)
    assert form.create_button.text() == "Создаётся…"

    badge = StatusBadge()
    qtbot.addWidget(badge)
    words = {}
    for status in ("pending", "approve", "decline", "expired"):
        badge.set_order(an_order(status))
        words[status] = badge.text()
    assert words == {
        "pending": "◷ Ожидает оплаты",
        "approve": "✓ Оплачено",
        "decline": "✗ Отказано",
        "expired": "⊘ Истёк срок",
    }
    assert russian.misses == set()


def test_qts_own_file_dialog_has_no_english_left(russian: MissRecorder, qtbot: QtBot) -> None:
    """Qt's translation misses two of its file dialog's labels (Export, Save as PDF...)."""
    from PySide6.QtWidgets import QFileDialog

    dialog = QFileDialog(None, "x")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    qtbot.addWidget(dialog)
    dialog.show()
    texts = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
    assert texts and all(not any("a" <= ch.lower() <= "z" for ch in text) for text in texts), texts
    assert "&Папка:" in texts and "&Тип файлов:" in texts
    from PySide6.QtCore import QCoreApplication

    folder = QCoreApplication.translate("QAbstractFileIconProvider", "Folder",
                                        "All other platforms")
    assert folder == "Папка"  # the Type column of the file list


def test_the_about_box_says_how_sounds_play_in_russian(russian: MissRecorder) -> None:
    from paydesk.support.sound_player import BEEP_ONLY, SILENT
    from paydesk.ui.shell.about_box import sound_words

    assert sound_words(BEEP_ONLY) == "системный сигнал (проигрыватель звука не найден)"
    assert sound_words(SILENT) == "нет (проигрыватель звука не найден)"
    assert sound_words("paplay (/usr/bin/paplay)") == "paplay (/usr/bin/paplay)"
    assert russian.misses == set()


def test_amounts_and_times_are_written_the_russian_way(russian: MissRecorder) -> None:
    # QLocale's ru_RU groups with a no-break space; the sign keeps its own one.
    assert money(123450) == f"1{NBSP}234,50{NBSP}₽"
    assert money(100_000_000_000) == f"1{NBSP}000{NBSP}000{NBSP}000,00{NBSP}₽"
    assert money(-5) == f"-0,05{NBSP}₽"
    assert re.fullmatch(r"\d\d\.\d\d\.\d{4} \d{1,2}:\d\d", local_time(NOW))


def test_core_errors_are_shown_in_russian(russian: MissRecorder, qtbot: QtBot) -> None:
    with pytest.raises(AmountError) as raised:
        parse_amount("1500", ceiling=100_000)
    assert input_error_text(raised.value) == f"Сумма не может быть больше 1{NBSP}000,00{NBSP}₽."

    form = PaymentForm()
    qtbot.addWidget(form)
    with pytest.raises(AmountError) as typed:
        parse_amount("1,5.0")
    form.show_input_error(typed.value)
    assert form.error_text("amount") == (
        "Используйте один разделитель копеек — запятую или точку, не оба."
    )

    refused = ServiceRefused("create_order: refused", service_message="Магазин заблокирован")
    assert gateway_error_text(refused) == "Платёжный сервис отклонил запрос: Магазин заблокирован"
    # An order's last error, stored as a code by the core, is shown in Russian.
    badge = StatusBadge()
    qtbot.addWidget(badge)
    badge.set_order(an_order("pending", creation=CreationState.UNCONFIRMED, url=None,
                             last_error=Failure(FailureCode.TIMEOUT)))
    assert badge.toolTip() == "Платёжный сервис не ответил вовремя. Повторите чуть позже."
    assert russian.misses == set()


def test_every_failure_code_is_said_in_russian(russian: MissRecorder) -> None:
    for code in FailureCode:
        if code is FailureCode.LEGACY:  # an old stored sentence, shown as it was
            continue
        text = failure_text(Failure(code))
        assert text != english(Failure(code)), code
        assert re.search("[а-яё]", text), code
    assert failure_text(Failure(FailureCode.PARAMETER_REFUSED, "amount is over 100")) == (
        "Платёжный сервис отклонил запрос: amount is over 100"
    )
    assert failure_text(Failure("amount.too_large", "100000")) == (
        f"Сумма не может быть больше 1{NBSP}000,00{NBSP}₽."
    )
    assert failure_text(Failure(FailureCode.NEVER_SENT)) == (
        "Заказ так и не дошёл до платёжного сервиса, а его время истекло."
    )
    assert failure_text(Failure(FailureCode.LEGACY, "Old words")) == "Old words"
    assert russian.misses == set()


def test_the_order_books_failures_are_said_in_russian(
    russian: MissRecorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    troubles = book_troubles(tmp_path, monkeypatch)
    assert book_error_text(troubles[StoreProblem.LOCKED]).startswith(
        "Книга заказов занята другой программой"
    )
    damaged = troubles[StoreProblem.DAMAGED]
    assert f"Она перемещена в {damaged.moved_to}; ничего не удалено." in book_error_text(damaged)
    named = {StoreProblem.CANNOT_OPEN, StoreProblem.DAMAGED, StoreProblem.NOT_A_BOOK,
             StoreProblem.TOO_NEW}  # the words that name the file
    for problem in StoreProblem:
        text = book_error_text(StoreError("English.", problem, path=tmp_path / "book"))
        assert re.search("[а-яё]", text), problem
        assert (str(tmp_path / "book") in text) == (problem in named), problem
    assert russian.misses == set()


def test_orders_panel_headers_filters_and_totals(
    russian: MissRecorder, qtbot: QtBot, orders_store: OrderStore, make_order: MakeOrder
) -> None:
    bulk_insert(orders_store, [
        make_order("o-1", 15050, status="approve"),
        make_order("o-2", 250000, minutes=1),
        make_order("o-3", 9990, minutes=2, status="decline"),
    ])
    panel = OrdersPanel(OrderBook(orders_store, ORDERS_CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    model = panel.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == [
        "Создан", "Заказ", "Сумма", "E-mail", "Примечание", "Статус", "Оплачено", "Проверен",
        "Касса",
    ]
    statuses = [panel.status_filter.itemText(i) for i in range(panel.status_filter.count())]
    assert statuses == ["Все", "Ожидает", "Оплачено", "Отказано", "Истёк срок", "Не передано"]
    assert panel.totals_label.text() == (
        f"Заказов: 3 · сумма {money(275_040)} · оплачено 1 на {money(15_050)}"
    )
    assert russian.misses == set()


# -- screenshots, for a person to check that the Russian fits -------------------------


def test_screenshot_payment_panel_paid(russian: MissRecorder, qtbot: QtBot) -> None:
    panel = PaymentPanel(clock=lambda: NOW)
    qtbot.addWidget(panel)
    panel.resize(520, 760)
    panel.show()
    qtbot.waitExposed(panel)
    panel.show_order(an_order("approve"), NOW + timedelta(minutes=15))
    assert panel.badge.text() == "✓ Оплачено"
    assert panel.qr.inactive_reason() == "✓ Оплачено"
    assert panel.countdown_label.text().startswith("Оплачено в ")
    assert panel.copy_button.text() == "Копировать"
    # Nothing cut: every button is at least as wide as its text needs.
    for button in (panel.copy_button, panel.open_button, panel.save_button):
        assert button.width() >= button.sizeHint().width()
    save_screenshot(panel, "ru-payment-panel-paid")
    panel.show_order(an_order("pending", paid_at=None), NOW + timedelta(minutes=15))
    assert panel.countdown_label.text() == "Истекает через 15:00"
    save_screenshot(panel, "ru-payment-panel-pending")
    panel.show_order(an_order("pending", paid_at=None), NOW)  # its time is up: checking
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
    panel = OrdersPanel(OrderBook(orders_store, ORDERS_CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    panel.resize(1000, 600)
    panel.show()
    qtbot.waitExposed(panel)
    panel.table.selectRow(1)
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
    window.counter.start()
    try:
        window.form.amount_input.setText("1 234,50")
        qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: bool(window.payment_panel.link_label.link()), timeout=10_000)
        link = window.payment_panel.link_label.link()
        assert link is not None
        decide(link, "approve", "b@example.com").raise_for_status()
        qtbot.waitUntil(lambda: window.payment_panel.badge.text() == "✓ Оплачено",
                        timeout=10_000)
        assert window.payment_panel.amount_label.text() == f"1{NBSP}234,50{NBSP}₽"
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
    window.counter.start()
    panel = window.payment_panel
    try:
        display = window.open_customer_display()
        qtbot.addWidget(display)
        links = []
        for amount in ("150", "1 234,50"):
            window.new_payment_action.trigger()
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
        window.new_payment_action.trigger()
        window.form.amount_input.setText("99")
        qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
        assert window.form.create_button.text() == "Создаётся…"
        assert "Esc — следующий платёж" in panel.countdown_label.text()
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
    panel = OrdersPanel(OrderBook(store, ORDERS_CLIENT), clock=lambda: NOW)
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


def test_leaving_russian_restores_english_texts_and_numbers(
    qapp: QApplication, qm_cache: Path
) -> None:
    before_locale, before_money = QLocale().name(), money(123450)
    with russian_ui(qapp, qm_cache):
        assert tr("Paid") == "Оплачено"
    assert tr("Paid") == "Paid"
    assert QLocale().name() == before_locale and money(123450) == before_money


def test_english_setting_installs_no_translation(qapp: QApplication, qm_cache: Path) -> None:
    saved = QLocale()
    try:
        assert i18n.install_translation(qapp, "en", cache_dir=qm_cache) == "en"
        assert tr("Paid") == "Paid"
        assert money(123450) == f"1,234.50{NBSP}₽"
    finally:
        QLocale.setDefault(saved)


def test_system_setting_follows_the_system_language() -> None:
    assert i18n.language_of(QLocale(QLocale.Language.Russian, QLocale.Country.Russia)) == "ru"
    assert i18n.language_of(QLocale(QLocale.Language.German, QLocale.Country.Germany)) == "en"
    assert i18n.language_of(QLocale.system()) in ("ru", "en")


@pytest.fixture
def checkout_translations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A resources/translations folder with only the .ts, as in a fresh checkout."""
    folder = tmp_path / "resources" / "translations"
    folder.mkdir(parents=True)
    shutil.copy(tool.TS_FILE, folder / "paydesk_ru.ts")
    monkeypatch.setattr(translations, "resource_path", lambda *parts: tmp_path.joinpath(
        "resources", *parts))
    return folder


def test_a_checkout_compiles_the_ts_once_per_edit(
    qapp: QApplication, checkout_translations: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    ts = checkout_translations / "paydesk_ru.ts"
    first = translations.compile_ts(ts, cache)
    assert first is not None and first.exists()
    assert translations.compile_ts(ts, cache) == first  # no second run of lrelease
    stat = ts.stat()
    os.utime(ts, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    second = translations.compile_ts(ts, cache)
    assert second is not None and second != first
    assert sorted(cache.glob("*.qm")) == [second]  # the stale one is cleaned up


def test_without_lrelease_a_checkout_stays_english(
    qapp: QApplication,
    checkout_translations: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(translations, "find_lrelease", lambda: None)
    saved = QLocale()
    try:
        assert i18n.install_translation(qapp, "ru", cache_dir=tmp_path / "cache") == "en"
        assert tr("Paid") == "Paid"
        assert "pyside6-lrelease is not installed" in caplog.text
    finally:
        i18n.remove_translation(qapp)
        QLocale.setDefault(saved)


def test_the_language_comes_from_the_settings_file(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    assert start_settings(str(data), demo=False).language == "system"
    (data / "settings.json").write_text(json.dumps({"language": "ru"}), encoding="utf-8")
    assert start_settings(str(data), demo=False).language == "ru"
    (data / "settings.json").write_text("{not json", encoding="utf-8")
    assert start_settings(str(data), demo=True).language == "system"  # the demo's default
    with pytest.raises(SettingsError):  # said by the start, which stops (exit code 2)
        start_settings(str(data), demo=False)


def test_settings_dialog_saves_the_language(
    qtbot: QtBot, tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    dialog = SettingsDialog(Settings(), SecretStore(tmp_path / "secret.txt"))
    qtbot.addWidget(dialog)
    combo = dialog.language_combo
    assert [combo.itemText(i) for i in range(combo.count())] == ["System", "English", "Русский"]
    assert combo.currentData() == "system"
    combo.setCurrentIndex(combo.findData("ru"))
    dialog.accept()
    assert dialog.result_settings().language == "ru"
    assert dataclasses.replace(dialog.result_settings(), language="system") == Settings()


# -- the buyer's screen and the owner's report, in Russian ------------------------


def test_screenshot_customer_display_states(russian: MissRecorder, qtbot: QtBot) -> None:
    from paydesk.ui.payment.customer_display import CustomerDisplay

    display = CustomerDisplay("Кофейня «Зерно»")
    qtbot.addWidget(display)
    display.resize(1280, 800)
    display.show()
    save_screenshot(display, "ru-display-idle")
    pending = an_order("pending", paid_at=None)
    display.show_order(pending, datetime.now(UTC) + timedelta(minutes=15))
    assert "₽" in display.amount_label.text()
    save_screenshot(display, "ru-display-pending")
    display.show_order(pending, datetime.now(UTC) - timedelta(seconds=1))  # its time is up
    assert display.scan_label.text() == "Проверяем оплату…"
    save_screenshot(display, "ru-display-checking")
    for status, name in (("approve", "paid"), ("decline", "refused")):
        display.show_order(pending, datetime.now(UTC) + timedelta(minutes=15))
        display.show_order(an_order(status), None)
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
    dialog = ReportDialog(OrderBook(orders_store, ORDERS_CLIENT), "Кофейня «Зерно»",
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
