"""The receipt printer end to end: slips and receipts sent to a loopback network printer,
read back as the printer reads them, their QR compared with the order's link; and every
way the printer fails gives its code."""

from __future__ import annotations

import dataclasses
import logging
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from paydesk.cli.words import words_in
from paydesk.core.receipts.printer import CounterPrinter
from paydesk.core.receipts.slips import NothingToPrintError
from paydesk.core.settings.values import Settings
from paydesk.domain.orders import OrderStatus
from paydesk.support import receipt_printer
from paydesk.support.receipt_printer import PrintError, PrintProblem
from paydesk.ui.shell.qt_checks import read_catalogue

from escpos_reader import read_printout, render_png
from loopback_printer import PRINTER_BUFFER, LoopbackPrinter
from panel_orders import LINK, NOW, an_order

SHOTS = Path(__file__).resolve().parents[1] / "screenshots" / "printer"
EXPIRES = NOW + timedelta(minutes=12, seconds=30)


def _printer(address: str, *, paper: int = 80, language: str = "en", profile: str = "",
             deadline: float = 10.0) -> CounterPrinter:
    suffix = f"?profile={profile}" if profile else ""
    settings = Settings(merchant_name="Coffee & Co", printer=address + suffix,
                        printer_paper_mm=paper).with_changes()
    words = words_in(language, read_catalogue)
    return CounterPrinter(settings, words, words.language, deadline_seconds=deadline)


def _paid(**changes: object) -> object:
    return dataclasses.replace(an_order("approve"), status=OrderStatus.APPROVE,
                               paid_at=NOW + timedelta(minutes=2),
                               last_pending_at=NOW + timedelta(minutes=2) - timedelta(seconds=5),
                               next_check_at=None, **changes)


@pytest.mark.parametrize("profile", ["", "POS-5890"])
@pytest.mark.parametrize("paper", [58, 80])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_slip_reaches_the_printer_with_the_orders_link(profile: str, paper: int,
                                                         language: str) -> None:
    with LoopbackPrinter() as device:
        printed = _printer(device.address, paper=paper, language=language,
                           profile=profile).slip(an_order(), expires_at=EXPIRES, now=NOW)
        [job] = device.wait_for_jobs(1)
    assert printed.size == len(job)
    printout = read_printout(job)
    # The printer's own QR command (the generic profile), or a raster (POS-5890 has none).
    assert [piece.kind for piece in printout.pieces if piece.kind in ("qr", "raster")] == \
        ["raster" if profile else "qr"]
    assert printout.codes() == [LINK]
    assert printout.code_page_selected
    assert printout.cut == (not profile)  # the POS-5890 has no cutter: it feeds only
    text = printout.text
    if language == "ru":
        assert "1 250,50 руб." in text and "Оплатите за 12 мин, до" in text
        assert "Заказ K3QX9A" in text and "Отсканируйте, чтобы оплатить" in text
    else:
        assert "1,250.50 RUB" in text and "Pay within 12 min, before" in text
        assert "Order K3QX9A" in text and "Scan to pay" in text
    assert "Coffee & Co" in text
    dots = 384 if paper == 58 or profile else 576
    kind = "-raster" if profile else ""
    render_png(printout, dots, SHOTS / f"slip-{paper}mm-{language}{kind}.png")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_paid_receipt_says_when_and_that_it_is_not_fiscal(language: str) -> None:
    exact = _paid()
    late = dataclasses.replace(exact, last_pending_at=NOW)  # seen 2 minutes after
    with LoopbackPrinter() as device:
        printer = _printer(device.address, paper=58, language=language)
        printer.receipt(exact)
        printer.receipt(late)
        jobs = device.wait_for_jobs(2)
    first, second = (read_printout(job) for job in jobs)
    if language == "ru":
        assert "Не является фискальным чеком" in first.lines
        assert any(line.startswith("Оплачено ") for line in first.lines)
        assert "Оплачено между" in second.text
    else:
        assert "Not a fiscal receipt" in first.lines
        assert any(line.startswith("Paid 2026-11-21") for line in first.lines)
        assert "Paid between" in second.text
    assert first.codes() == [] and first.cut
    render_png(first, 384, SHOTS / f"receipt-58mm-{language}.png")
    render_png(second, 384, SHOTS / f"receipt-58mm-{language}-approximate.png")


def test_no_slip_for_a_paid_order_and_no_receipt_for_a_pending_one() -> None:
    with LoopbackPrinter() as device:
        printer = _printer(device.address)
        with pytest.raises(NothingToPrintError, match="already paid"):
            printer.slip(_paid(), expires_at=EXPIRES)
        with pytest.raises(NothingToPrintError, match="not paid"):
            printer.receipt(an_order())
    assert device.connections == 0  # nothing was sent


@pytest.mark.parametrize(("mode", "code"), [
    ("refuse", PrintProblem.REFUSED),
    ("silent", PrintProblem.TIMED_OUT),
    ("close_mid", PrintProblem.CLOSED),
])
def test_a_failing_printer_gives_its_code_and_words(mode: str, code: PrintProblem) -> None:
    """The raster slip (14 KB) is more than the printer's buffer: one that stops reading
    leaves the rest unacknowledged, one that drops the line resets it with bytes unread."""
    with LoopbackPrinter(mode) as device:
        printer = _printer(device.address, profile="POS-5890", deadline=1.0)
        with pytest.raises(PrintError) as raised:
            printer.slip(an_order(), expires_at=EXPIRES, now=NOW)
    assert raised.value.code is code
    words = printer.problem_text(raised.value)
    assert device.address.removeprefix("tcp://") in words and "print again" in words


