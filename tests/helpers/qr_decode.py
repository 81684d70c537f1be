"""Decode QR codes in tests with zxing-cpp, from a module matrix (no numpy needed)."""

from __future__ import annotations

import zxingcpp


def read_matrix(matrix: list[list[bool]], scale: int = 4) -> list[zxingcpp.Barcode]:
    """Every code zxing-cpp finds in ``matrix`` drawn ``scale`` pixels a module."""
    size = len(matrix)
    pixels = bytearray()
    for row in matrix:
        line = b"".join((b"\x00" if dark else b"\xff") * scale for dark in row)
        pixels += line * scale
    image = memoryview(bytes(pixels)).cast("B", shape=(size * scale, size * scale))
    return list(zxingcpp.read_barcodes(image))


def decode_matrix(matrix: list[list[bool]], scale: int = 4) -> list[str]:
    return [barcode.text for barcode in read_matrix(matrix, scale)]
