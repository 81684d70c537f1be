"""The owner's cashiers: add one, remove one, change a PIN (core/shifts/cashiers.py).

Opened by a signed-in owner only (the shift menu asks for the owner's PIN first); the
core checks the owner's right again at each change, as the book reads it then."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.shifts import Cashier, Cashiers, ShiftError
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shifts.pin_fields import add_row, pin_field, refusal_label, show_refusal
from paydesk.ui.shifts.words import refusal_text


class CashierForm(QDialog):
    """A new cashier (name, PIN twice, owner or not), or a new PIN for ``name``."""

    def __init__(self, cashiers: Cashiers, by: Cashier, *, name: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cashiers, self._by, self._name = cashiers, by, name
        title = tr("Add a cashier") if name is None else tr("New PIN for {0}").format(name)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        self.name_edit = QLineEdit(name or "")
        self.name_edit.setObjectName("cashier_name_edit")
        self.name_edit.setMaxLength(40)
        self.name_edit.setAccessibleName(tr("Cashier's name"))
        self.name_edit.setReadOnly(name is not None)
        add_row(form, tr("&Name:"), self.name_edit)
        self.pin_edit = pin_field(tr("PIN"))
        add_row(form, tr("&PIN:"), self.pin_edit)
        self.again_edit = pin_field(tr("PIN again"))
        self.again_edit.setObjectName("pin_again_edit")
        add_row(form, tr("PIN &again:"), self.again_edit)
        self.owner_check = QCheckBox(tr("&Owner (manages cashiers and settings)"))
        self.owner_check.setAccessibleName(tr("Owner"))
        self.owner_check.setVisible(name is None)
        form.addRow("", self.owner_check)
        self.refusal = refusal_label()
        layout.addWidget(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setAccessibleName(tr("OK"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setAccessibleName(tr("Cancel"))
        buttons.accepted.connect(self.try_save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        (self.pin_edit if name is not None else self.name_edit).setFocus()

    def try_save(self) -> None:
        pin, again = self.pin_edit.text(), self.again_edit.text()
        self.pin_edit.clear()
        self.again_edit.clear()
        if pin != again:
            show_refusal(self.refusal, tr("The two PINs differ: type the same PIN twice."))
            return
        try:
            if self._name is None:
                self._cashiers.add(self.name_edit.text(), pin,
                                   owner=self.owner_check.isChecked(), by=self._by)
            else:
                self._cashiers.change_pin(self._name, pin, by=self._by)
        except ShiftError as error:
            show_refusal(self.refusal, refusal_text(error))
            return
        self.accept()


class CashiersDialog(QDialog):
    def __init__(self, cashiers: Cashiers, by: Cashier, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cashiers_dialog")
        self.setWindowTitle(tr("Cashiers"))
        self.setAccessibleName(tr("Cashiers"))
        self._cashiers, self._by = cashiers, by
        layout = QVBoxLayout(self)
        caption = QLabel(tr("&Cashiers of this shop:"))
        layout.addWidget(caption)
        self.list = QListWidget()
        self.list.setObjectName("cashiers_list")
        self.list.setAccessibleName(tr("Cashiers of this shop"))
        caption.setBuddy(self.list)
        layout.addWidget(self.list, 1)
        self.refusal = refusal_label()
        layout.addWidget(self.refusal)
        row = QHBoxLayout()
        for text, name, slot in ((tr("&Add…"), tr("Add a cashier"), self.add),
                                 (tr("Change &PIN…"), tr("Change the PIN"), self.change_pin),
                                 (tr("&Remove"), tr("Remove the cashier"), self.remove)):
            button = QPushButton(text)
            button.setAccessibleName(name)
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            row.addWidget(button)
        row.addStretch(1)
        close = QPushButton(tr("Close"))
        close.setAccessibleName(tr("Close"))
        close.clicked.connect(self.accept)
        row.addWidget(close)
        layout.addLayout(row)
        self.resize(420, 360)
        self.reload()

    def reload(self) -> None:
        self.list.clear()
        for cashier in self._cashiers.all():
            role = tr("owner") if cashier.is_owner else tr("cashier")
            self.list.addItem(f"{cashier.name} ({role})")
            self.list.item(self.list.count() - 1).setData(256, cashier.name)

    def _selected(self) -> str | None:
        item: QListWidgetItem | None = self.list.currentItem()
        if item is None:  # nothing chosen (PySide's stubs say it is never None)
            show_refusal(self.refusal, tr("Choose a cashier first."))
            return None
        return str(item.data(256))

    def add(self) -> None:
        if CashierForm(self._cashiers, self._by, parent=self).exec():
            self.reload()

    def change_pin(self) -> None:
        name = self._selected()
        if name is not None and CashierForm(self._cashiers, self._by, name=name,
                                            parent=self).exec():
            show_refusal(self.refusal, "")

    def remove(self) -> None:
        name = self._selected()
        if name is None:
            return
        answer = QMessageBox.question(self, tr("Remove the cashier"),
                                      tr("Remove {0}? Their orders keep their name.").format(name))
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            self._cashiers.remove(name, by=self._by)
        except ShiftError as error:
            show_refusal(self.refusal, refusal_text(error))
            return
        show_refusal(self.refusal, "")
        self.reload()
