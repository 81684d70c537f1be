"""The till program's API served by the window: a payment asked for over HTTP is the
cashier's sale, paid on the sandbox's page; its reference makes it once, also at once
and across a restart; the service down is answered "accepted, not yet confirmed"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.terminal import api as terminal_api
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.sandbox.faults import Fault
from paydesk.store.errors import StoreError, StoreProblem
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS
from payment_page import decide
from screenshots import save_screenshot
from terminal_client import TillProgram, till_program


def test_a_payment_asked_for_is_the_sale_and_paid_on_the_page(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    reply = till.call("POST", "/v1/payments",
                      json={"amount_kopecks": 123450, "reference": "till-1", "note": "bread"})
    assert reply.status_code == 201, reply.text
    payment = reply.json()
    order_id = payment["order_id"]
    assert reply.headers["Location"] == f"/v1/payments/{order_id}"
    assert payment["confirmed"] and payment["phase"] == "pending"
    assert payment["reference"] == "till-1" and not payment["replayed"]
    assert payment["amount_kopecks"] == 123450 and payment["link"]
    # In front of the buyer as the cashier's Enter puts a sale.
    sale = window.parts.presenter.sale
    assert sale is not None and sale.order_id == order_id
    # The card says where it came from (once the window hears the link: the answer
    # does not wait for it); the status bar, where the API listens.
    panel = window.parts.payment_panel
    qtbot.waitUntil(lambda: panel.order_id_label.text().endswith(
        "· from the till program, ref till-1"), timeout=WAIT_MS)
    label = window.findChild(QLabel, "terminal_api_label")
    assert label is not None and label.isVisible()
    assert label.text() == "Till program API: " + till.base_url.removeprefix("http://")
    assert "(paydesk terminal token gives its token)" in label.toolTip()
    save_screenshot(window, "terminal_api_sale")
    [remote] = sandbox.orders()
    assert remote.order_id == order_id and remote.amount == 123450
    decide(payment["link"], "approve", "buyer@example.com").raise_for_status()
    qtbot.waitUntil(lambda: window.parts.desk.get(order_id).status is OrderStatus.APPROVE,
                    timeout=WAIT_MS)
    shown = till.call("GET", f"/v1/payments/{order_id}").json()
    assert shown["phase"] == "paid" and shown["status"] == "approve"
    assert shown["paid_after"] and shown["paid_by"]
    found = till.call("GET", "/v1/payments", params={"reference": "till-1"}).json()
    assert [p["order_id"] for p in found["payments"]] == [order_id]
    assert till.call("GET", "/v1/payments", params={"reference": "none"}).json() == {
        "payments": []}
    health = till.call("GET", "/v1/health").json()
    assert health["paydesk"] == "ok" and health["order_book"] == "ok"
    assert health["service"] == {"state": "ok", "code": None}


def test_the_same_reference_makes_one_order_again_and_at_once(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    ask = {"amount_kopecks": 500, "reference": "till-2"}
    first = till.call("POST", "/v1/payments", json=ask)
    again = till.call("POST", "/v1/payments", json=ask)
    assert first.status_code == 201 and again.status_code == 200, again.text
    assert again.json()["order_id"] == first.json()["order_id"] and again.json()["replayed"]
    window.new_payment()
    at_once = [till.send("POST", "/v1/payments", json={"amount_kopecks": 700,
                                                        "reference": "till-3"})
               for _ in range(6)]
    replies = [till.wait(future) for future in at_once]
    assert sorted(reply.status_code for reply in replies) == [200] * 5 + [201]
    assert len({reply.json()["order_id"] for reply in replies}) == 1
    assert sorted(order.amount for order in sandbox.orders()) == [500, 700]


def test_with_the_service_down_the_payment_is_accepted_not_confirmed_and_kept_once(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    sandbox.inject(Fault.UNAVAILABLE, times=1000, endpoint="create_order")
    ask = {"amount_kopecks": 990, "reference": "till-4"}
    first = till.call("POST", "/v1/payments", json=ask)
    assert first.status_code == 202, first.text
    payment = first.json()
    assert not payment["confirmed"] and payment["phase"] == "not_sent"
    assert payment["link"] is None
    again = till.call("POST", "/v1/payments", json=ask)
    assert again.status_code == 202 and again.json()["order_id"] == payment["order_id"]
    order = window.parts.desk.get(payment["order_id"])
    assert order is not None and order.creation is CreationState.UNCONFIRMED
    assert sandbox.orders() == []
    # The health says why: the service cannot be reached, in the catalogue's words' code.
    service = till.call("GET", "/v1/health").json()["service"]
    assert service["state"] == "failing" and service["code"]


def test_a_reference_holds_across_a_restart(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path) -> None:
    program = till_program(window, qtbot)
    ask = {"amount_kopecks": 4200, "reference": "till-5"}
    first = program.call("POST", "/v1/payments", json=ask)
    program.close()
    assert first.status_code == 201, first.text
    # The answer goes out as the link comes; the book records it a moment later (closed
    # before that, the order is sent again with its id at the next start).
    order_id = first.json()["order_id"]
    qtbot.waitUntil(lambda: window.parts.desk.get(order_id).creation
                    is CreationState.CONFIRMED, timeout=WAIT_MS)
    window.shutdown()
    runtime = Runtime(AppPaths(window.runtime.paths.data_dir).ensure(), window.runtime.settings)
    again_window = build_window(runtime)
    qtbot.addWidget(again_window)
    again_window.watch.start()
    try:
        program = till_program(again_window, qtbot)
        assert again_window.parts.presenter.sale_id is None
        again = program.call("POST", "/v1/payments", json=ask)
        again_sale = again_window.parts.presenter.sale_id
        program.close()
    finally:
        again_window.shutdown()
        runtime.close()
    assert again.status_code == 200, again.text
    assert again.json()["order_id"] == first.json()["order_id"]
    assert len(sandbox.orders()) == 1
    # Asked again after the restart, it is in front of the buyer again (still payable).
    assert again_sale == first.json()["order_id"]


def test_the_answer_goes_out_with_the_link_even_when_the_book_cannot_record_it(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The till program hears the link as the service gives it, not when the book has
    recorded it. Another program holds the book as the answers come: the till program
    has its link all the same (not "accepted" after the wait), the order stays
    unconfirmed and goes again with its id; once the book is free, the service's answer
    to the repeat is the link the till program holds."""
    monkeypatch.setattr(terminal_api, "ANSWER_SECONDS", 5.0)
    desk = window.parts.desk
    store = desk.store  # the book itself refuses, as a lock held by another program makes it
    real = store.confirm_creation
    held = [True]

    def locked(*args: Any, **kwargs: Any) -> Order:
        if held[0]:
            raise StoreError("Could not save the payment link: the order book is locked "
                             "by another program.", StoreProblem.LOCKED)
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "confirm_creation", locked)
    window.parts.engine.resend_pause_s = 0.2
    reply = till.call("POST", "/v1/payments", json={"amount_kopecks": 777,
                                                     "reference": "till-locked"})
    assert reply.status_code == 201, reply.text
    payment = reply.json()
    assert payment["confirmed"] and payment["link"]
    assert desk.get(payment["order_id"]).creation is CreationState.UNCONFIRMED
    held[0] = False
    qtbot.waitUntil(lambda: desk.get(payment["order_id"]).creation is CreationState.CONFIRMED,
                    timeout=WAIT_MS)
    assert desk.get(payment["order_id"]).url == payment["link"]
    # What the till program was told stands: the same link, the same times.
    shown = till.call("GET", f"/v1/payments/{payment['order_id']}").json()
    assert {key: shown[key] for key in ("link", "confirmed_at", "pay_before")} == {
        key: payment[key] for key in ("link", "confirmed_at", "pay_before")}
    [remote] = sandbox.orders()
    assert remote.order_id == payment["order_id"]
