"""Every look of an order in the window is one table keyed by its phase, and covers it all.

A phase added to paydesk.domain.phase and forgotten in one of them fails here, not at
the counter (a KeyError on the cashier's screen, or a state shown as another).
"""

from __future__ import annotations

import pytest

from paydesk.core.counter.views import BUYER_STATES, RESULTS
from paydesk.core.receipts.slips import SLIPS
from paydesk.domain.phase import OrderPhase
from paydesk.ui.orders.cells import ROWS
from paydesk.ui.payment.display_phases import RESULT_LOOKS
from paydesk.ui.payment.panel import CARDS
from paydesk.ui.widgets.status_badge import BADGES

LOOKS = {"badge": BADGES, "orders list": ROWS, "payment panel": CARDS,
         "buyer's screen": BUYER_STATES,
         "payment slip": SLIPS}


@pytest.mark.parametrize("look", LOOKS)
def test_the_look_has_every_phase(look: str) -> None:
    assert set(LOOKS[look]) == set(OrderPhase)


def test_every_phase_has_words_and_a_symbol_of_its_own_on_the_badge() -> None:
    symbols_and_words = {(badge.symbol, str(badge.words)) for badge in BADGES.values()}
    assert len(symbols_and_words) == len(OrderPhase)
    assert all(badge.symbol and badge.words for badge in BADGES.values())


def test_a_code_the_buyer_could_scan_is_live_only_while_pending() -> None:
    for phase, card in CARDS.items():
        assert (card.overlay is None) == (phase in (OrderPhase.PENDING, OrderPhase.CREATING)), phase
        # A hidden code always says why.
        assert not card.conceal or card.overlay, phase


def test_a_slip_is_printed_only_for_a_link_still_open_to_pay() -> None:
    printable = {phase for phase, refusal in SLIPS.items() if refusal is None}
    # An order no longer checked by itself may still be paid: its buyer may have the slip.
    assert printable == {OrderPhase.PENDING, OrderPhase.UNCHECKED}


def test_the_buyer_sees_a_result_only_for_an_answer_of_the_service() -> None:
    shown = {phase for phase, state in BUYER_STATES.items() if state in RESULTS}
    assert shown == {OrderPhase.PAID, OrderPhase.REFUSED, OrderPhase.EXPIRED}
    # Each result has a sign and words of its own on the window's buyer's screen.
    assert set(RESULT_LOOKS) == RESULTS
    assert len({(look.symbol, str(look.words)) for look in RESULT_LOOKS.values()}) == len(RESULTS)
