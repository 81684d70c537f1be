"""One table of looks: every phase has its words, symbol and colour, and a new phase
cannot be left out of it (paydesk.domain.phase_looks)."""

from __future__ import annotations

import enum
import importlib
import re

import pytest

from paydesk.domain import phase, phase_looks
from paydesk.domain.phase import OrderPhase
from paydesk.domain.phase_looks import LOOKS, badge_of, word_of

HEX = re.compile(r"#[0-9a-f]{6}")


def test_every_phase_has_a_look() -> None:
    assert set(LOOKS) == set(OrderPhase)


def test_a_phase_added_without_a_look_fails_as_the_table_is_read() -> None:
    wider = enum.StrEnum(  # type: ignore[misc]
        "OrderPhase", {**{m.name: m.value for m in OrderPhase}, "REFUNDED": "refunded"})
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(phase, "OrderPhase", wider)
            with pytest.raises(LookupError, match="refunded"):
                importlib.reload(phase_looks)
    finally:
        importlib.reload(phase_looks)  # the table as it is, for the tests after


def test_every_phase_has_words_and_a_symbol_of_its_own_on_the_badge() -> None:
    # Colour is never the only signal: a symbol and words tell each phase apart.
    assert len({(look.symbol, look.badge) for look in LOOKS.values()}) == len(OrderPhase)
    assert all(look.symbol and look.word and look.badge for look in LOOKS.values())


def test_colours_are_plain_hex_that_qt_and_css_both_read() -> None:
    for look in LOOKS.values():
        for colour in (look.colour, look.pill.text, look.pill.background, look.pill.border):
            assert HEX.fullmatch(colour), colour


def test_paid_is_one_green_everywhere() -> None:
    paid = LOOKS[OrderPhase.PAID]
    assert paid.colour == paid.pill.background == "#188038"


def test_a_code_the_buyer_could_scan_is_live_only_while_pending() -> None:
    for each, look in LOOKS.items():
        assert (look.overlay is None) == (each in (OrderPhase.PENDING, OrderPhase.CREATING)), each
        assert not look.conceal or look.overlay, each  # a hidden code always says why


def test_only_an_answer_of_the_service_gives_the_buyer_a_result() -> None:
    shown = {each for each, look in LOOKS.items() if look.buyer}
    assert shown == {OrderPhase.PAID, OrderPhase.REFUSED, OrderPhase.EXPIRED}
    assert all(LOOKS[each].buyer_more for each in shown)


def test_an_unknown_status_is_said_with_the_services_word() -> None:
    assert word_of(OrderPhase.UNKNOWN, str, "refunded") == "Unknown: refunded"
    assert badge_of(OrderPhase.UNKNOWN, str, "refunded") == "? Unknown status: refunded"
    assert word_of(OrderPhase.PAID, str, "approve") == "Paid"
    assert badge_of(OrderPhase.PENDING, str.upper) == "◷ WAITING FOR PAYMENT"
