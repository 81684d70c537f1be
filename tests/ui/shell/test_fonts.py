"""Scaled fonts keep the unit they were given in (points or pixels)."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from paydesk.ui.shell.fonts import scale_font, scaled_font


def test_a_point_sized_font_grows_in_points(qtbot: QtBot) -> None:
    font = QFont()
    font.setPointSizeF(10)
    big = scaled_font(font, 2.0, bold=True)
    assert big.pointSizeF() == 20 and big.bold()
    assert font.pointSizeF() == 10 and not font.bold()  # the original is left alone


def test_a_pixel_sized_font_grows_in_pixels(qtbot: QtBot) -> None:
    # pointSizeF() of a pixel-sized font is -1: scaled in points, it kept its size.
    font = QFont()
    font.setPixelSize(13)
    assert scaled_font(font, 2.0).pixelSize() == 26
    assert scaled_font(font, 0.01).pixelSize() == 1  # never a size Qt refuses


def test_bold_stays_as_it_was_unless_asked(qtbot: QtBot) -> None:
    label = QLabel("1 250,50 ₽")
    qtbot.addWidget(label)
    bold = QFont(label.font())
    bold.setBold(True)
    label.setFont(bold)
    scale_font(label, 1.5)
    assert label.font().bold()
    scale_font(label, 1.0, bold=False)
    assert not label.font().bold()
