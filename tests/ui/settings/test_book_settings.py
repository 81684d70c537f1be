"""The settings window's "Order book" section: the shop's shared book (or this
computer's own) and the till's name, saved from the running window, checked by the
core's address rule, said to take effect after a restart; fixed in the demo."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.settings.values import TILL_MAX, Settings, default_till_name
from paydesk.support.secret_store import SecretStore
from paydesk.ui.main_window import MainWindow
from paydesk.ui.settings.apply import restart_notices
from paydesk.ui.settings.dialog import SettingsDialog

from memory_keyring import MemoryKeyring
from screenshots import save_screenshot
from settings_steps import save_in_the_dialog
from test_values import TEST_CLIENT_ID

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SHOP_BOOK = "postgresql://till@backoffice.shop.lan:5432/shop"


@pytest.fixture
def open_dialog(
    qtbot: QtBot, tmp_path: Path, memory_keyring: MemoryKeyring
) -> Iterator[Callable[..., SettingsDialog]]:
    pool = QThreadPool()

    def open_it(settings: Settings | None = None, *, demo: bool = False) -> SettingsDialog:
        settings = settings or Settings(base_url="https://pay.example.com",
                                        client_id=TEST_CLIENT_ID)
        dialog = SettingsDialog(settings, SecretStore(tmp_path / "secret.txt", environ={}),
                                pool=pool, demo=demo)
        qtbot.addWidget(dialog)
        with qtbot.waitActive(dialog):  # focus is only given inside the active window
            dialog.show()
            dialog.activateWindow()
        return dialog

    yield open_it
    pool.waitForDone(10_000)


def error_under(dialog: SettingsDialog, field: str) -> str:
    return dialog.field_errors.message(field)


def test_empty_means_this_computer_and_the_computers_name(
    open_dialog: Callable[..., SettingsDialog],
) -> None:
    dialog = open_dialog()
    assert dialog.order_book_edit.text() == ""
    assert dialog.order_book_edit.placeholderText() == "This computer"
    assert dialog.till_edit.text() == ""
    assert dialog.till_edit.placeholderText() == default_till_name()
    assert dialog.till_edit.maxLength() == TILL_MAX
    assert not dialog.book_password_edit.isVisible()  # no shared book: no password
    dialog.accept()
    assert dialog.result() == SettingsDialog.DialogCode.Accepted
    saved = dialog.result_settings()
    assert (saved.order_book, saved.till) == ("", "")
    assert saved.till_name == default_till_name()


def test_a_shared_book_and_a_till_name_are_saved(
    open_dialog: Callable[..., SettingsDialog],
) -> None:
    dialog = open_dialog(Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID,
                                  order_book=SHOP_BOOK, till="Front counter"))
    assert dialog.order_book_edit.text() == SHOP_BOOK
    assert dialog.till_edit.text() == "Front counter"
    dialog.order_book_edit.setText("  postgresql://till@127.0.0.1/shop  ")
    dialog.till_edit.setText(" Terrace ")
    dialog.accept()
    saved = dialog.result_settings()
    assert (saved.order_book, saved.till) == ("postgresql://till@127.0.0.1/shop", "Terrace")


@pytest.mark.parametrize(("address", "words"), [
    ("mysql://till@backoffice/shop", "must start with postgresql://"),
    ("postgresql://till@backoffice/shop?sslmode=require", "sslmode=verify-full"),
    ("postgresql://till@backoffice:99999/shop", "must be a number from 1 to 65535"),
])
def test_an_address_the_book_cannot_use_is_said_under_its_field(
    open_dialog: Callable[..., SettingsDialog], address: str, words: str,
) -> None:
    dialog = open_dialog()
    dialog.order_book_edit.setText(address)
    dialog.accept()
    assert dialog.isVisible() and dialog.result() != SettingsDialog.DialogCode.Accepted
    message = error_under(dialog, "order_book")
    assert words in message
    assert "s3cret" not in message
    assert dialog.order_book_edit.hasFocus()
    dialog.order_book_edit.setText("")  # back to this computer's book
    dialog.accept()
    assert dialog.result_settings().order_book == ""


def test_a_till_name_of_two_lines_is_refused(
    open_dialog: Callable[..., SettingsDialog],
) -> None:
    dialog = open_dialog()
    dialog.till_edit.setText("Front\tcounter")  # pasted with a tab in it
    dialog.accept()
    assert error_under(dialog, "till") == (
        f"The till's name must be one line of at most {TILL_MAX} characters.")


def test_restart_notices_for_the_book_and_the_till() -> None:
    before = Settings(till="Front counter")
    assert restart_notices(before, before) == []
    assert restart_notices(before, Settings(till="Front counter", order_book=SHOP_BOOK)) == [
        "The new order book is used when PayDesk is started again."]
    assert restart_notices(before, Settings(till="Terrace")) == [
        "The new till name is used when PayDesk is started again."]


def test_saved_from_the_running_window_and_said_to_wait_for_a_restart(
    window: MainWindow, qtbot: QtBot, notices: list[str],
) -> None:
    def fill(dialog: SettingsDialog) -> None:
        dialog.order_book_edit.setText(SHOP_BOOK)
        dialog.till_edit.setText("Terrace")

    save_in_the_dialog(window, qtbot, fill)
    settings = window.runtime.settings
    assert (settings.order_book, settings.till) == (SHOP_BOOK, "Terrace")
    saved = json.loads(window.runtime.paths.settings_file.read_text(encoding="utf-8"))
    assert (saved["order_book"], saved["till"]) == (SHOP_BOOK, "Terrace")
    assert notices == ["The new order book is used when PayDesk is started again.\n\n"
                       "The new till name is used when PayDesk is started again."]


def test_the_demo_keeps_its_own_book(open_dialog: Callable[..., SettingsDialog]) -> None:
    dialog = open_dialog(demo=True)
    assert dialog.order_book_edit.isReadOnly()
    note = dialog.findChild(QLabel, "demo_book_note")
    assert note is not None and note.isVisible()
    assert note.text().startswith("Fixed in the demo:")
    restart = dialog.findChild(QLabel, "order_book_restart_note")
    assert restart is not None and not restart.isVisible()
    dialog.till_edit.setText("Demo till")
    dialog.accept()
    saved = dialog.result_settings()
    assert (saved.order_book, saved.till) == ("", "Demo till")


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_screenshot_the_order_book_section(
    language: str, open_dialog: Callable[..., SettingsDialog], qtbot: QtBot,
) -> None:
    dialog = open_dialog(Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID,
                                  merchant_name="Corner Café", language=language,
                                  till="Front counter"))
    qtbot.waitUntil(lambda: "…" not in dialog.secret_edit.placeholderText())
    dialog.order_book_edit.setText("postgresql://till@backoffice/shop?sslmode=require")
    dialog.accept()  # the reason shows under the field
    assert error_under(dialog, "order_book")

    def nothing_clipped() -> bool:
        return all(
            label.height() >= label.heightForWidth(label.width())
            if label.wordWrap() else label.width() >= label.sizeHint().width()
            for label in dialog.findChildren(QLabel) if label.isVisible() and label.text()
        )

    qtbot.waitUntil(nothing_clipped)
    assert dialog.height() <= 800  # it fits a 1280×800 screen
    save_screenshot(dialog, f"{'ru-' if language == 'ru' else ''}settings-order-book")
