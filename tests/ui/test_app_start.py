"""How the window starts: demo mode, first start, remembered choices."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QByteArray, Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QMenu
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import open_runtime
from paydesk.core.settings import values as settings_file
from paydesk.core.settings.values import Settings
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window, choose_start, start_settings, ui_state
from paydesk.ui.settings.welcome_dialog import WelcomeDialog


def test_demo_window_is_marked_and_works_out_of_the_box(qtbot: QtBot, tmp_path: Path) -> None:
    runtime = open_runtime(str(tmp_path), demo=True)
    try:
        window = build_window(runtime)
        qtbot.addWidget(window)
        window.show()
        window.watch.start()
        marker = window.findChild(QLabel, "demo_marker")
        assert marker is not None and marker.isVisible()
        assert "demo" in window.windowTitle().lower()
        amount = window.findChild(QLineEdit, "amount_input")
        qtbot.keyClicks(amount, "150")
        qtbot.keyClick(amount, Qt.Key.Key_Return)
        link = window.findChild(QLabel, "payment_link")
        qtbot.waitUntil(lambda: link.toolTip().startswith("http://127.0.0.1:"), timeout=10_000)
        assert runtime.paths.database == tmp_path / "demo" / "paydesk.sqlite3"
        window.shutdown()
    finally:
        runtime.close()


def test_demo_flag_skips_the_welcome(tmp_path: Path) -> None:
    assert choose_start(str(tmp_path), demo=True, settings=Settings()) is True


def test_configured_merchant_goes_straight_to_the_counter(tmp_path: Path) -> None:
    paths = AppPaths(tmp_path).ensure()
    settings_file.save(Settings(base_url="https://pay.example.com", client_id=5),
                       paths.settings_file)
    settings = start_settings(str(tmp_path), demo=False)
    assert choose_start(str(tmp_path), demo=False, settings=settings) is False


@pytest.mark.parametrize(("choice", "expected"), [("demo", True), ("setup", False), (None, None)])
def test_first_start_asks_once_and_remembers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, choice: str | None, expected: bool | None
) -> None:
    shown = []

    def fake_exec(dialog: WelcomeDialog) -> int:
        shown.append(dialog)
        return 1

    monkeypatch.setattr(WelcomeDialog, "exec", fake_exec)
    monkeypatch.setattr(WelcomeDialog, "choice", lambda _dialog: choice)
    assert choose_start(str(tmp_path), demo=False, settings=Settings()) is expected
    assert len(shown) == 1
    if choice is not None:
        assert ui_state(tmp_path).value("start/mode") == choice
        assert choose_start(str(tmp_path), demo=False, settings=Settings()) is expected
        assert len(shown) == 1  # not asked again


def test_window_geometry_is_saved_on_close(qtbot: QtBot, tmp_path: Path) -> None:
    runtime = open_runtime(str(tmp_path), demo=True)
    try:
        first = build_window(runtime)
        qtbot.addWidget(first)
        first.show()
        first.resize(1000, 700)
        first.close()
        first.shutdown()
        saved = ui_state(runtime.paths.data_dir).value("window/geometry")
        assert isinstance(saved, QByteArray) and not saved.isEmpty()
        # Restoring it is Qt's restoreGeometry(); the offscreen platform's small
        # screen clamps restored sizes, so pixel sizes are not compared here.
    finally:
        runtime.close()


def test_the_order_book_opens_right_after_the_first_frame(qtbot: QtBot, tmp_path: Path) -> None:
    runtime = open_runtime(str(tmp_path), demo=True)
    try:
        window = build_window(runtime)
        qtbot.addWidget(window)
        assert window._parts is None  # the first frame shows the amount field only
        with qtbot.waitSignal(window.first_frame_done, timeout=10_000):
            window.show()
        assert window._parts is not None and window.parts.desk.store is not None
        window.shutdown()
    finally:
        runtime.close()


def test_the_menus_fill_and_the_shortcuts_work_right_after_the_first_frame(
    qtbot: QtBot, tmp_path: Path
) -> None:
    runtime = open_runtime(str(tmp_path), demo=True)
    try:
        window = build_window(runtime)
        qtbot.addWidget(window)
        titles = [action.text() for action in window.menuBar().actions()]
        assert titles == ["&File", "&Orders", "&Settings", "&View", "&Help"]  # in the first frame
        with qtbot.waitSignal(window.first_frame_done, timeout=10_000):
            window.show()
        menus = [menu for menu in window.menuBar().findChildren(QMenu) if menu.title()]
        assert len(menus) == len(titles) and all(menu.actions() for menu in menus)
        shortcuts = {action.shortcut().toString() for action in window.actions()}
        assert {"Ctrl+E", "Ctrl+Shift+R", "Esc", "Ctrl+R", "F5", "Ctrl+D", "Ctrl+,"} <= shortcuts

        window.form.amount_input.setText("150")
        qtbot.keyClick(window, Qt.Key.Key_Escape)  # New payment: the form is cleared
        assert window.form.amount_input.text() == ""
        window.shutdown()
    finally:
        runtime.close()


def test_an_order_book_that_will_not_open_stops_the_start_after_the_first_frame(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from paydesk.store import StoreError

    runtime = open_runtime(str(tmp_path), demo=True)
    runtime.paths.database.write_bytes(b"this is not an SQLite database, not at all" * 100)
    try:
        window = build_window(runtime)
        qtbot.addWidget(window)
        with qtbot.waitSignal(window.start_failed, timeout=10_000) as failed:
            window.show()
        [error] = failed.args
        assert isinstance(error, StoreError) and str(runtime.paths.database) in str(error)
        window.shutdown()  # nothing to stop, nothing to close: no second error
    finally:
        runtime.close()


def test_any_failure_after_the_first_frame_is_reported_not_left_half_started(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from paydesk.ui.main_window import MainWindow

    runtime = open_runtime(str(tmp_path), demo=True)

    def broken_counter(_desk: Any) -> Any:
        raise RuntimeError("the counter could not be made")

    try:
        window = MainWindow(runtime, ui_state(runtime.paths.data_dir), make_watch=broken_counter)
        qtbot.addWidget(window)
        with qtbot.waitSignal(window.start_failed, timeout=10_000) as failed:
            window.show()
        [error] = failed.args
        assert isinstance(error, RuntimeError)
        window.shutdown()
    finally:
        runtime.close()


def test_a_settings_file_that_cannot_be_read_is_said_and_the_start_stops(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    run_window: Callable[..., int],
) -> None:
    from PySide6.QtWidgets import QMessageBox

    AppPaths(tmp_path).ensure().settings_file.write_text("{bad", encoding="utf-8")
    said: list[str] = []
    # The message box is modal: read here, not shown.
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: said.append(text))
    assert run_window(str(tmp_path)) == 2
    [message] = said
    assert "settings.json" in message and "cannot be read" in message
    assert not list((tmp_path / "logs").glob("crash-*.txt"))  # said, not a crash
