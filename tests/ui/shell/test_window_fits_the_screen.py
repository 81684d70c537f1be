"""The counter window fits the screen it opens on: 1280×800 and 1366×768 counters too.

The sizes are checked on the screen's available geometry; the whole window is
checked on a real offscreen screen of each size, in a child process (a running
application has the one screen it started with), in English and in Russian,
with a sale paid through the sandbox: nothing runs off the screen or is cut.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QRect, QSize, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.sandbox import SandboxServer
from paydesk.ui.app import build_window, ui_state
from paydesk.ui.shell import i18n
from paydesk.ui.shell.window_size import FRAME, PREFERRED, first_geometry, fitted

from payment_page import decide
from screenshots import save_screenshot
from small_screens import (
    SMALL_SCREENS,
    assert_nothing_cut,
    assert_on_screen,
    on_a_small_screen,
    run_on_screen,
    screen_rect,
    this_screen,
)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

WAIT_MS = 10_000


@pytest.mark.parametrize("size", SMALL_SCREENS)
def test_the_first_window_is_cut_to_a_small_screen(size: str) -> None:
    available = screen_rect(size).adjusted(0, 0, 0, -28)  # a task bar at the bottom
    placed = first_geometry(available)
    assert available.contains(placed.marginsAdded(FRAME))  # the frame too
    assert placed.width() == min(PREFERRED.width(), available.width() - 8)
    assert placed.height() == available.height() - 40


def test_a_large_screen_gets_the_wanted_size_centred() -> None:
    available = QRect(0, 0, 1920, 1050)
    placed = first_geometry(available)
    assert placed.size() == PREFERRED
    assert abs(placed.center().x() - available.center().x()) <= 1


def test_a_saved_geometry_from_a_bigger_monitor_is_cut_and_brought_back() -> None:
    available = screen_rect("1366x768")
    placed = fitted(QRect(300, 200, 1900, 1000), available)
    assert available.contains(placed.marginsAdded(FRAME))
    assert placed.size() == QSize(1358, 728)
    kept = fitted(QRect(100, 80, 900, 600), available)  # one that fits stays as it was
    assert kept == QRect(100, 80, 900, 600)


def test_a_restored_geometry_larger_than_the_screen_is_fitted(
    runtime: Runtime, qtbot: QtBot
) -> None:
    available = QApplication.primaryScreen().availableGeometry()
    state = ui_state(runtime.paths.data_dir)
    big = build_window(runtime)
    qtbot.addWidget(big)
    big.setGeometry(QRect(0, 0, available.width() + 600, available.height() + 400))
    state.setValue("window/geometry", big.saveGeometry())
    state.sync()
    assert isinstance(state.value("window/geometry"), QByteArray)
    window = build_window(runtime)
    qtbot.addWidget(window)
    assert available.contains(window.geometry().marginsAdded(FRAME))


# -- the whole window on a small screen ---------------------------------------------------


@pytest.mark.parametrize("size", SMALL_SCREENS)
@pytest.mark.scenario
def test_the_window_fits_a_small_screen(size: str, tmp_path: Path) -> None:
    """This module's screen test, in a child whose offscreen screen is ``size``."""
    run_on_screen(size, tmp_path, f"{__file__}::test_on_this_screen", passed=2)


@pytest.fixture
def language(request: pytest.FixtureRequest, qapp: QApplication,
             tmp_path: Path) -> Iterator[str]:
    if request.param == "ru":
        assert i18n.install_translation(qapp, "ru", cache_dir=tmp_path / "qm") == "ru"
    yield request.param
    i18n.remove_translation(qapp)


@on_a_small_screen
@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_on_this_screen(
    language: str, runtime: Runtime, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    size = this_screen()
    window = build_window(runtime)  # no saved geometry: its first start
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    try:
        assert_on_screen(window, "started")
        window.form.amount_input.setText("1 234,50")
        qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
        panel = window.parts.payment_panel
        qtbot.waitUntil(lambda: bool(panel.link_label.link()), timeout=WAIT_MS)
        table = window.orders_panel.table
        qtbot.waitUntil(lambda: table.model().rowCount() == 1, timeout=WAIT_MS)
        link = panel.link_label.link()
        assert link is not None
        decide(link, "approve", "b@example.com").raise_for_status()
        qtbot.waitUntil(lambda: panel.badge.text().startswith("✓"), timeout=WAIT_MS)
        totals = window.orders_panel.paid_today_label  # written a moment after the badge
        qtbot.waitUntil(lambda: totals.width() >= totals.sizeHint().width())
        save_screenshot(window, f"{'ru-' if language == 'ru' else ''}window-screen-{size}")
        assert_on_screen(window, "paid")
        assert_nothing_cut(window, "paid")
        assert panel.qr.width() >= 200 and panel.qr.height() >= 200  # the sale's, large
    finally:
        window.shutdown()
