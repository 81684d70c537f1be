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
    assert window.parts.menu_actions.export_csv_to(str(path)) == 1
    with path.open(encoding="utf-8-sig", newline="") as handle:
        [header, row] = list(csv.reader(handle))
    assert "Order id" in header
    assert row[header.index("Amount, ₽")] == "12.34"  # an English-locale spreadsheet


#: A people's CSV in each language: its delimiter, and the headings read back by.
SPREADSHEETS = {
    "en": (",", "Order id", "Amount, ₽", "Service status", "Status", "12.34", "Waiting"),
    "ru": (";", "Номер заказа", "Сумма, ₽", "Статус в сервисе", "Статус", "12,34", "Ожидает"),
}


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_export_speaks_the_window_s_language(
    language: str, window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path
) -> None:
    """Headings and statuses in the window's words (a Russian window wrote English ones
    and the service's "approve"); the service's word stays, for programs, as is."""
    import csv

    delimiter, order_id, amount, service, status, twelve, waiting = SPREADSHEETS[language]
    type_amount(qtbot, window, "12,34")
    wait_for_link(qtbot, window)
    path = tmp_path / "shown.csv"
    assert window.parts.menu_actions.export_csv_to(str(path)) == 1
    with path.open(encoding="utf-8-sig", newline="") as handle:
        [record] = list(csv.DictReader(handle, delimiter=delimiter))
    sale = window.parts.presenter.sale
    assert sale is not None
    assert (record[order_id], record[amount]) == (sale.order_id, twelve)
    assert (record[service], record[status]) == ("pending", waiting)
    if language == "ru":
        english = [h for h in record if any("a" <= ch.lower() <= "z" for ch in h)]
        assert english == ["E-mail"], english  # the one word Russian writes so too


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

    window.parts.actions.export.trigger()

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

    window.parts.actions.sound.trigger()  # Settings → Play sounds: saved at once

    assert window.runtime.settings == before
    [(title, text)] = warnings
    assert title == "Settings" and "cannot be saved" in text
