"""The QR widget and the QR files: what a phone camera would read, pixel for pixel."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from itertools import groupby
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from paydesk.support.qr import QUIET_ZONE, qr_matrix
from paydesk.ui.widgets.qr_export import save_png, save_svg
from paydesk.ui.widgets.qr_widget import QrCodeWidget

from qt_images import decode_qimage, grey_rows

HELPERS = Path(__file__).resolve().parents[2] / "helpers"
LINK = "https://pay.example.com/pay/Zx8kQ2mN4pR7sT1vW3yA5bC6dE9fG0hJ"

# The offscreen platform cannot resize a shown window to new size hints; harmless.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def grey_values(image: QImage) -> set[int]:
    return set(grey_rows(image).tobytes())


def dark_runs(image: QImage) -> set[int]:
    """Lengths of the black runs along every row and every column."""
    rows = grey_rows(image)
    height, width = image.height(), image.width()
    data = rows.tobytes()
    lines = [data[y * width : (y + 1) * width] for y in range(height)]
    lines += [data[x::width] for x in range(width)]
    return {
        len(list(run)) for line in lines for value, run in groupby(line) if value == 0x00
    }


def assert_crisp(image: QImage) -> None:
    """Pure black and white only, and every module the same whole number of pixels.

    Aliased painting never blends, so the second check is what catches modules
    of uneven width (7 and 8 pixels) when the scale is not respected.
    """
    assert grey_values(image) == {0x00, 0xFF}
    runs = dark_runs(image)
    module = min(runs)
    assert all(run % module == 0 for run in runs), sorted(runs)


def shown_qr(qtbot: QtBot, width: int, height: int | None = None) -> QrCodeWidget:
    widget = QrCodeWidget()
    qtbot.addWidget(widget)
    widget.set_text(LINK)
    widget.resize(width, height or width)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.mark.parametrize("size", [200, 320, 500])
def test_grab_decodes_to_the_exact_link_and_every_pixel_is_black_or_white(
    qtbot: QtBot, size: int
) -> None:
    widget = shown_qr(qtbot, size)
    image = widget.grab().toImage()

    assert decode_qimage(image) == [LINK]
    assert_crisp(image)


def test_code_is_centred_square_with_whole_pixel_modules_in_a_wide_widget(
    qtbot: QtBot,
) -> None:
    widget = shown_qr(qtbot, 500, 300)
    image = widget.grab().toImage()
    count = len(widget.matrix() or [])
    module = 300 // count
    size = module * count
    left, top = (500 - size) // 2, (300 - size) // 2

    assert decode_qimage(image) == [LINK]
    assert_crisp(image)
    # The first finder pattern's corner sits exactly on the quiet zone's edge.
    corner = QPoint(left + QUIET_ZONE * module, top + QUIET_ZONE * module)
    assert image.pixelColor(corner) == QColor("black")
    assert image.pixelColor(corner - QPoint(1, 1)) == QColor("white")


@pytest.mark.parametrize("ratio", [1.25, 1.5, 2.0])
def test_hidpi_rendering_stays_crisp_even_at_a_fractional_offset(
    qtbot: QtBot, ratio: float
) -> None:
    """Render as a HiDPI screen would: scaled, with the widget at an odd position."""
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.resize(300, 300)
    widget = QrCodeWidget(parent)
    widget.set_text(LINK)
    widget.setGeometry(33, 17, 241, 241)
    parent.show()
    qtbot.waitExposed(parent)
    image = QImage(
        QSize(math.ceil(300 * ratio), math.ceil(300 * ratio)), QImage.Format.Format_RGB32
    )
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("#808080"))

    parent.render(image)

    assert decode_qimage(image) == [LINK]
    inner = image.copy(
        math.ceil(33 * ratio) + 1,
        math.ceil(17 * ratio) + 1,
        math.floor(241 * ratio) - 3,
        math.floor(241 * ratio) - 3,
    )
    assert_crisp(inner)


_HIDPI_CHILD = """
import json, math, sys
sys.path.insert(0, sys.argv[1])
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([])
from qt_images import decode_qimage
from paydesk.ui.widgets.qr_widget import QrCodeWidget
window = QWidget()
window.resize(300, 300)
widget = QrCodeWidget(window)
widget.set_text(sys.argv[2])
widget.setGeometry(33, 17, 241, 241)
window.show()
app.processEvents()
ratio = widget.devicePixelRatioF()
shot = window.grab().toImage()
inner = shot.copy(math.ceil(33 * ratio) + 1, math.ceil(17 * ratio) + 1,
                  math.floor(241 * ratio) - 3, math.floor(241 * ratio) - 3)
inner.save(sys.argv[3])
print(json.dumps({"ratio": ratio, "widget": decode_qimage(widget.grab().toImage()),
                  "window": decode_qimage(shot)}))
