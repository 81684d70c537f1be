"""The counter window against the real sandbox on loopback: type, Enter, QR, paid."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings import Settings
from paydesk.domain.order_ids import short_id
from paydesk.domain.orders import CreationState, OrderStatus
from paydesk.sandbox import Fault, SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.payment.customer_display import CustomerDisplay
from paydesk.ui.payment.display_phases import DisplayState
from paydesk.ui.shell.formatting import money

from counter_steps import order_id_of, row_point
from payment_page import decide
from qt_images import decode_qimage
from screenshots import save_screenshot
from test_values import TEST_CLIENT_ID, TEST_SECRET

WAIT_MS = 10_000


def screenshot(widget: QWidget, name: str) -> None:
    if isinstance(widget, MainWindow):  # the orders list comes just after the first frame
        widget.orders_panel  # noqa: B018
        QApplication.processEvents()
    save_screenshot(widget, f"window-{name}")


def child(window: QWidget, kind: type, name: str):  # type: ignore[no-untyped-def]
    found = window.findChild(kind, name)
    assert found is not None, name
    return found


def type_amount(qtbot: QtBot, window: MainWindow, text: str) -> None:
    amount: QLineEdit = child(window, QLineEdit, "amount_input")
    amount.setFocus()
    qtbot.keyClicks(amount, text)
    qtbot.keyClick(amount, Qt.Key.Key_Return)


def shown_link(window: MainWindow) -> str:
    return str(child(window, QLabel, "payment_link").toolTip() or
               child(window, QLabel, "payment_link").text())


def wait_for_link(qtbot: QtBot, window: MainWindow) -> str:
    qtbot.waitUntil(lambda: shown_link(window).startswith("http"), timeout=WAIT_MS)
    return shown_link(window)


def badge(window: MainWindow) -> str:
    return str(child(window, QLabel, "status_badge").text())




def buyer_note(window: MainWindow) -> str:
    note: QLabel = child(window, QLabel, "buyer_note")
    return str(note.text()) if note.isVisible() else ""




def click_row(qtbot: QtBot, table: QTableView, order_id: str) -> None:
    """A click on the row, as the cashier's mouse makes it."""
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=row_point(table, order_id))


def pay_on_the_page(link: str, decision: str = "approve") -> None:
    """The buyer's phone: the sandbox's payment page, over HTTP."""
    decide(link, decision, "b@example.com").raise_for_status()


def new_sale(qtbot: QtBot, window: MainWindow, amount: str) -> str:
    """Esc, then the amount and Enter; the new order's link once it is on screen."""
    before = shown_link(window)
    qtbot.keyClick(child(window, QLineEdit, "amount_input"), Qt.Key.Key_Escape)
    type_amount(qtbot, window, amount)
    qtbot.waitUntil(lambda: shown_link(window) not in (before, "")
                    and shown_link(window).startswith("http"), timeout=WAIT_MS)
    return shown_link(window)


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
    assert "150" in window.payment_panel.findChild(QLabel, "amount_label").text()
    # Ready for the next buyer at once.
    assert child(window, QLineEdit, "amount_input").text() == ""
    screenshot(window, "pending")


def test_paid_through_the_payment_page_shows_paid_and_updates_the_row(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "1 500,50")
    link = wait_for_link(qtbot, window)
    paid = []
    window.counter.order_paid.connect(paid.append)
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
    assert not button.isEnabled()
    qtbot.waitUntil(button.isEnabled, timeout=WAIT_MS)
    assert len(sandbox.orders()) == 1
    assert window.counter.desk.store.count(window.orders_panel.current_query()) == 1


def test_bad_amount_is_explained_next_to_the_field(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "1,005")
    assert "two digits" in window.form.error_text("amount")
    assert child(window, QLineEdit, "amount_input").hasFocus()
    assert sandbox.orders() == []
    screenshot(window, "bad-amount")


