"""Save a QR module matrix as PNG (through QImage) or SVG (written by hand), or paint it.

No Pillow and no scaling of a screen grab: both files are made from the matrix,
so a module is exactly ``module_px`` pixels in the PNG and exactly one user unit
in the SVG, and the quiet zone is whatever the matrix carries.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QImageWriter, QPainter, QPainterPath, QTransform

from paydesk.support.qr import svg_text

Matrix = list[list[bool]]

_DARK = 0x00
_LIGHT = 0xFF


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


def save_svg(matrix: Matrix, path: str | Path) -> None:
    """Write an SVG file (UTF-8); OSError propagates when it cannot be written."""
    Path(path).write_text(svg_text(matrix), encoding="utf-8")


def device_square(
    painter: QPainter, area: QRectF, count: int
) -> tuple[QRect, QTransform] | None:
    """Where a ``count``-module code goes in ``area``, in whole device pixels.

    The largest square whose side is a whole number of device pixels per module
    (at least one), centred in ``area``, and the device-to-logical transform;
    None when the painter's transform cannot be undone.
    """
    to_device = painter.deviceTransform()
    to_logical, invertible = to_device.inverted()
    if not invertible:
        return None
    box = to_device.mapRect(area)
    left, top = math.ceil(box.left() - 1e-6), math.ceil(box.top() - 1e-6)
    width = math.floor(box.right() + 1e-6) - left
    height = math.floor(box.bottom() + 1e-6) - top
    size = max(1, min(width, height) // count) * count
    left += (width - size) // 2
    top += (height - size) // 2
    return QRect(left, top, size, size), to_logical


def draw_matrix(
    painter: QPainter, matrix: Matrix, area: QRectF, *, colour: QColor | None = None
) -> QRectF:
    """Paint the code into ``area`` on whole device pixels; return the logical rect it took.

    For paper as for the screen: a printer's dots, a PDF's 1/resolution units
    and an image's pixels are all device pixels, so the painter's device
    transform is undone and every module gets the same whole number of them
    (largest that fits, at least one). The code is centred in ``area`` and its
    quiet zone is painted white, so nothing printed behind it can eat into it.
    The dark modules go out as a single path: a PDF viewer then shows no hairline
    seams between rows.
    """
    if not matrix:
        raise ValueError("empty QR matrix")
    count = len(matrix)
    placed = device_square(painter, area, count)
    if placed is None:
        return QRectF()
    square, to_logical = placed
    left, top, size = square.left(), square.top(), square.width()
    module = size // count

    modules = QPainterPath()
    modules.setFillRule(Qt.FillRule.WindingFill)  # overlapping edges are one shape
    for row_index, row in enumerate(matrix):
        y = top + row_index * module
        column = 0
        while column < count:
            if not row[column]:
                column += 1
                continue
            start = column
            while column < count and row[column]:
                column += 1
            modules.addRect(left + start * module, y, (column - start) * module, module)

    painter.save()
    # A world transform that cancels the rest of the chain (a preview's scale,
    # a view's window/viewport, the screen's pixel ratio): we draw in device pixels.
    painter.setWorldTransform(to_logical * painter.worldTransform())
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.fillRect(square, QColor(_LIGHT, _LIGHT, _LIGHT))
    painter.fillPath(modules, colour if colour is not None else QColor(_DARK, _DARK, _DARK))
    painter.restore()
    return to_logical.mapRect(QRectF(square))
