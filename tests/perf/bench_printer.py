"""bench.py's ``printer`` part: from the print call to the slip's last byte at the printer.

A loopback network printer (tests/helpers/loopback_printer.py) notes when it read a
job's last byte (the sender's close). ``print_slip_ms`` is the median from
``CounterPrinter.slip()`` (the call the window's worker and ``paydesk print slip`` make:
the slip written as ESC/POS, connected, sent, finished) to that moment, for the
printer's own QR command and for the raster a printer without one gets (the slower of
the two). A bare socket sending the same bytes to the same printer is in the details:
the rest is writing the slip (the raster's image above all).
"""

from __future__ import annotations

import socket
import time
from datetime import timedelta
from typing import Any

from bench_common import Sizes, median

from paydesk.cli.words import words_in
from paydesk.core.printing import CounterPrinter
from paydesk.core.receipts import slip_ticket
from paydesk.core.settings import Settings

from loopback_printer import LoopbackPrinter
from panel_orders import NOW, an_order


def _bare(address: tuple[str, int], data: bytes) -> None:
    with socket.create_connection(address, timeout=10) as connection:
        connection.sendall(data)
        connection.shutdown(socket.SHUT_WR)
        while connection.recv(256):
            pass


def _one_kind(sizes: Sizes, profile: str) -> tuple[float, float]:
    words = words_in("ru")
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


def bench_printer(sizes: Sizes) -> dict[str, Any]:
    native, native_bare = _one_kind(sizes, "")
    raster, raster_bare = _one_kind(sizes, "?profile=POS-5890")
    slowest, slowest_bare = max((native, native_bare), (raster, raster_bare))
    return {
        "print_slip_ms": slowest * 1000,
        "print_slip_native_qr_ms": native * 1000,
        "print_slip_raster_qr_ms": raster * 1000,
        "print_slip_bare_socket_ms": slowest_bare * 1000,
    }
