"""An earlier order paid in the background is said over the list, not just coloured.

The real window against the sandbox: the cashier sells A, then B (B is the sale
on the panel); A's buyer pays late on the payment page. A notice names A; paying
B (on the panel) makes none. Notices go on a click, and no more than three stay.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from paydesk.domain.order_ids import short_id
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders import paid_notices
from paydesk.ui.shell.formatting import money

from counter_steps import order_id_of, sell
from payment_page import decide
from screenshots import save_screenshot

WAIT_MS = 10_000






def test_a_late_payment_of_an_earlier_order_is_said(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    said: list[str] = []  # what the notices handed to the screen reader
    notices = window.parts.paid_notices
    notices.spoken.said.connect(said.append)
    first = sell(window, qtbot, "150")
    second = sell(window, qtbot, "77")  # the sale now
    decide(first, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: len(notices.notices()) == 1, timeout=WAIT_MS)
    expected = f"Order {short_id(order_id_of(sandbox, first))}, {money(15000)}, was paid"
    [notice] = notices.notices()
    assert notice.text() == expected and expected in said
    assert notice.isVisible()
    # Over the list only: clear of the payment card (the QR, the amount field).
    origin = QPoint(0, 0)
    assert notice.mapTo(window, origin).x() >= window.orders_panel.mapTo(window, origin).x()
    save_screenshot(window, "window-paid-in-background")

    # The sale's own payment shows on the panel: no notice for it.
    decide(second, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: window.parts.presenter.sale is not None
                    and window.parts.presenter.sale.paid_at is not None, timeout=WAIT_MS)
    assert len(notices.notices()) == 1

    qtbot.mouseClick(notice, Qt.MouseButton.LeftButton)  # a click closes it
    qtbot.waitUntil(lambda: notices.notices() == [] and not notices.isVisible())


def test_at_most_three_stay_and_each_goes_by_itself(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each notice keeps its own time (12 s): the four payments are heard within it however
    # slowly the checks come, so three are on screen together, and then each goes.
    links = [sell(window, qtbot, str(amount)) for amount in (11, 12, 13, 14, 15)]
    for link in links[:4]:  # the fifth is the sale
        decide(link, "approve", "b@example.com").raise_for_status()
    notices = window.parts.paid_notices
    qtbot.waitUntil(lambda: len(notices.notices()) >= 3, timeout=WAIT_MS)
    assert len(notices.notices()) <= paid_notices.MOST
    # Stacked, each whole: none squeezed to a sliver by the ones added after it.
    for notice in notices.notices():
        assert notice.isVisible() and notice.height() >= notice.sizeHint().height()
    qtbot.waitUntil(lambda: notices.notices() == [] and not notices.isVisible(),
                    timeout=paid_notices.SHOWN_MS + WAIT_MS)
