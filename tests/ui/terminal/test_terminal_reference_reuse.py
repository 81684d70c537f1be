"""A reference reused for another sale, as a till program that reuses its daily check
numbers meets it: the sale asked for, paid on the sandbox's page, then the same
reference asked for with another amount (or e-mail, or note) is a 409 problem naming
both amounts, never the earlier, paid payment; the same request again is its replay."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from paydesk.domain.catalogue import say
from paydesk.domain.failures import reference_reused
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS
from payment_page import decide
from terminal_client import TillProgram

NBSP = "\u00a0"


def test_a_reference_reused_for_another_amount_is_a_conflict_never_the_paid_payment(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    ask = {"amount_kopecks": 123450, "reference": "check-7", "note": "2 coffees"}
    made = till.call("POST", "/v1/payments", json=ask)
    assert made.status_code == 201, made.text
    payment = made.json()
    decide(payment["link"], "approve", "buyer@example.com").raise_for_status()
    qtbot.waitUntil(lambda: window.parts.desk.get(payment["order_id"]).status
                    is OrderStatus.APPROVE, timeout=WAIT_MS)
    window.new_payment()  # the counter moved on

    reused = till.call("POST", "/v1/payments", json={**ask, "amount_kopecks": 15000})
    assert reused.status_code == 409, reused.text
    assert reused.headers["Content-Type"].startswith("application/problem+json")
    body = reused.json()
    assert body["code"] == "api_reference_reused" and body["field"] == "reference"
    assert (body["earlier_amount_kopecks"], body["amount_kopecks"]) == (123450, 15000)
    assert f"1,234.50{NBSP}₽" in body["title"] and f"150.00{NBSP}₽" in body["title"]
    assert "order_id" not in body and "phase" not in body and "link" not in body
    # Nothing was made, and the paid sale was not put back in front of the buyer.
    assert len(sandbox.orders()) == 1
    assert window.parts.presenter.sale is None

    for other in ({"email": "other@example.com"}, {"note": "3 coffees"}):
        same_amount = till.call("POST", "/v1/payments", json={**ask, **other})
        assert same_amount.status_code == 409, same_amount.text
        words = same_amount.json()["title"]
        assert f"1,234.50{NBSP}₽" in words and "another e-mail or note" in words

    # The very request again (its answer lost) is still the payment it made.
    again = till.call("POST", "/v1/payments", json={**ask, "note": " 2  coffees "})
    assert again.status_code == 200, again.text
    assert again.json()["order_id"] == payment["order_id"] and again.json()["replayed"]
    assert again.json()["phase"] == "paid"
    assert len(sandbox.orders()) == 1


def test_the_words_name_both_amounts_in_each_language() -> None:
    failure = reference_reused(123450, 15000)
    assert say(failure) == (
        f"This reference was already used for a payment of 1,234.50{NBSP}₽; this request "
        f"asks for 150.00{NBSP}₽. A new sale needs a reference of its own.")
    russian = say(failure, lambda text: "{0} / {1}", language="ru")
    assert russian == f"1{NBSP}234,50{NBSP}₽ / 150,00{NBSP}₽"
