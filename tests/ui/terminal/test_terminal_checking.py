"""The till program hears the sale's countdown end ("checking") and the service's word after.

The sandbox and PayDesk share a clock the test moves forward (as in
payment/test_watched_to_the_end.py): PayDesk's lifetime estimate (1 min) passes while
the service still holds the order payable (2 min); the buyer's screen stops showing the
code, the stream says "checking", and a payment made then still arrives as "paid".
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.sandbox import SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from fake_time import MovableClock
from memory_keyring import MemoryKeyring
from payment_page import decide
from terminal_client import EventReader, TillProgram
from test_values import TEST_CLIENT_ID, TEST_SECRET


@pytest.fixture
def sandbox(start_sandbox) -> SandboxServer:  # type: ignore[no-untyped-def]
    return start_sandbox(client_id=TEST_CLIENT_ID, ttl_seconds=120)


@pytest.fixture
def clock() -> MovableClock:
    return MovableClock()


@pytest.fixture
def window(sandbox: SandboxServer, clock: MovableClock, tmp_path: Path, qtbot: QtBot,
           monkeypatch: pytest.MonkeyPatch, memory_keyring: MemoryKeyring,
           ) -> Iterator[MainWindow]:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(
        base_url=sandbox.base_url, client_id=TEST_CLIENT_ID, merchant_name="Test shop",
        focus_interval_seconds=0.5, order_lifetime_seconds=60, terminal_api="local",
        terminal_api_port=0)
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings, clock=clock)
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    yield window
    window.shutdown()
    runtime.close()


def test_the_countdowns_end_is_heard_as_checking_and_a_late_payment_as_paid(
    sandbox: SandboxServer, clock: MovableClock, till: TillProgram,
) -> None:
    stream = EventReader(till)
    try:
        payment = till.call("POST", "/v1/payments",
                            json={"amount_kopecks": 5_000, "reference": "late-1"}).json()
        order_id = payment["order_id"]
        stream.until("shown", order_id)

        clock.offset += timedelta(seconds=61)  # past PayDesk's estimate ...
        sandbox.advance_clock(61)  # ... within the service's own lifetime
        _id, kind, checking = stream.next()
        assert (kind, checking["order_id"], checking["phase"]) == (
            "checking", order_id, "checking")

        decide(payment["link"], "approve", "b@example.com").raise_for_status()
        assert stream.until("paid", order_id)[2]["phase"] == "paid"
    finally:
        stream.close()
