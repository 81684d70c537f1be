"""The command line's words for an order: the orders list's (paydesk.domain.phase_looks),
and what it says beside them, tables keyed by the phase."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from paydesk.cli.order_commands import LEFT_BEHIND
from paydesk.cli.output import ERROR_IS_WHY_NOT_SENT, describe, history_text, status_text
from paydesk.core.book.reader import OrderDetails
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.domain.phase import OrderPhase

TABLES = {"left behind": LEFT_BEHIND, "where the last error is said": ERROR_IS_WHY_NOT_SENT}


@pytest.mark.parametrize("table", TABLES)
def test_the_table_has_every_phase(table: str) -> None:
    assert set(TABLES[table]) == set(OrderPhase)


@pytest.mark.parametrize(
    ("status", "creation", "watched", "words"),
    [
        ("pending", CreationState.CONFIRMED, True, "Waiting"),
        ("pending", CreationState.CONFIRMED, False, "Check status"),
        ("approve", CreationState.CONFIRMED, False, "Paid"),
        ("decline", CreationState.CONFIRMED, False, "Refused"),
        ("expired", CreationState.CONFIRMED, False, "Expired"),
        ("pending", CreationState.UNCONFIRMED, True, "Not sent"),
        ("pending", CreationState.ABANDONED, False, "Abandoned"),
        ("refunded", CreationState.CONFIRMED, False, "Unknown: refunded"),
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
