"""The counter window's size on the screen it opens on, and every window kept on it.

The window wants 1280×820, and many counters have a 1280×800 or 1366×768
screen: there it would run past the bottom edge and hide the status bar. The
first window (no saved geometry) takes the size it wants, cut to the screen's
available area (without the task bar) less room for the title bar and the
frame, centred; a saved geometry larger than the screen (saved on a bigger
monitor) is cut the same way and brought back onto it.

What a window shows later may need more room than it had (a message, a longer
word in Russian, a looked-up order's buttons). Qt then raises the window's
minimum to its layout's and grows it, past the screen's edge if need be; and a
window never shrinks back by itself. :class:`ScreenFit` keeps a window's
minimum within the room on its screen, and the window on the screen: what does
not fit gives way inside it (the QR code shrinks, a long form scrolls) instead.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QRect, QSize
from PySide6.QtWidgets import QLayout, QWidget

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


class ScreenFit:
    """Keeps ``window``'s minimum within the room on its screen, whatever its content
    asks for, and the window on the screen when that made it grow.

    Its layout no longer sets the window's minimum (Qt would raise it to whatever
    the content needs, and the window with it); this sets it at each layout pass,
    cut to the room: what does not fit gives way inside the window. A dialog hands it
    its events (``seen``, from its ``event``: its own fit follows the same pass); the
    counter window lets it watch them (``watch``): an override of ``event`` would run
    every paint of the window's inside with the interpreter lock held, and the
    requests' threads wait for it.
    """

    def __init__(self, window: QWidget, *, watch: bool = False) -> None:
        self._window = window
        layout = window.layout()
        if layout is not None:
            layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        if watch:
            window.installEventFilter(_LayoutWatch(self, window))
        self.fit()

    def room(self) -> QRect:
        """The room for the window's inside on its screen (see room_on)."""
        return room_on(self._window.screen().availableGeometry())

    def seen(self, event: QEvent) -> None:
        """The window handled ``event``; a layout pass sets the minimum again."""
        if event.type() == QEvent.Type.LayoutRequest:
            self.fit()

    def fit(self) -> None:
        """The minimum cut to the room; if it made the window grow, back onto the screen."""
        window = self._window
        layout = window.layout()
        if layout is None:
            return
        before = window.size()
        window.setMinimumSize(layout.totalMinimumSize().boundedTo(self.room().size()))
        if window.isVisible() and window.size() != before:
            self.keep_on_screen()

    def keep_on_screen(self) -> None:
        """A window that its own code made larger (not the person) and that now runs
        past the screen's edge is cut to the room and brought back onto it."""
        window = self._window
        available = window.screen().availableGeometry()
        if not (window.isMaximized() or window.isFullScreen()
                or available.contains(window.frameGeometry())):
            window.setGeometry(fitted(window.geometry(), available))


class _LayoutWatch(QObject):
    """Hands a window's layout passes to its ScreenFit. Qt has activated the window's
    layout when an event filter sees its LayoutRequest (QLayout.widgetEvent comes
    first), so this sees what the window's own ``event`` would after handling it."""

    def __init__(self, fit: ScreenFit, window: QWidget) -> None:
        super().__init__(window)  # lives and dies with the window
        self._fit = fit

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self._fit.seen(event)
        return False
