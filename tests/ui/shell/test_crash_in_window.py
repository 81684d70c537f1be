"""An exception in a Qt slot or a worker thread: a report on disk, a notice, the window lives on."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThread, QTimer
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from paydesk.support import logs, redaction
from paydesk.support.crash_report import install_crash_handler, uninstall_crash_handler
from paydesk.ui.shell.crash_notice import CrashNotice

from url_catcher import UrlCatcher

SECRET = "Zq7-slot-secret-0042"


@pytest.fixture
def notice(tmp_path: Path) -> Iterator[CrashNotice]:
    notice = CrashNotice(tmp_path / "logs")
    yield notice
    uninstall_crash_handler()
    logs.stop_logging()
    redaction.forget_secrets()
    if notice.box is not None:
        notice.box.close()


def crash_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("crash-*.txt")) if folder.exists() else []


def test_an_exception_in_a_slot_goes_through_excepthook_to_a_report(
    qtbot: QtBot, tmp_path: Path, notice: CrashNotice
) -> None:
    log_dir = tmp_path / "logs"
    redaction.register_secret(SECRET)

    def broken_slot() -> None:
        raise RuntimeError(f"slot failed with {SECRET} for anna.buyer@example.com")

    # pytest-qt's own hook stays underneath ours and records the exception.
    with qtbot.captureExceptions() as seen:
        install_crash_handler(log_dir, on_crash=notice)
        try:
            QTimer.singleShot(0, broken_slot)
            qtbot.waitUntil(lambda: len(crash_files(log_dir)) == 1)
        finally:
            uninstall_crash_handler()
    assert len(seen) == 1 and seen[0][0] is RuntimeError

    [report] = crash_files(log_dir)
    text = report.read_text(encoding="utf-8")
    assert "in broken_slot" in text and "RuntimeError: slot failed with ***" in text
    assert SECRET not in text and "a***@example.com" in text

    # The notice opens in the GUI thread, after the failing slot returned.
    qtbot.waitUntil(lambda: notice.box is not None and notice.box.isVisible())
    assert notice.box is not None
    assert str(log_dir) in notice.box.text()
    catcher = UrlCatcher()
    QDesktopServices.setUrlHandler("file", catcher, "open")  # type: ignore[arg-type]
    try:
        button = next(b for b in notice.box.findChildren(QPushButton)
                      if b.text() == "Open log folder")
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert [url.toLocalFile() for url in catcher.urls] == [str(log_dir)]


def test_a_worker_threads_crash_is_announced_in_the_gui_thread(
    qtbot: QtBot, tmp_path: Path, notice: CrashNotice, monkeypatch: pytest.MonkeyPatch
) -> None:
    log_dir = tmp_path / "logs"
    earlier: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", earlier.append)
    install_crash_handler(log_dir, on_crash=notice)

    def fail() -> None:
        raise ValueError("a worker broke")

    worker = threading.Thread(target=fail, name="status-check")
    worker.start()
    worker.join()

    qtbot.waitUntil(lambda: notice.box is not None and notice.box.isVisible())
    assert len(crash_files(log_dir)) == 1 and len(earlier) == 1
    assert notice.box is not None and notice.box.thread() is QThread.currentThread()


def test_a_repeating_fault_keeps_one_notice_open(
    qtbot: QtBot, tmp_path: Path, notice: CrashNotice
) -> None:
    notice(tmp_path / "logs" / "crash-1.txt")
    qtbot.waitUntil(lambda: notice.box is not None and notice.box.isVisible())
    first = notice.box
    notice(tmp_path / "moved" / "crash-2.txt")
    notice(tmp_path / "moved" / "crash-3.txt")
    QApplication.processEvents()  # the queued notices arrive
    assert first is not None and notice.box is first
    assert str(tmp_path / "moved") in first.text()
    boxes = [w for w in QApplication.topLevelWidgets()
             if w.objectName() == "crash_notice" and w.isVisible()]
    assert boxes == [first]
