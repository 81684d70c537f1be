"""No setting changes by a wheel passing over it.

A scroll through a long form (the settings) runs the wheel over its combo boxes and
spin boxes, and Qt lets each one take the wheel, focused or not: a scroll switched
"Serve the page" from Off to the shop's network. Guarded, such a field takes the
wheel only once it has the keyboard focus (a click or Tab gives it, the wheel does
not); otherwise the wheel goes on to what holds it, and the form scrolls.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QWidget

#: The fields a wheel changes in Qt.
_TURNED_BY_WHEEL = (QComboBox, QAbstractSpinBox)


class WheelGuard(QObject):
    """Hands the wheel of an unfocused combo or spin box on to its parent."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Wheel and isinstance(watched, QWidget)
                and not watched.hasFocus()):
            # Ignored and filtered: Qt offers the wheel to the parents, up to the scroll area.
            event.ignore()
            return True
        return False


def guard_wheel(root: QWidget) -> WheelGuard:
    """Guard every combo box and spin box under ``root`` (made by then); the guard lives
    as long as ``root``."""
    guard = WheelGuard(root)
    for kind in _TURNED_BY_WHEEL:
        for field in root.findChildren(kind):
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel gives no focus
            field.installEventFilter(guard)
    return guard
