"""The receipt printer at the counter window, as a cashier uses it: Ctrl+P on a sale, a
receipt by itself once the buyer paid (one, also after a restart), a printer that
refuses and "Print again", the order's details' buttons. The real window, the real
sandbox over loopback, and a loopback network printer that keeps what it is sent."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QTableView
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.core.watch.events import OrderPaid
from paydesk.domain.orders import Order
from paydesk.sandbox import SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders.details import OrderDetailsDialog

from counter_steps import WAIT_MS, child, row_point, type_sale
from escpos_reader import read_printout
from loopback_printer import LoopbackPrinter
from payment_page import decide
from screenshots import save_screenshot
from test_values import TEST_CLIENT_ID, TEST_SECRET

SIZES = ((1280, 800), (1366, 768))


@contextmanager
def counter(sandbox: SandboxServer, data: Path, qtbot: QtBot,
            **printer: object) -> Iterator[MainWindow]:
    """The counter window on the sandbox and the data folder ``data``, with the printer
    settings ``printer``; shown and watching, shut at the end."""
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                        merchant_name="Coffee & Co", focus_interval_seconds=0.5,
                        till="till-1", **printer)  # type: ignore[arg-type]
    runtime = Runtime(AppPaths(data).ensure(), settings)
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    try:
        yield window
    finally:
        window.shutdown()
        runtime.close()


@pytest.fixture(autouse=True)
def _secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)


def _stored(window: MainWindow, order_id: str) -> Order:
    details = window.parts.desk.reader.details(order_id)
    assert details is not None
    return details.order


def press_ctrl_p(window: MainWindow, qtbot: QtBot) -> None:
    window.activateWindow()  # an X server without a window manager activates nothing itself
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_P,
                   Qt.KeyboardModifier.ControlModifier)


#: The printer's own QR command (its payload read back), and a printer without one
#: (python-escpos's POS-5890 profile): the code as a raster image, decoded by zxing-cpp.
@pytest.mark.parametrize("profile", ["", "?profile=POS-5890"], ids=["qr-command", "raster"])
def test_ctrl_p_prints_the_sales_slip_on_the_receipt_printer(
        qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path, profile: str) -> None:
    with LoopbackPrinter() as device, counter(sandbox, tmp_path / "data", qtbot,
                                              printer=device.address + profile,
                                              printer_paper_mm=58) as window:
        sale = type_sale(qtbot, window, "150")
        assert window.parts.actions.print_slip.text() == (
            "&Print payment slip on the receipt printer")  # no "…": no dialog opens
        jobs = window.parts.printing.jobs
        with qtbot.waitSignal(jobs.printed, timeout=WAIT_MS):
            press_ctrl_p(window, qtbot)
            assert jobs.busy == 1  # Ctrl+P returned at once: the printing runs beside
        [job] = device.wait_for_jobs(1)
        assert window.statusBar().currentMessage() == "The payment slip was printed."
    paper = read_printout(job)
    assert [piece.kind for piece in paper.pieces if piece.kind in ("qr", "raster")] == [
        "raster" if profile else "qr"]
    assert paper.codes() == [sale.url]
    assert "150.00 RUB" in paper.lines
    assert paper.cut is not bool(profile)  # the POS-5890 has no cutter: none is sent


def test_ctrl_p_on_a_paid_sale_prints_its_receipt(
        qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path) -> None:
    """The buyer asks for a receipt after paying (automatic receipts are off): Ctrl+P on
    the paid sale prints it, not a slip there is nothing left to pay by."""
    with LoopbackPrinter() as device, counter(sandbox, tmp_path / "data", qtbot,
                                              printer=device.address) as window:
        sale = type_sale(qtbot, window, "180")
        assert sale.url is not None
        decide(sale.url, "approve", "b@example.com").raise_for_status()
        qtbot.waitUntil(lambda: window.parts.payment_panel.badge.text().startswith("✓"),
                        timeout=WAIT_MS)
        jobs = window.parts.printing.jobs
        with qtbot.waitSignal(jobs.printed, timeout=WAIT_MS):
            press_ctrl_p(window, qtbot)
        [job] = device.wait_for_jobs(1)
        assert window.statusBar().currentMessage() == "The receipt was printed."
    paper = read_printout(job)
    assert "Not a fiscal receipt" in paper.lines and "180.00 RUB" in paper.lines
    assert paper.codes() == []


def test_a_paid_sale_prints_one_receipt_also_after_a_restart(
        qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with LoopbackPrinter() as device:
        with counter(sandbox, data, qtbot, printer=device.address,
                     printer_receipts=True) as window:
            sale = type_sale(qtbot, window, "250")
            jobs = window.parts.printing.jobs
            with qtbot.waitSignal(jobs.printed, timeout=WAIT_MS):
                assert sale.url is not None
                decide(sale.url, "approve", "b@example.com").raise_for_status()
            paid = _stored(window, sale.order_id)
            assert paid.paid_at is not None
        # The next morning: the same data folder; the payment announced again.
        with counter(sandbox, data, qtbot, printer=device.address,
                     printer_receipts=True) as window:
            window.parts.engine.hub.publish(OrderPaid(paid))
            qtbot.waitUntil(lambda: window.parts.printing.jobs.busy == 0)
            assert not window.parts.printing.notice.isVisible()
        [receipt] = device.wait_for_jobs(1)
        assert device.connections == 1
    paper = read_printout(receipt)
    assert "Not a fiscal receipt" in paper.lines and "250.00 RUB" in paper.lines
    assert paper.codes() == []  # a receipt asks nothing more of the buyer


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_a_refusing_printer_gives_a_notice_and_print_again_prints(
        qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path, language: str) -> None:
    device = LoopbackPrinter("refuse")
    with device, counter(sandbox, tmp_path / "data", qtbot, printer=device.address) as window:
        sale = type_sale(qtbot, window, "99,90")
        printing = window.parts.printing
        with qtbot.waitSignal(printing.jobs.failed, timeout=WAIT_MS):
            press_ctrl_p(window, qtbot)
        notice = printing.notice
        assert notice.isVisible() and notice.again_button.isVisible()
        refused = ("отклонил подключение" if language == "ru" else "refused the connection")
        assert refused in notice.message.text()
        # The sale goes on: the same order on the panel, the form takes the next one.
        on_sale = window.parts.presenter.sale
        assert on_sale is not None and on_sale.order_id == sale.order_id
        assert window.form.isEnabled()
        for width, height in SIZES:
            window.resize(width, height)
            qtbot.waitUntil(lambda w=width: window.width() == w)
            assert notice.again_button.isVisible()
            save_screenshot(window, f"printer/window-notice-{language}-{width}x{height}")
        device.switch_on()  # the printer is switched on
        with qtbot.waitSignal(printing.jobs.printed, timeout=WAIT_MS):
            qtbot.mouseClick(notice.again_button, Qt.MouseButton.LeftButton)
        assert not notice.isVisible()
        [job] = device.wait_for_jobs(1)
    assert read_printout(job).codes() == [sale.url]


def _open_details(window: MainWindow, qtbot: QtBot, order_id: str) -> OrderDetailsDialog:
    table: QTableView = child(window, QTableView, "orders_table")
    qtbot.waitUntil(lambda: any(
        table.model().index(r, 1).data(Qt.ItemDataRole.ToolTipRole) == order_id
        for r in range(table.model().rowCount())), timeout=WAIT_MS)
    # A double-click as the mouse makes it (see tests/ui/orders/test_order_details.py).
    point = row_point(table, order_id)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=point)
    details = window.parts.orders_panel.details
    qtbot.waitUntil(lambda: order_id in details)
    dialog = details[order_id]
    qtbot.waitExposed(dialog)
    return dialog


def _buttons(dialog: OrderDetailsDialog) -> list[str]:
    return [button.objectName() for button in dialog.buttons.findChildren(QPushButton)
            if button.objectName().startswith("print_")]


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_details_print_a_slip_while_payable_and_a_receipt_once_paid(
        qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path, language: str) -> None:
    with LoopbackPrinter() as device, counter(sandbox, tmp_path / "data", qtbot,
                                              printer=device.address) as window:
        paid = type_sale(qtbot, window, "40")
        assert paid.url is not None
        decide(paid.url, "approve", "b@example.com").raise_for_status()
        qtbot.waitUntil(lambda: _stored(window, paid.order_id).paid_at is not None,
                        timeout=WAIT_MS)
        pending = type_sale(qtbot, window, "75")
        jobs = window.parts.printing.jobs

        dialog = _open_details(window, qtbot, pending.order_id)
        assert _buttons(dialog) == ["print_slip_button"]
        save_screenshot(dialog, f"printer/details-slip-{language}")
        with qtbot.waitSignal(jobs.printed, timeout=WAIT_MS):
            qtbot.mouseClick(child(dialog, QPushButton, "print_slip_button"),
                             Qt.MouseButton.LeftButton)
        dialog.close()

        dialog = _open_details(window, qtbot, paid.order_id)
        assert _buttons(dialog) == ["print_receipt_button"]
        save_screenshot(dialog, f"printer/details-receipt-{language}")
        with qtbot.waitSignal(jobs.printed, timeout=WAIT_MS):
            qtbot.mouseClick(child(dialog, QPushButton, "print_receipt_button"),
                             Qt.MouseButton.LeftButton)
        dialog.close()
        slip, receipt = device.wait_for_jobs(2)
    assert read_printout(slip).codes() == [pending.url]
    fiscal = "Не является фискальным чеком" if language == "ru" else "Not a fiscal receipt"
    assert fiscal in read_printout(receipt).lines


def test_without_a_receipt_printer_the_details_have_no_print_buttons(
        qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path) -> None:
    with counter(sandbox, tmp_path / "data", qtbot) as window:
        print_slip = window.parts.actions.print_slip
        assert print_slip.text() == "&Print payment slip…"  # the page printer's dialog
        sale = type_sale(qtbot, window, "75")
        dialog = _open_details(window, qtbot, sale.order_id)
        assert _buttons(dialog) == []
        dialog.close()
        # A printer set in Settings → Printer: Ctrl+P and the details use it at once.
        window.runtime.keeper.save({"printer": "tcp://192.0.2.10:9100"})
        assert print_slip.text() == "&Print payment slip on the receipt printer"
        dialog = _open_details(window, qtbot, sale.order_id)
        assert _buttons(dialog) == ["print_slip_button"]
        dialog.close()
