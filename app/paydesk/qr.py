"""QR codes as a plain module matrix: the window paints it, the terminal prints it.

No Pillow: zxing-cpp builds the matrix and we draw it ourselves, so it is crisp
at any size.
"""

from __future__ import annotations

import functools

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
    # zxing-cpp's C++ encoder (smallest version, best of the eight masks, as the
    # standard asks) takes ~0.3 ms for a payment link; the pure-Python qrcode
    # took ~5 ms, most of the time from Enter to the QR on screen. Imported
    # here: the first frame does not need it.
    import zxingcpp

    code = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="M")
    image = code.to_image(scale=1, add_quiet_zones=False)
    size = image.shape[1]
    pixels = bytes(image)  # type: ignore[call-overload]  # a buffer; a byte a module, 0 dark
    light = (False,) * (size + 2 * border)
    rows = [light] * border
    for start in range(0, len(pixels), size):
        modules = tuple(value == 0 for value in pixels[start:start + size])
        rows.append((False,) * border + modules + (False,) * border)
    rows += [light] * border
    return tuple(rows)


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
