"""The status badge: every state a payment goes through, in words, a symbol and a colour."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState
from paydesk.domain.phase import OrderPhase
from paydesk.ui.widgets.status_badge import StatusBadge

from panel_orders import an_order

BADGE_CASES = [
    ("pending", CreationState.UNCONFIRMED, OrderPhase.NOT_SENT, "⚠ Not sent — retry"),
    ("pending", CreationState.ABANDONED, OrderPhase.ABANDONED, "⊘ Not sent — abandoned"),
    ("pending", CreationState.CONFIRMED, OrderPhase.PENDING, "◷ Waiting for payment"),
    ("approve", CreationState.CONFIRMED, OrderPhase.PAID, "✓ Paid"),
    ("decline", CreationState.CONFIRMED, OrderPhase.REFUSED, "✗ Refused"),
    ("expired", CreationState.CONFIRMED, OrderPhase.EXPIRED, "⊘ Expired"),
    ("refunded", CreationState.CONFIRMED, OrderPhase.UNKNOWN, "? Unknown status: refunded"),
]


@pytest.mark.parametrize(("status", "creation", "phase", "text"), BADGE_CASES)
def test_badge_says_each_state_in_words_and_a_symbol(
    qtbot: QtBot, status: str, creation: CreationState, phase: OrderPhase, text: str
) -> None:
    badge = StatusBadge()
    qtbot.addWidget(badge)

    badge.set_order(an_order(status, creation))

    assert badge.phase() is phase
    assert badge.text() == text
    assert badge.objectName() == "status_badge"
    assert badge.accessibleName() == text.split(" ", 1)[1]  # the words, not the symbol


def test_badge_states_differ_by_more_than_colour(qtbot: QtBot) -> None:
    badge = StatusBadge()
    qtbot.addWidget(badge)
    texts = set()
    for status, creation, _, _ in BADGE_CASES:
        badge.set_order(an_order(status, creation))
        texts.add(badge.text())
        symbol, words = badge.text().split(" ", 1)
        assert symbol and words
    badge.set_creating()
    texts.add(badge.text())

    assert len(texts) == len(BADGE_CASES) + 1
    assert badge.text() == "⟳ Creating…" and badge.phase() is OrderPhase.CREATING


def test_badge_paid_is_strong_green_and_refused_red(qtbot: QtBot) -> None:
    badge = StatusBadge()
    qtbot.addWidget(badge)

    badge.set_order(an_order("approve"))
    assert "background: #188038" in badge.styleSheet()
    badge.set_order(an_order("decline"))
    assert "background: #c5221f" in badge.styleSheet()
    badge.set_order(None)
    assert badge.text() == "" and badge.phase() is None


def test_badge_tooltip_explains_why_an_order_was_not_sent(qtbot: QtBot) -> None:
    badge = StatusBadge()
    qtbot.addWidget(badge)

    badge.set_order(an_order(creation=CreationState.UNCONFIRMED,
                             last_error=Failure(FailureCode.TIMEOUT)))

    assert badge.toolTip() == (
        "The payment service did not answer in time. Try again in a moment."
    )
