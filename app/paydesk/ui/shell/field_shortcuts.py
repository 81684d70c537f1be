"""The window's shortcuts win over the editing keys of its own text fields.

A line edit claims some key combinations for editing before any shortcut is
looked at, and which ones depends on the desktop's key scheme: on X11 Ctrl+E
moves to the end of the line and Ctrl+K deletes to it. A cashier typing an
amount or a search expects Ctrl+E to export as it does everywhere else in the
window, so for the window's own shortcuts with Ctrl, Alt or a function key the
field lets the shortcut through. Plain keys (Backspace, arrows, letters) stay
the field's.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit, QWidget

_CHORD = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
          | Qt.KeyboardModifier.MetaModifier)
_FUNCTION_KEYS = range(Qt.Key.Key_F1.value, Qt.Key.Key_F35.value + 1)


class FieldShortcuts(QObject):
    """An event filter for the window's line edits; see the module's doc."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window

    def watch(self) -> None:
        """Let the window's shortcuts through in every line edit it holds now."""
        for field in self._window.findChildren(QLineEdit):
            field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        if not isinstance(event, QKeyEvent) or not _is_chord(event):
            return False
        action = self._window_action(event)
        if action is None:
            return False
        if kind == QEvent.Type.ShortcutOverride:
            # Claimed here, so the key comes as a key press, which runs the action
            # below. Leaving it to Qt's shortcut map (ignoring the override) worked
            # with synthetic keys but not with a real X server's: the field kept
            # Ctrl+E. Either way the action runs once per press.
            event.accept()
            return True
        action.trigger()
        return True

    def _window_action(self, event: QKeyEvent) -> QAction | None:
        pressed = QKeySequence(event.keyCombination())
        for action in self._window.actions():
            if action.isEnabled() and any(
                pressed.matches(shortcut) is QKeySequence.SequenceMatch.ExactMatch
                for shortcut in action.shortcuts()
            ):
                return action
        return None


def _is_chord(event: QKeyEvent) -> bool:
    """Ctrl, Alt or Meta held, or a function key: never a key that types or edits."""
    return bool(event.modifiers() & _CHORD) or event.key() in _FUNCTION_KEYS
