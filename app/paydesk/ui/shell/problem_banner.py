"""A non-modal strip that says what went wrong and offers Retry.

Failures at a counter repeat (the network is down for a minute): one banner
that updates beats a stack of dialogs the cashier must click away.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from paydesk.ui.shell.formatting import tr


class ProblemBanner(QFrame):
    #: The order_id to retry creating, or "" to retry status checks.
    retry_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("problem_banner")
        self.setAccessibleName("problem_banner")
        self.setStyleSheet(
            "#problem_banner { background: #fdecea; border: 1px solid #e0a39c;"
            " border-radius: 6px; }"
            "#problem_banner QLabel { color: #5f1a14; }"
        )
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.retry_button = QPushButton(tr("Retry"))
        self.retry_button.setObjectName("retry_button")
        self.retry_button.setAccessibleName("retry_button")
        self.dismiss_button = QPushButton(tr("Dismiss"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 8, 8)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.retry_button)
        layout.addWidget(self.dismiss_button)
        self._order_id = ""
        self.retry_button.clicked.connect(self._retry)
        self.dismiss_button.clicked.connect(self.hide)
        self.hide()

    def show_problem(self, message: str, order_id: str = "") -> None:
        # An unconfirmed creation outranks a failing status check: keep its Retry.
        if self.isVisible() and self._order_id and not order_id:
            return
        self._order_id = order_id
        self.message.setText(message)
        self.retry_button.setText(tr("Send again") if order_id else tr("Retry now"))
        self.show()

    def clear(self, order_id: str = "") -> None:
        """The problem about ``order_id`` ("" = status checks) is over."""
        if order_id == self._order_id:
            self._order_id = ""
            self.hide()

    @property
    def order_id(self) -> str:
        return self._order_id

    def _retry(self) -> None:
        order_id = self._order_id
        self.hide()
        self._order_id = ""
        self.retry_requested.emit(order_id)
