"""The counter window against the real sandbox on loopback: type, Enter, QR, paid."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from paydesk.orders import CreationState, OrderStatus
from paydesk.paths import AppPaths
from paydesk.runtime import Runtime
from paydesk.sandbox import Fault, SandboxServer
from paydesk.settings import Settings
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from qt_images import decode_qimage
from screenshots import save_screenshot
from test_values import TEST_CLIENT_ID, TEST_SECRET

WAIT_MS = 10_000


def screenshot(widget: QWidget, name: str) -> None:
    if isinstance(widget, MainWindow):  # the orders list comes just after the first frame
        widget.orders_panel  # noqa: B018
        QApplication.processEvents()
    save_screenshot(widget, f"window-{name}")


@pytest.fixture
def runtime(
    sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Runtime]:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(
        base_url=sandbox.base_url, client_id=TEST_CLIENT_ID, merchant_name="Test shop",
        focus_interval_seconds=0.5,
    )
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings)
    yield runtime
    runtime.close()


@pytest.fixture
def window(runtime: Runtime, qtbot: QtBot) -> Iterator[MainWindow]:
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 820)
    window.show()
    qtbot.waitExposed(window)
    window.counter.start()
    yield window
    window.shutdown()


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
    requests.post(link, data={"decision": "approve", "email": "b@example.com"},
                  timeout=5).raise_for_status()
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
    requests.post(link, data={"decision": "decline"}, timeout=5).raise_for_status()
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


def test_selecting_a_row_shows_that_order(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "11")
    first = wait_for_link(qtbot, window)
    type_amount(qtbot, window, "22")
    qtbot.waitUntil(lambda: shown_link(window) not in (first, ""), timeout=WAIT_MS)
    table: QTableView = child(window, QTableView, "orders_table")
    model = table.model()
    rows = {model.index(r, 1).data(): r for r in range(model.rowCount())}
    first_id = next(o.order_id for o in sandbox.orders() if o.url == first)
    table.selectRow(rows[first_id])
    qtbot.waitUntil(lambda: shown_link(window) == first, timeout=WAIT_MS)


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
    requests.post(link, data={"decision": "approve", "email": "b@example.com"},
                  timeout=5).raise_for_status()
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
    assert window.export_csv_to(str(path)) == 1
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
