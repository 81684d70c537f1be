"""Where the counter's receipt printer is: the ``printer`` setting, read and checked.

One line says how the printer is connected, in the form python-escpos's printers
take: ``tcp://192.0.2.10:9100`` (a network printer, port 9100 when left out),
``usb://04b8:0202`` (vendor:product, in hex, as ``lsusb`` shows them),
``serial:///dev/ttyUSB0?baudrate=9600``, ``cups://QUEUE`` (a queue of this
computer's CUPS) and ``file:///dev/usb/lp0`` (a device or a file written as it is).
Each may end with ``?profile=NAME``, python-escpos's name for the printer's model
(``TM-T20II``, ``POS-5890``), which says whether it draws QR codes itself and how
wide its paper is; without one, the generic profile. Empty: no receipt printer.

Errors are codes (``PrinterAddressError.code``); the words are chosen where shown.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from urllib.parse import SplitResult, parse_qs, urlsplit

from paydesk.support.escpos_loader import load_escpos

#: The port of a network printer's raw printing (JetDirect / AppSocket).
DEFAULT_PORT = 9100
DEFAULT_BAUDRATE = 9600
DEFAULT_PROFILE = "default"
#: The speeds a serial printer is set to (its DIP switches or its self-test page say which).
BAUDRATES = (1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200)


class PrinterKind(enum.StrEnum):
    NETWORK = "tcp"
    USB = "usb"
    SERIAL = "serial"
    CUPS = "cups"
    FILE = "file"


class PrinterAddressProblem(enum.StrEnum):
    UNKNOWN_KIND = "unknown_kind"  # not one of tcp, usb, serial, cups, file
    NO_HOST = "no_host"
    BAD_PORT = "bad_port"
    BAD_USB_ID = "bad_usb_id"  # not vendor:product in hex
    NO_PATH = "no_path"  # serial:// or file:// without a device path
    BAD_BAUDRATE = "bad_baudrate"
    NO_QUEUE = "no_queue"
    UNKNOWN_OPTION = "unknown_option"
    UNKNOWN_PROFILE = "unknown_profile"


class PrinterAddressError(ValueError):
    """``str()`` is the command line's English; ``code`` and ``value`` for the window."""

    def __init__(self, code: PrinterAddressProblem, message: str, value: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.value = value


@dataclass(frozen=True, slots=True)
class PrinterAddress:
    kind: PrinterKind
    #: The host (network), the device path (serial, file) or the queue (CUPS).
    target: str
    port: int = DEFAULT_PORT
    vendor: int = 0
    product: int = 0
    baudrate: int = DEFAULT_BAUDRATE
    profile: str = DEFAULT_PROFILE

    @classmethod
    def parse(cls, text: str) -> PrinterAddress | None:
        """The address in ``text``; None for an empty one (no printer)."""
        text = text.strip()
        if not text:
            return None
        parts = urlsplit(text)
        try:
            kind = PrinterKind(parts.scheme.lower())
        except ValueError:
            raise PrinterAddressError(
                PrinterAddressProblem.UNKNOWN_KIND,
                f"printer: {text!r} is not a printer address; write tcp://HOST:9100, "
                "usb://VENDOR:PRODUCT, serial:///dev/ttyUSB0, cups://QUEUE or file:///dev/usb/lp0.",
                text) from None
        options = _options(parts.query, kind)
        profile = options.pop("profile", DEFAULT_PROFILE)
        _check_profile(profile)
        if kind is PrinterKind.NETWORK:
            return cls(kind, *_host_port(parts), profile=profile)
        if kind is PrinterKind.USB:
            vendor, product = _usb_ids(parts.netloc + parts.path)
            return cls(kind, "", vendor=vendor, product=product, profile=profile)
        if kind is PrinterKind.CUPS:
            queue = (parts.netloc + parts.path).strip("/")
            if not queue:
                raise PrinterAddressError(PrinterAddressProblem.NO_QUEUE,
                                          "printer: cups:// needs the queue's name "
                                          "(lpstat -p lists them).", text)
            return cls(kind, queue, profile=profile)
        path = parts.netloc + parts.path
        if not path.startswith("/") or parts.netloc:
            raise PrinterAddressError(PrinterAddressProblem.NO_PATH,
                                      f"printer: {kind}:// needs a device's whole path, "
                                      f"as in {kind}:///dev/...", text)
        if kind is PrinterKind.SERIAL:
            return cls(kind, path, baudrate=_baudrate(options.pop("baudrate", "")),
                       profile=profile)
        return cls(kind, path, profile=profile)

    @property
    def text(self) -> str:
        """The address written back (what ``paydesk print test`` names)."""
        suffix = "" if self.profile == DEFAULT_PROFILE else f"profile={self.profile}"
        if self.kind is PrinterKind.NETWORK:
            base = f"tcp://{self.target}:{self.port}"
        elif self.kind is PrinterKind.USB:
            base = f"usb://{self.vendor:04x}:{self.product:04x}"
        elif self.kind is PrinterKind.SERIAL:
            base = f"serial://{self.target}"
            suffix = "&".join(filter(None, [f"baudrate={self.baudrate}", suffix]))
        else:
            base = f"{self.kind}://{self.target}"
        return f"{base}?{suffix}" if suffix else base


def _options(query: str, kind: PrinterKind) -> dict[str, str]:
    allowed = {"profile"} | ({"baudrate"} if kind is PrinterKind.SERIAL else set())
    values = {name: found[-1] for name, found in parse_qs(query).items()}
    unknown = sorted(set(values) - allowed)
    if unknown:
        raise PrinterAddressError(PrinterAddressProblem.UNKNOWN_OPTION,
                                  f"printer: {kind}:// takes no option {unknown[0]!r} "
                                  f"(it takes: {', '.join(sorted(allowed))}).", unknown[0])
    return values


def _host_port(parts: SplitResult) -> tuple[str, int]:
    if not parts.hostname:
        raise PrinterAddressError(PrinterAddressProblem.NO_HOST,
                                  "printer: tcp:// needs the printer's address, as in "
                                  "tcp://192.0.2.10:9100.", parts.netloc)
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0 or (port is None and parts.netloc.endswith(":")):
        raise PrinterAddressError(PrinterAddressProblem.BAD_PORT,
                                  f"printer: {parts.netloc!r} has no usable port (1 to 65535; "
                                  "printers listen on 9100).", parts.netloc)
    return parts.hostname, port or DEFAULT_PORT


def _usb_ids(text: str) -> tuple[int, int]:
    vendor, colon, product = text.strip("/").partition(":")
    try:
        if not colon or len(vendor) != 4 or len(product) != 4:
            raise ValueError
        return int(vendor, 16), int(product, 16)
    except ValueError:
        raise PrinterAddressError(PrinterAddressProblem.BAD_USB_ID,
                                  f"printer: {text!r} is not vendor:product; write the "
                                  "two hex numbers lsusb shows, as in usb://04b8:0202.",
                                  text) from None


def _baudrate(text: str) -> int:
    if not text:
        return DEFAULT_BAUDRATE
    if not text.isdigit() or int(text) not in BAUDRATES:
        raise PrinterAddressError(PrinterAddressProblem.BAD_BAUDRATE,
                                  f"printer: baudrate {text!r} is not one of "
                                  f"{', '.join(map(str, BAUDRATES))}.", text)
    return int(text)


def _check_profile(name: str) -> None:
    # python-escpos's profiles, read when an address names one (its import reads a
    # YAML file of every printer it knows: only where a printer is set).
    if name == DEFAULT_PROFILE:
        return
    load_escpos()
    from escpos.capabilities import CAPABILITIES

    if name not in CAPABILITIES["profiles"]:
        raise PrinterAddressError(PrinterAddressProblem.UNKNOWN_PROFILE,
                                  f"printer: python-escpos knows no printer profile {name!r} "
                                  "(its documentation lists the printers it knows; without "
                                  "profile= a generic one is used).",
                                  name)
