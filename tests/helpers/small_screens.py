"""The counter's small screens for the window tests: a test run again in a child
process whose one offscreen screen is 1280×800 or 1366×768 (a running application
keeps the screen it started with), and the checks that a window fits its screen
with nothing important cut."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRect
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget

from paydesk.ui.main_window import MainWindow
from paydesk.ui.shell.window_size import room_on

ROOT = Path(__file__).resolve().parents[2]
#: Set in the child process: "1280x800", the size of its one screen.
SCREEN_ENV = "PAYDESK_TEST_SCREEN"
SMALL_SCREENS = ("1280x800", "1366x768")

#: Marks the tests that only the child runs, on its small screen.
on_a_small_screen = pytest.mark.skipif(SCREEN_ENV not in os.environ,
                                       reason="run on a small screen by run_on_screen")


def screen_rect(size: str) -> QRect:
    width, height = (int(n) for n in size.split("x"))
    return QRect(0, 0, width, height)


def this_screen() -> str:
    """The child's screen ("1280x800"), checked against what Qt reports."""
    size = os.environ[SCREEN_ENV]
    assert QApplication.primaryScreen().availableGeometry() == screen_rect(size)
    return size


def run_on_screen(size: str, tmp_path: Path, *tests: str, passed: int) -> None:
    """Run ``tests`` (node ids) in a child whose offscreen screen is ``size``; it must
    pass ``passed`` tests."""
    screen = screen_rect(size)
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "counter", "x": 0, "y": 0, "width": screen.width(), "height": screen.height(),
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", SCREEN_ENV: size}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
         f"--basetemp={tmp_path / 'run'}", *tests],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert f"\n{passed} passed" in done.stdout, done.stdout[-2000:]


def settle() -> None:
    """Run the layout passes the last change posted: each one may post the next (a
    message shown in the form, then the column it is in, then the window)."""
    for _ in range(6):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def assert_on_screen(window: QWidget, what: str) -> None:
    """``window`` and its frame on the screen, and small enough for a real title bar."""
    settle()
    available = window.screen().availableGeometry()
    assert available.contains(window.frameGeometry()), (what, window.frameGeometry())
    room = room_on(available)
    assert window.width() <= room.width() and window.height() <= room.height(), (
        what, window.size(), room.size())


def in_sight(widget: QWidget, window: QWidget) -> bool:
    """Shown, and all of it inside ``window`` (not cut by its edge)."""
    top_left = widget.mapTo(window, widget.rect().topLeft())
    return widget.isVisible() and window.rect().contains(QRect(top_left, widget.size()))


def assert_nothing_cut(window: MainWindow, what: str) -> None:
    """The status bar in sight; the list not scrolling sideways; the card's words and
    buttons whole, none squeezed below what it needs, and the QR code big enough."""
    status = window.statusBar()
    assert in_sight(status, window), what
    for label in status.findChildren(QLabel):
        assert not label.isVisible() or in_sight(label, window), (what, label.text())
    table = window.orders_panel.table
    assert table.horizontalHeader().length() <= table.viewport().width(), what
    panel = window.parts.payment_panel
    if not panel.is_idle():
        assert panel.qr.width() >= panel.qr.minimumSizeHint().width(), what
    assert_whole(panel, what)
    assert_whole(window.form, what)


def assert_whole(part: QWidget, what: str) -> None:
    """Every button and label shown in ``part``: as big as it needs, inside ``part``
    (a button drawn by labels of its own, with no text, is checked by its labels)."""
    for widget in part.findChildren(QPushButton) + part.findChildren(QLabel):
        if not widget.isVisible() or not widget.text():
            continue
        name = (what, widget.objectName() or widget.text())
        if isinstance(widget, QLabel) and widget.wordWrap():
            assert widget.height() >= widget.heightForWidth(widget.width()), name
        else:
            assert widget.width() >= widget.minimumSizeHint().width(), name
            assert widget.height() >= widget.minimumSizeHint().height(), name
        assert in_sight(widget, part), name
