"""The shared order book's password in the settings window: hidden in its own field (a
password typed or pasted into the address is moved there), kept where the secret key
is kept (the keychain, or the file the person chose where there is none), and used by
the till when it connects: at the first start, and in the running window at once."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QApplication, QDialog, QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime, open_runtime
from paydesk.core.settings.values import Settings
from paydesk.core.shared_book import sync as book_sync
from paydesk.core.shared_book.sync import BookState
from paydesk.sandbox import SandboxServer
from paydesk.support.secret_store import SecretStore
from paydesk.ui import app
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.settings.welcome_dialog import WelcomeDialog

from memory_keyring import MemoryKeyring, NoKeychain
from postgres import ROLE_PASSWORD
from screenshots import save_screenshot
from settings_dialog import screenshot
from settings_steps import save_in_the_dialog
from test_values import TEST_CLIENT_ID, TEST_SECRET

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SHOP_BOOK = "postgresql://till_1@backoffice.shop.lan:5432/shop"
PASSWORD = "Kx7-counter#pw"
WAIT_MS = 15_000


@pytest.fixture
def open_dialog(qtbot: QtBot, tmp_path: Path, pool: QThreadPool
                ) -> Callable[..., SettingsDialog]:
    def open_it(settings: Settings | None = None, *, in_use: bool = False,
                use_file: bool = False) -> SettingsDialog:
        settings = settings or Settings(base_url="https://pay.example.com",
                                        client_id=TEST_CLIENT_ID)
        store = SecretStore(tmp_path / "secret-key.txt", use_file=use_file, environ={})
        dialog = SettingsDialog(settings, store, pool=pool, account_in_use=in_use)
        qtbot.addWidget(dialog)
        with qtbot.waitActive(dialog):  # focus is only given inside the active window
            dialog.show()
            dialog.activateWindow()
        return dialog

    return open_it


def save(qtbot: QtBot, dialog: SettingsDialog) -> None:
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.saving)


def moved_note(dialog: SettingsDialog) -> QLabel:
    note = dialog.findChild(QLabel, "password_moved_note")
    assert note is not None
    return note


# -- the field ----------------------------------------------------------------------------

def test_the_password_row_comes_with_a_shared_book(
    open_dialog: Callable[..., SettingsDialog], qtbot: QtBot, memory_keyring: MemoryKeyring,
) -> None:
    dialog = open_dialog()
    assert not dialog.book_password_edit.isVisible()
    qtbot.keyClicks(dialog.order_book_edit, "postgresql://till_1@backoffice/shop")
    assert dialog.book_password_edit.isVisible()
    assert dialog.book_password_edit.echoMode() == dialog.book_password_edit.EchoMode.Password
    assert dialog.book_password_edit.placeholderText() == "not set — or in ~/.pgpass"
    dialog.order_book_edit.clear()
    assert not dialog.book_password_edit.isVisible()


def test_a_password_typed_into_the_address_goes_to_its_field_as_its_at_is_typed(
    open_dialog: Callable[..., SettingsDialog], qtbot: QtBot, memory_keyring: MemoryKeyring,
) -> None:
    dialog = open_dialog()
    edit = dialog.order_book_edit
    qtbot.keyClicks(edit, f"postgresql://till_1:{PASSWORD}")
    assert dialog.book_password_edit.text() == ""  # a port, or a password: not known yet
    qtbot.keyClicks(edit, "@backoffice.shop.lan:5432/shop")
    assert edit.text() == SHOP_BOOK  # typing went on where it was, without the password
    assert dialog.book_password_edit.text() == PASSWORD
    assert moved_note(dialog).isVisible()
    assert moved_note(dialog).text() == "moved here from the address"
    save(qtbot, dialog)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.result_settings().order_book == SHOP_BOOK
    assert memory_keyring.passwords == {
        ("PayDesk", "order-book till_1@backoffice.shop.lan:5432/shop"): PASSWORD}
    assert dialog.book_password_saved


def test_a_pasted_address_never_shows_its_password(
    open_dialog: Callable[..., SettingsDialog], qtbot: QtBot, memory_keyring: MemoryKeyring,
) -> None:
    dialog = open_dialog()
    clipboard = QApplication.clipboard()
    clipboard.setText("postgresql://till_1:p%40ss%3Aword@backoffice.shop.lan:5432/shop")
    try:
        dialog.order_book_edit.setFocus()
        qtbot.keyClick(dialog.order_book_edit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    finally:
        clipboard.clear()
    assert dialog.order_book_edit.text() == SHOP_BOOK
    assert dialog.book_password_edit.text() == "p@ss:word"  # as libpq reads it
    assert moved_note(dialog).isVisible()
    assert not dialog.order_book_edit.isUndoAvailable()  # Ctrl+Z cannot bring it back


def test_a_password_in_the_query_goes_to_its_field_when_the_address_is_left(
    open_dialog: Callable[..., SettingsDialog], qtbot: QtBot, memory_keyring: MemoryKeyring,
) -> None:
    dialog = open_dialog()
    dialog.order_book_edit.setFocus()
    qtbot.keyClicks(dialog.order_book_edit, f"{SHOP_BOOK}?password={quote(PASSWORD)}")
    dialog.till_edit.setFocus()  # Tab onwards
    qtbot.waitUntil(lambda: dialog.book_password_edit.text() == PASSWORD)
    assert dialog.order_book_edit.text() == SHOP_BOOK
    # Saved straight from the field, it is moved too: never refused, never in the settings.
    dialog.order_book_edit.setText(f"{SHOP_BOOK}?password=other")
    save(qtbot, dialog)
    assert dialog.result_settings().order_book == SHOP_BOOK
    assert dialog.book_password_edit.text() == "other"


def test_a_kept_password_is_said_not_shown(
    open_dialog: Callable[..., SettingsDialog], qtbot: QtBot, memory_keyring: MemoryKeyring,
) -> None:
    memory_keyring.passwords[("PayDesk", "order-book till_1@backoffice.shop.lan:5432/shop")] = (
        PASSWORD)
    dialog = open_dialog(Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID,
                                  order_book=SHOP_BOOK))
    qtbot.waitUntil(lambda: dialog.book_password_edit.placeholderText() ==
                    "•••••••• stored in the keychain — type to replace")
    assert dialog.book_password_edit.text() == ""
    save(qtbot, dialog)  # empty: what is kept stays
    assert not dialog.book_password_saved
    assert list(memory_keyring.passwords.values()) == [PASSWORD]


# -- no keychain ----------------------------------------------------------------------------

def test_without_a_keychain_the_file_chosen_keeps_the_password_with_the_key(
    open_dialog: Callable[..., SettingsDialog], qtbot: QtBot, tmp_path: Path,
    no_keychain: NoKeychain,
) -> None:
    dialog = open_dialog(Settings())
    section = dialog.service_section
    qtbot.waitUntil(section.file_choice_row.isVisible)
    assert section.file_choice.text() == "Keep the secret key in a file on this computer"
    qtbot.keyClicks(dialog.base_url_edit, "https://pay.example.com")
    qtbot.keyClicks(dialog.client_id_edit, str(TEST_CLIENT_ID))
    qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)
    dialog.order_book_edit.setFocus()
    qtbot.keyClicks(dialog.order_book_edit, SHOP_BOOK)
    dialog.till_edit.setFocus()
    qtbot.waitUntil(lambda: "no keychain" in dialog.book_password_edit.placeholderText())
    # With a shared book, the file offered is said to keep its password too.
    assert section.file_choice.text() == "Keep them in a file on this computer"
    assert section.file_choice.accessibleName() == (
        "Keep the secret key and the order book's password in a file on this computer")
    warning = section.file_warning.text()
    assert "the order book's password" in warning and "0600" in warning
    assert str(tmp_path / "secret-key.txt") in warning
    qtbot.keyClicks(dialog.book_password_edit, PASSWORD)

    section.file_choice.click()
    save(qtbot, dialog)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.result_settings().secret_storage == "file"
    secret_file = tmp_path / "secret-key.txt"
    kept = json.loads(secret_file.read_text(encoding="utf-8"))
    assert kept == {"secret_key": TEST_SECRET,
                    "order-book till_1@backoffice.shop.lan:5432/shop": PASSWORD}
    if os.name == "posix":
        assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600


def test_without_a_keychain_and_no_file_the_password_is_refused_where_it_was_typed(
    open_dialog: Callable[..., SettingsDialog], qtbot: QtBot, tmp_path: Path,
    no_keychain: NoKeychain,
) -> None:
    dialog = open_dialog(Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID,
                                  order_book=SHOP_BOOK))
    qtbot.keyClicks(dialog.book_password_edit, PASSWORD)
    save(qtbot, dialog)
    assert dialog.isVisible()
    message = dialog.field_errors.message("book_password")
    assert "no keychain" in message and "file" in message and "~/.pgpass" in message
    assert "secret key cannot" not in message  # the password's words, not the key's
    assert dialog.field_errors.message("secret") == ""
    assert dialog.service_section.file_choice_row.isVisible()
    assert not (tmp_path / "secret-key.txt").exists()
    # The file chosen (the key is not typed: the password alone may go there).
    dialog.service_section.file_choice.click()
    save(qtbot, dialog)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert SecretStore(tmp_path / "secret-key.txt", use_file=True, environ={}).get_book_password(
        "till_1@backoffice.shop.lan:5432/shop") == PASSWORD


def test_with_the_file_in_use_the_placeholder_names_it(
    open_dialog: Callable[..., SettingsDialog], qtbot: QtBot, tmp_path: Path,
    no_keychain: NoKeychain,
) -> None:
    SecretStore(tmp_path / "secret-key.txt", use_file=True, environ={}).set_book_password(
        "till_1@backoffice.shop.lan:5432/shop", PASSWORD)
    dialog = open_dialog(Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID,
                                  order_book=SHOP_BOOK, secret_storage="file"), use_file=True)
    qtbot.waitUntil(lambda: "plaintext file" in dialog.book_password_edit.placeholderText())
    assert str(tmp_path / "secret-key.txt") in dialog.book_password_edit.placeholderText()


# -- when it takes effect --------------------------------------------------------------------

def test_the_restart_notes_are_only_for_a_window_that_opened_its_book(
    open_dialog: Callable[..., SettingsDialog], memory_keyring: MemoryKeyring,
) -> None:
    """The first start's settings come before the window opens its book: in force at
    once. A running window opened its book and sync at its start: the next start."""
    names = ("order_book_restart_note", "till_restart_note")
    first = open_dialog()
    assert [first.findChild(QLabel, name).isVisible() for name in names] == [False, False]
    running = open_dialog(in_use=True)
    notes = [running.findChild(QLabel, name) for name in names]
    assert [note.isVisible() for note in notes] == [True, True]
    assert {note.text() for note in notes} == {"takes effect after restart"}


@pytest.fixture
def first_start(tmp_path: Path, no_keychain: NoKeychain) -> Iterator[Runtime]:
    runtime = open_runtime(str(tmp_path / "data"), demo=False, settings=Settings())
    yield runtime
    runtime.close()


def test_at_the_first_start_the_book_and_its_password_are_in_force_at_once(
    qtbot: QtBot, first_start: Runtime, sandbox: SandboxServer, password_book: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A computer with no keychain: the first start's settings, the file chosen for the
    key and the book's password; the window then opens on the shared book (no restart)
    and connects with the password from the file."""
    seen: list[SettingsDialog] = []

    def fill_and_save(dialog: SettingsDialog) -> int:
        seen.append(dialog)
        dialog.show()
        restart_notes = [dialog.findChild(QLabel, name)
                         for name in ("order_book_restart_note", "till_restart_note")]
        assert not any(note.isVisible() for note in restart_notes)
        qtbot.keyClicks(dialog.base_url_edit, sandbox.base_url)
        qtbot.keyClicks(dialog.client_id_edit, str(TEST_CLIENT_ID))
        qtbot.keyClicks(dialog.secret_edit, TEST_SECRET)
        qtbot.keyClicks(dialog.order_book_edit, password_book)
        qtbot.keyClicks(dialog.book_password_edit, ROLE_PASSWORD)
        qtbot.keyClicks(dialog.till_edit, "Till 1")
        qtbot.waitUntil(dialog.service_section.file_choice_row.isVisible)
        dialog.service_section.file_choice.click()
        save(qtbot, dialog)
        return int(dialog.result())

    monkeypatch.setattr(SettingsDialog, "exec", fill_and_save)
    monkeypatch.setattr(WelcomeDialog, "exec", lambda _dialog: 1)
    assert app.set_up_account(first_start) is True
    seen[0].close()
    settings = first_start.settings
    assert (settings.order_book, settings.till, settings.secret_storage) == (
        password_book, "Till 1", "file")
    assert ROLE_PASSWORD not in first_start.paths.settings_file.read_text(encoding="utf-8")

    window = app.build_window(first_start)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.parts.shared_book is not None, timeout=WAIT_MS)
    try:
        link = window.parts.shared_book
        assert link is not None
        qtbot.waitUntil(lambda: link.status.state is BookState.ONLINE, timeout=WAIT_MS)
    finally:
        window.shutdown()


