"""The counter window against the real sandbox on loopback: type, Enter, QR, paid."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QTableView, QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.watch.events import OrderPaid
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

from counter_steps import (
    WAIT_MS,
    badge,
    buyer_note,
    child,
    order_id_of,
    screenshot,
    shown_link,
    type_amount,
    wait_for_link,
)
from payment_page import decide
from qt_images import decode_qimage


def test_amount_has_focus_at_start(window: MainWindow, qtbot: QtBot) -> None:
    qtbot.waitUntil(lambda: child(window, QLineEdit, "amount_input").hasFocus())
    screenshot(window, "new")


def test_enter_creates_the_order_and_shows_a_qr_that_decodes_to_the_link(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "150")
    link = wait_for_link(qtbot, window)
    [remote] = sandbox.orders()
    assert remote.amount == 15000 and remote.url == link
    qr = child(window, QWidget, "qr_code")
    assert decode_qimage(qr.grab().toImage()) == [link]
    assert "150" in window.parts.payment_panel.findChild(QLabel, "amount_label").text()
    # Ready for the next buyer at once.
    assert child(window, QLineEdit, "amount_input").text() == ""
    screenshot(window, "pending")


def test_paid_through_the_payment_page_shows_paid_and_updates_the_row(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "1 500,50")
    link = wait_for_link(qtbot, window)
    paid = []
    window.parts.bridge.subscribe(OrderPaid, lambda event: paid.append(event.order))
    decide(link, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: "Paid" in badge(window), timeout=WAIT_MS)
    assert len(paid) == 1 and paid[0].status is OrderStatus.APPROVE
    table: QTableView = child(window, QTableView, "orders_table")
    model = table.model()
    texts = [model.index(0, c).data() for c in range(model.columnCount())]
    assert any("Paid" in str(text) for text in texts), texts
    screenshot(window, "paid")


def test_declined_and_expired(window: MainWindow, qtbot: QtBot, sandbox: SandboxServer) -> None:
    type_amount(qtbot, window, "10")
    link = wait_for_link(qtbot, window)
    decide(link, "decline").raise_for_status()
    qtbot.waitUntil(lambda: "Refused" in badge(window), timeout=WAIT_MS)
    screenshot(window, "declined")

    type_amount(qtbot, window, "20")
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 2, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: shown_link(window) != link and shown_link(window).startswith("http"),
                    timeout=WAIT_MS)
    second = next(o for o in sandbox.orders() if o.amount == 2000)
    sandbox.expire(second.order_id)
    qtbot.waitUntil(lambda: "Expired" in badge(window), timeout=WAIT_MS)
    screenshot(window, "expired")


def test_double_enter_creates_one_order(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    sandbox.set_latency(300)  # the creation is still in flight at the second Enter
    amount: QLineEdit = child(window, QLineEdit, "amount_input")
    amount.setText("75")
    qtbot.keyClick(amount, Qt.Key.Key_Return)
    amount.setText("75")
    qtbot.keyClick(amount, Qt.Key.Key_Return)
    button: QPushButton = child(window, QPushButton, "create_button")
    qtbot.waitUntil(lambda: not button.isEnabled(), timeout=WAIT_MS)  # a frame after Enter
    qtbot.waitUntil(button.isEnabled, timeout=WAIT_MS)
    assert len(sandbox.orders()) == 1
    assert window.parts.desk.store.count(window.orders_panel.current_query()) == 1


def test_bad_amount_is_explained_next_to_the_field(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "1.005")
    assert "two digits" in window.form.error_text("amount")
    assert child(window, QLineEdit, "amount_input").hasFocus()
    assert sandbox.orders() == []
    screenshot(window, "bad-amount")


def test_selecting_a_row_shows_that_order_to_the_cashier_only(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "11")
    first = wait_for_link(qtbot, window)
    type_amount(qtbot, window, "22")
    qtbot.waitUntil(lambda: shown_link(window) not in (first, ""), timeout=WAIT_MS)
    second = shown_link(window)
    table: QTableView = child(window, QTableView, "orders_table")
    model = table.model()
    qtbot.waitUntil(lambda: model.rowCount() == 2, timeout=WAIT_MS)
    rows = {model.index(r, 1).data(Qt.ItemDataRole.ToolTipRole): r
            for r in range(model.rowCount())}
    first_id = order_id_of(sandbox, first)
    table.selectRow(rows[first_id])
    qtbot.waitUntil(lambda: shown_link(window) == first, timeout=WAIT_MS)
    assert window.parts.presenter.sale is not None and window.parts.presenter.sale.url == second
    assert buyer_note(window) == "Not the current sale"  # no customer display open


def test_check_all_pending_asks_the_service(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "5")
    wait_for_link(qtbot, window)
    window.new_payment()
    before = sandbox.request_count("get_order")
    window.parts.actions.check_all.trigger()
    qtbot.waitUntil(lambda: sandbox.request_count("get_order") > before, timeout=WAIT_MS)
