"""The payment card's push buttons: reachable by Tab, never the default button."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton


def card_button(name: str, text: str, slot: Callable[[], None]) -> QPushButton:
    """A button named ``name`` (for tests and screen readers) that runs ``slot``."""
    button = QPushButton(text)
    button.setObjectName(name)
    button.setAccessibleName(text)
    button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    button.setAutoDefault(False)  # Enter belongs to the amount field, not to us
    button.clicked.connect(slot)
    return button