@pytest.fixture
def till_without_password(sandbox: SandboxServer, tmp_path: Path, password_book: str,
                          no_keychain: NoKeychain) -> Iterator[Runtime]:
    """A till on the shared book, no keychain, the file chosen, no password given yet."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "settings.json").write_text(json.dumps({
        "base_url": sandbox.base_url, "client_id": TEST_CLIENT_ID, "order_book": password_book,
        "till": "Till 1", "secret_storage": "file"}), encoding="utf-8")
    runtime = open_runtime(str(tmp_path / "data"))
    runtime.secret_store().set(TEST_CLIENT_ID, TEST_SECRET)
    yield runtime
    runtime.close()


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_running_window_connects_as_soon_as_the_password_is_given(
    language: str, till_without_password: Runtime, qtbot: QtBot, notices: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A refused book is tried again only after this: the password saved must not wait.
    monkeypatch.setattr(book_sync, "REFUSED_RETRY_SECONDS", 3600.0)
    runtime = till_without_password
    window = app.build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 760)
    window.show()
    qtbot.waitExposed(window)
    try:
        qtbot.waitUntil(lambda: window.parts.shared_book is not None and
                        window.parts.shared_book.status.state is BookState.REFUSED, timeout=WAIT_MS)
        label = window.findChild(QLabel, "shared_book_state")
        qtbot.waitUntil(lambda: "⚠" in label.text())
        link = window.parts.shared_book
        assert link is not None and link.status.state is BookState.REFUSED
        assert link.status.failure is not None
        assert link.status.failure.code == "book_no_password"
        if language == "en":
            assert label.text() == ("⚠ Shared order book: not usable — it asks for this "
                                    "till's password: type it in Settings → Order book")
        qtbot.waitUntil(lambda: label.width() >= label.sizeHint().width())  # laid out whole
        save_screenshot(window, f"{'ru-' if language == 'ru' else ''}window-book-no-password")

        def give_password(dialog: SettingsDialog) -> None:
            assert dialog.book_password_edit.isVisible()
            qtbot.keyClicks(dialog.book_password_edit, ROLE_PASSWORD)
            screenshot(qtbot, dialog,
                       f"{'ru-' if language == 'ru' else ''}settings-book-password")

        save_in_the_dialog(window, qtbot, give_password)
        # Tried again at once, not when a refusal's wait is over.
        qtbot.waitUntil(lambda: link.status.state is BookState.ONLINE, timeout=WAIT_MS)
        assert notices == []  # nothing waits for a restart
        kept = runtime.secret_store().get_book_password(runtime.book_address().keychain_user)
        assert kept == ROLE_PASSWORD
        assert ROLE_PASSWORD not in runtime.paths.settings_file.read_text(encoding="utf-8")
    finally:
        window.shutdown()

