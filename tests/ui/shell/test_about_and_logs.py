"""Help → About PayDesk and Open log folder; the window's icon; coming to the front."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QDesktopServices
from PySide6.QtWidgets import QMenu, QPushButton
from pytestqt.qtbot import QtBot

from paydesk import __version__
from paydesk.core.runtime import Runtime, open_runtime
from paydesk.core.settings.values import Settings
from paydesk.sandbox import SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from memory_keyring import MemoryKeyring
from test_values import TEST_CLIENT_ID, TEST_SECRET
from url_catcher import UrlCatcher


@pytest.fixture
def opened() -> Iterator[UrlCatcher]:
    """What would have been handed to the desktop's file manager."""
    catcher = UrlCatcher()
    QDesktopServices.setUrlHandler("file", catcher, "open")  # type: ignore[arg-type]
    yield catcher
    QDesktopServices.unsetUrlHandler("file")


@pytest.fixture
def runtime(sandbox: SandboxServer, tmp_path: Path) -> Iterator[Runtime]:
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                        merchant_name="Test shop")
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings)
    yield runtime
    runtime.close()


def make_window(qtbot: QtBot, runtime: Runtime, log_dir: Path | None = None) -> MainWindow:
    window = build_window(runtime, log_dir=log_dir)
    qtbot.addWidget(window)
    return window


@pytest.fixture
def window(qtbot: QtBot, runtime: Runtime) -> Iterator[MainWindow]:
    window = make_window(qtbot, runtime)
    yield window
    window.shutdown()


def started(qtbot: QtBot, window: MainWindow) -> MainWindow:
    """The window shown and past its first frame, as a person meets its menus
    (their actions come right after the first frame)."""
    with qtbot.waitSignal(window.first_frame_done, timeout=10_000):
        window.show()
    return window


def help_action(window: MainWindow, text: str) -> QAction:
    for action in window.findChildren(QAction):
        if action.text().replace("&", "") == text:
            return action
    raise AssertionError(f"no action {text!r}")


def test_about_names_version_qt_folders_and_where_the_secret_lives(
    window: MainWindow, runtime: Runtime, monkeypatch: pytest.MonkeyPatch,
    memory_keyring: MemoryKeyring,
) -> None:
    memory_keyring.set_password("PayDesk", f"client-{TEST_CLIENT_ID}", TEST_SECRET)
    window.finish_start()  # the menus' actions, as right after the first frame
    box = window.parts.menu_actions.about_box()
    text = box.text()
    assert box.isVisible() and box.windowTitle() == "About PayDesk"
    assert f"PayDesk {__version__}" in text and "PySide6 " in text and "Qt " in text
    assert f"Data folder: {runtime.paths.data_dir}" in text
    assert f"Log folder: {runtime.paths.data_dir / 'logs'}" in text
    assert "OS keychain (service “PayDesk”, account “client-1”)" in text
    assert "Alert sounds: " in text
    assert TEST_SECRET not in text
    box.close()

    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    box = window.parts.menu_actions.about_box()
    assert "Secret key: the environment variable PAYDESK_SECRET_KEY" in box.text()
    assert TEST_SECRET not in box.text()
    box.close()


def test_about_in_the_demo_says_no_secret_is_used(qtbot: QtBot, tmp_path: Path) -> None:
    runtime = open_runtime(str(tmp_path), demo=True)
    try:
        window = make_window(qtbot, runtime)
        window.finish_start()  # the menus' actions, as right after the first frame
        text = window.parts.menu_actions.about_box().text()
        assert "not used: the demo signs with the sandbox's fixed key" in text
        assert f"Data folder: {tmp_path / 'demo'}" in text
        window.shutdown()
    finally:
        runtime.close()


def test_open_log_folder_hands_the_folder_to_the_desktop(
    qtbot: QtBot, runtime: Runtime, tmp_path: Path, opened: UrlCatcher
) -> None:
    log_dir = tmp_path / "somewhere" / "logs"
    window = started(qtbot, make_window(qtbot, runtime, log_dir=log_dir))
    try:
        help_action(window, "Open log folder").trigger()
        assert [url.toLocalFile() for url in opened.urls] == [str(log_dir)]
        assert log_dir.is_dir()  # made, so the file manager has something to show

        box = window.parts.menu_actions.about_box()
        assert f"Log folder: {log_dir}" in box.text()
        button = next(b for b in box.findChildren(QPushButton)
                      if b.text() == "Open log folder")
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert len(opened.urls) == 2 and opened.urls[1].toLocalFile() == str(log_dir)
    finally:
        window.shutdown()


def test_help_menu_has_about_and_the_log_folder(qtbot: QtBot, window: MainWindow) -> None:
    started(qtbot, window)
    [help_menu] = [m for m in window.menuBar().findChildren(QMenu) if m.title() == "&Help"]
    assert [a.text() for a in help_menu.actions()] == ["Open &log folder", "&About PayDesk"]


def test_the_window_has_paydesks_icon_right_after_its_first_frame(
    qtbot: QtBot, window: MainWindow
) -> None:
    with qtbot.waitSignal(window.first_frame_done):
        window.show()
    assert not window.windowIcon().isNull()


# The offscreen platform has no window stacking; raise_() is a desktop's business.
@pytest.mark.qt_log_ignore("This plugin does not support raise")
def test_bring_to_front_unminimises(qtbot: QtBot, window: MainWindow) -> None:
    window.showMinimized()
    qtbot.waitUntil(window.isMinimized)
    window.bring_to_front()
    assert not window.isMinimized() and window.isVisible()