"""


@pytest.mark.parametrize("scale", ["1.5", "2"])
def test_real_hidpi_screen_grab_is_crisp(tmp_path: Path, scale: str) -> None:
    """A separate process, because the scale factor is fixed when Qt starts."""
    inner = tmp_path / "inner.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": scale}
    result = subprocess.run(
        [sys.executable, "-c", _HIDPI_CHILD, str(HELPERS), LINK, str(inner)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )

    report = json.loads(result.stdout.splitlines()[-1])
    assert report == {"ratio": float(scale), "widget": [LINK], "window": [LINK]}
    assert_crisp(QImage(str(inner)))


def test_the_matrix_is_rebuilt_only_when_the_text_changes(qtbot: QtBot) -> None:
    widget = QrCodeWidget()
    qtbot.addWidget(widget)
    widget.set_text(LINK)
    first = widget.matrix()

    widget.set_text(LINK)
    assert widget.matrix() is first
    assert first == qr_matrix(LINK)

    widget.set_text(LINK + "x")
    assert widget.matrix() is not first
    widget.set_text(None)
    assert widget.matrix() is None and widget.text() is None


def test_without_text_it_paints_a_light_placeholder(qtbot: QtBot) -> None:
    widget = QrCodeWidget()
    qtbot.addWidget(widget)
    widget.resize(240, 240)
    widget.show()
    qtbot.waitExposed(widget)
    image = widget.grab().toImage()

    assert decode_qimage(image) == []
    assert min(grey_values(image)) > 0xE0  # nothing dark at all
    assert image.pixelColor(120, 120) != QColor("white")  # but not a blank void


def test_inactive_code_is_faded_and_labelled_then_restored(qtbot: QtBot) -> None:
    widget = shown_qr(qtbot, 320)
    widget.set_inactive("✓ Paid", accent=QColor("#188038"))

    assert widget.inactive_reason() == "✓ Paid"
    assert not widget.is_active()
    assert "Paid" in widget.accessibleDescription()
    image = widget.grab().toImage()
    assert 0x00 not in grey_values(image)  # no module is black any more
    band = image.copy(40, 140, 240, 40)  # the overlay across the middle
    assert any(
        (colour := band.pixelColor(x, y)).green() > colour.red() + 60
        for x in range(band.width())
        for y in range(band.height())
    ), "the green label should be painted over the code"

    widget.set_inactive(None)
    assert widget.is_active()
    restored = widget.grab().toImage()
    assert decode_qimage(restored) == [LINK]
    assert_crisp(restored)


def test_sizes_keep_it_square_and_big_enough_to_scan(qtbot: QtBot) -> None:
    widget = QrCodeWidget()
    qtbot.addWidget(widget)

    assert widget.sizeHint() == QSize(320, 320)
    # Three pixels a module for a link of up to 45 modules (quiet zone included).
    assert widget.minimumSizeHint() == QSize(136, 136) and 136 // 45 >= 3
    assert widget.hasHeightForWidth() and widget.heightForWidth(417) == 417
    assert widget.sizePolicy().hasHeightForWidth()
    assert widget.objectName() == "qr_code"
    assert widget.accessibleName() == "No QR code yet"


def test_png_export_decodes_with_exact_module_size(tmp_path: Path) -> None:
    matrix = qr_matrix(LINK)
    path = tmp_path / "code.png"

    save_png(matrix, path, module_px=10)

    image = QImage(str(path))
    assert image.width() == image.height() == len(matrix) * 10
    assert decode_qimage(image) == [LINK]
    assert_crisp(image)
    assert min(dark_runs(image)) == 10


def test_svg_export_is_one_crisp_path_that_decodes(tmp_path: Path) -> None:
    matrix = qr_matrix(LINK)
    path = tmp_path / "code.svg"

    save_svg(matrix, path)

    text = path.read_text(encoding="utf-8")
    assert text.count("<path") == 1 and 'shape-rendering="crispEdges"' in text
    assert 'fill="#ffffff"' in text
    renderer = QSvgRenderer(str(path))
    assert renderer.isValid()
    side = len(matrix) * 6
    image = QImage(side, side, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    assert decode_qimage(image) == [LINK]


def test_exports_report_a_file_that_cannot_be_written(tmp_path: Path) -> None:
    matrix = qr_matrix(LINK)
    missing = tmp_path / "no-such-folder"

    with pytest.raises(OSError, match="PNG"):
        save_png(matrix, missing / "code.png")
    with pytest.raises(FileNotFoundError):
        save_svg(matrix, missing / "code.svg")


def test_a_concealed_code_cannot_be_scanned_and_comes_back_live(qtbot: QtBot) -> None:
    """While the service has yet to say whether a link is dead, no phone may scan it."""
    widget = shown_qr(qtbot, 320)
    widget.set_inactive("Checking…", conceal=True)
    assert widget.is_concealed() and not widget.is_active()
    assert decode_qimage(widget.grab().toImage()) == []
    widget.set_inactive(None)
    assert not widget.is_concealed() and widget.is_active()
    assert decode_qimage(widget.grab().toImage()) == [LINK]
