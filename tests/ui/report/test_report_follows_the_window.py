"""The day report opened from the window follows the payments the window itself
records while it is open (a late payment at the end of the day), not only those
another program writes."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from paydesk.ui.main_window import MainWindow
from paydesk.ui.report.dialog import ReportDialog

from counter_steps import WAIT_MS, sell
from payment_page import decide


def test_a_payment_recorded_while_the_report_is_open_shows_in_it(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = sell(window, qtbot, "150")
    seen: list[tuple[int, int]] = []

    def owner_looks(dialog: ReportDialog) -> int:
        """Instead of the modal loop: the owner watches while the buyer pays."""
        dialog.show()
        seen.append((dialog.report.paid.count, dialog.report.paid.amount))
        decide(link, "approve", "b@example.com").raise_for_status()
        qtbot.waitUntil(lambda: dialog.report.paid.count == 1, timeout=WAIT_MS)
        seen.append((dialog.report.paid.count, dialog.report.paid.amount))
        return 0

    monkeypatch.setattr(ReportDialog, "exec", owner_looks)
    window.parts.actions.report.trigger()
    assert seen == [(0, 0), (1, 15000)]
