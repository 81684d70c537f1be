"""The till program's answer to ``POST /v1/payments`` goes out as the service's link comes,
from the request's own thread: once the order is written and sent, it needs neither the
window's thread nor the sale's QR code."""

from __future__ import annotations

import threading

import pytest
from pytestqt.qtbot import QtBot
from terminal_client import TillProgram

from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.payment import watch_driver

from counter_steps import WAIT_MS


def test_the_answer_needs_neither_the_window_nor_the_qr_once_the_order_is_sent(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The sale's QR matrix (made in the request's thread, after the service's answer)
    is held until the till program has its answer, and the window's thread waits for
    that answer without turning its event loop: the answer comes all the same, with the
    link, while the window has not heard it yet; then the window shows that link."""
    answered = threading.Event()
    make_matrix = watch_driver.qr_matrix

    def held_matrix(text: str) -> list[list[bool]]:
        answered.wait(WAIT_MS / 1000)  # until the till program has its answer
        return make_matrix(text)

    monkeypatch.setattr(watch_driver, "qr_matrix", held_matrix)
    watch, desk = window.watch, window.watch.desk
    sent = till.send("POST", "/v1/payments", json={"amount_kopecks": 15000,
                                                   "reference": "held-window"})
    sent.add_done_callback(lambda _future: answered.set())
    qtbot.waitUntil(lambda: (order := desk.by_reference("held-window")) is not None
                    and order.order_id in watch.in_flight(), timeout=WAIT_MS)
    # Written and out: from here the window's thread only waits, running none of its events.
    reply = sent.result(timeout=WAIT_MS / 1000)
    assert reply.status_code == 201, reply.text
    payment = reply.json()
    assert payment["confirmed"] and payment["phase"] == "pending" and payment["link"]
    sale = watch.presenter.sale
    assert sale is not None and sale.order_id == payment["order_id"]
    assert sale.url is None  # the window has not heard the service's answer yet
    qtbot.waitUntil(lambda: (sale := watch.presenter.sale) is not None
                    and sale.url == payment["link"], timeout=WAIT_MS)
    # What the till program was told is what the book then holds.
    qtbot.waitUntil(lambda: desk.get(payment["order_id"]).url == payment["link"],
                    timeout=WAIT_MS)
    shown = till.call("GET", f"/v1/payments/{payment['order_id']}").json()
    assert {key: shown[key] for key in ("link", "confirmed_at", "pay_before", "phase")} == {
        key: payment[key] for key in ("link", "confirmed_at", "pay_before", "phase")}
