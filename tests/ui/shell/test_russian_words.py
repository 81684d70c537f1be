"""PayDesk in Russian: the words of the form, badge, dialogs, errors and list, and
amounts and dates written the Russian way."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.core.problems import english
from paydesk.domain.errors import AmountError
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.money import parse_amount
from paydesk.domain.orders import CreationState
from paydesk.gateway import ServiceRefused
from paydesk.store import OrderStore
from paydesk.store.errors import StoreError, StoreProblem
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.payment.form import PaymentForm
from paydesk.ui.shell.formatting import local_time, money
from paydesk.ui.shell.messages import (
    book_error_text,
    failure_text,
    input_error_text,
    problem_text,
)
from paydesk.ui.widgets.status_badge import StatusBadge

from book_troubles import book_troubles
from bulk_orders import bulk_insert
from display_orders import OnDisplay
from russian import NBSP, NOW, ORDERS_CLIENT, MissRecorder, an_order

if TYPE_CHECKING:
    from conftest import MakeOrder

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


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


def test_the_cashier_and_the_buyer_read_one_word_for_a_result(
    russian: MissRecorder, qtbot: QtBot
) -> None:
    """Paid and refused are each one word on both screens of the same order: the buyer's
    screen says the cashier's badge's word ("Отказано в оплате" at more length), and
    then what to do ("Спасибо!")."""
    from datetime import timedelta

    from paydesk.ui.payment.customer_display import CustomerDisplay

    badge = StatusBadge()
    display = CustomerDisplay("Кофейня")
    on = OnDisplay(display, lambda: NOW)
    for widget in (badge, display):
        qtbot.addWidget(widget)
    display.resize(1280, 800)
    display.show()
    qtbot.waitExposed(display)
    expires = NOW + timedelta(minutes=15)
    said = {}
    for status in ("approve", "decline"):
        on.show(an_order("pending", paid_at=None), expires)  # the sale, then its end
        on.show(an_order(status), expires)
        badge.set_order(an_order(status))
        said[status] = (badge.text().split(" ", 1)[1], display.result_label.accessibleName(),
                        display.result_more_label.text())
    assert said == {"approve": ("Оплачено", "✓ Оплачено", "Спасибо!"),
                    "decline": ("Отказано", "✗ Отказано в оплате", "Обратитесь к кассиру.")}
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
    assert problem_text(refused) == "Платёжный сервис отклонил запрос: Магазин заблокирован"
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
    panel = OrdersPanel(OrderBookReader(orders_store, ORDERS_CLIENT), clock=lambda: NOW)
    qtbot.addWidget(panel)
    model = panel.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == [
        "Создан", "Заказ", "Сумма", "E-mail", "Примечание", "Статус", "Оплачено", "Проверен",
        "Касса", "Кассир · смена",
    ]
    statuses = [panel.status_filter.itemText(i) for i in range(panel.status_filter.count())]
    assert statuses == ["Все", "Ожидает", "Оплачено", "Отказано", "Истёк срок", "Не передано"]
    assert panel.totals_label.text() == (
        f"Заказов: 3 на сумму {money(275_040)} · оплачено 1 на {money(15_050)}"
        f" · не оплачено 2 на {money(259_990)}"
    )
    assert russian.misses == set()


# -- screenshots, for a person to check that the Russian fits -------------------------
