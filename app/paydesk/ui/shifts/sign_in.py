"""Signing in at the counter: a cashier's name and PIN, checked by the core (Cashiers).

One dialog for the three moments a cashier signs in: opening a shift, taking over the
counter from another cashier, and unlocking it. It is opened window-modal (``open``),
never ``exec``'d: the orders go on being watched and the buyer's screens keep what they
show behind it. It checks the PIN itself (a few tens of milliseconds of scrypt) and
says a refusal under the fields; the PIN field is cleared after every try."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.shifts import Cashier, ShiftError
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shifts.pin_fields import add_row, pin_field, refusal_label, show_refusal
from paydesk.ui.shifts.words import refusal_text

#: Checks a name and PIN: the cashier, or ShiftError.
Check = Callable[[str, str], Cashier]


class SignInDialog(QDialog):
    #: The cashier whose name and PIN were right.
    signed_in = Signal(object)

    def __init__(self, title: str, prompt: str, names: list[str], check: Check, *,
                 parent: QWidget | None = None, cancellable: bool = True,
                 preselect: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("sign_in_dialog")
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self._check = check
        self._cancellable = cancellable
        self.setMinimumWidth(380)  # the prompt on two lines at most, in either language
        layout = QVBoxLayout(self)
        self.prompt = QLabel(prompt)
        self.prompt.setWordWrap(True)
        layout.addWidget(self.prompt)
        form = QFormLayout()
        layout.addLayout(form)
        self.name_combo = QComboBox()
        self.name_combo.setObjectName("cashier_name_combo")
        self.name_combo.setEditable(True)
        self.name_combo.addItems(names)
        self.name_combo.setAccessibleName(tr("Cashier's name"))
        if preselect in names:
            self.name_combo.setCurrentText(preselect)
        add_row(form, tr("&Cashier:"), self.name_combo)
        self.pin_edit = pin_field(tr("PIN"))
        add_row(form, tr("&PIN:"), self.pin_edit)
        self.refusal = refusal_label()
        layout.addWidget(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(tr("Sign &in"))
        self.ok_button.setAccessibleName(tr("Sign in"))
        if cancellable:
            cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
            cancel.setAccessibleName(tr("Cancel"))
        buttons.accepted.connect(self.try_sign_in)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        (self.pin_edit if names and (preselect or len(names) == 1) else self.name_combo
         ).setFocus()

    def try_sign_in(self) -> None:
        pin = self.pin_edit.text()
        self.pin_edit.clear()  # whatever comes of it: the PIN is not kept on the screen
        try:
            cashier = self._check(self.name_combo.currentText(), pin)
        except ShiftError as error:
            show_refusal(self.refusal, refusal_text(error))
            self.pin_edit.setFocus()
            return
        show_refusal(self.refusal, "")
        self.signed_in.emit(cashier)
        self.accept()

    def reject(self) -> None:
        """A lock's dialog has no way out but signing in (Esc does nothing)."""
        if self._cancellable:
            super().reject()
