"""A creation the service does not answer never holds up the next sale: Esc sets it
aside, it is finished in the background under its order id, and never shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from paydesk.core.counter.views import BuyerState, CounterScreens
from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.domain.orders import CreationState
from paydesk.domain.phase import OrderPhase
from paydesk.sandbox import Fault, SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders.cells import phase_colour
from paydesk.ui.orders.table_columns import Column

from counter_steps import (
    WAIT_MS,
    child,
    open_display,
    order_id_of,
    screenshot,
    shown_link,
    type_amount,
    wait_for_link,
)
from test_values import TEST_CLIENT_ID, TEST_SECRET

#: How long the stalling sandbox holds a request before it drops the connection (the
#: client then sends the same order again and gets its link): long enough for the
#: cashier's Esc and next sale to happen while the first creation is still out.
STALL_S = 4.0


@pytest.fixture
def stalling_window(
    start_sandbox: Callable[..., SandboxServer], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, qtbot: QtBot,
) -> Iterator[tuple[MainWindow, SandboxServer]]:
    sandbox = start_sandbox(client_id=TEST_CLIENT_ID, stall_seconds=STALL_S)
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                        focus_interval_seconds=0.5, max_in_flight=1)
    runtime = Runtime(AppPaths(tmp_path / "stall-data").ensure(), settings)
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    yield window, sandbox
    window.shutdown()
    runtime.close()


def test_escape_sets_a_stuck_creation_aside_and_the_next_sale_goes_at_once(
    stalling_window: tuple[MainWindow, SandboxServer], qtbot: QtBot
) -> None:
    window, sandbox = stalling_window
    display = open_display(window, qtbot)
    amount: QLineEdit = child(window, QLineEdit, "amount_input")
    button: QPushButton = child(window, QPushButton, "create_button")
    sandbox.inject(Fault.STALL, endpoint="create_order")
    type_amount(qtbot, window, "55")
    [stuck] = window.parts.desk.unconfirmed()
    qtbot.waitUntil(lambda: sandbox.request_count("create_order") == 1, timeout=WAIT_MS)
    # The sale's screens come with its answer, or one frame after Enter.
    qtbot.waitUntil(lambda: display.state() is BuyerState.PREPARING, timeout=WAIT_MS)
    assert not button.isEnabled() and button.text() == "Creating…"
    screenshot(window, "creating-stuck")
    shown: list[object] = []  # every order put in front of the buyer or the cashier from now
    window.parts.engine.hub.subscribe(
        CounterScreens, lambda screens: shown.extend((screens.sale, screens.panel.order)))

    qtbot.keyClick(amount, Qt.Key.Key_Escape)
    # At once: the form is free, the panel and the buyer's screen are idle.
    assert button.isEnabled() and button.text() == "Create payment  ⏎"
    assert amount.hasFocus()
    assert window.parts.payment_panel.is_idle() and display.is_idle()
    assert stuck.order_id in window.parts.engine.in_flight()  # still being resolved
    screenshot(window, "creating-set-aside")

    type_amount(qtbot, window, "66")
    next_link = wait_for_link(qtbot, window)
    assert stuck.order_id in window.parts.engine.in_flight()  # the next sale did not wait for it
    qtbot.waitUntil(lambda: display.qr.text() == next_link, timeout=WAIT_MS)
    # The set-aside order is finished in the background with the same order id...
    qtbot.waitUntil(lambda: stuck.order_id not in window.parts.engine.in_flight(),
                    timeout=int(STALL_S * 1000) + WAIT_MS)
    recorded = window.parts.desk.get(stuck.order_id)
    assert recorded is not None and recorded.creation is CreationState.CONFIRMED
    remote = sandbox.order(stuck.order_id)
    assert remote is not None and remote.url == recorded.url and len(sandbox.orders()) == 2
    # ...and never shown: not on the panel, not on the buyer's screen.
    assert shown_link(window) == next_link and display.qr.text() == next_link
    assert all(order is None or order.order_id != stuck.order_id  # type: ignore[attr-defined]
               for order in shown)
    qtbot.waitUntil(lambda: window.orders_panel.model.rowCount() == 2, timeout=WAIT_MS)
    screenshot(window, "next-sale-after-set-aside")


def test_stuck_creations_set_aside_never_hold_up_the_next_ones_request(
    stalling_window: tuple[MainWindow, SandboxServer], qtbot: QtBot
) -> None:
    # One request in flight allowed (a pool of two threads): two stuck creations
    # fill it, and the third sale's request still goes out at once.
    window, sandbox = stalling_window
    sandbox.inject(Fault.STALL, times=2, endpoint="create_order")
    amount: QLineEdit = child(window, QLineEdit, "amount_input")
    for count, typed in ((1, "1"), (2, "2")):
        type_amount(qtbot, window, typed)
        qtbot.waitUntil(lambda n=count: sandbox.request_count("create_order") == n,
                        timeout=WAIT_MS)
        qtbot.keyClick(amount, Qt.Key.Key_Escape)
    stuck = {order.order_id for order in window.parts.desk.unconfirmed()}
    type_amount(qtbot, window, "3")
    link = wait_for_link(qtbot, window)
    assert stuck <= window.parts.engine.in_flight()  # both still held by the service
    assert sandbox.order(order_id_of(sandbox, link)) is not None


def status_cell(window: MainWindow, order_id: str) -> tuple[str, str]:
    """The order's status in the orders list: its words and their colour."""
    model = window.orders_panel.model
    row = model.row_of(order_id)
    assert row is not None
    index = model.index(row, Column.STATUS)
    return index.data(), index.data(Qt.ItemDataRole.ForegroundRole).name()


