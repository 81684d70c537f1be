"""Fonts scaled from the one a widget already has, so the person's size setting stays the unit.

A font is sized in points or in pixels (a style sheet or a platform theme may
choose pixels); ``pointSizeF()`` of a pixel-sized font is -1, which scaled
gives Qt a size it refuses with a warning, and the text keeps its old size.
"""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget


def scaled_font(font: QFont, factor: float, *, bold: bool | None = None) -> QFont:
    """``font`` ``factor`` times as large, in whichever unit it uses; bold as asked,
    or as it was when ``bold`` is None."""
    result = QFont(font)
    if result.pixelSize() > 0:
        result.setPixelSize(max(1, round(result.pixelSize() * factor)))
    else:
        result.setPointSizeF(result.pointSizeF() * factor)
    if bold is not None:
        result.setBold(bold)
    return result


def scale_font(widget: QWidget, factor: float, *, bold: bool | None = None) -> None:
    """The widget's own font, ``factor`` times as large (see ``scaled_font``)."""
    widget.setFont(scaled_font(widget.font(), factor, bold=bold))
