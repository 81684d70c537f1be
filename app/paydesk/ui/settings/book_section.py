"""The settings window's "Order book" section: where this till keeps its orders, and
its name.

Empty, the order book is this computer's own (as it always was); a PostgreSQL
address makes it the journal of the shop's shared book, which every till reads
and writes. The till's name is stored with every order it takes; empty, it is the
computer's name, shown as the placeholder. Both are taken up when PayDesk starts
(the book and its sync are opened then), so their rows say "takes effect after
restart". The address is checked by the core's rule when saving; a password in it
is refused there (it belongs in the keychain or ~/.pgpass). In the demo the book
is the demo's own, fixed, and says so.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from paydesk.core.settings import TILL_MAX, Settings, default_till_name
from paydesk.ui.settings.rows import look_read_only, note_label, restart_note
from paydesk.ui.shell.formatting import tr
from paydesk.ui.widgets.field_errors import FieldErrors, column_widget, make_form

#: What an empty order book field means.
THIS_COMPUTER_PLACEHOLDER = "This computer"


class BookSection(QGroupBox):
    def __init__(self, field_errors: FieldErrors, *, demo: bool) -> None:
        super().__init__(tr("Order book"))
        self._demo = demo
        form = make_form(self)
        self.order_book_edit = QLineEdit()
        self.order_book_edit.setPlaceholderText(tr(THIS_COMPUTER_PLACEHOLDER))
        self.order_book_note = restart_note("order_book_restart_note")
        self.order_book_note.setVisible(not demo)  # nothing to restart for in the demo
        field_errors.add(form, "order_book", tr("&Order book:"), self.order_book_edit,
                         _wide_with_note(self.order_book_edit, self.order_book_note))
        if demo:
            self.order_book_edit.setReadOnly(True)
            look_read_only(self.order_book_edit)
            self.book_hint = note_label(
                tr("Fixed in the demo: its orders stay in the demo's own book on this "
                   "computer."), name="demo_book_note", wrap=True)
        else:
            self.book_hint = note_label(
                tr("Empty: the orders stay on this computer. A shop's shared book: "
                   "postgresql://till@backoffice/shop (its password goes in the keychain "
                   "or ~/.pgpass, not here)."), name="order_book_hint", wrap=True)
        hint = QVBoxLayout()
        hint.setContentsMargins(0, 0, 0, 0)
        hint.addWidget(self.book_hint)
        form.addRow("", column_widget(hint))  # the row's width: wrapped at the dialog's edge

        self.till_edit = QLineEdit()
        self.till_edit.setMaxLength(TILL_MAX)
        self.till_edit.setPlaceholderText(default_till_name())
        self.till_note = restart_note("till_restart_note")
        field_errors.add(form, "till", tr("&Till name:"), self.till_edit,
                         _wide_with_note(self.till_edit, self.till_note))

    def load(self, settings: Settings) -> None:
        self.order_book_edit.setText(settings.order_book)
        self.till_edit.setText(settings.till)

    def values(self) -> dict[str, Any]:
        """The address and the name as typed (the demo's book is not the person's to set)."""
        values: dict[str, Any] = {"till": self.till_edit.text().strip()}
        if not self._demo:
            values["order_book"] = self.order_book_edit.text().strip()
        return values


def _wide_with_note(field: QWidget, note: QLabel) -> QHBoxLayout:
    """``field`` taking the row's width, ``note`` after it (an address is long)."""
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(field, 1)
    row.addWidget(note)
    return row
