"""The receipt printer in the window: Settings → Printer's test page, the notice of a
failed print with "Print again", the receipt printed once when paid; every print off
the GUI thread, against a loopback network printer."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, Qt, QThreadPool
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.settings.values import Settings
from paydesk.domain.orders import OrderStatus
from paydesk.store import CheckResult, OrderStore
from paydesk.ui.printing.print_notice import PrintNotice
from paydesk.ui.printing.printer_jobs import PrinterJobs
from paydesk.ui.settings.printer_section import PrinterSection
from paydesk.ui.widgets.field_errors import FieldErrors

from escpos_reader import read_printout
from loopback_printer import LoopbackPrinter
from panel_orders import LINK, NOW, an_order
from screenshots import save_screenshot


def _section(qtbot: QtBot, settings: Settings) -> tuple[PrinterSection, QWidget]:
    holder = QWidget()
    layout = QVBoxLayout(holder)
    section = PrinterSection(FieldErrors(), PrinterJobs(lambda: settings, parent=holder))
    layout.addWidget(section)
    section.load(settings)
    qtbot.addWidget(holder)
    holder.resize(640, holder.sizeHint().height())
    holder.show()
    return section, holder


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_test_page_prints_with_what_is_typed(qtbot: QtBot, language: str) -> None:
    section, holder = _section(qtbot, Settings(merchant_name="Coffee & Co"))
    with LoopbackPrinter() as device:
        section.address_edit.setText(device.address)
        section.paper_combo.setCurrentIndex(section.paper_combo.findData(58))
        qtbot.mouseClick(section.test_button, Qt.MouseButton.LeftButton)
        assert not section.test_button.isEnabled()  # the click returned; the job runs beside
        qtbot.waitUntil(section.test_button.isEnabled)
        [job] = device.wait_for_jobs(1)
    done = "Пробная страница напечатана." if language == "ru" else "The test page was printed."
    assert section.test_result.text() == done
    paper = read_printout(job)
    assert paper.codes() == ["https://paydesk.invalid/printer-test"]
    # Wrapped at the 58 mm roll's 32 characters.
    assert ("Бумага: 58 мм, кодовая страница CP866" if language == "ru"
            else "Paper: 58 mm, code page CP866") in " ".join(paper.lines)
    assert section.values()["printer"] == device.address  # nothing saved: the dialog's Save
    save_screenshot(holder, f"printer/settings-printer-{language}")


def test_a_refusing_printer_says_what_to_do(qtbot: QtBot) -> None:
    section, holder = _section(qtbot, Settings())
    with LoopbackPrinter("refuse") as device:
        section.address_edit.setText(device.address)
        qtbot.mouseClick(section.test_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(section.test_button.isEnabled)
    assert section.test_result.text().startswith(
        f"The receipt printer at {device.address} refused the connection.")
    holder.resize(640, holder.heightForWidth(640) if holder.hasHeightForWidth()
                  else holder.sizeHint().height())
    save_screenshot(holder, "printer/settings-printer-refused-en")


def test_a_bad_address_is_said_under_its_field_and_nothing_prints(qtbot: QtBot) -> None:
    errors = FieldErrors()
    holder = QWidget()
    section = PrinterSection(errors, PrinterJobs(Settings, parent=holder))
    qtbot.addWidget(holder)
    section.load(Settings())
    section.address_edit.setText("usb://4b8:202")
    qtbot.mouseClick(section.test_button, Qt.MouseButton.LeftButton)
    assert errors.message("printer") == (
        "Write the vendor and product as lsusb shows them, as in usb://04b8:0202.")
    assert section.test_button.isEnabled() and section.test_result.text() == ""


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_a_failed_slip_gives_a_notice_and_print_again_prints_it(qtbot: QtBot,
                                                                language: str) -> None:
    notice = PrintNotice()
    qtbot.addWidget(notice)
    with LoopbackPrinter("close_mid") as device:
        # The raster slip: more than the printer's buffer, so the reset comes with bytes
        # it never acknowledged, as a printer that drops the line mid-slip does.
        settings = Settings(printer=f"{device.address}?profile=POS-5890",
                            merchant_name="Coffee & Co")
        jobs = PrinterJobs(lambda: settings)
        jobs.failed.connect(notice.show_failure)
        printed: list[str] = []
        jobs.printed.connect(printed.append)
        with qtbot.waitSignal(jobs.failed):
            jobs.slip(an_order(), NOW + timedelta(minutes=15))
            assert jobs.busy == 1  # returned at once: the GUI thread never waits on it
        assert notice.isVisible() and notice.again_button.isVisible()
        notice.resize(900, notice.sizeHint().height())
        save_screenshot(notice, f"printer/notice-{language}")
        device.mode = "normal"  # the paper is back in
        with qtbot.waitSignal(jobs.printed):
            qtbot.mouseClick(notice.again_button, Qt.MouseButton.LeftButton)
        [job] = device.wait_for_jobs(1)
    assert not notice.isVisible()
    assert read_printout(job).codes() == [LINK]
    assert printed == ["Квитанция на оплату напечатана." if language == "ru"
                       else "The payment slip was printed."]


def test_the_receipt_when_paid_prints_once(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite3"
    with OrderStore.open(path) as store:
        store.add_unconfirmed(1001, "ORDER-PAID-000001", 25_000, None, "", NOW, till="till-1")
        store.confirm_creation(1001, "ORDER-PAID-000001", LINK, NOW, None)
        [(order, _)] = store.record_checks([CheckResult(
            1001, "ORDER-PAID-000001", OrderStatus.APPROVE, NOW + timedelta(seconds=30), None)])
    with LoopbackPrinter() as device:
        settings = Settings(printer=device.address, printer_receipts=True, till="till-1")
        jobs = PrinterJobs(lambda: settings)
        with qtbot.waitSignal(jobs.printed):
            jobs.receipt_when_paid(order, lambda: OrderStore.open(path))
        jobs.receipt_when_paid(order, lambda: OrderStore.open(path))  # announced again
        qtbot.waitUntil(lambda: jobs.busy == 0)
        jobs.receipt_when_paid(dataclasses.replace(order, till="till-2"),
                               lambda: OrderStore.open(path))
        assert jobs.busy == 0  # another till's sale: not even a job
        [job] = device.wait_for_jobs(1)
    assert "Not a fiscal receipt" in read_printout(job).lines
    assert device.connections == 1


def test_a_window_closed_while_the_printer_holds_the_slip_hears_nothing(qtbot: QtBot) -> None:
    holder = QWidget()
    with LoopbackPrinter("silent") as device:  # takes the connection, never reads
        # The raster slip, more than its buffer: the printer holds the slip unfinished.
        jobs = PrinterJobs(lambda: Settings(printer=f"{device.address}?profile=POS-5890"),
                           parent=holder)
        jobs.slip(an_order(), NOW + timedelta(minutes=15))
        qtbot.waitUntil(lambda: device.connections == 1)
        shiboken6.delete(holder)  # the window closed, its printing with it
    # The printer's end of the line closed: the worker returns, and nothing reaches
    # the deleted jobs (pytest-qt fails the test on an exception in a Qt callback).
    assert QThreadPool.globalInstance().waitForDone(15_000)
    QCoreApplication.sendPostedEvents()
    QCoreApplication.processEvents()
