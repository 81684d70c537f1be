"""Sending a slip's bytes to the receipt printer, within a deadline, failures as codes.

python-escpos's printers open the connection the address names (Network, Usb,
Serial, LP for a CUPS queue, File); the slip, already written as bytes
(paydesk.support.escpos_ticket), goes in one job. A network printer is finished
the way CUPS's own socket backend finishes one, our side of the connection shut
after the last byte, and "sent" means the printer took every byte: its TCP stack
acknowledged all of them, which the kernel tells (``SIOCOUTQ``, the bytes still
unacknowledged, reaching zero), without waiting for the printer's close, which
some never do (CUPS's ``waiteof=false`` is for them). A printer that stops
reading (out of paper, its buffer full) leaves bytes unacknowledged until the
deadline; one that drops the connection mid-slip resets it. Where the system has
no such count (not Linux), the printer's side is read until it closes, as CUPS
does by default. The whole job, connecting included, ends at the deadline
whatever the device does.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import select
import socket
import struct
import threading
import time
from collections.abc import Iterator
from typing import Any

try:  # the count of a socket's unacknowledged bytes: Linux (SIOCOUTQ is TIOCOUTQ there)
    import fcntl
    import termios

    _COUNTS_UNACKNOWLEDGED = hasattr(termios, "TIOCOUTQ")
except ImportError:  # Windows; elsewhere (macOS) the ioctl itself refuses a socket
    _COUNTS_UNACKNOWLEDGED = False

from paydesk.support.escpos_loader import load_escpos
from paydesk.support.printer_address import PrinterAddress, PrinterKind

#: The slip goes in pieces, each with the time left, so a printer that reads slowly
#: or not at all is caught at the deadline (one sendall would wait on each piece).
CHUNK = 4096
#: How often the bytes the printer has not acknowledged yet are counted: a slip is
#: answered a few milliseconds after its last byte is taken.
POLL_SECONDS = 0.005


class PrintProblem(enum.StrEnum):
    """Why a slip did not print, stable for a front end to choose its words by."""

    NO_PRINTER = "no_printer"  # the setting is empty
    NO_DEVICE = "no_device"  # no such host, USB device, serial port, file or queue
    REFUSED = "refused"  # the printer's port is closed: it is off, or another is using it
    TIMED_OUT = "timed_out"  # no answer, or it stopped reading (paper out, cover open)
    CLOSED = "closed"  # the printer dropped the connection in the middle of the slip
    PERMISSION = "permission"  # the device is there, this user may not write to it
    FAILED = "failed"  # anything else (``detail`` says what)


class PrintError(Exception):
    """``code`` for the words; ``detail`` (the system's own message) for support."""

    def __init__(self, code: PrintProblem, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else str(code))
        self.code = code
        self.detail = detail


def send(address: PrinterAddress, data: bytes, *, deadline_seconds: float) -> None:
    """Print ``data`` on the printer at ``address``; PrintError with a code if it did not."""
    deadline = time.monotonic() + deadline_seconds
    if address.kind is PrinterKind.NETWORK:
        _send_network(address, data, deadline)
        return
    # A device's driver may block past any timeout of its own (a USB endpoint that
    # never drains, a serial port held by flow control): the job runs beside, and
    # the caller gets its answer at the deadline whatever happens there.
    outcome: list[BaseException | None] = []
    worker = threading.Thread(target=_device_job, args=(address, data, deadline, outcome),
                              name="receipt-printer", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if not outcome:
        raise PrintError(PrintProblem.TIMED_OUT, f"no answer in {deadline_seconds:g} s")
    if outcome[0] is not None:
        raise classify(outcome[0])


def _device_job(address: PrinterAddress, data: bytes, deadline: float,
                outcome: list[BaseException | None]) -> None:
    try:
        printer = _device_printer(address, deadline)
        printer.open()
        try:
            printer._raw(data)  # python-escpos's way to send bytes as they are
        finally:
            printer.close()
    except Exception as exc:  # classified for the caller, with every kind of device's own
        outcome.append(exc)
    else:
        outcome.append(None)


def _device_printer(address: PrinterAddress, deadline: float) -> Any:
    # Each kind of printer's module comes with the first slip for it (pyusb looks for
    # libusb as it loads).
    load_escpos()
    left = max(0.1, deadline - time.monotonic())
    profile = address.profile
    if address.kind is PrinterKind.USB:
        from escpos.printer import Usb

        return Usb(address.vendor, address.product, timeout=int(left * 1000), profile=profile)
    if address.kind is PrinterKind.SERIAL:
        from escpos.printer import Serial

        return Serial(address.target, baudrate=address.baudrate, timeout=left, profile=profile)
    if address.kind is PrinterKind.CUPS:
        from escpos.printer import LP

        return LP(address.target, profile=profile)
    from escpos.printer import File

    return File(address.target, profile=profile)


def _send_network(address: PrinterAddress, data: bytes, deadline: float) -> None:
    load_escpos()
    from escpos.printer import Network

    printer = Network(address.target, address.port, timeout=_left(deadline),
                      profile=address.profile)
    try:
        printer.open()
    except Exception as exc:
        raise classify(exc) from None
    connection: socket.socket = printer.device
    try:
        for piece in _pieces(data):
            connection.settimeout(_left(deadline))
            connection.sendall(piece)
        connection.shutdown(socket.SHUT_WR)
        _wait_until_taken(connection, deadline)
    except OSError as exc:
        raise classify(exc) from None
    finally:
        connection.close()


def _wait_until_taken(connection: socket.socket, deadline: float) -> None:
    """Until the printer has acknowledged every byte (and our end's close), whether it
    closes its side or keeps the connection open. Its status bytes are read meanwhile,
    and a reset (it dropped the line) raises. Without the count: until it closes."""
    unacknowledged = _unacknowledged(connection)
    if unacknowledged is None:
        _wait_for_close(connection, deadline)
        return
    peer_open = True
    # poll(), not select(): a busy process's descriptor may be past select's 1024. (Where
    # the count is kept, poll() is too.)
    status = select.poll()
    status.register(connection, select.POLLIN)
    while unacknowledged:
        left = deadline - time.monotonic()
        if left <= 0:
            raise PrintError(PrintProblem.TIMED_OUT,
                             f"{unacknowledged} bytes not taken by the deadline")
        wait = min(POLL_SECONDS, left)
        if not peer_open:
            time.sleep(wait)  # a worker's, never the GUI thread's: PayDesk prints beside
        elif status.poll(wait * 1000):  # its status bytes, its close, or a reset
            connection.settimeout(wait)
            peer_open = bool(connection.recv(256))
        counted = _unacknowledged(connection)
        if counted is None:  # not seen on Linux, which counts for any connected socket
            _wait_for_close(connection, deadline)
            return
        unacknowledged = counted
    # Whatever it said last is read, so our close is a close, not a reset.
    connection.setblocking(False)
    with contextlib.suppress(OSError):
        while connection.recv(256):
            pass


def _wait_for_close(connection: socket.socket, deadline: float) -> None:
    """Without a count of unacknowledged bytes: a status byte or two maybe, then the
    printer's close once it has taken the whole job."""
    while True:
        connection.settimeout(_left(deadline))
        if not connection.recv(256):
            return


def _unacknowledged(connection: socket.socket) -> int | None:
    """The bytes written to ``connection`` that the printer has not acknowledged yet
    (its close counted as one), or None where the system does not say."""
    if not _COUNTS_UNACKNOWLEDGED:
        return None
    try:
        answer = fcntl.ioctl(connection.fileno(), termios.TIOCOUTQ, struct.pack("i", 0))
    except OSError:  # not a count this system keeps for a socket
        return None
    return int(struct.unpack("i", answer)[0])


def _left(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise PrintError(PrintProblem.TIMED_OUT, "the deadline passed")
    return left


def _pieces(data: bytes) -> Iterator[bytes]:
    view = memoryview(data)
    for start in range(0, len(data), CHUNK):
        yield bytes(view[start:start + CHUNK])


_BY_ERRNO = {
    errno.ECONNREFUSED: PrintProblem.REFUSED,
    errno.ECONNRESET: PrintProblem.CLOSED,
    errno.EPIPE: PrintProblem.CLOSED,
    errno.ECONNABORTED: PrintProblem.CLOSED,
    errno.ENOTCONN: PrintProblem.CLOSED,  # the shut after the last byte, on a reset line
    errno.ETIMEDOUT: PrintProblem.TIMED_OUT,
    errno.EACCES: PrintProblem.PERMISSION,
    errno.EPERM: PrintProblem.PERMISSION,
    errno.ENOENT: PrintProblem.NO_DEVICE,
    errno.ENODEV: PrintProblem.NO_DEVICE,
    errno.ENXIO: PrintProblem.NO_DEVICE,
    errno.EHOSTUNREACH: PrintProblem.NO_DEVICE,
    errno.ENETUNREACH: PrintProblem.NO_DEVICE,
    errno.EBUSY: PrintProblem.REFUSED,
}


def classify(error: BaseException) -> PrintError:
    """The code of a failure, from the error or the ones it was raised from.

    python-escpos wraps what the system said (DeviceNotFoundError "Could not open
    socket ... [Errno 111]"): the cause it was raised in is read first.
    """
    if isinstance(error, PrintError):
        return error
    detail = " ".join(str(error).split())
    for link in _chain(error):
        if isinstance(link, TimeoutError | socket.timeout):
            return PrintError(PrintProblem.TIMED_OUT, detail)
        if isinstance(link, socket.gaierror):
            return PrintError(PrintProblem.NO_DEVICE, detail)
        number = getattr(link, "errno", None) or getattr(link, "backend_error_code", None)
        if isinstance(number, int) and number in _BY_ERRNO:
            return PrintError(_BY_ERRNO[number], detail)
    named = type(error).__name__
    if named in ("DeviceNotFoundError", "USBNotFoundError"):
        return PrintError(PrintProblem.NO_DEVICE, detail)
    return PrintError(PrintProblem.FAILED, f"{named}: {detail}")


def _chain(error: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    link: BaseException | None = error
    while link is not None and id(link) not in seen:
        seen.add(id(link))
        yield link
        link = link.__cause__ or link.__context__
