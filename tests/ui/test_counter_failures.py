"""The counter window when something fails: the service down or failing, a reply that
cannot be saved, no payment client. Each is said in the banner, the window keeps
serving the cashier, and an order is never taken twice.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.domain.orders import CreationState
from paydesk.sandbox import Fault, SandboxServer
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS, badge, child, screenshot, shown_link, type_amount, wait_for_link


def test_service_failure_shows_a_banner_and_retry_reuses_the_order_id(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="create_order")
    type_amount(qtbot, window, "42")
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
    order_id = window.banner.order_id
    assert order_id
    order = window.parts.desk.get(order_id)
    assert order is not None and order.creation is CreationState.UNCONFIRMED
    # The window stays responsive: the next field accepts typing at once.
    qtbot.keyClicks(child(window, QLineEdit, "note_input"), "still typing")
    screenshot(window, "error-banner")

    sandbox.clear_faults()
    qtbot.mouseClick(child(window, QPushButton, "retry_button"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: shown_link(window).startswith("http"), timeout=WAIT_MS)
    [remote] = sandbox.orders()
    assert remote.order_id == order_id  # the same order, not a second one
    assert not window.banner.isVisible()


def test_failing_status_checks_show_one_banner_and_recover(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "33")
    wait_for_link(qtbot, window)
    sandbox.inject(Fault.UNAVAILABLE, times=1000, endpoint="get_order")
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
    assert "Status checks are failing" in window.banner.message.text()
    assert window.banner.order_id == ""  # not a creation: Retry checks again
    assert "Waiting" in badge(window)  # a failed check never changes the status

    sandbox.clear_faults()
    qtbot.mouseClick(child(window, QPushButton, "retry_button"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.banner.isVisible(), timeout=WAIT_MS)


def test_service_stopped_keeps_the_window_responsive(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    sandbox.stop()
    type_amount(qtbot, window, "44")
    # The request is failing in a worker; the GUI thread keeps serving input.
    note: QLineEdit = child(window, QLineEdit, "note_input")
    qtbot.keyClicks(note, "typing while it retries")
    assert note.text() == "typing while it retries"
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=30_000)
    assert "could not be reached" in window.banner.message.text().lower()
    [order] = window.parts.desk.unconfirmed()
    assert window.banner.order_id == order.order_id


def test_an_unconfirmed_creation_is_sent_again_by_itself(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window.parts.engine.resend_pause_s = 0.2  # 30 s at the counter
    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="create_order")
    type_amount(qtbot, window, "42")
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
    order_id = window.banner.order_id
    sandbox.clear_faults()
    # Nobody presses Retry: the counter resends the same order on its own.
    qtbot.waitUntil(lambda: shown_link(window).startswith("http"), timeout=WAIT_MS)
    [remote] = sandbox.orders()
    assert remote.order_id == order_id


def test_a_failed_save_of_the_reply_does_not_lock_the_counter(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from paydesk.store.errors import StoreError, StoreProblem

    desk = window.parts.desk
    real = desk.record_creation
    calls = []

    def locked_once(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        calls.append(args)
        if len(calls) == 1:  # the store's own words, written for a save before sending
            raise StoreError("Could not save the payment link: the order book is locked by "
                             "another program. Nothing was changed; close the other program "
                             "or wait, then try again.", StoreProblem.LOCKED)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(desk, "record_creation", locked_once)
    window.parts.engine.resend_pause_s = 0.2
    type_amount(qtbot, window, "43")
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
    said = window.banner.message.text()
    # The service has the order: nothing may invite the cashier to take the sale again.
    assert "locked" in said and "do not take this payment again" in said.lower()
    assert "try again" not in said.lower() and "Nothing was changed" not in said
    button: QPushButton = child(window, QPushButton, "create_button")
    assert button.isEnabled()  # the next sale can be taken
    # The order is still unconfirmed in the book and is sent again (same order id).
    qtbot.waitUntil(lambda: shown_link(window).startswith("http"), timeout=WAIT_MS)
    assert len(sandbox.orders()) == 1


def test_no_payment_client_means_nothing_is_written(
    runtime: Runtime, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, memory_keyring: object,
    sandbox: SandboxServer,
) -> None:
    monkeypatch.delenv("PAYDESK_SECRET_KEY")  # and the keychain is empty
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.show()
    window.watch.start()
    try:
        type_amount(qtbot, window, "44")
        qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
        assert "secret key" in window.banner.message.text().lower()
        assert window.parts.desk.unconfirmed() == []
        assert sandbox.request_count() == 0
    finally:
        window.shutdown()
