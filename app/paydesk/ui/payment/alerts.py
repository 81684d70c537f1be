"""Announce a paid or refused order: a sound always, a desktop notification when
the cashier is not looking at PayDesk.

The cashier faces the buyer, not the screen, so the sound carries the news. The
notification is for when PayDesk is behind another window (or minimised): then
the coloured panel cannot be seen, and the tray message says what was paid.
The tray icon is created only on the first such notification, so a cashier who
keeps PayDesk in front never gets one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, Qt, Slot
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QSystemTrayIcon, QWidget

from paydesk.domain.clock import utc_now
from paydesk.domain.order_ids import short_id
from paydesk.domain.orders import Order
from paydesk.support.sound_player import SoundPlayer
from paydesk.ui.shell.formatting import local_time, money, tr

log = logging.getLogger(__name__)

#: How long the tray message stays up (a hint: some desktops decide themselves).
NOTIFICATION_MS = 8000

#: ``notify(title, message)``: shows a desktop notification.
Notifier = Callable[[str, str], None]


class Alerts(QObject):
    """Slots for WatchDriver.order_paid / order_refused.

    ``notify`` replaces the tray notification (tests, or another notifier);
    by default the message goes through ``tray`` or a tray icon made here.
    A click on the message brings the window back either way.
    """

    def __init__(
        self,
        window: QWidget,
        player: SoundPlayer,
        *,
        tray: QSystemTrayIcon | None = None,
        notify: Notifier | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._player = player
        self._tray = tray
        if tray is not None:
            tray.messageClicked.connect(self._bring_window_up)
        self._notify = notify or self._notify_in_tray
        self._told_no_tray = False

    @property
    def player(self) -> SoundPlayer:
        return self._player

    @property
    def tray(self) -> QSystemTrayIcon | None:
        return self._tray

    def set_muted(self, muted: bool) -> None:
        self._player.set_enabled(not muted)

    @Slot(object)
    def on_paid(self, order: Order) -> None:
        self._player.play("paid")
        if self._window.isActiveWindow():
            return  # the payment panel already shows it, in colour
        paid_at = local_time(order.paid_at or utc_now(), with_date=False)
        title = tr("Paid: {0}").format(money(order.amount))
        message = tr("At {0}, order {1}").format(paid_at, short_id(order.order_id))
        if order.note:
            message += f"\n{order.note}"
        self._notify(title, message)

    @Slot(object)
    def on_refused(self, order: Order) -> None:
        self._player.play("refused")

    # -- the default notifier ---------------------------------------------------

    def _notify_in_tray(self, title: str, message: str) -> None:
        if not QSystemTrayIcon.isSystemTrayAvailable():
            if not self._told_no_tray:
                self._told_no_tray = True
                log.info("No system tray here: payments are announced by sound only")
            return
        tray = self._tray_icon()
        if not tray.isVisible():
            tray.show()  # most desktops show no message for a hidden tray icon
        tray.showMessage(title, message, QSystemTrayIcon.MessageIcon.Information,
                         NOTIFICATION_MS)

    def _tray_icon(self) -> QSystemTrayIcon:
        if self._tray is None:
            self._tray = QSystemTrayIcon(self)
            self._tray.setToolTip(tr("PayDesk"))
            self._tray.messageClicked.connect(self._bring_window_up)
            self._tray.activated.connect(self._bring_window_up)
        if self._tray.icon().isNull():
            icon = self._window.windowIcon()
            self._tray.setIcon(fallback_icon() if icon.isNull() else icon)
        return self._tray

    @Slot()
    def _bring_window_up(self) -> None:
        """A click on the message or the icon: back to the counter window."""
        if self._window.isMinimized():
            self._window.showNormal()
        self._window.raise_()
        self._window.activateWindow()


def fallback_icon() -> QIcon:
    """A green disc with a white tick, until the app has its own icon."""
    size = 64
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#1e8e3e"))
    painter.drawEllipse(2, 2, size - 4, size - 4)
    tick = QPainterPath(QPointF(18, 33))
    tick.lineTo(28, 43)
    tick.lineTo(46, 22)
    pen = QPen(QColor("white"), 7)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(tick)
    painter.end()
    return QIcon(pixmap)
