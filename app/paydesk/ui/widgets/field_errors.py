"""Form fields that say what is wrong with them, in a red line right under the field.

Used by the settings dialog: a bad value is explained where the person is
looking, and the field gets the focus, instead of a message box to dismiss.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from paydesk.ui.shell.formatting import tr

ERROR_COLOR = "#b3261e"


class FieldError(Exception):
    """A value the form cannot take: which field, and a sentence for the person."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class MessageLabel(QLabel):
    """A wrapped message line whose size hint is its height at its real width.

    A word-wrapped QLabel hints a guessed narrow width, and the layouts take the
    height at that width: too many lines, and the window sized from that guess
    clips the text or leaves a gap. Here the hint is the width it has (or needs,
    if less), so the hinted height is the real one.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def sizeHint(self) -> QSize:
        if not self.text():
            return super().sizeHint()
        margins = self.contentsMargins()
        one_line = (self.fontMetrics().horizontalAdvance(self.text())
                    + margins.left() + margins.right() + 4)
        width = max(1, min(self.width(), one_line))
        return QSize(width, self.heightForWidth(width))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()


class FieldErrors:
    """The fields of one dialog by name, each with its (hidden) error line."""

    def __init__(self) -> None:
        self._labels: dict[str, MessageLabel] = {}
        self._inputs: dict[str, QWidget] = {}

    def add(
        self, form: QFormLayout, field: str, caption: str, widget: QWidget,
        layout: QHBoxLayout | None = None,
    ) -> None:
        """A form row: ``caption`` (the buddy of ``widget``), then the field over its error.

        ``layout`` replaces ``widget`` in the row when the field has companions
        (a "Show" button); ``widget`` still gets the focus and the description.
        """
        error = MessageLabel()
        error.setStyleSheet(f"color: {ERROR_COLOR};")
        error.setVisible(False)
        error.setAccessibleName(tr("Error"))
        column = QVBoxLayout()
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        if layout is not None:
            column.addLayout(layout)
        elif isinstance(widget, QAbstractSpinBox):
            # Keeps its width when a long error line appears under it.
            widget.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            column.addWidget(widget, 0, Qt.AlignmentFlag.AlignLeft)
        else:
            column.addWidget(widget)
        column.addWidget(error)
        label = QLabel(caption)
        label.setBuddy(widget)
        if not widget.accessibleName():  # what a screen reader says for the field
            widget.setAccessibleName(caption.replace("&", "").strip("…: "))
        form.addRow(label, column_widget(column))
        self._labels[field] = error
        self._inputs[field] = widget

    @property
    def fields(self) -> list[str]:
        return list(self._labels)

    def input(self, field: str) -> QWidget:
        return self._inputs[field]

    def message(self, field: str) -> str:
        """The error shown under ``field``; empty when there is none."""
        label = self._labels[field]
        return "" if label.isHidden() else label.text()

    def show(self, error: FieldError) -> None:
        label = self._labels[error.field]
        label.setText(error.message)
        label.setVisible(True)
        widget = self._inputs[error.field]
        widget.setAccessibleDescription(error.message)  # read out with the field
        widget.setFocus()

    def clear(self) -> None:
        for field, label in self._labels.items():
            label.clear()
            label.setVisible(False)
            self._inputs[field].setAccessibleDescription("")


def make_form(parent: QWidget) -> QFormLayout:
    form = QFormLayout(parent)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
    return form


def column_widget(layout: QVBoxLayout) -> QWidget:
    """A field column as one widget; it takes the row's full width so that a message
    under a narrow field wraps at the dialog's edge, not at the field's."""
    widget = QWidget()
    widget.setLayout(layout)
    widget.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
    return widget


def fit_height(window: QWidget, fitted: int | None, *, most: int | None = None) -> int | None:
    """Fit ``window``'s height to the messages shown; returns the height it fitted.

    A window's minimum size ignores height-for-width, so a new two-line message
    would be squeezed into one line and clipped. Call on every LayoutRequest with
    the last return value: a height the person chose is only grown, never shrunk;
    never past ``most`` (the screen's room: what is left scrolls).
    """
    needed = window.heightForWidth(window.width())
    if needed <= 0:  # no message shown: nothing wraps
        needed = window.sizeHint().height()
    if most is not None:
        needed = min(needed, most)
    # The first fit (None) follows the window's own first size, not the person's.
    chosen_by_us = fitted is None or window.height() in (fitted, window.minimumHeight())
    if needed <= window.height() and not chosen_by_us:
        return fitted
    if needed != window.height():
        window.resize(window.width(), needed)
    return window.height()
