"""The screens the cashier's rough edges changed, on a 1280×800 and a 1366×768 screen, in
English and in Russian, saved for a person to look at (tests/screenshots/edges-*): the
list's named sums and a paid card with Copy and Open off, a browser that did not open,
a pasted note made one line, Ctrl+D on the only screen, and Settings opened to pair a
tablet with named devices. Each fits its screen with nothing cut.

Each screen is a child process (tests/helpers/small_screens.py).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.sandbox import SandboxServer
from paydesk.ui.app import build_window
from paydesk.ui.settings.dialog import SettingsDialog

from counter_steps import WAIT_MS, sell
from payment_page import decide
from qt_images import decode_qimage
from screenshots import save_screenshot
from settings_dialog import screenshot as dialog_screenshot
from small_screens import (
    SMALL_SCREENS,
    assert_nothing_cut,
    assert_on_screen,
    on_a_small_screen,
    run_on_screen,
    settle,
    this_screen,
)

#: The offscreen platform has no browser (the failure the screens show).
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                       "does not support QPlatformServices::openUrl")

ANDROID = ("Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/120.0 Safari/537.36")


@pytest.mark.parametrize("size", SMALL_SCREENS)
@pytest.mark.scenario
def test_the_changed_screens_on_a_small_screen(size: str, tmp_path: Path) -> None:
    run_on_screen(size, tmp_path, f"{__file__}::test_the_changed_screens_on_this_screen",
                  passed=2)


@on_a_small_screen
@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_changed_screens_on_this_screen(
        language: str, runtime: Runtime, qtbot: QtBot, sandbox: SandboxServer) -> None:
    size = this_screen()
    name = f"edges-{size}-{language}"
    runtime.keeper.settings = dataclasses.replace(runtime.settings, web_display="local",
                                                  web_display_port=0)
    window = build_window(runtime)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_frame_done, timeout=WAIT_MS):
        window.show()
    window.watch.start()
    try:
        comma = "," if language == "ru" else "."
        refused = sell(window, qtbot, f"1234{comma}50")
        decide(refused, "decline").raise_for_status()
        panel = window.parts.payment_panel
        qtbot.waitUntil(lambda: not panel.copy_button.isEnabled(), timeout=WAIT_MS)
        paid = sell(window, qtbot, "150")
        decide(paid, "approve", "buyer@example.com").raise_for_status()
        qtbot.waitUntil(lambda: (order := panel.order()) is not None
                        and order.status == "approve", timeout=WAIT_MS)
        qtbot.waitUntil(lambda: "150" in window.orders_panel.totals_label.text()
                        and window.orders_panel.totals_label.text().count("·") == 2,
                        timeout=WAIT_MS)
        assert not panel.copy_button.isEnabled() and not panel.open_button.isEnabled()
        assert_on_screen(window, "paid")
        assert_nothing_cut(window, "paid")
        save_screenshot(window, f"{name}-paid-and-sums")

        sell(window, qtbot, "99")
        qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
        assert panel.links.problem_label.isVisible()
        QGuiApplication.clipboard().setText("2 coffees\n1 cake")
        window.form.note_input.setFocus()
        qtbot.keyClick(window.form.note_input, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
        assert window.form.error_text("note")
        assert_on_screen(window, "no browser")
        assert_nothing_cut(window, "no browser")
        save_screenshot(window, f"{name}-no-browser-and-note")

        window.parts.actions.display.trigger()
        qtbot.waitUntil(lambda: window.one_screen_box is not None
                        and window.one_screen_box.isVisible(), timeout=WAIT_MS)
        box = window.one_screen_box
        assert box is not None
        assert_on_screen(box, "one screen")
        save_screenshot(box, f"{name}-one-screen")
        box.reject()

        server = window.parts.web_screen.server
        assert server is not None
        for device_name in ("Касса у окна" if language == "ru" else "Counter tablet", ""):
            address, _ = server.pairing_address(device_name)
            requests.get(address, headers={"User-Agent": ANDROID}, timeout=5)
        shown: list[str] = []

        def look() -> None:
            dialog = QApplication.activeModalWidget()
            assert isinstance(dialog, SettingsDialog)
            section = dialog.buyer_screen_section
            section.device_list.setCurrentRow(1)
            qtbot.mouseClick(section.pair_button, Qt.MouseButton.LeftButton)
            assert decode_qimage(section.pairing_qr.grab().toImage())
            viewport = dialog.sections.viewport()

            def devices_in_sight() -> bool:
                settle()  # the pairing code's lines make the section taller first
                dialog.sections.ensureWidgetVisible(section.remove_button)
                corner = section.remove_button.mapTo(viewport, section.remove_button.rect()
                                                     .bottomRight())
                return viewport.rect().contains(corner)

            dialog_screenshot(qtbot, dialog, f"{name}-settings-pairing")
            qtbot.waitUntil(devices_in_sight)
            assert_on_screen(dialog, "settings")
            save_screenshot(dialog, f"{name}-settings-devices")
            shown.append(section.device_list.item(1).text())
            dialog.reject()

        QTimer.singleShot(0, look)
        window.settings_control.open_dialog(pairing=True)
        assert shown and shown[0].startswith("Android tablet 1")
    finally:
        window.shutdown()
