"""Every save dialog of the window starts in the folder the person last saved into, else in
their Documents (Pictures for the QR code's image), never in the process's working folder
(a source checkout, wherever a terminal was); the folder is remembered for the next start.

The real window and Qt's own file dialogs, answered as a person answers them: where the
dialog starts is read, a file name typed, Save.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.report.dialog import ReportDialog

from counter_steps import sell


@dataclass(frozen=True)
class Folders:
    documents: Path
    pictures: Path
    working: Path


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Folders:
    """A home whose Documents and Pictures are named as a German desktop names them (Qt
    reads them from the person's user-dirs.dirs), and a working folder elsewhere."""
    home = tmp_path / "home"
    documents, pictures, config = home / "Dokumente", home / "Bilder", home / ".config"
    for folder in (documents, pictures, config):
        folder.mkdir(parents=True)
    (config / "user-dirs.dirs").write_text(
        'XDG_DOCUMENTS_DIR="$HOME/Dokumente"\nXDG_PICTURES_DIR="$HOME/Bilder"\n')
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    working = tmp_path / "checkout"
    working.mkdir()
    monkeypatch.chdir(working)
    return Folders(documents, pictures, working)


#: How each save dialog is opened, from the window (the report's from its dialog).
OPEN: dict[str, Callable[[MainWindow], None]] = {
    "slip-pdf": lambda window: window.parts.actions.save_slip.trigger(),
    "orders-csv": lambda window: window.parts.actions.export.trigger(),
    "qr-png": lambda window: window.parts.payment_panel.save_button.click(),
    "report-pdf": lambda window: window.parts.actions.report.trigger(),
    "report-csv": lambda window: window.parts.actions.report.trigger(),
}


def save_through(window: MainWindow, kind: str, path: Path) -> Path:
    """Open the ``kind`` save dialog and save ``path`` with it; where the dialog started."""
    started: list[Path] = []

    def answer() -> None:  # runs inside the dialog's own event loop
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QFileDialog):
            started.append(Path(dialog.directory().absolutePath()))
            dialog.selectFile(str(path))
            dialog.accept()
        elif dialog is not None:
            dialog.reject()  # not the dialog expected: the test fails below, never hangs

    def in_the_report() -> None:
        report = QApplication.activeModalWidget()
        if isinstance(report, ReportDialog):
            QTimer.singleShot(0, answer)
            (report.pdf_button if kind == "report-pdf" else report.csv_button).click()
        if report is not None:
            report.accept()

    QTimer.singleShot(0, in_the_report if kind.startswith("report") else answer)
    OPEN[kind](window)
    assert started, f"no file dialog opened for {kind}"
    assert path.is_file() and path.stat().st_size > 0
    return started[0]


@pytest.mark.parametrize("kind", OPEN)
def test_a_save_dialog_starts_in_documents_then_where_the_last_file_went(
    window: MainWindow, qtbot: QtBot, folders: Folders, tmp_path: Path, kind: str
) -> None:
    sell(window, qtbot, "150")  # a slip and a QR code to save, an order to export
    shop = tmp_path / "shop papers"
    shop.mkdir()
    name = kind.replace("-", ".")

    first = save_through(window, kind, shop / name)

    assert first == (folders.pictures if kind == "qr-png" else folders.documents)
    assert first != folders.working
    assert save_through(window, kind, shop / f"again-{name}") == shop


def test_the_last_folder_is_every_dialog_s_start_and_the_next_window_s(
    window: MainWindow, qtbot: QtBot, folders: Folders, tmp_path: Path
) -> None:
    sell(window, qtbot, "150")
    shop = tmp_path / "shop papers"
    shop.mkdir()
    assert save_through(window, "slip-pdf", shop / "slip.pdf") == folders.documents
    assert save_through(window, "qr-png", shop / "code.png") == shop
    window.shutdown()

    again = build_window(window.runtime)  # the next start, on the same data folder
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    again.finish_start()
    try:
        assert save_through(again, "report-csv", shop / "day.csv") == shop
        (shop / "gone").mkdir()
        assert save_through(again, "orders-csv", shop / "gone" / "orders.csv") == shop
        (shop / "gone" / "orders.csv").unlink()
        (shop / "gone").rmdir()  # the folder last saved into is no more: Documents again
        assert save_through(again, "report-pdf", shop / "day.pdf") == folders.documents
    finally:
        again.shutdown()
