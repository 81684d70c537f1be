"""Step 5: a book that kept an order's last error as a sentence opens with codes.

A real version-4 book is made with the shipped steps, filled with the sentences
PayDesk used to store, and opened: every sentence that names one failure reads
back as its code (and detail), any other is kept word for word.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from paydesk.core.problems import english
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.money import MAX_AMOUNT
from paydesk.store import OrderStore
from paydesk.store.connection import add_functions
from paydesk.store.database import migrate

from store_support import CLIENT

#: (the sentence an older PayDesk stored, what the book holds after step 5)
OLD_ERRORS: list[tuple[str, Failure]] = [
    ("The payment service did not answer in time. Try again in a moment.",
     Failure(FailureCode.TIMEOUT)),
    ("The payment service could not be reached. Check the internet connection and try again.",
     Failure(FailureCode.UNREACHABLE)),
    ("The payment service did not accept the shop's credentials. Check the client ID and the "
     "secret key in settings.", Failure(FailureCode.CREDENTIALS_REFUSED)),
    ("The payment service refused the request.", Failure(FailureCode.REFUSED)),
    ("The payment service refused the request: Shop blocked",
     Failure(FailureCode.REFUSED, "Shop blocked")),
    ("The payment service refused the request: Parameter 'amount' is too large: 100 > 50",
     Failure(FailureCode.REFUSED, "Parameter 'amount' is too large: 100 > 50")),
    ("The payment service sent a payment link that is not secure (not https), so it is not "
     "shown to the buyer. Contact the payment service's support.",
     Failure(FailureCode.INSECURE_LINK)),
    ("The payment service had a fault. Try again in a few minutes.",
     Failure(FailureCode.FAULT_REPLY)),
    ("The order never reached the payment service and its time ran out.",
     Failure(FailureCode.NEVER_SENT)),
    ("Unknown error.", Failure(FailureCode.UNKNOWN)),
    ("An order id cannot contain a colon.",
     Failure("order_id.colon", "An order id cannot contain a colon.")),
    ("An e-mail address has exactly one '@'.",
     Failure("email.at_sign", "An e-mail address has exactly one '@'.")),
    ("The amount cannot be more than 1\u00a0000\u00a0000\u00a0000,00 ₽.",
     Failure("amount.too_large", str(MAX_AMOUNT))),
    # Nothing PayDesk knows as one failure: kept as it was, and shown so.
    ("The service said something new.",
     Failure(FailureCode.LEGACY, "The service said something new.")),
    ("the payment service did not answer in time. try again in a moment.",
     Failure(FailureCode.LEGACY,
             "the payment service did not answer in time. try again in a moment.")),
]


def _make_v4_book(path: Path, errors: list[str | None]) -> None:
    """A real version-4 book, one unconfirmed order per stored error."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        add_functions(conn)  # as every PayDesk connection has them (step 3 uses one)
        migrate(conn, path, target_version=4)
        conn.executemany(
            "INSERT INTO orders (client_id, order_id, amount, note, status, creation,"
            " created_at, last_error) VALUES (?, ?, 100, '', 'pending', 'unconfirmed', ?, ?)",
            [(CLIENT, f"old-{n}", 1772355600000 + n, text) for n, text in enumerate(errors)],
        )
    finally:
        conn.close()


def test_an_old_books_sentences_read_back_as_codes(tmp_path: Path) -> None:
    path = tmp_path / "orders.sqlite3"
    _make_v4_book(path, [text for text, _failure in OLD_ERRORS] + [None])
    with OrderStore.open(path) as store:
        found = [store.get(CLIENT, f"old-{n}") for n in range(len(OLD_ERRORS) + 1)]
    assert [order.last_error if order else "missing" for order in found] == [
        failure for _text, failure in OLD_ERRORS
    ] + [None]


#: What the command line says now where it said otherwise before: English amounts are
#: written the English way (a too-large amount was written the Russian way).
SAID_NOW = {"The amount cannot be more than 1\u00a0000\u00a0000\u00a0000,00 ₽.":
            "The amount cannot be more than 1,000,000,000.00\u00a0₽."}


@pytest.mark.parametrize(("text", "failure"), OLD_ERRORS)
def test_the_command_line_says_an_old_error_as_before(text: str, failure: Failure) -> None:
    assert english(failure) == SAID_NOW.get(text, text)
