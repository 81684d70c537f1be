"""The amount field reads amounts as the window writes them, in English and in Russian:
``1,234.50 ₽`` typed into the English window is the 1 234,50 ₽ it shows, and what reads
two ways is refused next to the field, in the window's words (paydesk.domain.money)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.shell.formatting import money

from counter_steps import WAIT_MS, type_amount
from screenshots import save_screenshot

#: The refusals, in the words the window shows them.
TOO_MANY_DECIMALS = {"en": "Kopecks have at most two digits after the decimal separator.",
                     "ru": "Копеек — не больше двух цифр после запятой."}
TWO_SEPARATORS = {"en": "Use one decimal separator (a comma or a point), not both.",
                  "ru": "Используйте один разделитель копеек — запятую или точку, не оба."}


def sell(qtbot: QtBot, window: MainWindow, typed: str, *, pasted: bool = False) -> int:
    """Type (or paste) ``typed`` and Enter; the kopecks of the sale that makes, once at
    the service."""
    before = window.parts.presenter.sale
    if pasted:  # the ruble sign and the no-break spaces come by pasting, not by keys
        window.form.amount_input.setText(typed)
        qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    else:
        type_amount(qtbot, window, typed)
    assert window.form.error_text("amount") == ""

    def made() -> bool:
        sale = window.parts.presenter.sale
        return sale is not None and sale.url is not None and (
            before is None or sale.order_id != before.order_id)

    qtbot.waitUntil(made, timeout=WAIT_MS)
    sale = window.parts.presenter.sale
    assert sale is not None
    assert window.parts.payment_panel.amount_label.text() == money(sale.amount)
    return sale.amount


def refused(qtbot: QtBot, window: MainWindow, sandbox: SandboxServer, typed: str) -> str:
    """Type ``typed`` and Enter: nothing is sent, and the words under the field."""
    count = len(sandbox.orders())
    type_amount(qtbot, window, typed)
    assert len(sandbox.orders()) == count
    return window.form.error_text("amount")


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_window_reads_what_it_writes(
    language: str, window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    written = money(123450)
    assert written == {"en": "1,234.50\u00a0₽", "ru": "1\u00a0234,50\u00a0₽"}[language]
    assert sell(qtbot, window, written, pasted=True) == 123450
    # The other language's way is read too: it has one reading only.
    assert sell(qtbot, window, "1,234.50" if language == "ru" else "1 234,50") == 123450
    # A comma before three digits: thousands in English, three kopeck digits in Russian.
    if language == "en":
        assert sell(qtbot, window, "1,234") == 123400
    else:
        assert refused(qtbot, window, sandbox, "1,234") == TOO_MANY_DECIMALS[language]
    assert refused(qtbot, window, sandbox, "1.234") == TOO_MANY_DECIMALS[language]
    assert refused(qtbot, window, sandbox, "1.234,50") == TWO_SEPARATORS[language]
    save_screenshot(window, f"{language}-amount-two-separators")


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_a_slip_of_the_decimal_comma_is_refused_under_the_field(
    language: str, window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    """``12,345`` typed in Russian meant 12,35 or 123,45: refused where it was typed, with
    nothing sent (``paydesk create`` refuses it too: tests/cli); English reads it as
    twelve thousand, as English writes it."""
    if language == "ru":
        assert refused(qtbot, window, sandbox, "12,345") == TOO_MANY_DECIMALS[language]
        assert window.form.amount_input.text() == "12,345"  # kept, to be corrected
        assert window.form.amount_input.hasFocus()
        save_screenshot(window, "ru-amount-three-kopeck-digits")
        assert sell(qtbot, window, "12,35") == 1235
    else:
        assert sell(qtbot, window, "12,345") == 1234500
    assert refused(qtbot, window, sandbox, "12.345") == TOO_MANY_DECIMALS[language]
    assert refused(qtbot, window, sandbox, "abc") == {
        "en": "The amount must be a number of rubles, such as 150 or 150.50.",
        "ru": "Введите сумму в рублях, например 150 или 150,50."}[language]
    save_screenshot(window, f"{language}-amount-not-a-number")
