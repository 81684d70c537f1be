"""Naming a widget twice: for tests and style sheets, and for screen readers.

Shared by the parts of a panel that each build their own widgets, so every one
of them is found and read out the same way.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QToolButton, QWidget

#: The action behind a line edit's ✕ (Qt's own name for it).
_CLEAR_ACTION = "_q_qlineeditclearaction"


def name_widget(widget: QWidget, name: str, accessible: str) -> None:
    """objectName for tests and styling, accessibleName for screen readers."""
    widget.setObjectName(name)
    widget.setAccessibleName(accessible)


def name_clear_button(line: QLineEdit, words: str) -> None:
    """Name the ✕ of a line edit with a clear button ("Clear amount"): Qt leaves it
    unnamed, and a screen reader calls it "button". Named on the button itself, not
    its action, whose text would change the button's size hint and tooltip."""
    for button in line.findChildren(QToolButton):
        action = button.defaultAction()
        if action is not None and action.objectName() == _CLEAR_ACTION:
            button.setAccessibleName(words)
