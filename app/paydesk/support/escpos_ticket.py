"""A slip for a thermal receipt printer, written as the ESC/POS bytes it prints.

What the slip says is decided above (paydesk.core.receipts.slips); here it is laid on
the paper through python-escpos's own commands, into its Dummy printer, so the
bytes are made before any printer is touched (and a unit test reads them):
text in the printer's code page (CP866 has Cyrillic), wrapped at the paper's
width in characters, the QR code through the printer's own command where its
profile has one (GS ( k: the printer draws it at its full sharpness), else as a
raster image sized for the paper, and the cut.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from paydesk.support.escpos_loader import load_escpos
from paydesk.support.qr import qr_matrix

if TYPE_CHECKING:
    from PIL import Image

#: The printable width in dots at 203 dpi, and the characters of font A (12 dots) in
#: it: a 58 mm roll prints 48 mm, an 80 mm roll 72 mm.
PAPER_DOTS = {58: 384, 80: 576}
FONT_A_DOTS = 12
#: The code takes at most this share of the printable width (the rest: margins a
#: printer's own centring needs), and at least this many dots a module.
CODE_SHARE = 0.8
MIN_MODULE_DOTS = 3
#: GS ( k module size: the printer's command takes 1 to 16 dots.
MAX_NATIVE_MODULE = 16


class TicketError(ValueError):
    """The slip cannot be written for this printer (``code``: ``code_page``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    bold: bool = False
    #: Double width and height: the amount, read from across the counter.
    big: bool = False


@dataclass(frozen=True, slots=True)
class Code:
    """The QR code of ``link``."""

    link: str


@dataclass(frozen=True, slots=True)
class Rule:
    """A dashed line between what the buyer reads and what support reads."""


@dataclass(frozen=True, slots=True)
class Ticket:
    items: tuple[Line | Code | Rule, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class Paper:
    """The roll (58 or 80 mm), the printer's code page and its python-escpos profile."""

    width_mm: int = 80
    code_page: str = "CP866"
    profile: str = "default"

    @property
    def dots(self) -> int:
        """The printable width: the roll's, or less where the profile says its head is."""
        media = _profile(self.profile).profile_data.get("media", {}).get("width", {})
        pixels = media.get("pixels")
        own = PAPER_DOTS[self.width_mm]
        return min(own, pixels) if isinstance(pixels, int) and pixels > 0 else own

    @property
    def columns(self) -> int:
        return self.dots // FONT_A_DOTS

    @property
    def native_qr(self) -> bool:
        return bool(_profile(self.profile).supports("qrCode"))


def _profile(name: str) -> Any:
    load_escpos()
    from escpos.capabilities import get_profile

    return get_profile(name)


def encode(ticket: Ticket, paper: Paper) -> bytes:
    """The ESC/POS bytes of ``ticket`` on ``paper``, ending with a feed and a cut."""
    load_escpos()
    from escpos.exceptions import CharCodeError
    from escpos.printer import Dummy

    printer = Dummy(profile=paper.profile)
    printer.hw("INIT")
    try:
        printer.charcode(paper.code_page)
    except CharCodeError:
        raise TicketError("code_page", f"The printer profile {paper.profile!r} has no code "
                                       f"page {paper.code_page!r}.") from None
    printer.set(align="center")
    for item in ticket.items:
        if isinstance(item, Line):
            _line(printer, item, paper)
        elif isinstance(item, Code):
            _code(printer, item.link, paper)
        else:
            printer.set(align="center", normal_textsize=True, bold=False)
            printer.textln("-" * (paper.columns * 2 // 3))
    printer.set(align="left", normal_textsize=True, bold=False)
    printer.cut()
    return bytes(printer.output)


def _line(printer: Any, line: Line, paper: Paper) -> None:
    if line.big:
        printer.set(align="center", bold=line.bold, double_width=True, double_height=True)
    else:
        printer.set(align="center", bold=line.bold, normal_textsize=True)
    width = paper.columns // (2 if line.big else 1)
    # A no-break space is the writing of amounts; the code page may lack it.
    text = line.text.replace("\u00a0", " ")
    for part in textwrap.wrap(text, width, break_on_hyphens=False) or [""]:
        printer.textln(part)


def module_dots(modules: int, paper: Paper) -> int:
    """Dots a module so the code (``modules`` wide, quiet zone included) fits the paper."""
    return max(MIN_MODULE_DOTS, int(paper.dots * CODE_SHARE) // modules)


def _code(printer: Any, link: str, paper: Paper) -> None:
    from escpos.constants import QR_ECLEVEL_M

    matrix = qr_matrix(link)
    size = module_dots(len(matrix), paper)
    printer.set(align="center", normal_textsize=True, bold=False)
    if paper.native_qr:
        # The printer draws it; ESC a (centre) applies to it, and the quiet zone is
        # the blank lines around it and the margins the centring leaves.
        printer.ln()
        printer.qr(link, ec=QR_ECLEVEL_M, size=min(size, MAX_NATIVE_MODULE), native=True)
        printer.ln()
        return
    printer.image(raster(matrix, size), center=True, impl="bitImageRaster")


def raster(matrix: list[list[bool]], module: int) -> Image.Image:
    """The code as a black-and-white image, ``module`` dots a module, quiet zone included."""
    from PIL import Image

    side = len(matrix)
    small = Image.new("1", (side, side), 1)
    small.putdata([0 if dark else 1 for row in matrix for dark in row])
    return small.resize((side * module, side * module), Image.Resampling.NEAREST)

