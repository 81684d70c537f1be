"""The window's words for settings errors: chosen by code, never by the English sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from paydesk.core.settings import values as settings_file
from paydesk.core.settings.values import Settings, SettingsError, SettingsProblem
from paydesk.ui.settings.texts import field_text, settings_error_text


@pytest.mark.parametrize("code", list(SettingsProblem))
def test_every_code_has_words_that_do_not_depend_on_the_english_sentence(
    code: SettingsProblem,
) -> None:
    error = SettingsError(code, "a sentence the window never shows", setting="max_in_flight",
                          bounds=(1, 64), value=0, path=Path("/data/settings.json"),
                          reason="Permission denied")
    for text in (settings_error_text(error), field_text(error)):
        assert text and "never shows" not in text and "{" not in text


def test_a_value_out_of_range_is_said_with_its_bounds() -> None:
    with pytest.raises(SettingsError) as raised:
        Settings().with_changes(max_in_flight=100)
    assert field_text(raised.value) == "This must be between 1 and 64."
    assert settings_error_text(raised.value) == (
        "The setting max_in_flight must be between 1 and 64 (it is 100).")


def test_a_settings_file_that_cannot_be_saved_names_the_folder_and_the_reason(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(SettingsError) as raised:
        settings_file.save(Settings(), blocker / "settings.json")
    text = settings_error_text(raised.value)
    assert text.startswith(f"The settings cannot be saved in {blocker}: ")
    assert raised.value.reason in text
