"""Small parts the settings window's sections share: a field with a grey note beside
it ("takes effect after restart"), a note of its own, the seconds spin boxes."""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QDoubleSpinBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from paydesk.core.settings import _BOUNDS
from paydesk.ui.shell.formatting import tr
from paydesk.ui.widgets.field_errors import MessageLabel

NOTE_STYLE = "color: #5f6368;"


def note_label(text: str, *, name: str = "", wrap: bool = False) -> QLabel:
    """A grey remark about a field or a section; ``name`` is its object name (tests
    and screen readers find it by that). Wrapped, it hints its height at the width it
    has (MessageLabel), so a form in a scrolling column gives it all its lines."""
    label = MessageLabel() if wrap else QLabel()
    label.setText(text)
    label.setStyleSheet(NOTE_STYLE)
    if name:
        label.setObjectName(name)
    return label


def with_note(widget: QWidget, note: QLabel) -> QHBoxLayout:
    """``widget`` with ``note`` on its right, in one form row."""
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(widget)
    row.addWidget(note, 1)
    return row


def restart_note(name: str) -> QLabel:
    """Beside a setting that the running window cannot take up: it applies at the next start."""
    return note_label(tr("takes effect after restart"), name=name)


def seconds_spin(field: str, *, decimals: int = 0, step: float = 1.0) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    low, high = _BOUNDS[field]
    spin.setRange(low, high)
    spin.setDecimals(decimals)
    spin.setSingleStep(step)
    spin.setSuffix(tr(" s"))
    return spin


def set_name(widget: QWidget, name: str) -> None:
    widget.setAccessibleName(name)


def look_read_only(edit: QLineEdit) -> None:
    """A read-only field drawn like an editable one invites typing that does nothing."""
    palette = edit.palette()
    palette.setColor(QPalette.ColorRole.Base, palette.color(QPalette.ColorRole.Window))
    edit.setPalette(palette)
