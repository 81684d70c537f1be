"""PayDesk's icon: one SVG source, a PNG kept in step with it, drawn at every size.

The PNG is what PyInstaller turns into the Windows and macOS icons and what
app_icon() falls back to, so a stale PNG would ship an old icon without anyone
noticing; the comparison below catches an SVG edited without re-running
tools/render_icons.py.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from paydesk.ui.shell import icon as icon_module
from paydesk.ui.shell.icon import app_icon

from scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
SVG = ROOT / "resources" / "icons" / "paydesk.svg"
PNG = ROOT / "resources" / "icons" / "paydesk.png"
SVG_NS = "{http://www.w3.org/2000/svg}"
#: Largest difference in any channel allowed between the committed PNG and a fresh
#: render: room for another Qt's antialiasing, far too little for a changed drawing.
CHANNEL_TOLERANCE = 8


render_icons = load_script("tools/render_icons.py")


def _largest_difference(first: QImage, second: QImage) -> int:
    first = first.convertToFormat(QImage.Format.Format_ARGB32)
    second = second.convertToFormat(QImage.Format.Format_ARGB32)
    assert first.size() == second.size()
    worst = 0
    for y in range(first.height()):
        for x in range(first.width()):
            a, b = first.pixelColor(x, y), second.pixelColor(x, y)
            worst = max(worst, abs(a.red() - b.red()), abs(a.green() - b.green()),
                        abs(a.blue() - b.blue()), abs(a.alpha() - b.alpha()))
    return worst


def test_svg_is_a_square_drawing_without_text() -> None:
    """Text would need fonts the target machine may lack, and is unreadable at 16 px."""
    root = ET.parse(SVG).getroot()

    assert root.tag == f"{SVG_NS}svg"
    assert root.get("viewBox") == "0 0 256 256"
    assert root.find(f".//{SVG_NS}text") is None
    assert root.find(f".//{SVG_NS}image") is None


def test_committed_png_is_the_svg_rendered_at_256_px() -> None:
    committed = QImage(str(PNG))
    fresh = render_icons.render(SVG, render_icons.PNG_SIZE)

    assert committed.size() == QSize(256, 256)
    assert _largest_difference(committed, fresh) <= CHANNEL_TOLERANCE, (
        "resources/icons/paydesk.png is out of date: run python tools/render_icons.py"
    )


@pytest.mark.parametrize("size", [16, 32, 64, 256])
def test_app_icon_draws_the_tile_at_every_size(qapp: QApplication, size: int) -> None:
    image = app_icon().pixmap(QSize(size, size)).toImage()

    assert image.size() == QSize(size, size)
    corner, edge = image.pixelColor(0, 0), image.pixelColor(size // 2, size // 16 + 1)
    assert corner.alpha() == 0  # the tile's rounded corner lets the desktop show through
    assert edge.alpha() == 255 and edge.green() > edge.red()  # the green tile itself


@pytest.mark.qt_log_ignore("Cannot read file")
def test_app_icon_falls_back_to_the_png_without_svg(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A Qt without its SVG plugins cannot read the SVG: the PNG stands in for it."""
    unreadable = tmp_path / "paydesk.svg"
    unreadable.write_text("not an svg", encoding="utf-8")
    monkeypatch.setattr(icon_module, "icon_file",
                        lambda suffix: unreadable if suffix == "svg" else PNG)

    image = app_icon().pixmap(QSize(64, 64)).toImage()

    assert image.pixelColor(32, 5).alpha() == 255


def test_app_icon_without_any_file_is_qts_default(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(icon_module, "icon_file", lambda suffix: tmp_path / f"gone.{suffix}")

    assert app_icon().isNull()
    assert "could not be loaded" in caplog.text


def test_preview_sheet_shows_each_size_on_light_and_dark() -> None:
    sheet = render_icons.contact_sheet(SVG, render_icons.PREVIEW_SIZES)

    cell = render_icons.SHEET_CELL
    assert sheet.width() == cell * len(render_icons.PREVIEW_SIZES) and sheet.height() == 2 * cell
    assert sheet.pixelColor(1, 1) == QColor(render_icons.SHEET_BACKGROUNDS[0])
    assert sheet.pixelColor(1, cell + 1) == QColor(render_icons.SHEET_BACKGROUNDS[1])
