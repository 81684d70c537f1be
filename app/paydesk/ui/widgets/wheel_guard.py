"""No setting changes by a wheel passing over it.

A scroll through a long form (the settings) runs the wheel over its combo boxes and
spin boxes, and Qt lets each one take the wheel, focused or not: a scroll switched
"Serve the page" from Off to the shop's network. Guarded, such a field takes the
wheel only once it has the keyboard focus (a click or Tab gives it, the wheel does
not); otherwise the wheel goes on to what holds it, and the form scrolls.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QComboBox, QWidget

#: The fields a wheel changes in Qt.
_TURNED_BY_WHEEL = (QComboBox, QAbstractSpinBox)


class WheelGuard(QObject):
    """Hands the wheel of an unfocused combo or spin box to the scroll area around it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() != QEvent.Type.Wheel or not isinstance(watched, QWidget)
                or not isinstance(event, QWheelEvent) or watched.hasFocus()):
            return False
        area = _scroll_area_of(watched)
        if area is not None:
            viewport = area.viewport()
            spot = event.globalPosition()
            QCoreApplication.sendEvent(viewport, QWheelEvent(
                QPointF(viewport.mapFromGlobal(spot.toPoint())), spot, event.pixelDelta(),
                event.angleDelta(), event.buttons(), event.modifiers(), event.phase(),
                event.inverted()))
        return True  # never the field's


def _scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QAbstractScrollArea):
        parent = parent.parentWidget()
    return parent


def guard_wheel(root: QWidget) -> WheelGuard:
    """Guard every combo box and spin box under ``root`` (made by then); the guard lives
    as long as ``root``."""
    guard = WheelGuard(root)
    for kind in _TURNED_BY_WHEEL:
        for field in root.findChildren(kind):
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel gives no focus
            field.installEventFilter(guard)
    return guard
