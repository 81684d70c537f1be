"""The sale's outcome reaches screen readers: an announcement event, once per outcome."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from pytestqt.qtbot import QtBot

from paydesk.sandbox import Fault, SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.shell.formatting import money

from counter_steps import sell
from payment_page import decide

WAIT_MS = 10_000
Politeness = QAccessible.AnnouncementPoliteness


@pytest.fixture
def announced(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Politeness]]:
    """Every announcement sent to the accessibility layer (the real call goes on too)."""
    said: list[tuple[str, Politeness]] = []
    real = QAccessible.updateAccessibility

    def spy(event: QAccessibleEvent) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            said.append((event.message(), event.politeness()))
        real(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", spy)
    return said




def test_paid_refused_expired_and_not_sent_are_announced_once(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer,
    announced: list[tuple[str, Politeness]],
) -> None:
    decide(sell(window, qtbot, "150"), "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: len(announced) == 1, timeout=WAIT_MS)
    assert announced == [(f"Paid: {money(15000)}", Politeness.Polite)]

    decide(sell(window, qtbot, "20"), "decline").raise_for_status()
    qtbot.waitUntil(lambda: len(announced) == 2, timeout=WAIT_MS)
    assert announced[1] == (f"Refused: {money(2000)}", Politeness.Assertive)

    sell(window, qtbot, "30")
    sandbox.expire(sandbox.orders()[-1].order_id)
    qtbot.waitUntil(lambda: len(announced) == 3, timeout=WAIT_MS)
    assert announced[2] == (f"Expired: {money(3000)}", Politeness.Polite)

    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="create_order")
    window.parts.actions.new_payment.trigger()
    window.form.amount_input.setText("40")
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(announced) == 4, timeout=WAIT_MS)
    assert announced[3] == (f"Not sent: {money(4000)}", Politeness.Assertive)
    # The panel is told again (checks, the list), the reader is not.
    window.parts.engine.book_changed()
    assert len(announced) == 4
