"""The command line's words for an order are tables keyed by its phase, like the window's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from paydesk.cli.order_commands import LEFT_BEHIND
from paydesk.cli.output import ERROR_IS_WHY_NOT_SENT, WORDS, describe, history_text, status_text
from paydesk.cli.report_command import HEADINGS
from paydesk.core.book.reader import OrderDetails
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.domain.phase import OrderPhase
from paydesk.ui.orders.cells import ROWS

TABLES = {"words": WORDS, "headings": HEADINGS, "left behind": LEFT_BEHIND,
          "where the last error is said": ERROR_IS_WHY_NOT_SENT}


@pytest.mark.parametrize("table", TABLES)
def test_the_table_has_every_phase(table: str) -> None:
    assert set(TABLES[table]) == set(OrderPhase)


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


@pytest.mark.parametrize(
    ("status", "creation", "said_with_the_order"),
    [
        ("pending", CreationState.UNCONFIRMED, True),
        ("pending", CreationState.ABANDONED, True),
        ("pending", CreationState.CONFIRMED, False),
        ("approve", CreationState.CONFIRMED, False),
    ],
)
def test_the_last_error_is_the_problem_only_of_an_order_the_service_has_not_confirmed(
    status: str, creation: CreationState, said_with_the_order: bool,
) -> None:
    moment = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    order = Order(
        client_id=1, order_id="A-1", amount=100, email=None, note="", url=None,
        status=OrderStatus(status), creation=creation, created_at=moment,
        last_error=Failure(FailureCode.UNKNOWN),
    )
    problem = "Problem Unknown error." in describe(order).splitlines()
    last = "Last error Unknown error." in history_text(OrderDetails(order, [], [])).splitlines()
    assert (problem, last) == (said_with_the_order, not said_with_the_order)
