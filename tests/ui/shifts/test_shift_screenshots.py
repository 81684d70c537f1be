"""Screenshots of the shifts' screens, in English and Russian, at 1280×800 and 1366×768
(tests/screenshots/shifts/, for a person to look at): the window in a shift, the sign-in,
the lock, the mid-shift and closed reports, the cashiers, the owner's first start. Each
screen's texts must be whole in both languages (nothing untranslated is left)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.shifts.cashiers_dialog import CashiersDialog
from paydesk.ui.shifts.owner_setup import OwnerSetupDialog

from counter_steps import WAIT_MS, type_sale
from screenshots import save_screenshot
from shift_steps import control, open_window, sign_in

SIZES = [(1280, 800), (1366, 768)]


def shot(widget: QWidget, language: str, size: tuple[int, int], name: str) -> None:
    QApplication.processEvents()
    save_screenshot(widget, f"shifts/{language}-{size[0]}x{size[1]}-{name}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_screenshots_of_the_shifts(
    language: str, size: tuple[int, int], shift_runtime: Runtime, staff: None,
    qtbot: QtBot, sandbox: SandboxServer,
) -> None:
    window: MainWindow = open_window(shift_runtime, qtbot)
    try:
        window.resize(*size)
        shifts = control(window)
        shifts.open_action.trigger()
        qtbot.waitUntil(lambda: shifts.dialog is not None, timeout=WAIT_MS)
        assert shifts.dialog is not None
        shot(shifts.dialog, language, size, "sign-in")
        sign_in(qtbot, window, "Anna")
        paid = type_sale(qtbot, window, "150")
        sandbox.approve(paid.order_id)
        type_sale(qtbot, window, "1234,50" if language == "ru" else "1234.50")
        qtbot.waitUntil(lambda: window.parts.desk.get(paid.order_id).paid_at is not None,
                        timeout=WAIT_MS)
        shot(window, language, size, "window")

        assert shifts.mid_report()
        qtbot.waitUntil(lambda: shifts.report_dialog is not None, timeout=WAIT_MS)
        report = shifts.report_dialog
        assert report is not None
        report.resize(min(report.width(), size[0]), min(report.height(), size[1] - 60))
        shot(report, language, size, "mid-shift-report")
        report.accept()

        shifts.lock_action.trigger()
        shot(window, language, size, "locked")
        assert shifts.dialog is not None
        shot(shifts.dialog, language, size, "unlock")
        sign_in(qtbot, window, "Anna")
        qtbot.waitUntil(lambda: not shifts.locked, timeout=WAIT_MS)

        olga = shifts.cashiers.find("Olga")
        assert olga is not None
        cashiers = CashiersDialog(shifts.cashiers, olga, window)
        qtbot.addWidget(cashiers)
        cashiers.show()
        shot(cashiers, language, size, "cashiers")
        cashiers.close()

        owner = OwnerSetupDialog(shifts.cashiers, window)
        qtbot.addWidget(owner)
        owner.show()
        shot(owner, language, size, "owner-setup")
        owner.close()

        shifts.close_action.trigger()
        sign_in(qtbot, window, "Anna")
        qtbot.waitUntil(lambda: shifts.last_closed is not None, timeout=90_000)
        closed = shifts.report_dialog
        assert closed is not None
        shot(closed, language, size, "closed-report")
        closed.accept()
        shot(window, language, size, "after-close")
    finally:
        window.shutdown()
