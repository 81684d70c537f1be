"""Screenshots of the settings window, normal and in the demo, in English and Russian,
at the size it opens with (tests/screenshots, for a person to look at): every label
whole, the demo's reason and the "after restart" notes readable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.settings.values import Settings
from paydesk.sandbox import SandboxServer
from paydesk.support.secret_store import SecretStore
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.shell import i18n

from memory_keyring import MemoryKeyring, NoKeychain
from screenshots import save_screenshot
from test_values import TEST_CLIENT_ID

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture(params=["en", "ru"])
def language(request: pytest.FixtureRequest, qapp: QApplication,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    saved = QLocale()
    if request.param == "ru":
        cache = tmp_path_factory.mktemp("qm")
        assert i18n.install_translation(qapp, "ru", cache_dir=cache) == "ru"
    try:
        yield request.param
    finally:
        i18n.remove_translation(qapp)
        QLocale.setDefault(saved)


def shown(qtbot: QtBot, dialog: SettingsDialog) -> SettingsDialog:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: "…" not in dialog.secret_edit.placeholderText())

    def nothing_clipped() -> bool:
        return all(
            label.height() >= label.heightForWidth(label.width())
            if label.wordWrap() else label.width() >= label.sizeHint().width()
            for label in dialog.findChildren(QLabel)
            if label.isVisible() and label.text()
        )

    qtbot.waitUntil(nothing_clipped)
    return dialog


def test_screenshot_settings_in_use(
    language: str, qtbot: QtBot, tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    settings = Settings(base_url="https://pay.example.com", client_id=TEST_CLIENT_ID,
                        merchant_name="Corner Café", language=language)
    dialog = shown(qtbot, SettingsDialog(settings, SecretStore(tmp_path / "secret.txt"),
                                         account_in_use=True))
    restart = "применится после перезапуска" if language == "ru" else "takes effect after restart"
    notes = [label for label in dialog.findChildren(QLabel) if label.text() == restart]
    # Language, client ID, order book, till name.
    assert len(notes) == 4 and all(note.isVisible() for note in notes)
    save_screenshot(dialog, f"settings-{language}")


def test_screenshot_settings_in_the_demo(
    language: str, qtbot: QtBot, tmp_path: Path,
    start_sandbox: object, memory_keyring: MemoryKeyring,
) -> None:
    server = start_sandbox(client_id=1)  # type: ignore[operator]
    assert isinstance(server, SandboxServer)
    settings = Settings(base_url=server.base_url, client_id=1,
                        merchant_name="PayDesk demo shop", language=language)
    dialog = shown(qtbot, SettingsDialog(settings, SecretStore(tmp_path / "secret.txt"),
                                         demo=True))
    note = dialog.findChild(QLabel, "demo_fixed_note")
    assert note is not None and note.isVisible()
    assert note.text().startswith("В демо-режиме" if language == "ru" else "Fixed in the demo")
    save_screenshot(dialog, f"settings-demo-{language}")


def test_screenshot_settings_with_no_keychain(
    language: str, qtbot: QtBot, tmp_path: Path, no_keychain: NoKeychain
) -> None:
    """The first start on a computer without a keychain: the file offered, and why not."""
    dialog = SettingsDialog(Settings(language=language),
                            SecretStore(tmp_path / "secret-key.txt", environ={}))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    section = dialog.service_section
    qtbot.waitUntil(section.file_choice_row.isVisible)
    dialog.base_url_edit.setText("https://pay.example.com")
    dialog.client_id_edit.setText(str(TEST_CLIENT_ID))
    dialog.secret_edit.setText("typed-secret")
    section.file_choice.setChecked(True)
    shown(qtbot, dialog)
    warning = section.file_warning
    assert warning.isVisible() and "secret-key.txt" in warning.text() and "0600" in warning.text()
    if language == "ru":
        assert section.file_choice.text() == "Хранить секретный ключ в файле на этом компьютере"
    save_screenshot(dialog, f"settings-no-keychain-{language}")
