"""Every dialog fits a 1280×800 and a 1366×768 screen, in English and in Russian, with
its buttons in sight: the first start's welcome, the first start's settings on a
computer without a keychain (its note on keeping the key in a file makes it taller
than the screen: its sections scroll, Save and Cancel stay), the same with an error
under a field and a connection test's result, the settings of a running till, the
day report of a shop of several tills, an order's details with a long story, and
About. Each screen is a child process (tests/helpers/small_screens.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QDialog, QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.sandbox import Fault, SandboxServer
from paydesk.support.secret_store import SecretStore
from paydesk.ui.app import build_window
from paydesk.ui.report.dialog import ReportDialog
from paydesk.ui.settings.dialog import SettingsDialog
from paydesk.ui.settings.welcome_dialog import WelcomeDialog

from counter_steps import WAIT_MS, type_amount, type_sale
from loopback_printer import LoopbackPrinter
from memory_keyring import MemoryKeyring, NoKeychain
from other_tills import download, till_order
from screenshots import save_screenshot
from small_screens import (
    SMALL_SCREENS,
    assert_nothing_cut,
    assert_on_screen,
    assert_whole,
    in_sight,
    on_a_small_screen,
    run_on_screen,
    settle,
    this_screen,
)
from test_values import TEST_CLIENT_ID

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support")


@pytest.mark.parametrize("size", SMALL_SCREENS)
@pytest.mark.scenario
def test_every_dialog_fits_a_small_screen(size: str, tmp_path: Path) -> None:
    run_on_screen(size, tmp_path, f"{__file__}::test_the_first_start_on_this_screen",
                  f"{__file__}::test_a_running_tills_dialogs_on_this_screen", passed=4)


def fits(qtbot: QtBot, dialog: QDialog, name: str, *buttons: QAbstractButton) -> None:
    """On the screen, ``buttons`` whole and in sight, every word whole (in the settings'
    scrolling column, where it is in the column); a screenshot for a person."""
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT_MS)
    settle()
    save_screenshot(dialog, f"fits-{this_screen()}-{name}")
    assert_on_screen(dialog, name)
    for button in buttons:
        assert in_sight(button, dialog), (name, button.text())
        assert button.width() >= button.minimumSizeHint().width(), (name, button.text())
    assert_whole(dialog.sections.widget() if isinstance(dialog, SettingsDialog) else dialog,
                 name)


def dialog_buttons(box: QDialogButtonBox) -> tuple[QAbstractButton, ...]:
    return tuple(box.buttons())


@on_a_small_screen
@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_first_start_on_this_screen(
    language: str, qtbot: QtBot, tmp_path: Path, no_keychain: NoKeychain,
    sandbox: SandboxServer,
) -> None:
    welcome = WelcomeDialog()
    qtbot.addWidget(welcome)
    welcome.show()
    fits(qtbot, welcome, f"{language}-welcome", welcome.demo_button, welcome.setup_button)

    # As app.set_up_account opens it: nothing set up, no parent, no keychain here.
    dialog = SettingsDialog(Settings(), SecretStore(tmp_path / "secret-key.txt", environ={}))
    qtbot.addWidget(dialog)
    dialog.show()
    note = dialog.service_section.file_choice_row
    qtbot.waitUntil(note.isVisible, timeout=WAIT_MS)  # no keychain: the file is offered
    buttons = dialog_buttons(dialog.buttons)
    fits(qtbot, dialog, f"{language}-settings-first-start", *buttons)
    assert dialog.sections.verticalScrollBar().maximum() > 0  # taller than the room: scrolls

    dialog.base_url_edit.setText("ftp://pay.example.com")
    dialog.sections.verticalScrollBar().setValue(dialog.sections.verticalScrollBar().maximum())
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and dialog.field_errors.message("base_url")
    fits(qtbot, dialog, f"{language}-settings-first-start-error", *buttons)
    assert in_sight(dialog.base_url_edit, dialog.sections.viewport())  # scrolled to it

    dialog.base_url_edit.setText(sandbox.base_url)
    dialog.client_id_edit.setText(str(TEST_CLIENT_ID))
    dialog.secret_edit.setText("not-the-key")
    dialog.test_connection()
    qtbot.waitUntil(lambda: dialog.check_result is not None, timeout=WAIT_MS)
    fits(qtbot, dialog, f"{language}-settings-first-start-tested", *buttons)


@on_a_small_screen
@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_a_running_tills_dialogs_on_this_screen(
    language: str, runtime: Runtime, qtbot: QtBot, sandbox: SandboxServer,
    memory_keyring: MemoryKeyring,
) -> None:
    window = build_window(runtime)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_frame_done, timeout=WAIT_MS):
        window.show()
    window.watch.start()
    try:
        settings = SettingsDialog(runtime.settings, runtime.secret_store(),
                                  account_in_use=True, parent=window)
        qtbot.addWidget(settings)
        settings.show()
        fits(qtbot, settings, f"{language}-settings", *dialog_buttons(settings.buttons))
        settings.close()

        download(runtime.paths.database, [
            till_order(TEST_CLIENT_ID, "front-1", "Касса у входа, второй этаж", 120000),
            till_order(TEST_CLIENT_ID, "terrace-1", "Терраса", 4500)])
        type_sale(qtbot, window, "2 500,50")
        report = ReportDialog(window.parts.desk.reader, "Кофейня «Зерно» у вокзала",
                              parent=window)
        qtbot.addWidget(report)
        report.show()
        assert report.till_group.isVisible()  # a shop of several tills
        fits(qtbot, report, f"{language}-report", report.pdf_button, report.print_button,
             report.csv_button, report.close_button)
        report.close()

        # An order with a long story: refused creations, then sent.
        sandbox.inject(Fault.UNAVAILABLE, times=6, endpoint="create_order")
        window.parts.engine.resend_pause_s = 0  # sent again at each tick, not every 30 s
        type_amount(qtbot, window, "777")
        qtbot.waitUntil(lambda: window.parts.presenter.sale is not None
                        and window.parts.presenter.sale.url is not None, timeout=WAIT_MS)
        panel = window.orders_panel
        row = panel.model.row_of(window.parts.presenter.sale.order_id)
        assert row is not None
        # With a receipt printer: its button in the details, its notice under the panel.
        refusing = LoopbackPrinter("refuse")  # switched off
        runtime.keeper.save({"printer": refusing.address})
        details = panel.open_details(row)
        assert details is not None
        fits(qtbot, details, f"{language}-details", *dialog_buttons(details.buttons))
        assert len(details.buttons.buttons()) == 2  # Print slip, Close
        details.close()
        printing = window.parts.printing
        with qtbot.waitSignal(printing.jobs.failed, timeout=WAIT_MS):
            window.parts.actions.print_slip.trigger()  # Ctrl+P
        settle()
        assert in_sight(printing.notice.again_button, window)
        assert_whole(printing.notice, f"{language}-print-notice")
        assert_nothing_cut(window, f"{language}-print-notice")
        save_screenshot(window, f"fits-{this_screen()}-{language}-window-print-notice")

        about: QMessageBox = window.parts.menu_actions.about_box()
        fits(qtbot, about, f"{language}-about", *about.buttons())
        about.close()
    finally:
        window.shutdown()
