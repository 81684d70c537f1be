"""The settings window reads the settings' declarations (core/settings/values.py): which rows
say "takes effect after restart", what is said after saving, which fields the demo
holds, and the spin boxes' ranges, each from the one declaration, with no other edit."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QAbstractSpinBox, QLabel, QLineEdit

from paydesk.core.settings.declared import Applies
from paydesk.core.settings.values import DECLARED, Settings
from paydesk.ui.settings.apply import restart_notice, restart_notices
from paydesk.ui.settings.dialog import SettingsDialog

OpenDialog = Callable[..., SettingsDialog]


def redeclare(monkeypatch: pytest.MonkeyPatch, name: str, **facts: object) -> None:
    monkeypatch.setitem(DECLARED, name, dataclasses.replace(DECLARED[name], **facts))


def restart_shown(dialog: SettingsDialog, setting: str) -> bool:
    note = dialog.findChild(QLabel, f"{setting}_restart_note")
    assert note is not None
    return note.isVisible()


def is_held(field: object) -> bool:
    if isinstance(field, QLineEdit | QAbstractSpinBox):
        return field.isReadOnly()
    return not field.isEnabled()  # type: ignore[attr-defined]


def test_the_dialogs_fields_are_declared_settings(open_dialog: OpenDialog) -> None:
    inputs = open_dialog().setting_inputs()
    assert set(inputs) <= set(DECLARED)
    # The rest are set with 'paydesk config set' only (the till program's API: until
    # the window has its section).
    assert set(DECLARED) - set(inputs) == {
        "max_requests_per_second", "request_deadline_seconds", "max_amount",
        "terminal_api", "terminal_api_port"}


def test_the_after_restart_rows_are_the_declarations(
    open_dialog: OpenDialog, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = open_dialog()
    assert restart_shown(dialog, "language") and not restart_shown(dialog, "till")
    redeclare(monkeypatch, "language", applies=Applies.AT_ONCE)
    redeclare(monkeypatch, "till", applies=Applies.AT_START)
    dialog = open_dialog()
    assert not restart_shown(dialog, "language") and restart_shown(dialog, "till")


def test_what_is_said_after_saving_follows_the_declarations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name, declared in DECLARED.items():  # each setting that waits has its words
        if declared.applies is not Applies.AT_ONCE:
            assert restart_notice(name)
    russian = Settings(language="ru")
    assert restart_notices(Settings(), russian) == [
        "The new language is used when PayDesk is started again."]
    redeclare(monkeypatch, "language", applies=Applies.AT_ONCE)
    assert restart_notices(Settings(), russian) == []


def test_the_demo_holds_the_fields_declared_fixed_in_it(
    open_dialog: OpenDialog, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = open_dialog(demo=True)
    held = {name for name, field in dialog.setting_inputs().items() if is_held(field)}
    assert held == {"base_url", "client_id", "order_book", "secret_storage"}
    redeclare(monkeypatch, "max_in_flight", fixed_in_demo=True)
    redeclare(monkeypatch, "language", fixed_in_demo=True)
    dialog = open_dialog(demo=True)
    assert dialog.in_flight_spin.isReadOnly() and not dialog.language_combo.isEnabled()
    assert not dialog.lifetime_spin.isReadOnly()
    assert not restart_shown(dialog, "language")  # the demo's own: nothing waits
    dialog.in_flight_spin.setValue(20)  # as a program might: still not saved
    dialog.lifetime_spin.setValue(5)
    dialog.accept()
    saved = dialog.result_settings()
    assert (saved.max_in_flight, saved.order_lifetime_seconds) == (8, 300)
    # Outside the demo, nothing is held.
    dialog = open_dialog()
    assert not any(is_held(field) for field in dialog.setting_inputs().values())


def test_the_spin_boxes_take_the_declared_bounds(
    open_dialog: OpenDialog, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = open_dialog()
    assert (dialog.in_flight_spin.minimum(), dialog.in_flight_spin.maximum()) == (1, 64)
    redeclare(monkeypatch, "max_in_flight", bounds=(2, 16))
    redeclare(monkeypatch, "focus_interval_seconds", bounds=(1, 30))
    dialog = open_dialog()
    assert (dialog.in_flight_spin.minimum(), dialog.in_flight_spin.maximum()) == (2, 16)
    assert (dialog.focus_spin.minimum(), dialog.focus_spin.maximum()) == (1, 30)
