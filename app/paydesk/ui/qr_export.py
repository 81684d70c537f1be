"""Save a QR module matrix as PNG (through QImage) or SVG (written by hand).

No Pillow and no scaling of a screen grab: both files are made from the matrix,
so a module is exactly ``module_px`` pixels in the PNG and exactly one user unit
in the SVG, and the quiet zone is whatever the matrix carries.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage, QImageWriter

Matrix = list[list[bool]]

_DARK = 0x00
_LIGHT = 0xFF
#: The size an SVG asks for by default; it scales losslessly to any other.
SVG_MODULE_PX = 8


def matrix_image(matrix: Matrix, module_px: int = 16) -> QImage:
    """The code as an 8-bit grey image, ``module_px`` pixels per module."""
    if module_px < 1:
        raise ValueError("module_px must be at least 1")
    if not matrix:
        raise ValueError("empty QR matrix")
    side = len(matrix) * module_px
    data = bytearray()
    for row in matrix:
        line = b"".join(bytes([_DARK if dark else _LIGHT]) * module_px for dark in row)
        data += line * module_px
    # QImage borrows the buffer; copy() gives the image its own before ``data`` goes.
    return QImage(bytes(data), side, side, side, QImage.Format.Format_Grayscale8).copy()


def save_png(matrix: Matrix, path: str | Path, module_px: int = 16) -> None:
    """Write a PNG; raise OSError when the file cannot be written."""
    writer = QImageWriter(str(path), b"PNG")  # PNG whatever the name ends in
    if not writer.write(matrix_image(matrix, module_px)):
        raise OSError(f"Could not write the PNG file {path}: {writer.errorString()}")


def svg_text(matrix: Matrix) -> str:
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


def save_svg(matrix: Matrix, path: str | Path) -> None:
    """Write an SVG file (UTF-8); OSError propagates when it cannot be written."""
    Path(path).write_text(svg_text(matrix), encoding="utf-8")
