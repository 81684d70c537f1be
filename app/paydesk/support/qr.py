"""QR codes as a plain module matrix: the window paints it, the terminal prints it.

The ``qrcode`` library builds the matrix (the smallest version that holds the
link, the best of the eight masks, as the standard asks); no Pillow: we draw the
modules ourselves, so the code is crisp at any size.
"""

from __future__ import annotations

import functools

import qrcode
from qrcode.constants import ERROR_CORRECT_M

#: The quiet zone the QR standard asks for, in modules, on every side.
QUIET_ZONE = 4


def qr_matrix(text: str, *, border: int = QUIET_ZONE) -> list[list[bool]]:
    """The modules of ``text``'s QR code (True = dark), quiet zone included.

    Error correction M: survives a smudge or glare, keeps modules large enough
    for a phone camera at arm's length. The same link is asked for by the
    counter, the customer display and the slip, so the last few are kept (each
    caller gets its own copy).
    """
    return [list(row) for row in _matrix(text, border)]


@functools.lru_cache(maxsize=8)
def _matrix(text: str, border: int) -> tuple[tuple[bool, ...], ...]:
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=border)
    code.add_data(text)
    code.make(fit=True)
    return tuple(map(tuple, code.get_matrix()))  # its modules are bools, all set by make()


def render_text(matrix: list[list[bool]]) -> str:
    """Two module rows per text line with half blocks, dark on a light terminal.

    Light modules are printed as full blocks so the code reads correctly on the
    dark background most terminals have.
    """
    rows = matrix + ([[False] * len(matrix[0])] if len(matrix) % 2 else [])
    glyphs = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        lines.append("".join(glyphs[(t, b)] for t, b in zip(top, bottom, strict=True)))
    return "\n".join(lines)


#: An SVG file's size per module, in pixels (it scales; this is only its natural size).
SVG_MODULE_PX = 8


def svg_text(matrix: list[list[bool]]) -> str:
    """The code as SVG: a white square and one path of dark runs, one unit a module."""
    if not matrix:
        raise ValueError("empty QR matrix")
    size = len(matrix)
    runs: list[str] = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
    px = size * SVG_MODULE_PX
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{px}" height="{px}" '
        f'viewBox="0 0 {size} {size}" shape-rendering="crispEdges">\n'
        f'<rect width="{size}" height="{size}" fill="#ffffff"/>\n'
        f'<path fill="#000000" d="{"".join(runs)}"/>\n'
        "</svg>\n"
    )
