"""A non-modal strip that says what went wrong and offers what trying again can do.

Failures at a counter repeat (the network is down for a minute): one banner
that updates beats a stack of dialogs the cashier must click away.

It floats over the bottom of the orders list (``float_over``), in no layout: a
problem coming or going never moves the amount field, the e-mail or the note
under the cashier's hand, never shifts the QR the buyer is scanning, and never
makes the window taller than its screen. The list's last rows are under it
while it is up; the paid notices stack above it.

Its button does what the problem allows (a :class:`Remedy`, which the core
decides): send an unconfirmed order again, check again, or create again a sale
that was never written (the window does that with the form's values); none where trying again
cannot help. A problem about one order (:attr:`Notice.order_id`) lasts while that
order is at the counter: the window drops it when the order leaves (Esc, the next
sale), since a set-aside order is finished in the background and shown to nobody.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from paydesk.domain.failures import Remedy
from paydesk.ui.shell.formatting import tr

#: Between the banner and the edges of what it floats over.
MARGIN = 8


@dataclass(frozen=True, slots=True)
class Notice:
    """What the banner says, the order it is about while that order is at the counter
    (None: the whole counter), and what its button does."""

    message: str
    order_id: str | None = None
    remedy: Remedy = Remedy.CHECK_AGAIN

    @property
    def about_the_sale(self) -> bool:
        """About what the cashier is doing now (an order at the counter, a sale typed):
        it outranks a problem of the whole counter, such as failing status checks."""
        return self.order_id is not None or self.remedy is Remedy.CREATE_AGAIN


def _button_text(remedy: Remedy) -> str:
    if remedy is Remedy.SEND_AGAIN:
        return tr("Send again")
    if remedy is Remedy.CREATE_AGAIN:
        return tr("Try again")
    return tr("Retry now")


class ProblemBanner(QFrame):
    #: The notice whose button was pressed: the window does what its remedy says.
    retry_requested = Signal(object)

    # Read by eventFilter, which Qt may call while the window is being taken down.
    _anchor: QWidget | None = None
    _notice: Notice | None = None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("problem_banner")
        self.setAccessibleName(tr("Problem"))
        self.setStyleSheet(
            "#problem_banner { background: #fdecea; border: 1px solid #c9776e;"
            " border-radius: 6px; }"
            "#problem_banner QLabel { color: #5f1a14; }"
        )
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.retry_button = QPushButton(tr("Retry"))
        self.retry_button.setObjectName("retry_button")  # read out as its words
        self.dismiss_button = QPushButton(tr("Dismiss"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 8, 8)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.retry_button)
        layout.addWidget(self.dismiss_button)
        self._notice: Notice | None = None
        self._anchor: QWidget | None = None
        self.retry_button.clicked.connect(self._retry)
        self.dismiss_button.clicked.connect(self._dismiss)
        self.hide()

    # -- where it floats ----------------------------------------------------------

    def float_over(self, anchor: QWidget) -> None:
        """Float over the bottom of ``anchor`` (the orders list), following its size."""
        if self._anchor is not None:
            self._anchor.removeEventFilter(self)
        self._anchor = anchor
        self.setParent(anchor.parentWidget())
        anchor.installEventFilter(self)
        self._place()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._anchor and event.type() in (QEvent.Type.Resize, QEvent.Type.Move):
            self._place()
        return super().eventFilter(watched, event)

    def _place(self) -> None:
        anchor = self._anchor
        if anchor is None or self._notice is None:
            return
        box = anchor.geometry()
        width = max(1, box.width() - 2 * MARGIN)
        layout = self.layout()
        assert layout is not None
        layout.activate()  # the message's new text, measured at this width
        height = min(max(layout.totalHeightForWidth(width), layout.totalMinimumSize().height()),
                     box.height())
        self.setGeometry(box.left() + MARGIN, box.bottom() + 1 - MARGIN - height, width, height)
        self.raise_()

    # -- what it says -------------------------------------------------------------

    @property
    def order_id(self) -> str:
        """The order the notice is about ("" for the whole counter, or none shown)."""
        return (self._notice.order_id or "") if self._notice is not None else ""

    def show_notice(self, notice: Notice) -> None:
        shown = self._notice
        if shown is not None and shown.about_the_sale and not notice.about_the_sale:
            return  # a problem of the sale keeps its place and its button
        self._notice = notice
        self.message.setText(notice.message)
        self.retry_button.setText(_button_text(notice.remedy))
        self.retry_button.setVisible(notice.remedy is not Remedy.NONE)
        self._place()
        self.show()

    def clear(self, order_id: str | None) -> None:
        """The problem about ``order_id`` (None: the status checks) is over."""
        shown = self._notice
        if shown is None:
            return
        if (order_id is None and not shown.about_the_sale) or (
                order_id is not None and shown.order_id == order_id):
            self._dismiss()

    def keep_only(self, order_ids: frozenset[str]) -> None:
        """Only these orders are at the counter now: a notice about another one goes."""
        shown = self._notice
        if shown is not None and shown.order_id is not None and shown.order_id not in order_ids:
            self._dismiss()

    def form_cleared(self) -> None:
        """The form no longer holds the sale that was not written: its notice goes."""
        if self._notice is not None and self._notice.remedy is Remedy.CREATE_AGAIN:
            self._dismiss()

    def _dismiss(self) -> None:
        self._notice = None
        self.hide()

    def _retry(self) -> None:
        notice = self._notice
        self._dismiss()
        if notice is not None:
            self.retry_requested.emit(notice)