def test_the_list_says_creating_while_the_panel_does(
    stalling_window: tuple[MainWindow, SandboxServer], qtbot: QtBot
) -> None:
    """The service holds the sale's creation: its row, once in the list, says "Creating…"
    as the panel does (not "Not sent"), still while it is set aside with Esc, and what
    the service's answer makes of it once that is in."""
    window, sandbox = stalling_window
    sandbox.inject(Fault.STALL, endpoint="create_order")
    type_amount(qtbot, window, "55")
    [order] = window.parts.desk.unconfirmed()
    model = window.orders_panel.model
    qtbot.waitUntil(lambda: model.row_of(order.order_id) is not None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: window.parts.payment_panel.badge.phase() is OrderPhase.CREATING,
                    timeout=WAIT_MS)
    creating = ("Creating…", phase_colour(OrderPhase.CREATING).name())
    assert status_cell(window, order.order_id) == creating
    screenshot(window, "creating-in-the-list")

    qtbot.keyClick(child(window, QLineEdit, "amount_input"), Qt.Key.Key_Escape)
    assert window.parts.payment_panel.is_idle()
    assert status_cell(window, order.order_id) == creating  # still out, finished in the back

    qtbot.waitUntil(lambda: order.order_id not in window.parts.engine.in_flight(),
                    timeout=int(STALL_S * 1000) + WAIT_MS)
    assert status_cell(window, order.order_id)[0] == "Waiting"  # confirmed: payable


def test_the_lists_row_stays_while_the_answer_is_awaited_and_clears_with_the_card(
    stalling_window: tuple[MainWindow, SandboxServer], qtbot: QtBot
) -> None:
    """Enter: the list's current row (the sale before) stays while the order is on its way
    (its highlight does not leave and come back a moment later, with the answer's row); a
    slow answer brings the "Creating…" card, and then no row looks like what the panel
    shows."""
    window, sandbox = stalling_window
    table = window.orders_panel.table
    type_amount(qtbot, window, "54")
    before = order_id_of(sandbox, wait_for_link(qtbot, window))
    model = window.orders_panel.model
    qtbot.waitUntil(lambda: model.row_of(before) is not None
                    and table.currentIndex().row() == model.row_of(before), timeout=WAIT_MS)
    sandbox.inject(Fault.STALL, endpoint="create_order")
    type_amount(qtbot, window, "55")
    panel = window.parts.payment_panel
    assert panel.link_label.link() is None and panel.creating_card_due()
    # The new sale's row is in the list already; the highlight stays on the sale before.
    assert table.currentIndex().row() == model.row_of(before) != model.row_of(
        window.parts.presenter.sale_id)
    qtbot.waitUntil(lambda: panel.badge.phase() is OrderPhase.CREATING, timeout=WAIT_MS)
    assert not table.currentIndex().isValid()
    assert not table.selectionModel().hasSelection()
