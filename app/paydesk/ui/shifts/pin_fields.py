"""The small parts every shifts dialog shares: a PIN field (a password field that
takes 4 to 6 digits), a captioned row linked to its field, the line that says what
was refused. A PIN is read from its field once, handed to the core, and cleared: it
is never logged, shown or kept."""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QWidget

from paydesk.ui.shell.formatting import tr


def pin_field(name: str) -> QLineEdit:
    """A password field for a PIN, named ``name`` for a screen reader."""
    edit = QLineEdit()
    edit.setEchoMode(QLineEdit.EchoMode.Password)
    edit.setMaxLength(6)
    edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,6}"), edit))
    edit.setPlaceholderText(tr("4 to 6 digits"))
    edit.setAccessibleName(name)
    edit.setObjectName("pin_edit")
    return edit


def add_row(form: QFormLayout, caption: str, field: QWidget) -> QLabel:
    """``caption`` (with its mnemonic) as the buddy of ``field``, in one form row."""
    label = QLabel(caption)
    label.setBuddy(field)
    form.addRow(label, field)
    return label


def refusal_label() -> QLabel:
    """Red words under the fields: what the core refused, said where it was typed."""
    label = QLabel()
    label.setObjectName("refusal_label")
    label.setAccessibleName(tr("Error"))
    label.setStyleSheet("color: #b3261e;")
    label.setWordWrap(True)
    label.setVisible(False)
    return label


def show_refusal(label: QLabel, text: str) -> None:
    label.setText(text)
    label.setVisible(bool(text))
