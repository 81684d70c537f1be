"""The card's mark on a sale the till program asked for: its reference, kept to one line
beside the note however long the till program's id is (the whole in the tooltip)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from pytestqt.qtbot import QtBot

from paydesk.ui.payment.panel import REFERENCE_SHOWN

from fake_time import FakeClock
from panel_orders import NOW, OnPanel, an_order, shown_panel
from screenshots import save_screenshot

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

#: As long as the API takes: a 1C shift's document number, say.
LONG_REFERENCE = "1C-Retail-000000000123456789-CashIn-2026-11-28-shift-0042-cashier"


@pytest.fixture
def on(qtbot: QtBot) -> OnPanel:
    return OnPanel(shown_panel(qtbot), FakeClock(NOW))


def test_a_short_reference_is_shown_whole(on: OnPanel) -> None:
    on.show(an_order(reference="check-42"), NOW + timedelta(minutes=15))
    label = on.panel.order_id_label
    assert label.text() == "Order K3QX9A · from the till program, ref check-42"
    assert "check-42" in label.toolTip()


def test_a_long_reference_keeps_to_one_line_and_the_code_its_place(on: OnPanel) -> None:
    panel = on.panel
    on.show(an_order(), NOW + timedelta(minutes=15))
    panel.card.layout().activate()
    place = panel.qr.geometry()
    on.show(an_order(reference=LONG_REFERENCE[:64], note="a note of a few words too"),
            NOW + timedelta(minutes=15))
    panel.card.layout().activate()
    label = panel.order_id_label
    assert label.text().endswith("ref " + LONG_REFERENCE[:REFERENCE_SHOWN - 1] + "…")
    assert LONG_REFERENCE[:64] in label.toolTip()
    # One line, and the code neither moved nor shrank (it was drawn over the countdown).
    assert label.height() < 2 * label.fontMetrics().lineSpacing()
    assert panel.qr.geometry() == place
    save_screenshot(panel, "payment_panel_till_program_reference")
