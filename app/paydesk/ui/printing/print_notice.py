"""A short notice that a print failed, with "Print again": never in the way of the sale.

It says what went wrong and how to fix it (the printer's words, ui/printing/
printer_jobs.py) and offers the same print again; the order is not touched, and
the cashier goes on selling with the notice in sight. A print that worked clears it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from paydesk.ui.shell.formatting import tr


class PrintNotice(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("print_notice")
        self.setAccessibleName(tr("Printing problem"))
        self.setStyleSheet(
            "#print_notice { background: #fff4e0; border: 1px solid #d8a24a;"
            " border-radius: 6px; }"
            "#print_notice QLabel { color: #4a3000; }"
        )
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.again_button = QPushButton(tr("Print again"))
        self.again_button.setObjectName("print_again_button")
        self.dismiss_button = QPushButton(tr("Dismiss"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 8, 8)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.again_button)
        layout.addWidget(self.dismiss_button)
        self._again: Callable[[], None] | None = None
        self.again_button.clicked.connect(self._print_again)
        self.dismiss_button.clicked.connect(self.clear)
        self.hide()

    def show_failure(self, text: str, again: object) -> None:
        """Connect to PrinterJobs.failed: the words, and the print to offer again (or None)."""
        self.message.setText(text)
        self._again = again if callable(again) else None
        self.again_button.setVisible(self._again is not None)
        self.show()

    def clear(self) -> None:
        self._again = None
        self.hide()

    def _print_again(self) -> None:
        again = self._again
        self.clear()
        if again is not None:
            again()
