"""Painting on paper-like devices: PDFs, images of pages, printers (the slip, the report)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPageLayout, QPaintDevice, QPainter, QPdfWriter

#: Paints a page into the given area (the page's printable rectangle, at its origin).
PaintPage = Callable[[QPainter, QRectF], object]


@contextmanager
def painting(device: QPaintDevice, refusal: str) -> Iterator[QPainter]:
    """A painter on ``device``, always ended; OSError(``refusal``) when it cannot begin."""
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(refusal)
    try:
        yield painter
    finally:
        painter.end()


def blank_image(width: int, height: int, dots_per_metre: int) -> QImage:
    """A white RGB image whose resolution says ``dots_per_metre`` (for page previews)."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.fill(QColor("#ffffff"))
    return image


def write_pdf(
    path: str | Path,
    layout: QPageLayout,
    resolution: int,
    title: str,
    paint: PaintPage,
    refusal: str,
) -> Path:
    """A one-document PDF made in memory and written in one go: a failed drawing
    never leaves a half-written file, and a bad path raises the system's own OSError."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(resolution)
    writer.setPageLayout(layout)
    writer.setTitle(title)
    writer.setCreator("PayDesk")
    area = QRectF(QPointF(0, 0), QRectF(layout.paintRectPixels(resolution)).size())
    with painting(writer, refusal) as painter:
        paint(painter, area)
    buffer.close()
    target = Path(path)
    target.write_bytes(data.data())
    return target
