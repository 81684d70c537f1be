"""The cashier's form: amount, optional e-mail and note, Enter to create.

It only collects and validates as typed; the window hands the values to the
core, which has the final word (and whose InputError comes back here, shown
next to the field it is about).

Each field is named for a screen reader in words, its caption linked to it as its
buddy; the create button by what it does (not its "⏎"), the ✕ in each field by
what it clears.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from paydesk.domain.notes import LINE_BREAK, has_line_break, one_line
from paydesk.domain.writing import amount_text
from paydesk.ui.shell.fonts import scale_font
from paydesk.ui.shell.formatting import tr, writing_language
from paydesk.ui.widgets.names import name_clear_button

if TYPE_CHECKING:
    from paydesk.domain.errors import InputError
    from paydesk.ui.widgets.fitted_hint import FittedHint

_ERROR_STYLE = "color: #b3261e;"
#: A remark under a field that is not an error (the note made one line).
_REMARK_STYLE = "color: #5f6368;"


def amount_hints() -> list[str]:
    """The amount field's hint, longest first: an example written the window's way
    (``1,500.50`` in English, ``1 500,50`` in Russian), as the field reads it."""
    example = amount_text(150050, writing_language())
    return [tr("e.g. {0} or {1}").format("150", example), tr("e.g. {0}").format(example),
            example]


class PaymentForm(QWidget):
    #: (amount text, e-mail text, note text)
    submitted = Signal(str, str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: The amount's hint, written as the window writes amounts: the longest wording
        #: on the first frame, then the longest that fits (FittedHint, built with the
        #: rest of the window: ui/window_builder.py).
        self.amount_input = self._line("amount_input", tr("Amount in rubles"),
                                       amount_hints()[0])
        scale_font(self.amount_input, 2.0, bold=True)
        self.amount_hint: FittedHint | None = None
        self.amount_input.setMinimumHeight(56)
        self.email_input = self._line("email_input", tr("Buyer's e-mail"), tr("optional"))
        self.note_input = self._line(
            "note_input", tr("Note"), tr("optional, stays on this computer")
        )
        self.note_input.setMaxLength(500)
        self.create_button = QPushButton(tr("Create payment  ⏎"))
        self.create_button.setObjectName("create_button")
        self.create_button.setAccessibleName(tr("Create payment"))
        self.create_button.setDefault(True)
        self.create_button.setMinimumHeight(44)
        self.create_button.clicked.connect(self.submit)

        self._errors: dict[str, QLabel] = {}
        #: Emptied by a creation and nothing typed since: an Enter is the first one's echo.
        self._emptied_by_creation = False
        #: A creation is out: Enter and the button are refused until it ends.
        self._busy = False
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for name, caption, field in (
            ("amount", tr("Amount, ₽"), self.amount_input),
            ("email", tr("E-mail"), self.email_input),
            ("note", tr("Note"), self.note_input),
        ):
            label = QLabel(caption)
            label.setObjectName(f"{name}_caption")
            label.setBuddy(field)
            column = QVBoxLayout()
            column.setSpacing(2)
            column.addWidget(field)
            error = QLabel()
            error.setObjectName(f"{name}_error")
            error.setStyleSheet(_ERROR_STYLE)
            error.setWordWrap(True)
            error.hide()
            column.addWidget(error)
            self._errors[name] = error
            form.addRow(label, column)
            field.returnPressed.connect(self.submit)
            field.textEdited.connect(lambda _text, n=name: self._edited(n))
        # After _edited (which clears the line under it): a pasted note's line breaks.
        self.note_input.textEdited.connect(self._note_edited)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.create_button)

    def _line(self, name: str, accessible: str, placeholder: str) -> QLineEdit:
        """A field named ``name`` for tests, ``accessible`` for a screen reader, which
        also reads its ``placeholder`` (hidden once something is typed) as its description."""
        line = QLineEdit()
        line.setObjectName(name)
        line.setAccessibleName(accessible)
        line.setAccessibleDescription(placeholder)
        line.setPlaceholderText(placeholder)
        return line

    def add_clear_buttons(self) -> None:
        """The ✕ that empties a field; the window adds them right after its first
        frame, which shows the fields empty (this loads the style's icon for it)."""
        for line, words in ((self.amount_input, tr("Clear amount")),
                            (self.email_input, tr("Clear e-mail")),
                            (self.note_input, tr("Clear note"))):
            line.setClearButtonEnabled(True)
            name_clear_button(line, words)

    def submit(self) -> None:
        """Enter (or the banner's Try again): the values typed, checked, then ``submitted``."""
        if self._busy or not self.create_button.isEnabled():
            return  # a creation is in flight (a second Enter must not create twice), or
            # the form is off (the order book is lost)
        self.clear_errors()
        if not self.amount_input.text().strip():
            if self._emptied_by_creation:
                return  # a double Enter or click: the order is made, the form waits
            self.show_error("amount", tr("Enter an amount."))
            return
        self.submitted.emit(
            self.amount_input.text(), self.email_input.text(), self.note_input.text()
        )

    def set_busy(self, busy: bool) -> None:
        """A creation is out (Enter refused, the button says "Creating…"), or over: the
        counter's screens say so (counter_screens.py) from Enter's own call on."""
        self._busy = busy
        self.create_button.setEnabled(not busy)
        self.create_button.setText(tr("Creating…") if busy else tr("Create payment  ⏎"))
        self.create_button.setAccessibleName(tr("Creating…") if busy else tr("Create payment"))

    def show_input_error(self, error: InputError) -> None:
        # The message table and the core modules it names: after the first frame.
        from paydesk.ui.shell.messages import input_error_text

        self.show_error(error.field if error.field in self._errors else "amount",
                        input_error_text(error))

    def show_error(self, field: str, message: str) -> None:
        label = self._errors[field]
        label.setStyleSheet(_ERROR_STYLE)
        label.setText(message)
        label.show()
        widget = self._field(field)
        widget.setAccessibleDescription(message)  # read out with the field, as in Settings
        widget.setFocus()  # OtherFocusReason
        widget.selectAll()

    def clear_error(self, field: str) -> None:
        self._errors[field].hide()
        widget = self._field(field)
        widget.setAccessibleDescription(widget.placeholderText())

    def clear_errors(self) -> None:
        for field in self._errors:
            self.clear_error(field)

    def _field(self, field: str) -> QLineEdit:
        return {"amount": self.amount_input, "email": self.email_input,
                "note": self.note_input}[field]

    def _edited(self, field: str) -> None:
        self._emptied_by_creation = False
        self.clear_error(field)

    def _note_edited(self, text: str) -> None:
        """A note is one line (domain/notes.py): pasted line breaks become " / " here, in
        sight, and the line under the field says so, rather than the order's note
        coming out otherwise than typed."""
        if not has_line_break(text):
            return
        flat = one_line(text)
        self.note_input.setText(flat)  # not an edit: no textEdited again
        remark = self._errors["note"]
        remark.setStyleSheet(_REMARK_STYLE)
        remark.setText(tr("A note is one line: its line breaks became “{0}”.").format(
            LINE_BREAK.strip()))
        remark.show()

    def reset(self, *, after_creation: bool = False) -> None:
        """Ready for the next buyer: empty fields, focus on the amount.

        ``after_creation``: the fields were just sent; until something is typed,
        an Enter on the empty form is the same keystroke repeated and says nothing.
        """
        for line in (self.amount_input, self.email_input, self.note_input):
            line.clear()
        self.clear_errors()
        self._emptied_by_creation = after_creation
        self.amount_input.setFocus()  # OtherFocusReason

    def error_text(self, field: str) -> str:
        label = self._errors[field]
        return label.text() if not label.isHidden() else ""
