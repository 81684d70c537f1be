"""What a screen reader is told about a window, read through Qt's own accessibility
layer (QAccessible), as the platform bridges (AT-SPI, UIA, NSAccessibility) read it:
each widget's name and role, the names that look like identifiers, the controls
with none, the form labels not linked to their fields, and the Tab order."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QApplication, QFormLayout, QLabel, QWidget
from pytestqt.qtbot import QtBot

Role = QAccessible.Role

#: A name a programmer gave: snake_case (``amount_input``) or camelCase (``qrCode``).
IDENTIFIER = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[a-z]+[A-Z][A-Za-z0-9]*$")

#: Roles a person acts on: each must say what it is.
CONTROL_ROLES = frozenset({
    Role.PushButton, Role.CheckBox, Role.RadioButton, Role.ComboBox, Role.EditableText,
    Role.SpinBox, Role.Slider, Role.Table, Role.Tree, Role.List, Role.Link,
    Role.ButtonMenu, Role.ButtonDropDown, Role.PageTab,
})


@dataclass(frozen=True)
class Node:
    """One widget as a screen reader meets it."""

    widget: QWidget
    role: QAccessible.Role
    name: str
    description: str

    def __str__(self) -> str:
        kind = type(self.widget).__name__
        return f"{kind}#{self.widget.objectName()} {self.role.name} {self.name!r}"


def name_of(widget: QWidget) -> str:
    return interface(widget).text(QAccessible.Text.Name)


def description_of(widget: QWidget) -> str:
    return interface(widget).text(QAccessible.Text.Description)


def role_of(widget: QWidget) -> QAccessible.Role:
    return interface(widget).role()


def interface(widget: QWidget) -> QAccessibleInterface:
    found = QAccessible.queryAccessibleInterface(widget)
    assert found is not None, widget
    return found


def nodes(root: QWidget) -> Iterator[Node]:
    """``root`` and every widget under it, shown or not (what is hidden now shows later)."""
    for widget in (root, *root.findChildren(QWidget)):
        face = interface(widget)
        yield Node(widget, face.role(), face.text(QAccessible.Text.Name),
                   face.text(QAccessible.Text.Description))


def identifier_names(root: QWidget) -> list[str]:
    """Every widget whose name or description is an identifier rather than words."""
    return [str(node) for node in nodes(root)
            if IDENTIFIER.match(node.name) or IDENTIFIER.match(node.description)]


def unnamed_controls(root: QWidget) -> list[str]:
    """The controls on screen (by role, or reachable by Tab) a screen reader would call
    nothing. Hidden ones are left out: Qt's own parts of a control (a combo box's
    closed list, a table's hidden corner button) are named by the control they serve."""
    return [
        str(node) for node in nodes(root)
        if not node.name.strip() and node.widget.isVisible() and _is_control(node)
    ]


def _is_control(node: Node) -> bool:
    if node.role in CONTROL_ROLES:
        return True
    return bool(node.widget.focusPolicy() & Qt.FocusPolicy.TabFocus) and node.role not in (
        Role.Client, Role.Grouping, Role.Pane, Role.Window, Role.Dialog, Role.ScrollBar)


def labels_without_buddy(root: QWidget) -> list[str]:
    """The captions of form rows whose field takes the focus, not linked to it."""
    missing = []
    for form in root.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            caption = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            label = caption.widget() if caption is not None else None
            if isinstance(label, QLabel) and label.buddy() is None:
                missing.append(label.text())
    return missing


def tab_through(qtbot: QtBot, start: QWidget, presses: int, *,
                back: bool = False) -> list[QWidget]:
    """The widgets the focus lands on, Tab (or Shift+Tab) after Tab from ``start``,
    recorded from the application's focus changes as they happen."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    start.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(start.hasFocus)
    seen: list[QWidget] = []

    def moved(_old: QWidget | None, new: QWidget | None) -> None:
        if new is not None:
            seen.append(new)

    app.focusChanged.connect(moved)
    try:
        key = Qt.Key.Key_Backtab if back else Qt.Key.Key_Tab
        modifier = (Qt.KeyboardModifier.ShiftModifier if back
                    else Qt.KeyboardModifier.NoModifier)
        for _ in range(presses):
            focused = app.focusWidget()
            assert focused is not None
            qtbot.keyClick(focused, key, modifier)
    finally:
        app.focusChanged.disconnect(moved)
    return seen
