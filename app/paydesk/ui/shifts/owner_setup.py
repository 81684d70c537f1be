"""The first start with shifts on and no cashier yet: the owner is created here, the
first cashier of the book (Cashiers.add with no one adding them)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.shifts import Cashiers, ShiftError
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shifts.pin_fields import add_row, pin_field, refusal_label, show_refusal
from paydesk.ui.shifts.words import refusal_text


class OwnerSetupDialog(QDialog):
    #: The owner just created (a Cashier).
    created = Signal(object)

    def __init__(self, cashiers: Cashiers, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("owner_setup_dialog")
        self.setWindowTitle(tr("Create the owner"))
        self.setAccessibleName(tr("Create the owner"))
        self._cashiers = cashiers
        layout = QVBoxLayout(self)
        intro = QLabel(tr("There are no cashiers yet. The first one is the owner: they add "
                          "the other cashiers, change the settings and may close anyone's "
                          "shift."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        layout.addLayout(form)
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("owner_name_edit")
        self.name_edit.setMaxLength(40)
        self.name_edit.setAccessibleName(tr("Owner's name"))
        add_row(form, tr("&Name:"), self.name_edit)
        self.pin_edit = pin_field(tr("PIN"))
        add_row(form, tr("&PIN:"), self.pin_edit)
        self.again_edit = pin_field(tr("PIN again"))
        self.again_edit.setObjectName("pin_again_edit")
        add_row(form, tr("PIN &again:"), self.again_edit)
        self.refusal = refusal_label()
        layout.addWidget(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("&Create"))
        ok.setAccessibleName(tr("Create the owner"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setAccessibleName(tr("Cancel"))
        buttons.accepted.connect(self.try_create)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.name_edit.setFocus()

    def try_create(self) -> None:
        pin, again = self.pin_edit.text(), self.again_edit.text()
        self.pin_edit.clear()
        self.again_edit.clear()
        if pin != again:
            show_refusal(self.refusal, tr("The two PINs differ: type the same PIN twice."))
            self.pin_edit.setFocus()
            return
        try:
            owner = self._cashiers.add(self.name_edit.text(), pin, owner=True)
        except ShiftError as error:
            show_refusal(self.refusal, refusal_text(error))
            self.pin_edit.setFocus()
            return
        self.created.emit(owner)
        self.accept()
