"""An order is watched until the service says it is final, in the real window.

The sandbox and PayDesk share a clock that the test moves forward, so "wait
100 s" takes no time: the sandbox's own clock (``advance_clock``) and the core's
(``Runtime.clock``) move together, as the two sides of a real counter would.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from paydesk.core.counter.views import BuyerState
from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.core.watch.remote import send_creation
from paydesk.domain.orders import OrderStatus
from paydesk.domain.phase import OrderPhase
from paydesk.sandbox import SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from fake_time import MovableClock
from payment_page import decide
from qt_images import decode_qimage
from screenshots import save_screenshot
from test_values import TEST_CLIENT_ID, TEST_SECRET

WAIT_MS = 10_000


@pytest.fixture
def sandbox(start_sandbox) -> SandboxServer:  # type: ignore[no-untyped-def]
    # The service keeps orders payable for 2 minutes ...
    return start_sandbox(client_id=TEST_CLIENT_ID, ttl_seconds=120)


@pytest.fixture
def clock() -> MovableClock:
    return MovableClock()


@pytest.fixture
def runtime(
    sandbox: SandboxServer, clock: MovableClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Runtime]:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    # ... while the merchant told PayDesk "Orders expire after 1 min".
    settings = Settings(
        base_url=sandbox.base_url, client_id=TEST_CLIENT_ID, merchant_name="Test shop",
        focus_interval_seconds=0.5, order_lifetime_seconds=60,
    )
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings, clock=clock)
    yield runtime
    runtime.close()


def open_window(runtime: Runtime, qtbot: QtBot) -> MainWindow:
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    return window


def badge(window: MainWindow) -> str:
    label = window.findChild(QLabel, "status_badge")
    assert label is not None
    return str(label.text())


def test_a_payment_made_after_the_apps_own_lifetime_estimate_is_seen(
    runtime: Runtime, sandbox: SandboxServer, clock: MovableClock, qtbot: QtBot
) -> None:
    window = open_window(runtime, qtbot)
    try:
        amount = window.findChild(QLineEdit, "amount_input")
        assert amount is not None
        amount.setFocus()
        qtbot.keyClicks(amount, "444")
        qtbot.keyClick(amount, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: len(sandbox.orders()) == 1 and sandbox.orders()[0].url
                        is not None and window.parts.presenter.sale is not None
                        and window.parts.presenter.sale.url is not None, timeout=WAIT_MS)
        [remote] = sandbox.orders()
        order_id = remote.order_id

        # 100 s pass at the counter: past PayDesk's estimate, within the service's lifetime.
        moved_at = clock()
        clock.offset += timedelta(seconds=100)
        sandbox.advance_clock(100)

        def checked_since_the_move() -> bool:
            order = window.parts.desk.get(order_id)
            return order is not None and order.last_checked_at is not None \
                and order.last_checked_at > moved_at + timedelta(seconds=100)

        qtbot.waitUntil(checked_since_the_move, timeout=WAIT_MS)
        assert sandbox.order(order_id).status == "pending"  # type: ignore[union-attr]

        # The buyer pays now, on the service's page.
        decide(remote.url, "approve", "b@example.com").raise_for_status()
        qtbot.waitUntil(lambda: "Paid" in badge(window), timeout=WAIT_MS)
        stored = window.parts.desk.get(order_id)
        assert stored is not None and stored.status is OrderStatus.APPROVE
        assert stored.paid_at is not None and not stored.paid_time_is_approximate
    finally:
        window.shutdown()


def test_every_open_order_is_checked_again_at_start(
    runtime: Runtime, sandbox: SandboxServer, qtbot: QtBot
) -> None:
    """An order an older PayDesk stopped checking, paid meanwhile, is found at the next start."""
    store = runtime.open_store()
    try:
        desk = runtime.open_desk(store)
        order = desk.record_creation(send_creation(runtime.gateway(), desk.start_order("444")))
        store.schedule(TEST_CLIENT_ID, order.order_id, None)  # given up on, as before
        assert desk.get(order.order_id).next_check_at is None  # type: ignore[union-attr]
    finally:
        store.close()
    sandbox.approve(order.order_id)

    window = open_window(runtime, qtbot)
    try:
        def paid() -> bool:
            found = window.parts.desk.get(order.order_id)
            return found is not None and found.status is OrderStatus.APPROVE

        qtbot.waitUntil(paid, timeout=WAIT_MS)
        model = window.orders_panel.model
        qtbot.waitUntil(
            lambda: any("Paid" in str(model.index(0, c).data())
                        for c in range(model.columnCount())), timeout=WAIT_MS)
    finally:
        window.shutdown()


def create_sale(qtbot: QtBot, window: MainWindow, sandbox: SandboxServer, text: str) -> str:
    """The cashier types the amount and Enter; the order id once its code is on screen."""
    amount = window.findChild(QLineEdit, "amount_input")
    assert amount is not None
    amount.setFocus()
    qtbot.keyClicks(amount, text)
    qtbot.keyClick(amount, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.parts.presenter.sale is not None
                    and window.parts.presenter.sale.url is not None, timeout=WAIT_MS)
    sale = window.parts.presenter.sale
    assert sale is not None
    return sale.order_id


def both_screens(window: MainWindow) -> tuple[OrderPhase, BuyerState]:
    display = window.customer_display
    assert display is not None
    return window.parts.payment_panel.badge.phase(), display.state()


@pytest.mark.parametrize(("service_says", "panel_phase", "display_state"), [
    ("approve", OrderPhase.PAID, BuyerState.PAID),
    ("expired", OrderPhase.EXPIRED, BuyerState.EXPIRED),
])
def test_at_the_end_of_the_countdown_both_screens_agree(
    runtime: Runtime, sandbox: SandboxServer, clock: MovableClock, qtbot: QtBot,
    service_says: str, panel_phase: OrderPhase, display_state: BuyerState,
) -> None:
    window = open_window(runtime, qtbot)
    try:
        display = window.open_customer_display()
        order_id = create_sale(qtbot, window, sandbox, "77")
        qtbot.waitUntil(lambda: display.state() is BuyerState.PENDING, timeout=WAIT_MS)
        assert display.qr.is_active() and window.parts.payment_panel.qr.is_active()

        # PayDesk's minute is up; the service's two minutes are not.
        clock.offset += timedelta(seconds=61)
        sandbox.advance_clock(61)
        qtbot.waitUntil(
            lambda: both_screens(window) == (OrderPhase.CHECKING, BuyerState.CHECKING),
            timeout=WAIT_MS)
        # No new scans on either screen, while the service has not said how it ended.
        assert display.qr.is_concealed() and window.parts.payment_panel.qr.is_concealed()
        assert decode_qimage(display.qr.grab().toImage()) == []
        assert decode_qimage(window.parts.payment_panel.qr.grab().toImage()) == []
        save_screenshot(window, "window-checking")
        save_screenshot(display, "display-checking-window")

        [remote] = sandbox.orders()
        if service_says == "approve":  # the buyer had scanned in time, and pays now
            decide(remote.url, "approve", "b@example.com").raise_for_status()
        else:
            clock.offset += timedelta(seconds=60)
            sandbox.advance_clock(60)
        qtbot.waitUntil(lambda: both_screens(window) == (panel_phase, display_state),
                        timeout=WAIT_MS)
        stored = window.parts.desk.get(order_id)
        assert stored is not None and stored.status.value == service_says
    finally:
        window.shutdown()
