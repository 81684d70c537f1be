"""The settings window's "Order book" section: where this till keeps its orders, the
shared book's password, and the till's name.

Empty, the order book is this computer's own (as it always was); a PostgreSQL
address makes it the journal of the shop's shared book, which every till reads
and writes, and brings up the row for its user's password (book_password.py).
The till's name is stored with every order it takes; empty, it is the computer's
name, shown as the placeholder. The book and the name are taken up when the
window opens its order book (the book and its sync are opened then): a window
that has opened it takes another at its next start, and their rows say "takes
effect after restart"; the first start's settings, shown before the window
opens its book, are in force at once and say nothing of the kind.

A password never stays in the address, where it would show in clear and be saved
in the settings file: typed (once its ``@`` follows) or pasted, it is moved at
once into the password field, hidden, and a note beside it says so; one in the
address's query (``?password=``) is moved when the field is left or saved. The
address is checked by the core's rule when saving. In the demo the book is the
demo's own, fixed (as declared), and says so.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QThreadPool, Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from paydesk.core.settings.values import TILL_MAX, Settings, default_till_name
from paydesk.core.shared_book.actions import split_password
from paydesk.support.secret_store import SecretStore
from paydesk.ui.settings.book_password import FIELD as PASSWORD_FIELD
from paydesk.ui.settings.book_password import BookPassword
from paydesk.ui.settings.rows import note_label, restart_note
from paydesk.ui.shell.formatting import tr
from paydesk.ui.widgets.field_errors import FieldErrors, column_widget, make_form

#: What an empty order book field means.
THIS_COMPUTER_PLACEHOLDER = "This computer"


class BookSection(QGroupBox):
    #: Whether a shared book's address is typed (its password row shows then).
    shared_changed = Signal(bool)

    def __init__(self, field_errors: FieldErrors, store: SecretStore, pool: QThreadPool, *,
                 demo: bool, in_use: bool) -> None:
        """``in_use``: the running window has opened its order book (and the sync with a
        shared one), so another book or till name waits for the next start."""
        super().__init__(tr("Order book"))
        self._demo = demo
        self._shared = False
        form = self._form = make_form(self)
        self.order_book_edit = QLineEdit()
        self.order_book_edit.setPlaceholderText(tr(THIS_COMPUTER_PLACEHOLDER))
        # Nothing to restart for in the demo, which holds the book.
        self.order_book_note = restart_note("order_book", book_open=in_use, demo=demo)
        field_errors.add(form, "order_book", tr("&Order book:"), self.order_book_edit,
                         _wide_with_note(self.order_book_edit, self.order_book_note))
        if demo:  # the field held by the dialog, as declared
            self.book_hint = note_label(
                tr("Fixed in the demo: its orders stay in the demo's own book on this "
                   "computer."), name="demo_book_note", wrap=True)
        else:
            self.book_hint = note_label(_hint(shared=False), name="order_book_hint", wrap=True)
        hint = QVBoxLayout()
        hint.setContentsMargins(0, 0, 0, 0)
        hint.addWidget(self.book_hint)
        form.addRow("", column_widget(hint))  # the row's width: wrapped at the dialog's edge
        self.password = BookPassword(store, pool, self)
        self.book_password_edit = self.password.edit
        field_errors.add(form, PASSWORD_FIELD, tr("&Password:"), self.book_password_edit,
                         self.password.row)
        self._password_row = form.rowCount() - 1
        form.setRowVisible(self._password_row, False)
        if not demo:
            self.order_book_edit.textEdited.connect(self._on_address_edited)
            self.order_book_edit.textChanged.connect(self._follow_address)
            self.order_book_edit.editingFinished.connect(self._on_address_left)

        self.till_edit = QLineEdit()
        self.till_edit.setMaxLength(TILL_MAX)
        self.till_edit.setPlaceholderText(default_till_name())
        self.till_note = restart_note("till", book_open=in_use, demo=demo)
        field_errors.add(form, "till", tr("&Till name:"), self.till_edit,
                         _wide_with_note(self.till_edit, self.till_note))

    def load(self, settings: Settings) -> None:
        self.order_book_edit.setText(settings.order_book)
        self.till_edit.setText(settings.till)
        if not self._demo:
            self.password.look_up(settings.order_book)

    def values(self) -> dict[str, Any]:
        """The address and the name as typed (the demo's book is not the person's to set);
        a password still in the address goes to its field first."""
        values: dict[str, Any] = {"till": self.till_edit.text().strip()}
        if not self._demo:
            self._take_password(in_query=True)
            values["order_book"] = self.order_book_edit.text().strip()
        return values

    def new_password(self) -> str:
        """The shared book's password typed to be kept ("" keeps what is kept; none for
        this computer's own book, nor in the demo)."""
        return self.password.typed() if self._shared else ""

    # -- the address as it is typed -----------------------------------------------

    def _on_address_edited(self, _text: str) -> None:
        self._take_password(in_query=False)

    def _on_address_left(self) -> None:
        self._take_password(in_query=True)
        self.password.look_up(self.order_book_edit.text())

    def _take_password(self, *, in_query: bool) -> None:
        """A password in the address leaves it for the password field, the cursor staying
        where it was in what remains."""
        text = self.order_book_edit.text()
        address, password = split_password(text, in_query=in_query)
        if address == text:
            return
        edit = self.order_book_edit
        cursor = max(0, edit.cursorPosition() - (len(text) - len(address)))
        edit.setText(address)
        edit.setCursorPosition(min(cursor, len(address)))
        if password is not None:
            self.password.take(password)

    def _follow_address(self, text: str) -> None:
        shared = bool(text.strip())
        if shared != self._shared:
            self._shared = shared
            self._form.setRowVisible(self._password_row, shared)
            self.book_hint.setText(_hint(shared=shared))  # the example: while there is none
            self.shared_changed.emit(shared)


def _hint(*, shared: bool) -> str:
    """What the address means: the example of a shared book's only while none is typed
    (its password then has a row of its own; the dialog stays short enough for 768 px)."""
    if shared:
        return tr("Empty: the orders stay on this computer.")
    return tr("Empty: the orders stay on this computer. A shop's shared book: "
              "postgresql://till@backoffice/shop.")


def _wide_with_note(field: QWidget, note: QLabel) -> QHBoxLayout:
    """``field`` taking the row's width, ``note`` after it (an address is long)."""
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(field, 1)
    row.addWidget(note)
    return row