def test_service_failure_shows_a_banner_and_retry_reuses_the_order_id(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="create_order")
    type_amount(qtbot, window, "42")
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
    order_id = window.banner.order_id
    assert order_id
    order = window.counter.desk.get(order_id)
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
    assert window.counter.sale is not None and window.counter.sale.url == second
    assert buyer_note(window) == "Not the current sale"  # no customer display open


def test_check_all_pending_asks_the_service(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "5")
    wait_for_link(qtbot, window)
    window.new_payment()
    before = sandbox.request_count("get_order")
    window.check_all_action.trigger()
    qtbot.waitUntil(lambda: sandbox.request_count("get_order") > before, timeout=WAIT_MS)


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
    [order] = window.counter.desk.unconfirmed()
    assert window.banner.order_id == order.order_id


def test_customer_display_follows_the_counter(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    display = window.open_customer_display()
    qtbot.addWidget(display)
    assert display.is_idle() and window.display_action.isChecked()
    type_amount(qtbot, window, "250")
    link = wait_for_link(qtbot, window)
    qtbot.waitUntil(lambda: display.qr.text() == link, timeout=WAIT_MS)
    assert decode_qimage(display.qr.grab().toImage()) == [link]
    decide(link, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: "Paid" in display.result_label.text(), timeout=WAIT_MS)
    display.close()
    assert not window.display_action.isChecked()


def test_export_shows_what_the_list_shows(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path
) -> None:
    import csv

    type_amount(qtbot, window, "12,34")
    wait_for_link(qtbot, window)
    path = tmp_path / "shown.csv"
    assert window.menu_actions.export_csv_to(str(path)) == 1
    with path.open(encoding="utf-8-sig", newline="") as handle:
        [header, row] = list(csv.reader(handle))
    assert "order_id" in header
    assert row[header.index("amount")] == "12.34"  # an English-locale spreadsheet


def test_an_export_that_cannot_be_written_says_so_and_where(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    target = tmp_path / "no-such-folder" / "orders.csv"
    # The file dialog and the message box are modal: they are answered and read here.
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    warnings: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text: warnings.append((title, text)))

    window.export_action.trigger()

    [(title, text)] = warnings
    where, why = text.split("\n\n")
    assert title == "Could not save" and where == str(target) and why  # the OS's words
    assert not target.exists()


def test_settings_that_cannot_be_saved_are_said_and_left_as_they_were(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    # The file is written whole to a temporary name first; make that name unusable.
    window.runtime.paths.settings_file.with_suffix(".json.tmp").mkdir()
    warnings: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text: warnings.append((title, text)))
    before = window.runtime.settings

    window.sound_action.trigger()  # Settings → Play sounds: saved at once

    assert window.runtime.settings == before
    [(title, text)] = warnings
    assert title == "Settings" and "cannot be saved" in text


def test_an_unconfirmed_creation_is_sent_again_by_itself(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window.counter.resend_pause_s = 0.2  # 30 s at the counter
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

    desk = window.counter.desk
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
    window.counter.resend_pause_s = 0.2
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
    window.counter.start()
    try:
        type_amount(qtbot, window, "44")
        qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
        assert "secret key" in window.banner.message.text().lower()
        assert window.counter.desk.unconfirmed() == []
        assert sandbox.request_count() == 0
    finally:
        window.shutdown()


# -- the buyer's screen shows the sale, whatever the cashier looks at ---------------------


def open_display(window: MainWindow, qtbot: QtBot) -> CustomerDisplay:
    display = window.open_customer_display()
    qtbot.addWidget(display)
    # The offscreen platform activates every window it shows; a real desktop leaves
    # the cashier's window in front (the display asks not to be activated).
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return display


def test_browsing_the_list_never_changes_the_buyers_screen(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window.resize(1280, 800)
    display = open_display(window, qtbot)
    type_amount(qtbot, window, "11")
    other_link = wait_for_link(qtbot, window)
    sale_link = new_sale(qtbot, window, "77")
    qtbot.waitUntil(lambda: display.qr.text() == sale_link, timeout=WAIT_MS)
    other_id, sale_id = order_id_of(sandbox, other_link), order_id_of(sandbox, sale_link)
    table: QTableView = child(window, QTableView, "orders_table")
    qtbot.waitUntil(lambda: table.model().rowCount() == 2, timeout=WAIT_MS)

    def the_buyer_sees_the_sale() -> None:
        assert display.state() is DisplayState.PENDING
        assert display.qr.text() == sale_link
        assert display.amount_label.text() == money(7700)
        assert decode_qimage(display.qr.grab().toImage()) == [sale_link]

    # Sorted by amount, the other order is on top; going into the list (Tab, or a
    # click on its empty space) makes a row current.
    table.sortByColumn(Column.AMOUNT, Qt.SortOrder.AscendingOrder)
    assert table.model().index(0, Column.ORDER_ID).data() == short_id(other_id)
    table.setFocus(Qt.FocusReason.TabFocusReason)
    viewport = table.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=QPoint(20, viewport.height() - 5))
    the_buyer_sees_the_sale()
    # A click on another waiting order: the cashier sees it, the buyer does not.
    click_row(qtbot, table, other_id)
    qtbot.waitUntil(lambda: shown_link(window) == other_link, timeout=WAIT_MS)
    the_buyer_sees_the_sale()
    assert buyer_note(window) == "Not shown to the buyer"
    screenshot(window, "looked-up")
    # The arrow keys.
    qtbot.keyClick(table, Qt.Key.Key_Down)  # to the sale's row
    assert shown_link(window) == sale_link and buyer_note(window) == "On the buyer's screen"
    qtbot.keyClick(table, Qt.Key.Key_Up)
    assert shown_link(window) == other_link
    the_buyer_sees_the_sale()
    # The buyer pays the sale on their phone while the cashier looks elsewhere.
    pay_on_the_page(sale_link)
    qtbot.waitUntil(lambda: display.state() is DisplayState.PAID, timeout=WAIT_MS)
    assert display.result_amount_label.text() == money(7700)
    assert shown_link(window) == other_link  # the cashier's panel stays where it was
    qtbot.waitUntil(display.is_idle, timeout=WAIT_MS)  # back to idle by itself
    # A later click in the list still puts nothing in front of the buyer.
    click_row(qtbot, table, sale_id)
    click_row(qtbot, table, other_id)
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert display.is_idle() and display.qr.text() is None
    assert sandbox.order(other_id).status is OrderStatus.PENDING  # nobody paid the other one


def two_waiting_orders(
    window: MainWindow, qtbot: QtBot, first: str = "11", second: str = "22"
) -> tuple[str, str, QTableView]:
    """An order, Esc, and the sale; their links once both are in the list."""
    type_amount(qtbot, window, first)
    other = wait_for_link(qtbot, window)
    sale = new_sale(qtbot, window, second)
    table: QTableView = child(window, QTableView, "orders_table")
    qtbot.waitUntil(lambda: table.model().rowCount() == 2, timeout=WAIT_MS)
    return other, sale, table


def test_show_to_buyer_puts_the_looked_up_order_in_front_of_the_buyer(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window.resize(1280, 800)
    display = open_display(window, qtbot)
    first, second, table = two_waiting_orders(window, qtbot)
    click_row(qtbot, table, order_id_of(sandbox, first))
    qtbot.waitUntil(lambda: shown_link(window) == first, timeout=WAIT_MS)
    show: QPushButton = child(window, QPushButton, "show_to_buyer_button")
    assert show.isVisible() and window.show_to_buyer_action.isEnabled()
    assert display.qr.text() == second

    qtbot.mouseClick(show, Qt.MouseButton.LeftButton)
    assert display.qr.text() == first and display.amount_label.text() == money(1100)
    assert decode_qimage(display.qr.grab().toImage()) == [first]
    assert buyer_note(window) == "On the buyer's screen" and not show.isVisible()
    assert not window.show_to_buyer_action.isEnabled()
    screenshot(window, "shown-to-buyer")
    # The buyer pays it on the payment page: the result is theirs to see.
    pay_on_the_page(first)
    qtbot.waitUntil(lambda: display.state() is DisplayState.PAID, timeout=WAIT_MS)
    assert display.result_amount_label.text() == money(1100)
    qtbot.waitUntil(lambda: "Paid" in badge(window), timeout=WAIT_MS)

    # The other one is waiting still; its row, then the shortcut, put it back.
    click_row(qtbot, table, order_id_of(sandbox, second))
    qtbot.waitUntil(lambda: shown_link(window) == second, timeout=WAIT_MS)
    assert display.state() is DisplayState.PAID  # a click shows the buyer nothing new
    qtbot.keyClick(table, Qt.Key.Key_D,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert display.state() is DisplayState.PENDING and display.qr.text() == second


def test_show_to_buyer_is_never_offered_for_an_order_that_cannot_be_paid(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    display = open_display(window, qtbot)
    paid, sale, table = two_waiting_orders(window, qtbot)
    pay_on_the_page(paid)
    paid_id = order_id_of(sandbox, paid)
    qtbot.waitUntil(lambda: window.counter.desk.get(paid_id).status  # type: ignore[union-attr]
                    is OrderStatus.APPROVE, timeout=WAIT_MS)
    click_row(qtbot, table, paid_id)
    qtbot.waitUntil(lambda: "Paid" in badge(window), timeout=WAIT_MS)
    show: QPushButton = child(window, QPushButton, "show_to_buyer_button")
    assert not show.isVisible() and not window.show_to_buyer_action.isEnabled()
    assert buyer_note(window) == "Not shown to the buyer"
    assert not window.counter.show_to_buyer()  # asked anyway: refused
    window.show_to_buyer()
    assert "can still be paid" in window.statusBar().currentMessage()
    assert display.qr.text() == sale and window.counter.sale is not None
    assert window.counter.sale.url == sale

    # An order the service never confirmed: nothing to pay, nothing to show.
    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="create_order")
    type_amount(qtbot, window, "33")
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
    unsent = window.banner.order_id
    window.new_payment_action.trigger()
    qtbot.waitUntil(lambda: table.model().rowCount() == 3, timeout=WAIT_MS)
    click_row(qtbot, table, unsent)
    qtbot.waitUntil(lambda: "Not sent" in badge(window), timeout=WAIT_MS)
    assert not show.isVisible() and not window.show_to_buyer_action.isEnabled()
    assert not window.counter.show_to_buyer()
    assert display.is_idle()


def test_back_to_the_sale_in_one_step(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    display = open_display(window, qtbot)
    other, sale, table = two_waiting_orders(window, qtbot, "11", "77")
    click_row(qtbot, table, order_id_of(sandbox, other))
    qtbot.waitUntil(lambda: shown_link(window) == other, timeout=WAIT_MS)
    back: QPushButton = child(window, QPushButton, "back_to_sale_button")
    assert back.isVisible() and back.text() == f"Back to the sale of {money(7700)}"
    qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert shown_link(window) == sale and buyer_note(window) == "On the buyer's screen"
    assert not back.isVisible() and not window.back_to_sale_action.isEnabled()
    selected = window.orders_panel.selected_order_ids()
    assert selected == [order_id_of(sandbox, sale)]  # the list follows the panel
    # The keyboard's way: Alt+Left, as "back" elsewhere.
    click_row(qtbot, table, order_id_of(sandbox, other))
    qtbot.keyClick(table, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert shown_link(window) == sale
    assert display.qr.text() == sale  # it never left


def test_escape_ends_the_sale_wherever_the_cashier_was_looking(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    display = open_display(window, qtbot)
    other, _sale, table = two_waiting_orders(window, qtbot)
    click_row(qtbot, table, order_id_of(sandbox, other))
    qtbot.waitUntil(lambda: shown_link(window) == other, timeout=WAIT_MS)
    qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert display.is_idle() and window.payment_panel.is_idle()
    assert window.counter.sale is None and window.counter.viewed is None
    assert child(window, QLineEdit, "amount_input").hasFocus()
    assert window.orders_panel.selected_order_ids() == []


def test_the_slip_is_of_the_order_on_the_panel(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from paydesk.ui.payment import slip
    other, _sale, table = two_waiting_orders(window, qtbot)
    click_row(qtbot, table, order_id_of(sandbox, other))
    qtbot.waitUntil(lambda: shown_link(window) == other, timeout=WAIT_MS)
    printed: list[str | None] = []  # the printer: what cannot run here
    monkeypatch.setattr(slip, "print_slip", lambda _parent, order, **_kw: printed.append(order.url))
    window.print_slip_action.trigger()
    assert printed == [other]


def test_a_viewed_order_and_the_sale_are_both_checked_every_couple_of_seconds(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "11")
    other_link = wait_for_link(qtbot, window)
    sale_link = new_sale(qtbot, window, "77")
    other_id, sale_id = order_id_of(sandbox, other_link), order_id_of(sandbox, sale_link)
    table: QTableView = child(window, QTableView, "orders_table")
    qtbot.waitUntil(lambda: table.model().rowCount() == 2, timeout=WAIT_MS)
    click_row(qtbot, table, other_id)
    qtbot.waitUntil(lambda: shown_link(window) == other_link, timeout=WAIT_MS)
    desk = window.counter.desk
    since = desk.now()

    def checked_since(order_id: str) -> bool:
        order = desk.get(order_id)
        return bool(order and order.last_checked_at and order.last_checked_at > since
                    and order.next_check_at)

    qtbot.waitUntil(lambda: checked_since(other_id) and checked_since(sale_id), timeout=WAIT_MS)
    focus = desk.policy.focus_interval
    for order_id in (other_id, sale_id):
        order = desk.get(order_id)
        assert order is not None and order.next_check_at and order.last_checked_at
        assert order.next_check_at - order.last_checked_at == focus, order_id


# -- a creation the service does not answer never holds up the next sale ----------------

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
    window.counter.start()
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
    [stuck] = window.counter.desk.unconfirmed()
    qtbot.waitUntil(lambda: sandbox.request_count("create_order") == 1, timeout=WAIT_MS)
    assert not button.isEnabled() and button.text() == "Creating…"
    assert display.state() is DisplayState.PREPARING
    screenshot(window, "creating-stuck")
    shown: list[object] = []  # every order put in front of the buyer or the cashier from now
    window.counter.sale_changed.connect(shown.append)
    window.counter.viewed_changed.connect(shown.append)

    qtbot.keyClick(amount, Qt.Key.Key_Escape)
    # At once: the form is free, the panel and the buyer's screen are idle.
    assert button.isEnabled() and button.text() == "Create payment  ⏎"
    assert amount.hasFocus()
    assert window.payment_panel.is_idle() and display.is_idle()
    assert stuck.order_id in window.counter.in_flight()  # still being resolved
    screenshot(window, "creating-set-aside")

    type_amount(qtbot, window, "66")
    next_link = wait_for_link(qtbot, window)
    assert stuck.order_id in window.counter.in_flight()  # the next sale did not wait for it
    qtbot.waitUntil(lambda: display.qr.text() == next_link, timeout=WAIT_MS)
    # The set-aside order is finished in the background with the same order id...
    qtbot.waitUntil(lambda: stuck.order_id not in window.counter.in_flight(),
                    timeout=int(STALL_S * 1000) + WAIT_MS)
    recorded = window.counter.desk.get(stuck.order_id)
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
    stuck = {order.order_id for order in window.counter.desk.unconfirmed()}
    type_amount(qtbot, window, "3")
    link = wait_for_link(qtbot, window)
    assert stuck <= window.counter.in_flight()  # both still held by the service
    assert sandbox.order(order_id_of(sandbox, link)) is not None
