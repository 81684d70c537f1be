"""The window's shortcuts work wherever the cashier types: the amount and the search field.

A line edit takes some key sequences for itself (Ctrl+E moves to the end of
the line on X11, Ctrl+D deletes, and so on); the window's shortcuts must win
in its own fields, so each is pressed with real key events in both of them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QLineEdit, QTableView
from pytestqt.qtbot import QtBot

from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.report.dialog import ReportDialog

from x_server import needs_xvfb, x_display

WAIT_MS = 10_000
ROOT = Path(__file__).resolve().parents[2]

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
NONE = Qt.KeyboardModifier.NoModifier

#: (the window's action, key, modifiers): every shortcut of the counter.
SHORTCUTS = (
    ("export", Qt.Key.Key_E, CTRL),
    ("check_all", Qt.Key.Key_F5, NONE),
    ("check_selected", Qt.Key.Key_R, CTRL),
    ("find", Qt.Key.Key_F, CTRL),
    ("display", Qt.Key.Key_D, CTRL),
    ("print_slip", Qt.Key.Key_P, CTRL),
    ("report", Qt.Key.Key_R, CTRL | SHIFT),
    ("show_to_buyer", Qt.Key.Key_D, CTRL | SHIFT),
    ("back_to_sale", Qt.Key.Key_Left, ALT),
)


@pytest.fixture
def quiet_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dialogs Ctrl+E and Ctrl+Shift+R open would wait for a person: cancelled at once."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_kw: ("", ""))
    monkeypatch.setattr(ReportDialog, "exec", lambda self: 0)


def fired(action: QAction) -> list[bool]:
    seen: list[bool] = []
    action.triggered.connect(lambda *_args: seen.append(True))
    return seen


@pytest.mark.parametrize("field_name", ["amount_input", "search_input"])
@pytest.mark.parametrize(("action_name", "key", "modifiers"), SHORTCUTS,
                         ids=[name for name, _k, _m in SHORTCUTS])
def test_every_shortcut_works_in_the_cashiers_fields(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, quiet_dialogs: None,
    field_name: str, action_name: str, key: Qt.Key, modifiers: Qt.KeyboardModifier,
) -> None:
    action: QAction = getattr(window.parts.actions, action_name)
    if action_name in ("show_to_buyer", "back_to_sale"):
        look_up_an_earlier_order(window, qtbot)
    assert action.isEnabled()
    field = window.findChild(QLineEdit, field_name)
    assert field is not None
    window.activateWindow()  # an X server without a window manager activates nothing itself
    qtbot.waitUntil(window.isActiveWindow)
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    field.setText("12")
    seen = fired(action)
    qtbot.keyClick(field, key, modifiers)
    assert seen == [True]
    if window.customer_display is not None:
        window.customer_display.close()


def look_up_an_earlier_order(window: MainWindow, qtbot: QtBot) -> None:
    """An order, Esc, a second one (the sale), and the first one's row clicked."""
    for amount in ("11", "22"):
        window.parts.actions.new_payment.trigger()
        window.form.amount_input.setText(amount)
        qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: window.parts.presenter.sale is not None
                        and window.parts.presenter.sale.url is not None, timeout=WAIT_MS)
    table: QTableView = window.orders_panel.table
    qtbot.waitUntil(lambda: table.model().rowCount() == 2, timeout=WAIT_MS)
    sale_id = window.parts.presenter.sale_id
    model = table.model()
    [row] = [r for r in range(2)
             if model.index(r, 1).data(Qt.ItemDataRole.ToolTipRole) != sale_id]  # whole id
    table.selectRow(row)
    qtbot.waitUntil(window.parts.actions.back_to_sale.isEnabled, timeout=WAIT_MS)


def test_backspace_in_a_field_still_deletes_while_back_to_the_sale_is_offered(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    # On some key schemes Backspace is also "Back": in a field it stays the field's.
    look_up_an_earlier_order(window, qtbot)
    seen = fired(window.parts.actions.back_to_sale)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    field = window.form.amount_input
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    qtbot.keyClicks(field, "125")
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    assert field.text() == "12" and seen == []


@pytest.mark.scenario
@pytest.mark.skipif(os.environ.get("QT_QPA_PLATFORM", "offscreen") != "offscreen"
                    or shutil.which("xvfb-run") is None,
                    reason="runs the tests above on an X server, from the offscreen run")
def test_the_shortcuts_work_with_the_x11_key_scheme(tmp_path: Path) -> None:
    """On X11 a line edit claims Ctrl+E, Ctrl+D, Ctrl+K for editing (offscreen has the
    Windows scheme, where it claims none of them): the tests above on a virtual X server."""
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb"}
    done = subprocess.run(
        # One process (-n 0): the workers' windows would take turns being active on one X.
        ["xvfb-run", "-a", sys.executable, "-m", "pytest", "-q", "-n", "0",
         "-p", "no:cacheprovider",
         "-k", "not x11_key_scheme and not real_keyboard",  # those two start their own X
         f"--basetemp={tmp_path / 'run'}", __file__],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "\n19 passed" in done.stdout


@pytest.mark.scenario
@needs_xvfb
@pytest.mark.skipif(shutil.which("xdotool") is None,
                    reason="needs xdotool (apt-get install xdotool)")
def test_ctrl_e_typed_on_a_real_keyboard_in_the_amount_field_exports(tmp_path: Path) -> None:
    """As a person does it: the real window on an X server, keys from the X server
    (xdotool), not Qt's synthetic ones: an amount, Enter, then Ctrl+E with the cursor
    still in the amount field opens the export dialog."""
    window = None
    with x_display() as display:
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb",
               "PAYDESK_DATA_DIR": str(tmp_path / "data")}
        try:
            window = subprocess.Popen([sys.executable, "-m", "paydesk", "--demo", "-v"], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            assert window.stdout is not None
            for line in window.stdout:  # waits on the window's own words, line by line
                if "Alert sounds" in line:  # built after the first frame: the window is up
                    break

            def xdotool(*args: str) -> subprocess.CompletedProcess[str]:
                return subprocess.run(["xdotool", *args], env=env, capture_output=True,
                                      text=True, timeout=60, check=False)

            xdotool("mousemove", "640", "400")  # no window manager: focus follows the pointer
            xdotool("type", "--delay", "30", "150")
            xdotool("key", "Return")
            for line in window.stdout:
                if "create_order" in line and "http_status=200" in line:
                    break
            xdotool("key", "ctrl+e")
            found = xdotool("search", "--sync", "--onlyvisible", "--name", "Export orders")
            assert found.returncode == 0 and found.stdout.strip(), found.stderr
        finally:
            if window is not None:
                window.terminate()
                window.wait(timeout=60)
