"""The first start: try PayDesk with no account, or set up a real one.

Someone opening PayDesk for the first time should reach a working counter in one
click; the demo is the default, because it needs nothing from them.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from paydesk.ui.shell.fonts import scale_font
from paydesk.ui.shell.formatting import tr

Choice = Literal["demo", "setup"]


class ChoiceButton(QPushButton):
    """A large button with a bold title and a line saying what it leads to.

    QCommandLinkButton means the same, but outside Windows it is drawn as plain
    text with an arrow, which does not look like something to press.
    """

    def __init__(self, title: str, description: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        heading = QLabel(title)
        scale_font(heading, 1.25, bold=True)
        detail = QLabel(description)
        detail.setWordWrap(True)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(18, 12, 18, 12)
        self._layout.setSpacing(4)
        for label in (heading, detail):
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            self._layout.addWidget(label)
        self.setAccessibleName(title)
        self.setAccessibleDescription(description)

    def sizeHint(self) -> QSize:
        return self._layout.sizeHint().expandedTo(super().sizeHint())

    def minimumSizeHint(self) -> QSize:
        return self._layout.minimumSize().expandedTo(super().minimumSizeHint())


class WelcomeDialog(QDialog):
    """Asks how to start; ``choice()`` is "demo", "setup", or None when closed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._choice: Choice | None = None
        self.setWindowTitle(tr("Welcome to PayDesk"))

        title = QLabel(tr("PayDesk"))
        scale_font(title, 2, bold=True)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        blurb = QLabel(tr(
            "Take payments at your counter: type an amount, the buyer scans a QR code "
            "with their phone, and PayDesk tells you the moment it is paid."
        ))
        blurb.setWordWrap(True)
        blurb.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.demo_button = ChoiceButton(
            tr("Try the demo"),
            tr("No account needed: a built-in practice service where you play both "
               "cashier and buyer."),
        )
        self.setup_button = ChoiceButton(
            tr("Set up my account"),
            tr("Enter the address, client ID and secret key from your payment service."),
        )
        self.demo_button.clicked.connect(self._choose_demo)
        self.setup_button.clicked.connect(self._choose_setup)
        self.demo_button.setDefault(True)
        self.demo_button.setFocus()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 24, 32, 28)
        layout.setSpacing(12)
        layout.addWidget(title)
        layout.addWidget(blurb)
        layout.addSpacing(8)
        layout.addWidget(self.demo_button)
        layout.addWidget(self.setup_button)
        self.setMinimumWidth(480)

    def choice(self) -> Choice | None:
        return self._choice

    def _choose_demo(self) -> None:
        self._choose("demo")

    def _choose_setup(self) -> None:
        self._choose("setup")

    def _choose(self, choice: Choice) -> None:
        self._choice = choice
        self.accept()
