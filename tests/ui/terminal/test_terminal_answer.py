"""The till program's answer to ``POST /v1/payments`` goes out as the service's link comes,
from the request's own thread: once the order is written and sent, it needs neither the
window's thread nor the sale's QR code (the window makes that as it shows the sale)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS
from terminal_client import TillProgram


def test_the_answer_needs_neither_the_window_nor_the_qr_once_the_order_is_sent(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    """The window's thread waits for the till program's answer without turning its event
    loop, from before the service answers: the answer comes all the same, with the link,
    while the window has not heard it (nor made its code). What the till program asks
    next reaches the window behind the service's answer, and is answered with it."""
    sandbox.set_latency(1000)  # the window's thread is held before the service answers
    engine, presenter, desk = window.parts.engine, window.parts.presenter, window.parts.desk
    sent = till.send("POST", "/v1/payments", json={"amount_kopecks": 15000,
                                                   "reference": "held-window"})
    qtbot.waitUntil(lambda: (order := desk.by_reference("held-window")) is not None
                    and order.order_id in engine.in_flight(), timeout=WAIT_MS)
    # Written and out: from here the window's thread only waits, running none of its events.
    reply = sent.result(timeout=WAIT_MS / 1000)
    assert reply.status_code == 201, reply.text
    payment = reply.json()
    assert payment["confirmed"] and payment["phase"] == "pending" and payment["link"]
    sale = presenter.sale
    assert sale is not None and sale.order_id == payment["order_id"]
    assert sale.url is None  # the window has not heard the service's answer yet
    qr = window.parts.payment_panel.qr
    assert qr.text() is None  # nor shown its code
    sandbox.set_latency(0)
    shown = till.call("GET", f"/v1/payments/{payment['order_id']}").json()
    assert {key: shown[key] for key in ("link", "confirmed_at", "pay_before", "phase")} == {
        key: payment[key] for key in ("link", "confirmed_at", "pay_before", "phase")}
    assert presenter.sale.url == payment["link"] and qr.text() == payment["link"]
