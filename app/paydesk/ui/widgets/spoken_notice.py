"""Words for the screen reader alone, spoken without moving the cashier's focus.

Qt has one way to ask a screen reader to speak: an announcement
(``QAccessibleAnnouncementEvent``, Qt 6.8). NVDA and Narrator (UI Automation's
notification) and VoiceOver (NSAccessibility's announcement) speak it; on
Linux Qt sends it as AT-SPI's ``object:announcement``, which current Orca
speaks and Orca 43 (Debian 12's) ignores. What every Orca speaks is a
notification coming into view: an object with the role ``notification`` whose
``showing`` state turns on is read out ("notification Paid: 150.00 ₽"), the
way desktop notifications are, wherever the focus is.

So a :class:`SpokenNotice` is a one-pixel child nobody sees (it paints nothing,
takes no focus and no click), with the accessible role Notification. On Linux
and the other AT-SPI systems each message becomes its accessible name and the
notice is shown again (hidden, named, shown): every Orca reads it once. On
Windows and macOS the message goes out as Qt's announcement, with its
politeness. Never both on one system: current Orca would speak it twice.
"""

from __future__ import annotations

import sys

import shiboken6
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QWidget

Politeness = QAccessible.AnnouncementPoliteness

#: The screen readers of this system hear Qt's announcement (Windows, macOS); elsewhere
#: (AT-SPI) the notification coming into view is what every Orca speaks.
ANNOUNCES = sys.platform in ("win32", "darwin")


class SpokenNotice(QWidget):
    """A notification only screen readers meet; :meth:`say` speaks through it."""

    #: A message was handed to the screen reader (the tests' and the log's witness).
    said = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        _install_role()
        super().__init__(parent)
        self.setObjectName("spoken_notice")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFixedSize(1, 1)  # painted by nobody; a size, so that it can be "showing"
        self.move(0, 0)
        self.hide()

    def say(self, message: str, politeness: Politeness = Politeness.Polite) -> None:
        """Have the screen reader speak ``message`` now; the focus stays where it is."""
        if ANNOUNCES:
            self.setAccessibleName(message)
            event = QAccessibleAnnouncementEvent(self, message)
            event.setPoliteness(politeness)
            QAccessible.updateAccessibility(event)
        else:
            self.hide()  # named while out of view: a name change is never read on its own
            self.setAccessibleName(message)
            self.show()
            self.raise_()
        self.said.emit(message)


_role_installed = False


def _install_role() -> None:
    """Give every :class:`SpokenNotice` the role Notification (a plain widget has none)."""
    global _role_installed
    if not _role_installed:
        QAccessible.installFactory(_notification_interface)
        _role_installed = True


def _notification_interface(key: str, obj: QObject) -> QAccessibleInterface | None:
    if key != SpokenNotice.__name__ or not isinstance(obj, SpokenNotice):
        return None
    interface = QAccessibleWidget(obj, QAccessible.Role.Notification)
    # Qt's accessibility cache owns the interface and deletes it with the widget; the
    # connection keeps Python's wrapper alive until then and makes it let go after.
    obj.destroyed.connect(lambda *_: shiboken6.invalidate(interface))
    return interface
