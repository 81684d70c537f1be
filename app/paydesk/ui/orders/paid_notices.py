"""Say it in the window when an earlier order is paid in the background.

The sale on the panel shows its own payment; an order taken earlier (the buyer
paid late, or another till's order, or one paid while the cashier looked
elsewhere) would only turn its row green. So a short notice comes up at the
bottom of the orders list, "Order K3QX9A, 150.00 ₽, was paid", over the list
only (never the QR or the amount field), and goes by itself after a while or on
a click. Several in a row stack, the newest at the bottom, at most three.
Screen readers hear it too.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from paydesk.domain.order_ids import short_id
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase
from paydesk.domain.phase_looks import LOOKS
from paydesk.ui.shell.formatting import money, tr
from paydesk.ui.widgets.spoken_notice import SpokenNotice

#: How long a notice stays, and how many are shown at once.
SHOWN_MS = 12_000
MOST = 3

_STYLE = f"""
QLabel#paid_notice {{ background: #e7f5ec; color: #14532d;
  border: 1px solid {LOOKS[OrderPhase.PAID].colour};
  border-radius: 6px; padding: 8px 12px; font-weight: 600; }}
"""


class PaidNotices(QFrame):
    """Notices over the bottom of ``host`` (the orders list), newest last; above
    ``above`` while that is shown (the problem banner, floating there too)."""

    def __init__(self, host: QWidget, *, above: QWidget | None = None) -> None:
        super().__init__(host)
        self.setObjectName("paid_notices")
        self.setStyleSheet(_STYLE)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, False)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(6)
        self._host = host
        self._above = above
        #: Where screen readers hear each notice (the frame shows while one is up).
        self.spoken = SpokenNotice(self)
        host.installEventFilter(self)
        if above is not None:
            above.installEventFilter(self)
        self.hide()

    def notices(self) -> list[QLabel]:
        return [label for label in self.findChildren(QLabel, "paid_notice")
                if not label.property("leaving")]

    def on_paid(self, order: Order) -> None:
        """An order was paid that the panel does not show: say so."""
        text = tr("Order {short_id}, {amount}, was paid").format(
            short_id=short_id(order.order_id), amount=money(order.amount))
        label = QLabel(text, self)
        label.setObjectName("paid_notice")
        label.setToolTip(tr("Order {0}. Click to close.").format(order.order_id))
        label.setCursor(Qt.CursorShape.PointingHandCursor)
        label.installEventFilter(self)
        self._layout.addWidget(label)
        label.show()  # a child added to a shown frame stays hidden (and out of its layout)
        while len(self.notices()) > MOST:
            self._remove(self.notices()[0])
        QTimer.singleShot(SHOWN_MS, label, lambda: self._remove(label))
        self._place()
        self.show()
        self.raise_()
        self.spoken.say(text)

    def _remove(self, label: QLabel) -> None:
        if label.property("leaving"):
            return
        label.setProperty("leaving", True)
        label.hide()
        self._layout.removeWidget(label)
        label.deleteLater()
        if not self.notices():
            self.hide()
        else:
            self._place()

    def _place(self) -> None:
        """At the bottom of the host, as wide as its content wants, clear of the edges."""
        # The layout's hint now, with the notice just added or removed: the frame's own
        # hint would still be the last layout pass's (one notice tall for two).
        self._layout.invalidate()
        hint = self._layout.totalSizeHint()
        margin = 12
        width = min(hint.width(), self._host.width() - 2 * margin)
        height = hint.height()
        bottom = self._host.height() - margin * 3
        if self._above is not None and self._above.isVisible():
            bottom = min(bottom, self._above.y() - margin // 2)
        self.setGeometry(self._host.width() - width - margin, bottom - height, width, height)
        # Lay the notices out now: when the frame's size did not change (one went, one
        # came), Qt would do it only at the next pass, leaving the new one squeezed.
        self._layout.activate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        moved = (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show, QEvent.Type.Hide)
        if self.isVisible() and (
                (watched is self._host and event.type() == QEvent.Type.Resize)
                or (watched is self._above and event.type() in moved)):
            self._place()
        elif (isinstance(watched, QLabel) and event.type() == QEvent.Type.MouseButtonRelease
              and isinstance(event, QMouseEvent)):
            self._remove(watched)
            return True
        return super().eventFilter(watched, event)
