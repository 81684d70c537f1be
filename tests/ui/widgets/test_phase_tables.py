"""Every look of an order that is not a word or a colour (those are one table:
paydesk.domain.phase_looks) is still a table keyed by its phase, and covers it all.

A phase added to paydesk.domain.phase and forgotten in one of them fails here, not at
the counter (a KeyError on the cashier's screen, or a state shown as another).
"""

from __future__ import annotations

import pytest

from paydesk.core.buyer_devices.page import RESULT_PHASES
from paydesk.core.counter.views import BUYER_STATES, RESULTS
from paydesk.core.receipts.slips import SLIPS
from paydesk.domain.phase import OrderPhase

TABLES = {"buyer's screen": BUYER_STATES, "payment slip": SLIPS}


@pytest.mark.parametrize("table", TABLES)
def test_the_table_has_every_phase(table: str) -> None:
    assert set(TABLES[table]) == set(OrderPhase)


def test_a_slip_is_printed_only_for_a_link_still_open_to_pay() -> None:
    printable = {phase for phase, refusal in SLIPS.items() if refusal is None}
    # An order no longer checked by itself may still be paid: its buyer may have the slip.
    assert printable == {OrderPhase.PENDING, OrderPhase.UNCHECKED}


def test_the_buyer_sees_a_result_only_for_an_answer_of_the_service() -> None:
    shown = {phase for phase, state in BUYER_STATES.items() if state in RESULTS}
    assert shown == {OrderPhase.PAID, OrderPhase.REFUSED, OrderPhase.EXPIRED}
    # Each result screen is the phase's, on the window's buyer's screen and the tablet's.
    assert set(RESULT_PHASES) == RESULTS
    assert {BUYER_STATES[phase] for phase in RESULT_PHASES.values()} == RESULTS
