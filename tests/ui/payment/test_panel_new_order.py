"""A new order on the payment panel, as the cashier sees it: an answer that comes within
the moment goes straight to its code (no "Creating…" card in between), a new sale takes
the place of the sale before whole, and a look through the list goes from card to card,
never blank."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.counter.views import Place
from paydesk.domain.phase import OrderPhase
from paydesk.ui.payment.panel import PaymentPanel
from paydesk.ui.shell.formatting import money

from fake_time import FakeClock
from panel_orders import LINK, NOW, OnPanel, an_order, shown_panel
from qt_images import decode_qimage

# The offscreen platform cannot resize a shown window to new size hints; harmless.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def panel(qtbot: QtBot) -> PaymentPanel:
    return shown_panel(qtbot, (520, 760))


@pytest.fixture
def on(panel: PaymentPanel) -> OnPanel:
    return OnPanel(panel, FakeClock(NOW))


def test_an_answer_in_time_goes_straight_to_its_code(
    panel: PaymentPanel, on: OnPanel, qtbot: QtBot
) -> None:
    """A service that answers within the moment: no "Creating…" card comes between Enter
    and the code, and nothing of the sale before is beside it."""
    on.show(replace(an_order(), note="the sale before", amount=99_900, url=OTHER_LINK),
            NOW + timedelta(minutes=15))
    on.creating(125_050)
    badges = _badges_seen(panel)
    on.show(an_order(), NOW + timedelta(minutes=15))
    assert not panel.creating_card_due()
    assert OrderPhase.CREATING not in badges
    assert panel.badge.phase() is OrderPhase.PENDING
    assert decode_qimage(panel.grab().toImage()) == [LINK]
    assert panel.amount_label.text() == money(an_order().amount)
    assert panel.note_label.text() == an_order().note


def test_a_new_sale_in_place_of_the_sale_before_shows_only_the_new_one(
    panel: PaymentPanel, on: OnPanel
) -> None:
    """An answer rendered with the sale before still on the card (no "on its way" in
    between): the card shows the new sale whole, its code and its texts."""
    on.show(replace(an_order(), note="the sale before", amount=99_900, url=OTHER_LINK),
            NOW + timedelta(minutes=15))
    assert decode_qimage(panel.grab().toImage()) == [OTHER_LINK]
    on.show(an_order(), NOW + timedelta(minutes=15))
    assert decode_qimage(panel.grab().toImage()) == [LINK]
    assert panel.note_label.text() == an_order().note
    assert panel.amount_label.text() == money(an_order().amount)


def test_a_look_at_another_order_never_blanks_the_card(
    panel: PaymentPanel, on: OnPanel
) -> None:
    """Looking through the list goes from card to card: the panel is never idle or blank
    in between."""
    on.show(replace(an_order(), note="the sale before", url=OTHER_LINK),
            NOW + timedelta(minutes=15))
    badges = _badges_seen(panel)
    on.place(Place.NOT_SALE, can_show=True, sale_amount=an_order().amount)
    on.show(an_order(), NOW + timedelta(minutes=15))  # looked up in the list
    assert not panel.is_idle() and not panel.creating_card_due()
    assert None not in badges
    assert decode_qimage(panel.grab().toImage()) == [LINK]


#: Another order's link: its code is told apart from LINK's.
OTHER_LINK = "https://pay.example.com/pay/before"


def _badges_seen(panel: PaymentPanel) -> list[OrderPhase | None]:
    """The phases the badge is set to from now on (None: emptied)."""
    seen: list[OrderPhase | None] = []
    set_order, set_creating = panel.badge.set_order, panel.badge.set_creating

    def order_set(order: object, phase: OrderPhase | None = None) -> None:
        seen.append(phase)
        set_order(order, phase)  # type: ignore[arg-type]

    def creating_set() -> None:
        seen.append(OrderPhase.CREATING)
        set_creating()

    panel.badge.set_order = order_set  # type: ignore[method-assign]
    panel.badge.set_creating = creating_set  # type: ignore[method-assign]
    return seen
