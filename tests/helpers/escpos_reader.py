"""Reading what a receipt printer was sent, as the printer would: its text in the code
page, the QR command's payload, the raster images, the cut; and a picture of the slip.

Only the ESC/POS commands PayDesk's slips use are known; any other byte after ESC or
GS fails the test (a slip must hold nothing the reader cannot account for).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import zxingcpp
from PIL import Image, ImageDraw, ImageFont

from paydesk.support.qr import qr_matrix

ESC, GS, LF = 0x1B, 0x1D, 0x0A
#: ESC commands and how many argument bytes follow them.
_ESC_ARGS = {ord("@"): 0, ord("t"): 1, ord("a"): 1, ord("!"): 1, ord("E"): 1, ord("d"): 1,
             ord("-"): 1, ord("M"): 1, ord("G"): 1, ord("J"): 1, ord("3"): 1, ord("2"): 0}
_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
_FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"


@dataclass
class Piece:
    kind: str  # "text", "qr" (the printer's own command) or "raster"
    text: str = ""
    big: bool = False
    bold: bool = False
    centred: bool = True
    module: int = 0  # qr: the dots of a module
    image: Image.Image | None = None


@dataclass
class Printout:
    pieces: list[Piece] = field(default_factory=list)
    cut: bool = False
    code_page_selected: bool = False

    @property
    def lines(self) -> list[str]:
        return [piece.text for piece in self.pieces if piece.kind == "text"]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def codes(self) -> list[str]:
        """Every QR the slip carries: the command's payload, or the raster decoded."""
        found = []
        for piece in self.pieces:
            if piece.kind == "qr":
                found.append(piece.text)
            elif piece.kind == "raster" and piece.image is not None:
                found += [code.text for code in zxingcpp.read_barcodes(piece.image.convert("L"))]
        return found


def read_printout(data: bytes, code_page: str = "cp866") -> Printout:
    out = Printout()
    text = bytearray()
    big = bold = False
    centred = True
    qr_module = 3
    qr_data = ""
    i = 0

    def flush() -> None:
        out.pieces.append(Piece("text", text.decode(code_page), big, bold, centred))
        text.clear()

    while i < len(data):
        byte = data[i]
        if byte == LF:
            flush()
            i += 1
        elif byte == ESC:
            command = data[i + 1]
            assert command in _ESC_ARGS, f"unknown ESC {command:#x} at {i}"
            argument = data[i + 2] if _ESC_ARGS[command] else 0
            if command == ord("!"):
                big = bool(argument & 0x30)
            elif command == ord("E"):
                bold = bool(argument)
            elif command == ord("a"):
                centred = argument == 1
            elif command == ord("t"):
                out.code_page_selected = True
            i += 2 + _ESC_ARGS[command]
        elif byte == GS:
            i = _gs(data, i, out)
            if out.pieces and out.pieces[-1].kind == "qr-size":
                qr_module = out.pieces.pop().module
            elif out.pieces and out.pieces[-1].kind == "qr-store":
                qr_data = out.pieces.pop().text
            elif out.pieces and out.pieces[-1].kind == "qr-print":
                out.pieces[-1] = Piece("qr", qr_data, module=qr_module)
        else:
            text.append(byte)
            i += 1
    assert not text, f"text not ended by a line feed: {bytes(text)!r}"
    return out


def _gs(data: bytes, i: int, out: Printout) -> int:
    command = data[i + 1]
    if command == ord("(") and data[i + 2] == ord("k"):
        size = data[i + 3] + 256 * data[i + 4]
        body = data[i + 5:i + 5 + size]
        function = body[1]
        if function == ord("C"):
            out.pieces.append(Piece("qr-size", module=body[2]))
        elif function == ord("P"):
            out.pieces.append(Piece("qr-store", body[3:].decode("ascii")))
        elif function == ord("Q"):
            out.pieces.append(Piece("qr-print"))
        return i + 5 + size
    if command == ord("v") and data[i + 2] == ord("0"):
        width = data[i + 4] + 256 * data[i + 5]
        height = data[i + 6] + 256 * data[i + 7]
        bits = data[i + 8:i + 8 + width * height]
        image = Image.frombytes("1", (width * 8, height), bytes(b ^ 0xFF for b in bits))
        out.pieces.append(Piece("raster", image=image))
        return i + 8 + width * height
    if command == ord("V"):
        out.cut = True
        return i + 3 + (1 if data[i + 2] in (65, 66) else 0)
    if command == ord("!"):
        return i + 3
    raise AssertionError(f"unknown GS {command:#x} at {i}")


def render_png(printout: Printout, dots: int, path: Path) -> Image.Image:
    """The slip as the printer would put it on paper (font A: 12 x 24 dots), saved."""
    pictures: list[Image.Image] = []
    for piece in printout.pieces:
        if piece.kind == "text":
            scale = 2 if piece.big else 1
            font = ImageFont.truetype(_FONT_BOLD if piece.bold else _FONT, 20 * scale)
            line = Image.new("L", (dots, 24 * scale + 6), 255)
            draw = ImageDraw.Draw(line)
            width = draw.textlength(piece.text, font=font)
            x = (dots - width) / 2 if piece.centred else 0
            draw.text((x, 2), piece.text, font=font, fill=0)
            pictures.append(line)
        elif piece.kind == "qr":
            matrix = qr_matrix(piece.text, border=0)
            side = len(matrix) * piece.module
            code = Image.new("L", (len(matrix), len(matrix)), 255)
            code.putdata([0 if dark else 255 for row in matrix for dark in row])
            code = code.resize((side, side), Image.Resampling.NEAREST)
            line = Image.new("L", (dots, side), 255)
            line.paste(code, ((dots - side) // 2, 0))
            pictures.append(line)
        elif piece.image is not None:
            pictures.append(piece.image.convert("L"))
    height = sum(picture.height for picture in pictures) + 40
    paper = Image.new("L", (dots + 16, height), 255)
    y = 8
    for picture in pictures:
        paper.paste(picture, (8, y))
        y += picture.height
    if printout.cut:
        ImageDraw.Draw(paper).line((0, height - 4, dots + 16, height - 4), fill=0, width=1)
    path.parent.mkdir(parents=True, exist_ok=True)
    paper.save(path)
    return paper
