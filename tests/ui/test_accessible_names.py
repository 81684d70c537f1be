"""The counter as a screen reader is told it, through Qt's accessibility layer: every
control named in words (never ``amount_input``), in English and Russian; labels linked
to their fields; the payment panel's state, amount, time left, link and code read as
they are shown, after a real sale on the sandbox; Tab in and out of the orders list
without changing the sale on the panel; an order's details reachable and read on
opening; the buyer's screen and Settings read the same way.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.counter.views import Place
from paydesk.core.runtime import Runtime
from paydesk.domain.phase import OrderPhase
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.widgets.status_badge import StatusBadge

from accessibility import (
    Role,
    description_of,
    identifier_names,
    labels_without_buddy,
    name_of,
    role_of,
    tab_through,
    unnamed_controls,
)
from counter_steps import WAIT_MS, open_display, screenshot, type_sale

# The offscreen platform cannot raise a window or pass on size hints; it says so.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support")

NBSP = "\u00a0"
#: The sale's amount as the window writes it, and its code's name, by language.
AMOUNT = {"en": f"175.00{NBSP}₽", "ru": f"175,00{NBSP}₽"}
QR_LIVE = {"en": f"QR code to pay 175.00{NBSP}₽", "ru": f"QR-код для оплаты 175,00{NBSP}₽"}
QR_PAID = {"en": f"QR code for 175.00{NBSP}₽, no longer payable: ✓ Paid",
           "ru": f"QR-код на 175,00{NBSP}₽, оплатить по нему уже нельзя: ✓ Оплачено"}
WAITING = {"en": "Waiting for payment", "ru": "Ожидает оплаты"}
EXPIRES = {"en": "Expires in ", "ru": "Истекает через "}
CLEAR = {"en": ["Clear amount", "Clear e-mail", "Clear note"],
         "ru": ["Очистить сумму", "Очистить e-mail", "Очистить примечание"]}


def assert_none(found: list[str]) -> None:
    assert not found, "\n".join(found)


def viewed_id(window: MainWindow) -> str | None:
    """The order on the payment panel."""
    order = window.parts.payment_panel.order()
    return order.order_id if order is not None else None


def shown_words(badge: QLabel) -> str:
    """The badge's words without its symbol ("◷ Waiting for payment")."""
    return badge.text().split(" ", 1)[1]


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_every_control_of_the_counter_is_named_in_words(
    language: str, window: MainWindow, qtbot: QtBot
) -> None:
    type_sale(qtbot, window, "175")
    window.orders_panel  # noqa: B018  (built after the first frame)
    QApplication.processEvents()
    assert_none(identifier_names(window))
    assert_none(unnamed_controls(window))
    assert_none(labels_without_buddy(window))
    form = window.form
    captions = {label.buddy(): label.text() for label in window.findChildren(QLabel)
                if label.buddy() is not None}
    assert captions[form.amount_input] == {"en": "Amount, ₽", "ru": "Сумма, ₽"}[language]
    assert name_of(form.amount_input) == {"en": "Amount in rubles",
                                          "ru": "Сумма в рублях"}[language]
    assert role_of(form.create_button) is Role.PushButton
    assert name_of(form.create_button) == {"en": "Create payment",
                                           "ru": "Создать платёж"}[language]
    clear_buttons = [button for line in (form.amount_input, form.email_input, form.note_input)
                     for button in line.findChildren(QWidget)
                     if role_of(button) is Role.PushButton]
    assert [name_of(button) for button in clear_buttons] == CLEAR[language]
    table = window.orders_panel.table
    assert role_of(table) is Role.Table
    assert name_of(table) == {"en": "Orders", "ru": "Заказы"}[language]
    assert role_of(window.parts.payment_panel.qr) is Role.Graphic
    screenshot(window, f"accessible-{language}")

    # A typing error is read out with its field, as Settings does.
    form.amount_input.setText("abc")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.error_text("amount") != "")
    assert description_of(form.amount_input) == form.error_text("amount")
    qtbot.keyClicks(form.amount_input, "1")
    assert description_of(form.amount_input) == form.amount_input.placeholderText()


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_panel_reads_out_what_it_shows_and_follows_the_sale(
    language: str, window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    sale = type_sale(qtbot, window, "175")
    panel = window.parts.payment_panel
    qtbot.waitUntil(lambda: panel.countdown_label.text().startswith(EXPIRES[language]),
                    timeout=WAIT_MS)
    assert name_of(panel.badge) == shown_words(panel.badge) == WAITING[language]
    assert name_of(panel.amount_label) == panel.amount_label.text() == AMOUNT[language]
    # The countdown's name is its text, second after second.
    shown = panel.countdown_label.text()
    assert name_of(panel.countdown_label) == shown
    qtbot.waitUntil(lambda: panel.countdown_label.text() != shown, timeout=WAIT_MS)
    assert name_of(panel.countdown_label) == panel.countdown_label.text()
    assert name_of(panel.link_label) == sale.url
    assert name_of(panel.qr) == QR_LIVE[language]
    assert role_of(panel.qr) is Role.Graphic
    assert name_of(panel.order_id_label) == panel.order_id_label.text()

    orders = window.orders_panel
    qtbot.waitUntil(lambda: orders.model.row_of(sale.order_id) is not None, timeout=WAIT_MS)
    totals = orders.totals_label
    qtbot.waitUntil(lambda: AMOUNT[language] in totals.text(), timeout=WAIT_MS)
    assert name_of(totals) == totals.text()  # "1 order for 175.00 ₽ · paid 0 for …"
    assert name_of(orders.paid_today_label) == orders.paid_today_label.text() != ""

    sandbox.approve(sale.order_id)
    qtbot.waitUntil(lambda: panel.badge.phase() is OrderPhase.PAID, timeout=WAIT_MS)
    assert name_of(panel.badge) == shown_words(panel.badge) == {"en": "Paid",
                                                                 "ru": "Оплачено"}[language]
    assert name_of(panel.qr) == QR_PAID[language]
    assert name_of(panel.countdown_label) == panel.countdown_label.text() != ""
    qtbot.waitUntil(lambda: AMOUNT[language] in orders.paid_today_label.text(),
                    timeout=WAIT_MS)
    assert name_of(orders.paid_today_label) == orders.paid_today_label.text()


def test_the_badge_is_read_in_words_without_its_symbol(qtbot: QtBot) -> None:
    badge = StatusBadge()
    qtbot.addWidget(badge)
    badge.set_creating()
    assert badge.text() == "⟳ Creating…"
    assert name_of(badge) == "Creating…"
    badge.set_order(None)
    assert name_of(badge) == ""


def test_tab_goes_in_and_out_of_the_orders_list_and_leaves_the_sale_on_the_panel(
    window: MainWindow, qtbot: QtBot
) -> None:
    first = type_sale(qtbot, window, "120")
    sale = type_sale(qtbot, window, "175")
    panel = window.parts.payment_panel
    orders = window.orders_panel
    table = orders.table
    qtbot.waitUntil(lambda: orders.model.row_of(first.order_id) is not None, timeout=WAIT_MS)

    seen = tab_through(qtbot, orders.search, 12)
    assert table in seen  # in, from the search field
    after = seen[seen.index(table) + 1:]
    assert after and table not in after  # and out again at the next Tab
    assert viewed_id(window) == sale.order_id
    assert panel.place() is Place.SALE

    back = tab_through(qtbot, after[0], 1, back=True)
    assert back == [table]  # Shift+Tab: into the list again
    # Arrows move inside the list (the panel views the row moved to, as a click would).
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert table.currentIndex().row() == 1
    assert viewed_id(window) == first.order_id
    qtbot.keyClick(table, Qt.Key.Key_Up)
    assert viewed_id(window) == sale.order_id

    # With nothing current in the list (the panel idle), focus in chooses no order.
    window.parts.actions.new_payment.trigger()
    qtbot.waitUntil(panel.is_idle, timeout=WAIT_MS)
    assert not table.currentIndex().isValid()
    seen = tab_through(qtbot, orders.search, 12)
    assert table in seen
    assert panel.is_idle()


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_an_orders_details_are_reachable_and_read_on_opening(
    language: str, window: MainWindow, qtbot: QtBot
) -> None:
    sale = type_sale(qtbot, window, "175")
    orders = window.orders_panel
    qtbot.waitUntil(lambda: orders.model.row_of(sale.order_id) is not None, timeout=WAIT_MS)
    row = orders.model.row_of(sale.order_id)
    assert row is not None
    dialog = orders.open_details(row)
    assert dialog is not None
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.focusWidget() is dialog.fields["order_id"])
    assert role_of(dialog) is Role.Dialog
    title = {"en": "Order {0}", "ru": "Заказ {0}"}[language].format(sale.order_id)
    assert name_of(dialog) == title
    said = description_of(dialog)
    created = {"en": "created", "ru": "создан"}[language]
    assert said == (f"{AMOUNT[language]}, {dialog.fields['status'].text()}, {created} "
                    f"{dialog.fields['created'].text()}")
    assert_none(identifier_names(dialog))
    assert_none(unnamed_controls(dialog))
    assert_none(labels_without_buddy(dialog))
    amount = dialog.fields["amount"]
    assert name_of(amount) == {"en": "Amount", "ru": "Сумма"}[language] + ": " + AMOUNT[language]

    seen = tab_through(qtbot, dialog.fields["order_id"], len(dialog.fields) + 3)
    assert [w for w in dialog.fields.values() if w not in seen] == []
    assert dialog.history in seen and dialog.attempts in seen
    assert name_of(dialog.history) == {"en": "Status history", "ru": "История статусов"}[language]


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_buyers_screen_reads_out_what_it_shows(
    language: str, window: MainWindow, qtbot: QtBot
) -> None:
    display = open_display(window, qtbot)
    type_sale(qtbot, window, "175")
    qtbot.waitUntil(lambda: display.qr.text() is not None, timeout=WAIT_MS)
    assert_none(identifier_names(display))
    assert_none(unnamed_controls(display))
    assert name_of(display.amount_label) == AMOUNT[language]
    assert description_of(display.amount_label) == {"en": "Amount", "ru": "Сумма"}[language]
    assert role_of(display.qr) is Role.Graphic
    assert name_of(display.qr) == QR_LIVE[language]
    qtbot.waitUntil(lambda: ":" in display.countdown_label.text(), timeout=WAIT_MS)
    assert name_of(display.countdown_label) == display.countdown_label.text()
    assert name_of(display.scan_label) == {"en": "Scan to pay",
                                           "ru": "Отсканируйте, чтобы оплатить"}[language]


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_settings_stay_named_in_words(
    language: str, runtime: Runtime, qtbot: QtBot, memory_keyring: object
) -> None:
    dialog = SettingsDialog(runtime.settings, runtime.secret_store())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert_none(identifier_names(dialog))
    assert_none(unnamed_controls(dialog))
    assert_none(labels_without_buddy(dialog))
