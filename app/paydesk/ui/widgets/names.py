"""Naming a widget twice: for tests and style sheets, and for screen readers.

Shared by the parts of a panel that each build their own widgets, so every one
of them is found and read out the same way.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def name_widget(widget: QWidget, name: str, accessible: str) -> None:
    """objectName for tests and styling, accessibleName for screen readers."""
    widget.setObjectName(name)
    widget.setAccessibleName(accessible)
