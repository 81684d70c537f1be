"""Render PayDesk's SVG icon to PNG: the shipped 256 px PNG and previews to look at.

``python tools/render_icons.py`` rewrites ``resources/icons/paydesk.png`` (256 px)
from ``resources/icons/paydesk.svg``. The PNG exists for the places that want a
bitmap: PyInstaller converts it (with Pillow) into the Windows ``.ico`` and the
macOS ``.icns`` at build time, and it is app_icon()'s fallback when Qt's SVG
plugins are missing. The SVG stays the one source: edit it, then run this.

``python tools/render_icons.py --preview DIR`` also writes ``paydesk-16.png``,
``-32``, ``-64`` and ``-256`` and a contact sheet (``sheet.png``) with each
size rendered at its own size and then blown up with nearest-neighbour scaling,
on a light and a dark background: small sizes are judged by their real pixels,
not by a smooth downscale of the big one.

Rendering goes through QSvgRenderer, the same renderer the window's QIcon uses,
so what is previewed is what the cashier sees. Painting on a QImage needs no
application object and no display, so this runs on a headless build machine.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "paydesk.svg"
PNG = ICONS / "paydesk.png"
PNG_SIZE = 256
PREVIEW_SIZES = (16, 32, 64, 256)
SHEET_CELL = 256
SHEET_BACKGROUNDS = ("#f4f4f4", "#2b2b2b")


def render(svg: Path, size: int) -> QImage:
    """The icon at ``size`` x ``size`` px on a transparent background."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg} is not a valid SVG for Qt")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def contact_sheet(svg: Path, sizes: Sequence[int]) -> QImage:
    """Each size at its real pixels, enlarged without smoothing, on light and dark rows."""
    sheet = QImage(SHEET_CELL * len(sizes), SHEET_CELL * len(SHEET_BACKGROUNDS),
                   QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(sheet)
    for row, background in enumerate(SHEET_BACKGROUNDS):
        painter.fillRect(0, row * SHEET_CELL, sheet.width(), SHEET_CELL, QColor(background))
        for column, size in enumerate(sizes):
            enlarged = render(svg, size).scaled(
                SHEET_CELL, SHEET_CELL, Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.FastTransformation,
            )
            painter.drawImage(column * SHEET_CELL, row * SHEET_CELL, enlarged)
    painter.end()
    return sheet


def _save(image: QImage, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(path)):  # PNG, from the suffix
        raise OSError(f"could not write {path}")
    print(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--svg", type=Path, default=SVG)
    parser.add_argument("--png", type=Path, default=PNG, help="the shipped PNG to rewrite")
    parser.add_argument("--preview", type=Path, metavar="DIR",
                        help="also write each preview size and a contact sheet here")
    args = parser.parse_args(argv)
    _save(render(args.svg, PNG_SIZE), args.png)
    if args.preview is not None:
        for size in PREVIEW_SIZES:
            _save(render(args.svg, size), args.preview / f"paydesk-{size}.png")
        _save(contact_sheet(args.svg, PREVIEW_SIZES), args.preview / "sheet.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
