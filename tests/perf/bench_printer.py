"""bench.py's ``printer`` part: from the print call to the slip's last byte at the printer.

A loopback network printer (tests/helpers/loopback_printer.py) notes when it read a
job's last byte (the sender's close). ``print_slip_ms`` is the median from
``CounterPrinter.slip()`` (the call the window's worker and ``paydesk print slip`` make:
the slip written as ESC/POS, connected, sent, finished) to that moment, for the
printer's own QR command and for the raster a printer without one gets (the slower of
the two). A bare socket sending the same bytes to the same printer is in the details:
the rest is writing the slip (the raster's image above all).

``print_slip_keep_open_ms`` is the median from the same call to its answer ("sent")
for a printer that keeps the connection open after the job: the answer comes once the
printer has acknowledged every byte, not at a close it never makes (the raster slip,
the larger).

``enter_to_slip_ms`` is the cashier's whole way, through the real window (with a
``gui``): Enter in the amount field, the order created at the sandbox on loopback,
Ctrl+P the moment its link is on the panel (a cashier's own pause not counted), the
slip written on a worker thread and sent, to the printer reading its last byte;
median, the printer's own QR command. ``ctrl_p_to_slip_ms`` is its part from Ctrl+P.
"""

from __future__ import annotations

import socket
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from bench_books import prepare_data_dir, runtime_for
from bench_common import Sizes, median
from bench_window import Gui

from paydesk.cli.words import words_in
from paydesk.core.receipts.printer import CounterPrinter
from paydesk.core.receipts.slips import slip_ticket
from paydesk.core.settings.values import Settings
from paydesk.ui.shell.qt_checks import read_catalogue

from loopback_printer import LoopbackPrinter
from panel_orders import NOW, an_order


def _bare(address: tuple[str, int], data: bytes) -> None:
    with socket.create_connection(address, timeout=10) as connection:
        connection.sendall(data)
        connection.shutdown(socket.SHUT_WR)
        while connection.recv(256):
            pass


def _one_kind(sizes: Sizes, profile: str) -> tuple[float, float]:
    words = words_in("ru", read_catalogue)
    order = an_order()
    expires = NOW + timedelta(minutes=15)
    runs = max(3, sizes.create_runs)
    printed: list[float] = []
    bare: list[float] = []
    with LoopbackPrinter() as device:
        settings = Settings(merchant_name="Кофейня", printer_paper_mm=58,
                            printer=f"{device.address}{profile}").with_changes()
        printer = CounterPrinter(settings, words, words.language)
        data = printer.bytes_of(slip_ticket(order, merchant_name=settings.merchant_name,
                                            expires_at=expires, now=NOW, words=words,
                                            language=words.language))
        for run in range(runs):
            started = time.monotonic()
            printer.slip(order, expires_at=expires, now=NOW)
            device.wait_for_jobs(2 * run + 1)
            printed.append(device.finished_at[-1] - started)
            started = time.monotonic()
            _bare(("127.0.0.1", device.port), data)
            device.wait_for_jobs(2 * run + 2)
            bare.append(device.finished_at[-1] - started)
        assert device.jobs[-1] == device.jobs[-2] == data
    return median(printed), median(bare)


def _keep_open(sizes: Sizes) -> float:
    """Median seconds from the call to "sent", to a printer that never closes."""
    words = words_in("ru", read_catalogue)
    order = an_order()
    answered: list[float] = []
    with LoopbackPrinter("keep_open") as device:
        settings = Settings(merchant_name="Кофейня", printer_paper_mm=58,
                            printer=f"{device.address}?profile=POS-5890").with_changes()
        printer = CounterPrinter(settings, words, words.language)
        for run in range(max(3, sizes.create_runs)):
            started = time.monotonic()
            printed = printer.slip(order, expires_at=NOW + timedelta(minutes=15), now=NOW)
            answered.append(time.monotonic() - started)
            assert len(device.wait_for_jobs(run + 1)[-1]) == printed.size
    return median(answered)


def _enter_to_slip(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> tuple[float, float]:
    """Medians, seconds: Enter to the slip's last byte, and Ctrl+P to it."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    whole: list[float] = []
    from_ctrl_p: list[float] = []
    with LoopbackPrinter() as device:
        runtime = runtime_for(prepare_data_dir(work / "printer-data", base_url), base_url,
                              printer=device.address, printer_paper_mm=58)
        window = gui.open_window(runtime, start=True)
        try:
            amount_input = window.form.amount_input
            for number in range(sizes.create_warmup + sizes.create_runs):
                before = window.parts.presenter.sale
                amount_input.setFocus()
                amount_input.setText(f"{100 + number},50")
                started = time.monotonic()
                QTest.keyClick(amount_input, Qt.Key.Key_Return)
                if not gui.wait(lambda b=before: (sale := window.parts.presenter.sale) is not None
                                and sale is not b and sale.url is not None, timeout=20):
                    raise RuntimeError("the sale's link did not come within 20 s")
                pressed = time.monotonic()
                window.parts.actions.print_slip.trigger()  # Ctrl+P
                if not gui.wait(lambda n=number: len(device.jobs) > n, timeout=20):
                    raise RuntimeError("the slip did not reach the printer within 20 s")
                assert window.parts.actions.print_slip.isEnabled()
                if number >= sizes.create_warmup:
                    whole.append(device.finished_at[-1] - started)
                    from_ctrl_p.append(device.finished_at[-1] - pressed)
        finally:
            gui.close_window(window)
            runtime.close()
    return median(whole), median(from_ctrl_p)


def bench_printer(sizes: Sizes, work: Path | None = None, gui: Gui | None = None,
                  base_url: str = "") -> dict[str, Any]:
    native, native_bare = _one_kind(sizes, "")
    raster, raster_bare = _one_kind(sizes, "?profile=POS-5890")
    slowest, slowest_bare = max((native, native_bare), (raster, raster_bare))
    figures = {
        "print_slip_ms": slowest * 1000,
        "print_slip_native_qr_ms": native * 1000,
        "print_slip_raster_qr_ms": raster * 1000,
        "print_slip_bare_socket_ms": slowest_bare * 1000,
        "print_slip_keep_open_ms": _keep_open(sizes) * 1000,
    }
    if work is not None and gui is not None:
        whole, from_ctrl_p = _enter_to_slip(sizes, work, gui, base_url)
        figures["enter_to_slip_ms"] = whole * 1000
        figures["ctrl_p_to_slip_ms"] = from_ctrl_p * 1000
    return figures
