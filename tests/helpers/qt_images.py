"""Decode QR codes in tests straight from a QImage (a grab, a PNG, a rendered SVG)."""

from __future__ import annotations

import zxingcpp
from PySide6.QtGui import QImage


def grey_rows(image: QImage) -> memoryview:
    """The image as 8-bit grey, a 2-D (height, width) memoryview without row padding."""
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height, stride = grey.width(), grey.height(), grey.bytesPerLine()
    data = bytes(grey.constBits())[: stride * height]
    if stride != width:  # rows are padded to 4 bytes; zxing wants them contiguous
        data = b"".join(data[row * stride : row * stride + width] for row in range(height))
    return memoryview(data).cast("B", shape=(height, width))


def decode_qimage(image: QImage) -> list[str]:
    """The texts of every barcode zxing-cpp finds in ``image``."""
    return [barcode.text for barcode in zxingcpp.read_barcodes(grey_rows(image))]
