"""A new code on the payment panel is painted before the texts around it (the buyer waits
for it). A card that comes with it (from the idle page, from under the cover, or a new
sale in place of another order) is covered but for the code for that paint: the code
alone, with nothing of another order beside it. A look at another order in the list
keeps the card's texts for that paint: looking through the list never flashes blank."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from texts_at_paint import PaintOrder, TextsAtPaint

from paydesk.core.counter_views import Place
from paydesk.ui.payment.panel import PaymentPanel

from fake_time import FakeClock
from panel_orders import NOW, OnPanel, an_order, shown_panel

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LATER = NOW + timedelta(minutes=15)
BEFORE = replace(an_order(), order_id="20261121-115500000-B4FR3Q", amount=99_900,
                 note="the sale before", url="https://pay.example.com/pay/before")


@pytest.fixture
def panel(qtbot: QtBot) -> PaymentPanel:
    return shown_panel(qtbot)


@pytest.fixture
def on(panel: PaymentPanel) -> OnPanel:
    return OnPanel(panel, FakeClock(NOW))


class CoverAtPaint(QObject):
    """Whether the panel's cover was up each time the code was painted."""

    def __init__(self, panel: PaymentPanel) -> None:
        super().__init__(panel)
        self.seen: list[bool] = []
        self._cover = panel.findChild(QWidget, "panel_cover")
        assert self._cover is not None
        panel.qr.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.seen.append(self._cover.isVisible())
        return False


def _texts(panel: PaymentPanel) -> TextsAtPaint:
    """What the card's texts said at each paint of the code."""
    return TextsAtPaint(panel.qr, (panel.amount_label, panel.order_id_label,
                                   panel.note_label, panel.badge))


def test_a_new_sale_answered_in_place_of_the_sale_before_is_painted_alone(
    panel: PaymentPanel, on: OnPanel, qtbot: QtBot
) -> None:
    """An answer that came before its sale's screens were rendered: the card goes from
    the sale before straight to the new one (no "on its way" in between)."""
    on.show(BEFORE, LATER)
    qtbot.waitUntil(lambda: panel.note_label.text() == BEFORE.note)
    covered = CoverAtPaint(panel)
    order = PaintOrder(panel.card)
    on.show(an_order(), LATER)
    # The sale before's texts were under the cover when the new code was painted.
    assert covered.seen and covered.seen[0]
    assert panel.qr in order.painted
    assert set(order.painted) <= {panel.qr, panel.qr.parentWidget()}
    qtbot.waitUntil(lambda: panel.badge in order.painted)
    assert panel.note_label.text() == an_order().note
    order.close()


def test_the_first_code_after_the_idle_page_is_painted_alone(
    panel: PaymentPanel, on: OnPanel, qtbot: QtBot
) -> None:
    assert panel.is_idle()
    order = PaintOrder(panel.card)
    on.show(an_order(), LATER)
    assert panel.qr in order.painted
    assert set(order.painted) <= {panel.qr, panel.qr.parentWidget()}
    qtbot.waitUntil(lambda: panel.badge in order.painted)
    order.close()


def test_a_look_at_another_order_keeps_the_cards_texts_for_the_codes_paint(
    panel: PaymentPanel, on: OnPanel, qtbot: QtBot
) -> None:
    on.show(BEFORE, LATER)
    qtbot.waitUntil(lambda: panel.note_label.text() == BEFORE.note)
    texts, covered = _texts(panel), CoverAtPaint(panel)
    on.place(Place.NOT_SALE, can_show=True, sale_amount=BEFORE.amount)
    on.show(an_order(), LATER)  # looked up in the list: not the sale
    # Its code was painted with the card as it stood: never a blank panel.
    assert covered.seen and not covered.seen[0]
    assert texts.seen[0][2] == BEFORE.note
    qtbot.waitUntil(lambda: panel.note_label.text() == an_order().note)
