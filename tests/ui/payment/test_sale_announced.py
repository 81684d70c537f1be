"""The sale's progress reaches screen readers: each step once, through a notification
only screen readers meet, while the cursor stays in the amount field."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.counter.views import BuyerState, BuyerView, CounterScreens, PanelView
from paydesk.sandbox import Fault, SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.payment.sale_announcer import Step, step_of
from paydesk.ui.shell.formatting import money
from paydesk.ui.widgets import spoken_notice
from paydesk.ui.widgets.spoken_notice import SpokenNotice

from counter_steps import sell
from payment_page import decide
from russian import an_order

WAIT_MS = 10_000
Politeness = QAccessible.AnnouncementPoliteness


def sale_notice(window: MainWindow) -> SpokenNotice:
    notice = window.parts.payment_panel.findChild(
        SpokenNotice, "spoken_notice", Qt.FindChildOption.FindDirectChildrenOnly)
    assert notice is not None
    return notice


@pytest.fixture
def said(window: MainWindow) -> list[str]:
    """Every message the sale's notice handed to the screen reader."""
    messages: list[str] = []
    sale_notice(window).said.connect(messages.append)
    return messages


def test_each_step_of_a_sale_is_said_once_and_the_cursor_stays_in_the_amount(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, said: list[str],
) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    field = window.form.amount_input
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    link = sell(window, qtbot, "150")
    qtbot.waitUntil(lambda: len(said) == 2, timeout=WAIT_MS)
    assert said == [f"Creating the order for {money(15000)}",
                    f"Order for {money(15000)}: the code is on the screen, waiting for payment"]
    decide(link, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: len(said) == 3, timeout=WAIT_MS)
    assert said[2] == f"Paid: {money(15000)}"
    assert field.hasFocus()  # spoken where the cashier is: nothing took the focus
    notice = sale_notice(window)
    spoken = QAccessible.queryAccessibleInterface(notice)
    assert spoken.role() == QAccessible.Role.Notification
    assert spoken.text(QAccessible.Text.Name) == f"Paid: {money(15000)}"
    assert notice.isVisible() and notice.focusPolicy() == Qt.FocusPolicy.NoFocus

    decide(sell(window, qtbot, "20"), "decline").raise_for_status()
    qtbot.waitUntil(lambda: len(said) == 6, timeout=WAIT_MS)
    assert said[5] == f"Refused: {money(2000)}"

    sell(window, qtbot, "30")
    sandbox.expire(sandbox.orders()[-1].order_id)
    qtbot.waitUntil(lambda: len(said) == 9, timeout=WAIT_MS)
    assert said[8] == f"Expired: {money(3000)}"

    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="create_order")
    window.parts.actions.new_payment.trigger()
    field.setText("40")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(said) == 11, timeout=WAIT_MS)
    assert said[9:] == [f"Creating the order for {money(4000)}", f"Not sent: {money(4000)}"]
    # The panel is told again (checks, the list), the reader is not.
    window.parts.engine.book_changed()
    assert len(said) == 11


def test_a_sale_whose_time_is_up_is_said_to_be_checked() -> None:
    sale = an_order("pending", amount=17_500)
    waiting = CounterScreens(sale=sale, buyer=BuyerView(BuyerState.PENDING, 17_500))
    checking = CounterScreens(sale=sale, buyer=BuyerView(BuyerState.CHECKING, 17_500))
    creating = CounterScreens(panel=PanelView(creating=17_500), sale=None, creating=True)
    assert step_of(waiting) == (Step.CODE_SHOWN, 17_500)
    assert step_of(checking) == (Step.CHECKING, 17_500)
    assert step_of(creating) == (Step.CREATING, 17_500)
    assert step_of(CounterScreens()) is None


def test_windows_and_macos_readers_get_qt_s_announcement_instead(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """NVDA, Narrator and VoiceOver hear Qt's announcement (Orca 43 does not; every
    Orca hears the notification coming into view): one or the other, never both."""
    sent: list[tuple[str, Politeness]] = []
    real = QAccessible.updateAccessibility

    def spy(event: QAccessibleEvent) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            sent.append((event.message(), event.politeness()))
        real(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", spy)
    host = QWidget()
    qtbot.addWidget(host)
    host.show()
    notice = SpokenNotice(host)
    notice.say("Refused: 20.00 ₽", Politeness.Assertive)
    assert sent == [] and notice.isVisible()  # this system (Linux): the notification
    notice.hide()
    monkeypatch.setattr(spoken_notice, "ANNOUNCES", True)  # as on Windows and macOS
    notice.say("Paid: 150.00 ₽")
    assert sent == [("Paid: 150.00 ₽", Politeness.Polite)] and not notice.isVisible()
