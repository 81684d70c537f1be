"""Small parts the settings window's sections share: a field with a grey note beside
it ("takes effect after restart", where the setting's declaration says so), a note of
its own, the seconds spin boxes (their range the setting's declared bounds), a field
the demo holds."""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from paydesk.core.settings.values import DECLARED
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


def waits_for_restart(setting: str, *, book_open: bool, demo: bool) -> bool:
    """Whether the running window takes ``setting`` up only at its next start, as declared
    (``book_open``: it has opened its order book)."""
    return DECLARED[setting].waits_for_restart(book_open=book_open, demo=demo)


def restart_note(setting: str, *, book_open: bool = False, demo: bool = False) -> QLabel:
    """Beside ``setting``'s field: "takes effect after restart", hidden unless the running
    window takes it up only at the next start (:func:`waits_for_restart`)."""
    note = note_label(tr("takes effect after restart"), name=f"{setting}_restart_note")
    if not waits_for_restart(setting, book_open=book_open, demo=demo):
        note.setVisible(False)
    return note


def bounds(setting: str) -> tuple[float, float]:
    """The lowest and highest value ``setting`` is declared to take."""
    declared = DECLARED[setting].bounds
    if declared is None:
        raise ValueError(f"{setting} has no bounds")
    return declared


def seconds_spin(field: str, *, decimals: int = 0, step: float = 1.0) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    low, high = bounds(field)
    spin.setRange(low, high)
    spin.setDecimals(decimals)
    spin.setSingleStep(step)
    spin.setSuffix(tr(" s"))
    return spin


def hold_fixed(field: QWidget) -> None:
    """A field the demo holds: shown, not edited."""
    if isinstance(field, QLineEdit):
        field.setReadOnly(True)
        look_read_only(field)
    elif isinstance(field, QAbstractSpinBox):
        field.setReadOnly(True)
    else:
        field.setEnabled(False)


def set_name(widget: QWidget, name: str) -> None:
    widget.setAccessibleName(name)


def look_read_only(edit: QLineEdit) -> None:
    """A read-only field drawn like an editable one invites typing that does nothing."""
    palette = edit.palette()
    palette.setColor(QPalette.ColorRole.Base, palette.color(QPalette.ColorRole.Window))
    edit.setPalette(palette)
