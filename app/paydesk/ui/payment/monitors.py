"""Which monitor the customer display goes on, and putting it there.

Screens are offered by a label a merchant recognises, and the ``display_screen``
setting keeps the one picked. Labels carry the resolution and a translated
"primary" marker, both of which can change (a new monitor, another language), so
a stored label is matched by its screen name too: "HDMI-1" is still found.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.window_size import FRAME

_SEPARATOR = " — "
#: Between a window placed beside another's part and that part.
_GAP = 8


def screen_label(screen: QScreen, number: int = 1) -> str:
    """``"HDMI-1 — 1920×1080"``, in device pixels (what the monitor's box says).

    ``number`` names a screen the platform gives no name (``"Screen 2"``).
    """
    name = screen.name() or tr("Screen {number}").format(number=number)
    ratio = screen.devicePixelRatio()
    width, height = round(screen.size().width() * ratio), round(screen.size().height() * ratio)
    if screen is QGuiApplication.primaryScreen():
        text = tr("{name} — {width}×{height} (primary)")
    else:
        text = tr("{name} — {width}×{height}")
    return text.format(name=name, width=width, height=height)


def available_screens() -> list[tuple[str, QScreen]]:
    """Every connected screen with its label, in the platform's order."""
    return [
        (screen_label(screen, number), screen)
        for number, screen in enumerate(QGuiApplication.screens(), start=1)
    ]


def find_screen(label_or_name: str) -> QScreen | None:
    """The screen a stored setting means, or None (not connected, or none chosen)."""
    wanted = label_or_name.strip()
    if not wanted:
        return None
    choices = available_screens()
    for label, screen in choices:
        if wanted in (label, screen.name()):
            return screen
    # A label from another resolution or language: its name part still says which.
    name = wanted.split(_SEPARATOR, 1)[0]
    for label, screen in choices:
        if name and name in (screen.name(), label.split(_SEPARATOR, 1)[0]):
            return screen
    return None


def show_full_screen_on(window: QWidget, screen: QScreen) -> None:
    """Full screen on ``screen``, without taking the keyboard from the window in use.

    ``showFullScreen()`` would also activate the window: the cashier, typing the
    next amount in the main window, would suddenly be typing into nothing.
    """
    if window.isFullScreen() and window.screen() is not screen:
        window.showNormal()  # leave full screen first, or it may stay where it was
    window.setScreen(screen)
    window.setGeometry(screen.availableGeometry())
    window.setWindowState(window.windowState() | Qt.WindowState.WindowFullScreen)
    window.show()


def show_windowed(window: QWidget, size: QSize, keep_clear: QRect | None = None) -> None:
    """A normal window of ``size`` (at most the screen's) on its current screen: centred,
    or beside ``keep_clear`` (global coordinates) when that is on the same screen."""
    if window.isFullScreen():
        window.showNormal()
    area = window.screen().availableGeometry()
    # The room the desktop's frame takes above a window, as the main window allows for it
    # (PM_TitleBarHeight is a sub-window's title as the style draws it, not the desktop's).
    window.setGeometry(place_beside(area, size, keep_clear or QRect(), title_bar=FRAME.top()))
    window.show()


def place_beside(area: QRect, size: QSize, keep_clear: QRect, *, title_bar: int = 0) -> QRect:
    """Where a window of ``size`` goes in ``area`` without covering ``keep_clear``.

    Centred when ``keep_clear`` is not in ``area``; else in the room left of it,
    right of it, above or below it that holds the largest window (smaller than
    ``size`` if the room is), centred there, a gap away and with room for the
    title bar the window manager puts above the window.
    """
    centred = QRect(QPoint(0, 0), size.boundedTo(area.size()))
    centred.moveCenter(area.center())
    clear = keep_clear.intersected(area)
    if clear.isEmpty():
        return centred
    rooms = (
        QRect(QPoint(area.left(), area.top()), QPoint(clear.left() - 1, area.bottom())),
        QRect(QPoint(clear.right() + 1, area.top()), area.bottomRight()),
        QRect(area.topLeft(), QPoint(area.right(), clear.top() - 1)),
        QRect(QPoint(area.left(), clear.bottom() + 1), area.bottomRight()),
    )
    best = QRect()
    for room in rooms:
        inside = room.adjusted(_GAP, _GAP + title_bar, -_GAP, -_GAP)
        if inside.width() <= 0 or inside.height() <= 0:
            continue
        frame = QRect(QPoint(0, 0), size.boundedTo(inside.size()))
        frame.moveCenter(inside.center())
        if frame.width() * frame.height() > best.width() * best.height():
            best = frame
    return centred if best.isEmpty() else best  # no room anywhere: as before