@pytest.mark.parametrize("profile", ["", "POS-5890"])
def test_a_printer_that_keeps_the_line_open_has_the_slip_sent(profile: str) -> None:
    """Some network printers keep the connection open after the job (CUPS's
    ``waiteof=false`` is for them): the slip is sent once the printer has acknowledged
    every byte, without waiting for a close that never comes (which said "did not take
    the slip in time" at the deadline, and the cashier printed a second one)."""
    with LoopbackPrinter("keep_open") as device:
        printed = _printer(device.address, profile=profile).slip(
            an_order(), expires_at=EXPIRES, now=NOW)
        [job] = device.wait_for_jobs(1)
        assert device.open_connections() == 1  # the printer never closed it
    assert printed.size == len(job)
    printout = read_printout(job)  # the whole slip, as the printer reads it
    assert printout.codes() == [LINK] and "Order K3QX9A" in printout.text
    assert printout.cut == (not profile)


def test_a_printer_that_stops_reading_with_the_line_open_did_not_take_it() -> None:
    """The same printer out of paper, its buffer full: bytes stay unacknowledged, and the
    deadline says so; the slip is never reported sent."""
    with LoopbackPrinter("silent", buffer=PRINTER_BUFFER) as device:
        printer = _printer(device.address, profile="POS-5890", deadline=1.0)
        with pytest.raises(PrintError) as raised:
            printer.slip(an_order(), expires_at=EXPIRES, now=NOW)
        assert device.connections == 1
    assert raised.value.code is PrintProblem.TIMED_OUT
    assert "did not take the slip in time" in printer.problem_text(raised.value)


@pytest.mark.parametrize("profile", ["", "POS-5890"])
def test_a_printer_with_a_small_buffer_that_reads_and_closes_has_it_sent(profile: str) -> None:
    """A printer that reads as it prints, through a buffer smaller than the slip, then
    closes: sent, whole."""
    with LoopbackPrinter(buffer=PRINTER_BUFFER) as device:
        printed = _printer(device.address, profile=profile).slip(
            an_order(), expires_at=EXPIRES, now=NOW)
        [job] = device.wait_for_jobs(1)
    assert printed.size == len(job)
    assert read_printout(job).codes() == [LINK]


def test_an_unknown_host_and_a_missing_device_are_no_device(tmp_path: Path) -> None:
    for address in ("tcp://printer.invalid:9100", f"serial://{tmp_path}/ttyUSB9",
                    f"file://{tmp_path}/missing/lp0"):
        with pytest.raises(PrintError) as raised:
            _printer(address, deadline=5.0).test_page()
        assert raised.value.code is PrintProblem.NO_DEVICE, (address, raised.value)


def test_a_file_printer_gets_the_test_page(tmp_path: Path) -> None:
    device = tmp_path / "lp0"
    _printer(f"file://{device}", language="ru").test_page()
    printout = read_printout(device.read_bytes())
    assert "Пробная страница принтера" in printout.lines
    assert "Бумага: 80 мм, кодовая страница CP866" in printout.lines
    assert printout.codes() == ["https://paydesk.invalid/printer-test"]


def test_no_printer_set_is_its_own_code() -> None:
    words = words_in("en", read_catalogue)
    printer = CounterPrinter(Settings(), words, "en")
    with pytest.raises(PrintError) as raised:
        printer.test_page()
    assert raised.value.code is PrintProblem.NO_PRINTER
    assert "paydesk config set printer" in printer.problem_text(raised.value)


def test_loading_python_escpos_leaves_the_logging_alone() -> None:
    """Its capabilities module calls logging.basicConfig() as it loads: PayDesk's log
    records would go to stderr, into the command line's output."""
    probe = ("import logging\n"
             "from paydesk.support.escpos_loader import load_escpos\n"
             "load_escpos()\n"
             "import escpos.printer\n"
             "print(len(logging.getLogger().handlers), logging.getLogger().level)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split() == ["0", str(logging.WARNING)]


def test_without_a_count_of_unacknowledged_bytes_the_printers_close_is_waited_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the system keeps no such count (Windows; macOS refuses the ioctl for a
    socket), "sent" is the printer's close, as before: a closing printer prints, one
    that keeps the line open is not told sent. (This machine has the count: its lack is
    what cannot run here.)"""
    monkeypatch.setattr(receipt_printer, "_COUNTS_UNACKNOWLEDGED", False)
    with LoopbackPrinter() as device:
        printed = _printer(device.address).slip(an_order(), expires_at=EXPIRES, now=NOW)
        [job] = device.wait_for_jobs(1)
    assert printed.size == len(job) and read_printout(job).codes() == [LINK]
    with LoopbackPrinter("keep_open") as device:
        with pytest.raises(PrintError) as raised:
            _printer(device.address, deadline=1.0).slip(an_order(), expires_at=EXPIRES, now=NOW)
        device.wait_for_jobs(1)
    assert raised.value.code is PrintProblem.TIMED_OUT
