"""PayDesk in Russian: the catalogue covers every visible text, and the language is
chosen, installed and taken back as the settings say."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from paydesk.core.settings.values import Settings, SettingsError
from paydesk.support import translations
from paydesk.support.secret_store import SecretStore
from paydesk.ui.app import start_settings
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.shell import i18n
from paydesk.ui.shell.formatting import money, tr

from memory_keyring import MemoryKeyring
from russian import NBSP, russian_ui
from scripts import load_script

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


ROOT = Path(__file__).resolve().parents[3]


tool = load_script("tools/update_translations.py")


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
