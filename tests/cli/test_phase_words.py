"""The command line's words for an order are tables keyed by its phase, like the window's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from paydesk.cli.output import WORDS, status_text
from paydesk.cli.report_command import HEADINGS
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.domain.phase import OrderPhase
from paydesk.ui.orders.cells import ROWS


@pytest.mark.parametrize("table", [WORDS, HEADINGS], ids=["words", "headings"])
def test_the_table_has_every_phase(table: dict[OrderPhase, str]) -> None:
    assert set(table) == set(OrderPhase)


def test_the_report_s_headings_are_the_orders_list_s_words() -> None:
    # The window's report and `paydesk report` name their lines alike.
    assert {phase: str(look.words) for phase, look in ROWS.items()} == HEADINGS


@pytest.mark.parametrize(
    ("status", "creation", "watched", "words"),
    [
        ("pending", CreationState.CONFIRMED, True, "pending"),
        ("pending", CreationState.CONFIRMED, False, "status unknown - check"),
        ("approve", CreationState.CONFIRMED, False, "paid"),
        ("decline", CreationState.CONFIRMED, False, "refused"),
        ("expired", CreationState.CONFIRMED, False, "expired"),
        ("pending", CreationState.UNCONFIRMED, True, "not sent yet"),
        ("pending", CreationState.ABANDONED, False, "abandoned"),
        ("refunded", CreationState.CONFIRMED, False, "unknown (refunded)"),
    ],
)
def test_an_order_s_words(status: str, creation: CreationState, watched: bool, words: str) -> None:
    moment = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    order = Order(
        client_id=1, order_id="A-1", amount=100, email=None, note="", url=None,
        status=OrderStatus(status), creation=creation, created_at=moment,
        next_check_at=moment if watched else None,
    )
    assert status_text(order) == words
