"""The settings window's field for the shared order book's password.

The password of the book's user goes where the secret key goes: the keychain, or
the plaintext file the person chose where there is none (``secret_storage =
"file"``), never into the settings or the address. Hidden as it is typed. An
empty field keeps what is kept, or leaves it to libpq's own places (~/.pgpass).
Whether one is kept decides the placeholder; the keychain may be slow to answer,
so it is asked in a worker. A password typed or pasted into the address is moved
here (book_section.py), and the note beside the field says so.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QThreadPool
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QWidget

from paydesk.core.shared_book.actions import password_account
from paydesk.domain.errors import InputError
from paydesk.support.secret_store import NoKeychainError, SecretStore, SecretStoreError
from paydesk.ui.settings.rows import note_label
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.tasks import Task, run_task
from paydesk.ui.widgets.field_errors import FieldError

#: What the field says when PayDesk keeps no password for the address's user.
NOT_KEPT_PLACEHOLDER = "not set — or in ~/.pgpass"
FIELD = "book_password"


class BookPassword(QObject):
    """The field, the note beside it, and what is kept for the address's user."""

    def __init__(self, store: SecretStore, pool: QThreadPool, parent: QWidget) -> None:
        super().__init__(parent)
        self._store = store
        self._pool = pool
        self._task: Task | None = None
        #: The user whose kept password the placeholder speaks of ("": none looked up).
        self._account = ""
        self.edit = QLineEdit()
        self.edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.edit.setPlaceholderText(tr(NOT_KEPT_PLACEHOLDER))
        self.edit.setAccessibleName(tr("The shared order book's password"))
        self.moved_note = note_label(tr("moved here from the address"),
                                     name="password_moved_note")
        self.moved_note.setVisible(False)
        self.edit.textEdited.connect(lambda _text: self.moved_note.setVisible(False))
        self.row = QHBoxLayout()
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.addWidget(self.edit, 1)
        self.row.addWidget(self.moved_note)

    def take(self, password: str) -> None:
        """A password found in the address: kept here, hidden, and said so."""
        self.edit.setText(password)
        self.moved_note.setVisible(True)

    def typed(self) -> str:
        return self.edit.text()

    # -- what is kept -------------------------------------------------------------

    def look_up(self, address: str) -> None:
        """Whether a password is kept for ``address``'s user decides the placeholder."""
        try:
            account = password_account(address) if address.strip() else ""
        except InputError:
            account = ""  # no usable address: said under it when saving
        if account == self._account:
            return
        self._account = account
        if not account:
            self.edit.setPlaceholderText(tr(NOT_KEPT_PLACEHOLDER))
            return
        store = self._store

        def look() -> tuple[str, bool | NoKeychainError | None]:
            if not store.uses_file and not store.has_keychain():
                return account, NoKeychainError("book_password")
            try:
                return account, store.get_book_password(account) is not None
            except SecretStoreError:
                return account, None

        self.edit.setPlaceholderText(tr("checking the keychain…"))
        self._task = run_task(self._pool, look, self._on_looked_up)

    def _on_looked_up(self, found: tuple[str, bool | NoKeychainError | None]) -> None:
        account, kept = found
        if account != self._account:
            return  # the address changed meanwhile; its own answer follows
        self._task = None
        if isinstance(kept, NoKeychainError):
            text = tr("no keychain on this computer — see above")
        elif kept is None:
            text = tr("the keychain cannot be read — type the password to store it")
        elif kept and self._store.uses_file:
            # The file's words, as the key's say them (describe() is the command line's
            # English, and would name the key's environment variable when one is set).
            text = tr("•••••••• set ({where}) — type to replace").format(
                where=tr("a plaintext file, {0}").format(str(self._store.secret_file)))
        elif kept:
            text = tr("•••••••• stored in the keychain — type to replace")
        else:
            text = tr(NOT_KEPT_PLACEHOLDER)
        self.edit.setPlaceholderText(text)


def book_password_error(error: SecretStoreError) -> FieldError:
    """Why the password could not be kept, under its field."""
    if isinstance(error, NoKeychainError):
        return FieldError(FIELD, tr(
            "This computer has no keychain, so the password cannot be kept there. Choose "
            "above to keep it in a file, with the secret key, or put it in ~/.pgpass."
        ))
    return FieldError(FIELD, tr("The password could not be stored: the keychain refused."))
