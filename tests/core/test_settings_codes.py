"""Every settings and configuration error carries a stable code and its details,
besides the English sentence the command line prints (which stays as it was)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paydesk.core.runtime import NotConfiguredError, Runtime
from paydesk.core.settings import values as settings_file
from paydesk.core.settings.values import Settings, SettingsError, SettingsProblem
from paydesk.support.paths import AppPaths


@pytest.mark.parametrize(
    ("changes", "code", "setting", "english"),
    [
        ({"max_in_flight": 0}, SettingsProblem.OUT_OF_RANGE, "max_in_flight",
         "max_in_flight must be between 1 and 64 (got 0)."),
        ({"backoff_start_seconds": 60.0, "backoff_max_seconds": 30.0},
         SettingsProblem.BACKOFF_ORDER, "backoff_max_seconds",
         "backoff_max_seconds cannot be less than backoff_start_seconds."),
        ({"client_id": 0}, SettingsProblem.CLIENT_ID_NOT_POSITIVE, "client_id",
         "client_id must be a positive whole number."),
        ({"secret_storage": "paper"}, SettingsProblem.SECRET_STORAGE_CHOICE, "secret_storage",
         'secret_storage must be "keychain" or "file".'),
        ({"base_url": "ftp://x"}, SettingsProblem.BASE_URL_SCHEME, "base_url",
         "base_url must start with https:// (or http:// for a local sandbox)."),
        ({"printer": "usb://4b8:202"}, SettingsProblem.PRINTER_ADDRESS, "printer",
         "printer: '4b8:202' is not vendor:product; write the two hex numbers lsusb shows, "
         "as in usb://04b8:0202."),
        ({"printer_paper_mm": 72}, SettingsProblem.PRINTER_PAPER, "printer_paper_mm",
         "printer_paper_mm must be 58 or 80 (the roll's width)."),
        ({"printer_code_page": "CP9999"}, SettingsProblem.PRINTER_CODE_PAGE, "printer_code_page",
         "printer_code_page 'CP9999' is not a code page (CP866 is the usual one for Cyrillic)."),
    ],
)
def test_a_refused_value_has_its_code_and_setting(
    changes: dict[str, Any], code: SettingsProblem, setting: str, english: str
) -> None:
    with pytest.raises(SettingsError) as raised:
        Settings().with_changes(**changes)
    error = raised.value
    assert (error.code, error.setting, str(error)) == (code, setting, english)


def test_a_value_out_of_range_carries_its_bounds_and_value() -> None:
    with pytest.raises(SettingsError) as raised:
        Settings().with_changes(focus_interval_seconds=0.1)
    assert raised.value.bounds == (0.5, 60) and raised.value.value == 0.1
    with pytest.raises(SettingsError) as raised:
        Settings().with_changes(backoff_start_seconds=60.0, backoff_max_seconds=30.0)
    assert raised.value.bounds is not None and raised.value.bounds[0] == 60.0


@pytest.mark.parametrize(
    ("name", "raw", "code"),
    [
        ("client_id", "abc", SettingsProblem.NOT_WHOLE_NUMBER),
        ("focus_interval_seconds", "fast", SettingsProblem.NOT_NUMBER),
        ("sound", "maybe", SettingsProblem.NOT_ON_OFF),
        ("merchant_name", 5, SettingsProblem.NOT_TEXT),
        ("colour", "red", SettingsProblem.UNKNOWN_SETTING),
    ],
)
def test_a_value_that_cannot_be_read_has_its_code(name: str, raw: object,
                                                  code: SettingsProblem) -> None:
    with pytest.raises(SettingsError) as raised:
        settings_file.parse_value(name, raw)
    assert (raised.value.code, raised.value.setting, raised.value.value) == (
        code, name, None if code is SettingsProblem.UNKNOWN_SETTING else raw)


def test_the_files_problems_have_their_codes_and_paths(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(SettingsError) as raised:
        settings_file.load(path, environ={})
    assert raised.value.code is SettingsProblem.UNREADABLE_FILE and raised.value.path == path
    assert raised.value.reason and str(raised.value).startswith(f"The settings file {path}")

    path.write_text(json.dumps([1, 2]), encoding="utf-8")
    with pytest.raises(SettingsError) as raised:
        settings_file.load(path, environ={})
    assert raised.value.code is SettingsProblem.NOT_AN_OBJECT and raised.value.path == path

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(SettingsError) as raised:
        settings_file.save(Settings(), blocker / "settings.json")
    error = raised.value
    assert error.code is SettingsProblem.CANNOT_SAVE and error.path == blocker and error.reason
    assert str(error) == f"The settings cannot be saved in {blocker}: {error.reason}."


@pytest.mark.parametrize(
    ("settings", "missing"),
    [
        (Settings(client_id=5), "base_url"),
        (Settings(base_url="https://pay.example.com"), "client_id"),
        (Settings(base_url="https://pay.example.com", client_id=5), "secret_key"),
    ],
)
def test_what_is_not_configured_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: Settings, missing: str,
    memory_keyring: object,
) -> None:
    monkeypatch.delenv("PAYDESK_SECRET_KEY", raising=False)
    runtime = Runtime(AppPaths(tmp_path).ensure(), settings)
    with pytest.raises(NotConfiguredError) as raised:
        runtime.gateway()
    assert raised.value.missing == missing
    assert "paydesk config set" in str(raised.value)  # the command line's words, unchanged


def test_the_demo_shop_speaks_the_demos_language() -> None:
    from paydesk.core.demo import demo_shop_name

    assert demo_shop_name("ru") == "Демо-магазин PayDesk"
    assert demo_shop_name("en") == "PayDesk demo shop"
    assert demo_shop_name("system", {"LANG": "ru_RU.UTF-8"}) == "Демо-магазин PayDesk"
    assert demo_shop_name("system", {"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}) == "PayDesk demo shop"
    assert demo_shop_name("system", {}) == "PayDesk demo shop"
