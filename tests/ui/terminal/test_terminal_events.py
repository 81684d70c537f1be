"""The till program's event stream and dismiss: a payment asked for and paid on the
sandbox's page arrives as events; a stream cut and resumed with Last-Event-ID misses
nothing, and one whose id is unknown gets a reset with an id above every earlier one,
then only what comes after it; dismiss takes the sale off the buyer's screen and it
stays watched; the cashier's Esc or next sale is heard as "dismissed" too."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS, child, type_amount
from payment_page import decide
from terminal_client import EventReader, TillProgram


def pay(window: MainWindow, qtbot: QtBot, payment: dict[str, object]) -> None:
    decide(str(payment["link"]), "approve", "buyer@example.com").raise_for_status()
    order_id = str(payment["order_id"])
    qtbot.waitUntil(lambda: window.parts.desk.get(order_id).status is OrderStatus.APPROVE,
                    timeout=WAIT_MS)


def test_a_payment_paid_on_the_page_arrives_as_events(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    stream = EventReader(till)
    try:
        payment = till.call("POST", "/v1/payments",
                            json={"amount_kopecks": 2500, "reference": "e-1"}).json()
        order_id = payment["order_id"]
        created = stream.until("created", order_id)
        assert created[2]["link"] == payment["link"] and created[2]["phase"] == "pending"
        shown = stream.next()  # its code in front of the buyer, right after
        assert shown[1:] == ("shown", created[2]) and int(shown[0]) == int(created[0]) + 1
        pay(window, qtbot, payment)
        paid = stream.until("paid", order_id)
        assert paid[2]["phase"] == "paid" and int(paid[0]) > int(created[0])
    finally:
        stream.close()


def test_a_stream_cut_and_resumed_misses_nothing(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    first = EventReader(till)
    payment = till.call("POST", "/v1/payments",
                        json={"amount_kopecks": 3100, "reference": "e-2"}).json()
    seen, _kind, _data = first.until("created", payment["order_id"])
    first.close()
    pay(window, qtbot, payment)  # while nobody listens
    window.new_payment()
    second = till.call("POST", "/v1/payments",
                       json={"amount_kopecks": 3200, "reference": "e-3"}).json()
    resumed = EventReader(till, last_event_id=seen)
    try:
        after = [resumed.next() for _n in range(4)]
        assert [(kind, data["order_id"]) for _id, kind, data in after] == [
            ("shown", payment["order_id"]), ("paid", payment["order_id"]),
            ("created", second["order_id"]), ("shown", second["order_id"])]
        assert [int(event_id) for event_id, _k, _d in after] == [
            int(seen) + n for n in (1, 2, 3, 4)]
    finally:
        resumed.close()
    stale = EventReader(till, last_event_id="12")  # an id of an earlier run
    try:
        reset_id, kind, data = stale.next()
        assert (kind, data) == ("reset", {})  # read your payments again
        assert int(reset_id) > int(after[-1][0])  # above every id said before it
        third = till.call("POST", "/v1/payments",
                          json={"amount_kopecks": 3300, "reference": "e-3b"}).json()
        later = [stale.next() for _n in range(3)]  # nothing older: what came after it
        assert [(kind, data["order_id"]) for _id, kind, data in later] == [
            ("dismissed", second["order_id"]), ("created", third["order_id"]),
            ("shown", third["order_id"])]
        ids = [int(reset_id)] + [int(event_id) for event_id, _k, _d in later]
        assert ids == sorted(set(ids))  # they only grow
    finally:
        stale.close()
    back = EventReader(till, last_event_id=reset_id)  # back with the reset's id
    try:
        assert [back.next() for _n in range(3)] == later
    finally:
        back.close()


def test_dismiss_takes_the_sale_off_the_buyers_screen_and_it_stays_watched(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    payment = till.call("POST", "/v1/payments",
                        json={"amount_kopecks": 4100, "reference": "e-4"}).json()
    order_id = payment["order_id"]
    assert window.parts.presenter.sale_id == order_id
    stream = EventReader(till)
    try:
        reply = till.call("POST", f"/v1/payments/{order_id}/dismiss")
        assert reply.status_code == 200 and reply.json()["order_id"] == order_id
        assert window.parts.presenter.sale_id is None
        assert stream.until("dismissed", order_id)[2]["phase"] == "pending"
        pay(window, qtbot, payment)  # still watched: paid later, it is heard
        _event_id, kind, data = stream.next()  # said once, not by dismiss and the screens
        assert (kind, data["order_id"], data["phase"]) == ("paid", order_id, "paid")
    finally:
        stream.close()
    missing = till.call("POST", "/v1/payments/no-such-order/dismiss")
    assert missing.status_code == 404 and missing.json()["code"] == "api_not_found"


def test_the_cashiers_escape_or_next_sale_is_heard_as_dismissed(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    """The till program's buyer no longer sees its code when the cashier presses Esc or
    types the next sale: the stream says so ("dismissed"); the payment stays watched."""
    stream = EventReader(till)
    try:
        first = till.call("POST", "/v1/payments",
                          json={"amount_kopecks": 5100, "reference": "e-5"}).json()
        stream.until("shown", first["order_id"])
        amount: QLineEdit = child(window, QLineEdit, "amount_input")
        window.activateWindow()  # the cashier's window, in front
        qtbot.waitUntil(window.isActiveWindow)
        amount.setFocus()  # where the cashier's hands are
        qtbot.keyClick(amount, Qt.Key.Key_Escape)
        assert window.parts.presenter.sale_id is None
        _event_id, kind, data = stream.next()
        assert (kind, data["order_id"], data["phase"]) == (
            "dismissed", first["order_id"], "pending")
        second = till.call("POST", "/v1/payments",
                           json={"amount_kopecks": 5200, "reference": "e-6"}).json()
        stream.until("shown", second["order_id"])
        type_amount(qtbot, window, "53")  # the next buyer's sale, typed at the counter
        _event_id, kind, data = stream.next()
        assert (kind, data["order_id"]) == ("dismissed", second["order_id"])
        pay(window, qtbot, first)  # still watched
        assert stream.until("paid", first["order_id"])[2]["phase"] == "paid"
    finally:
        stream.close()
