"""The counter window's size on the screen it opens on.

The window wants 1280×820, and many counters have a 1280×800 or 1366×768
screen: there it would run past the bottom edge and hide the status bar. The
first window (no saved geometry) takes the size it wants, cut to the screen's
available area (without the task bar) less room for the title bar and the
frame, centred; a saved geometry larger than the screen (saved on a bigger
monitor) is cut the same way and brought back onto it.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QRect, QSize

#: What the counter's two panes want side by side: the QR at arm's length, the list's columns.
PREFERRED = QSize(1280, 820)

#: Room for the desktop's frame around the window (left, title bar, right, bottom):
#: the window's own geometry excludes it, and it is unknown before the window is shown.
FRAME = QMargins(4, 36, 4, 4)


def room_on(available: QRect) -> QRect:
    """The area the window's inside may take on a screen with this available geometry."""
    return available.marginsRemoved(FRAME)


def first_geometry(available: QRect, preferred: QSize = PREFERRED) -> QRect:
    """The first window's geometry: ``preferred``, no larger than the room, centred in it."""
    room = room_on(available)
    size = preferred.boundedTo(room.size())
    placed = QRect(room.topLeft(), size)
    placed.moveCenter(room.center())
    return placed


def fitted(geometry: QRect, available: QRect) -> QRect:
    """``geometry`` cut to the room on the screen, and moved onto it where it ran off."""
    room = room_on(available)
    placed = QRect(geometry.topLeft(), geometry.size().boundedTo(room.size()))
    placed.moveLeft(min(max(placed.left(), room.left()), room.right() - placed.width() + 1))
    placed.moveTop(min(max(placed.top(), room.top()), room.bottom() - placed.height() + 1))
    return placed
