"""The till busy with the cashier's own sale: a till program's payment asked for while
that sale's creation is out is a 409 ``api_busy`` problem that says when to ask again
(``Retry-After``), as the document says; asked again once the sale is answered, it is
taken."""

from __future__ import annotations

import dataclasses

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.sandbox import SandboxServer
from paydesk.sandbox.faults import Fault
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS, type_amount
from terminal_client import TillProgram


@pytest.fixture
def runtime(runtime: Runtime) -> Runtime:
    """The cashier's sale stays out while the till program asks (no deadline ends it)."""
    runtime.keeper.settings = dataclasses.replace(runtime.settings,
                                                  request_deadline_seconds=60.0)
    return runtime


def test_a_payment_asked_for_while_the_cashiers_sale_is_out_is_busy_with_retry_after(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, till: TillProgram) -> None:
    sandbox.inject(Fault.STALL, endpoint="create_order")
    type_amount(qtbot, window, "53")  # the cashier's sale, its creation held by the service
    qtbot.waitUntil(lambda: window.parts.engine.awaited is not None, timeout=WAIT_MS)
    busy = till.call("POST", "/v1/payments", json={"amount_kopecks": 900, "reference": "b-1"})
    assert busy.status_code == 409, busy.text
    assert busy.json()["code"] == "api_busy"
    assert busy.headers["Retry-After"] == "1"
