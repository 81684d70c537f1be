"""What the window writes from its menus: an export of what the list shows, and the
settings. A write that fails is said, with where and why, and changes nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

from counter_steps import type_amount, wait_for_link


def test_export_shows_what_the_list_shows(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path
) -> None:
    import csv

    type_amount(qtbot, window, "12,34")
    wait_for_link(qtbot, window)
    path = tmp_path / "shown.csv"
    assert window.menu_actions.export_csv_to(str(path)) == 1
    with path.open(encoding="utf-8-sig", newline="") as handle:
        [header, row] = list(csv.reader(handle))
    assert "order_id" in header
    assert row[header.index("amount")] == "12.34"  # an English-locale spreadsheet


def test_an_export_that_cannot_be_written_says_so_and_where(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    target = tmp_path / "no-such-folder" / "orders.csv"
    # The file dialog and the message box are modal: they are answered and read here.
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    warnings: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text: warnings.append((title, text)))

    window.export_action.trigger()

    [(title, text)] = warnings
    where, why = text.split("\n\n")
    assert title == "Could not save" and where == str(target) and why  # the OS's words
    assert not target.exists()


def test_settings_that_cannot_be_saved_are_said_and_left_as_they_were(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    # A save holds the settings' lock; make the lock's file unusable.
    window.runtime.paths.settings_file.with_suffix(".lock").mkdir()
    warnings: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text: warnings.append((title, text)))
    before = window.runtime.settings

    window.sound_action.trigger()  # Settings → Play sounds: saved at once

    assert window.runtime.settings == before
    [(title, text)] = warnings
    assert title == "Settings" and "cannot be saved" in text
