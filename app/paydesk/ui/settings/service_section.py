"""The settings window's "Service" section: address, client ID, secret key, and
"Test connection".

The secret key goes to the secret store only, never into Settings; an empty
field keeps the stored key. Whether a key is stored, and storing a new one, run
in a worker: a keychain may first ask to be unlocked. In the demo the section
shows the sandbox's own account, fixed, and says so.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import QRegularExpression, QThreadPool
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.demo import DEMO_SECRET_KEY
from paydesk.core.settings.values import Settings
from paydesk.domain.failures import Failure, FailureCode
from paydesk.support.secret_store import (
    SECRET_ENV,
    NoKeychainError,
    SecretStore,
    SecretStoreError,
)
from paydesk.ui.settings.connection_check import (
    ConnectionChecker,
    ConnectionResult,
    Outcome,
    address_problem,
    check_with_store,
)
from paydesk.ui.settings.rows import note_label, restart_note, set_name, waits_for_restart
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.messages import failure_text, problem_text
from paydesk.ui.shell.tasks import Task, run_task
from paydesk.ui.widgets.field_errors import (
    ERROR_COLOR,
    FieldError,
    FieldErrors,
    MessageLabel,
    column_widget,
    make_form,
)
from paydesk.ui.widgets.fitted_hint import FittedHint

#: Text colour and sign of each check result: readable without colour too.
RESULT_STYLE: dict[Outcome, tuple[str, str]] = {
    Outcome.ACCEPTED: ("#1b7a35", "✓"),
    Outcome.REFUSED: (ERROR_COLOR, "✗"),
    Outcome.INVALID: (ERROR_COLOR, "✗"),
    Outcome.UNREACHABLE: ("#8a5300", "⚠"),
    Outcome.FAILED: ("#8a5300", "⚠"),
}
STORED_PLACEHOLDER = "•••••••• stored in the keychain — type to replace"
NOT_SET_PLACEHOLDER = "not set"


class ServiceSection(QGroupBox):
    def __init__(
        self, settings: Settings, store: SecretStore, field_errors: FieldErrors,
        pool: QThreadPool, *, demo: bool, account_in_use: bool,
    ) -> None:
        super().__init__(tr("Service"))
        self._settings = settings
        self._account_in_use = account_in_use and not demo
        self._store = store
        self._pool = pool
        self._demo = demo
        self._secret_task: Task | None = None
        #: The last "Test connection" outcome (None before the first one finishes).
        self.check_result: ConnectionResult | None = None
        self._parked_focus: QWidget | None = None
        self.checker = ConnectionChecker(pool, self)
        self.checker.started.connect(self._on_check_started)
        self.checker.finished.connect(self._on_check_finished)
        self._build(field_errors)

    def _build(self, field_errors: FieldErrors) -> None:
        form = make_form(self)
        if self._demo:
            self.fixed_note = note_label(
                tr("Fixed in the demo: it pays into the built-in sandbox, which has an "
                   "address, client ID and key of its own."), name="demo_fixed_note", wrap=True)
            form.addRow(self.fixed_note)
        self.base_url_edit = QLineEdit()
        self.base_url_edit.setPlaceholderText("https://pay.example.com")
        self.client_id_edit = QLineEdit()
        self.client_id_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression("[0-9]{0,18}"), self.client_id_edit)
        )
        self.client_id_edit.setPlaceholderText(tr("a number, from your payment service"))
        self.secret_edit = QLineEdit()
        self.secret_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret_hint = FittedHint(self.secret_edit, [""])
        self.show_secret_button = QPushButton(tr("Show"))
        self.show_secret_button.setCheckable(True)
        self.show_secret_button.setAutoDefault(False)
        self.show_secret_button.toggled.connect(self._on_show_secret)
        secret_row = QHBoxLayout()
        secret_row.setContentsMargins(0, 0, 0, 0)
        secret_row.addWidget(self.secret_edit, 1)
        secret_row.addWidget(self.show_secret_button)
        self.test_button = QPushButton(tr("Test connection"))
        self.test_button.setAutoDefault(False)
        self.test_button.clicked.connect(self.test_connection)
        self.check_label = MessageLabel()
        self.check_label.setVisible(False)
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button)
        test_row.addStretch(1)
        test_column = QVBoxLayout()
        test_column.setContentsMargins(0, 0, 0, 0)
        test_column.setSpacing(4)
        test_column.addLayout(test_row)
        test_column.addWidget(self.check_label)

        field_errors.add(form, "base_url", tr("Service &address:"), self.base_url_edit)
        # The order book in use belongs to the account it was opened for: another
        # account starts with the next start (core/runtime.py keeps the old one until then).
        client_row = None
        if waits_for_restart("client_id", book_open=self._account_in_use, demo=self._demo):
            client_row = QHBoxLayout()
            client_row.setContentsMargins(0, 0, 0, 0)
            client_row.addWidget(self.client_id_edit, 1)
            client_row.addWidget(restart_note("client_id", book_open=True))
        field_errors.add(form, "client_id", tr("&Client ID:"), self.client_id_edit, client_row)
        field_errors.add(form, "secret", tr("Secret &key:"), self.secret_edit, secret_row)
        form.addRow("", column_widget(test_column))
        self._build_file_choice(form)
        if self._demo:  # the address and the client ID: held by the dialog, as declared
            self.secret_edit.setEnabled(False)
            self.show_secret_button.setEnabled(False)
        for edit in (self.base_url_edit, self.client_id_edit, self.secret_edit):
            edit.textEdited.connect(self.forget_check_result)
        set_name(self.show_secret_button, tr("Show the secret key"))
        set_name(self.test_button, tr("Test connection"))
        set_name(self.check_label, tr("Connection test result"))

    def _build_file_choice(self, form: Any) -> None:
        """Where there is no keychain: keeping the key in a file, as a choice said plainly.
        Hidden until the keychain is found missing (look_up_stored_secret, or a save)."""
        self.file_choice = QCheckBox()
        self.file_warning = note_label("", name="no_keychain_warning", wrap=True)
        self.file_warning.setStyleSheet("color: #8a5300;")
        self.name_book_password(False)
        box = QVBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(4)
        box.addWidget(self.file_warning)
        box.addWidget(self.file_choice)
        self.file_choice_row = column_widget(box)
        self.file_choice_row.setVisible(False)
        form.addRow("", self.file_choice_row)

    def name_book_password(self, shared: bool) -> None:
        """The file keeps the shared order book's password too: said when there is one."""
        path = str(self._store.secret_file)
        if shared:
            choice = tr("Keep them in a file on this computer")  # the warning says what
            described = tr("Keep the secret key and the order book's password in a file on "
                           "this computer")
            warning = tr(
                "This computer has no keychain to keep the secret key and the order book's "
                "password safe. PayDesk can keep them in a file instead: {0}. Only this user "
                "account can read the file (mode 0600), but anyone who can sign in as this "
                "user, or read this user's files or backups, can read them.").format(path)
        else:
            choice = described = tr("Keep the secret key in a file on this computer")
            warning = tr(
                "This computer has no keychain to keep the secret key safe. PayDesk can keep "
                "it in a file instead: {0}. Only this user account can read the file "
                "(mode 0600), but anyone who can sign in as this user, or read this user's "
                "files or backups, can read the key.").format(path)
        self.file_choice.setText(choice)
        set_name(self.file_choice, described)
        self.file_warning.setText(warning)

    def offer_file(self) -> None:
        """No keychain here: show the file choice (the person ticks it to use it)."""
        if not self._demo and not self._store.uses_file:
            self.file_choice_row.setVisible(True)

    @property
    def keeps_key_in_file(self) -> bool:
        """The key goes to the file: chosen here, or so already."""
        return self._store.uses_file or (
            self.file_choice_row.isVisibleTo(self) and self.file_choice.isChecked()
        )

    def load(self, settings: Settings) -> None:
        self.base_url_edit.setText(settings.base_url)
        self.client_id_edit.setText("" if settings.client_id is None else str(settings.client_id))
        if self._demo:
            self.secret_hint.set_wordings([tr("the sandbox's own key")])
        else:
            self.secret_hint.set_wordings([tr("checking the keychain…")])

    # -- the stored key -------------------------------------------------------------

    def look_up_stored_secret(self) -> None:
        """Whether a key is stored decides the placeholder; a keychain may be slow to answer."""
        client_id = self._settings.client_id
        if self._demo:
            return
        if client_id is None:
            self._look_for_a_keychain()
            return
        store = self._store

        def look_up() -> bool | NoKeychainError | None:
            if not store.has_keychain():
                return NoKeychainError()
            try:
                return bool(store.get(client_id))
            except SecretStoreError:
                return None

        self._secret_task = run_task(self._pool, look_up, self._on_stored_secret)

    def _look_for_a_keychain(self) -> None:
        """Before the first key is typed: whether there is a keychain to keep it."""
        store = self._store

        def look() -> bool | NoKeychainError:
            return False if store.has_keychain() else NoKeychainError()  # no key stored yet

        # A method of the section, not a lambda: Qt drops it if the dialog is gone first.
        self._secret_task = run_task(self._pool, look, self._on_stored_secret)

    def _on_stored_secret(self, stored: bool | NoKeychainError | None) -> None:
        self._secret_task = None
        if isinstance(stored, NoKeychainError):
            self.offer_file()
            text = tr("no keychain on this computer — see below")
        elif stored is None:
            text = tr("the keychain cannot be read — type the key to store it")
        elif stored:
            whole = tr(STORED_PLACEHOLDER)
            if self._store.source != "keychain":
                whole = tr("•••••••• set ({where}) — type to replace").format(
                    where=key_source_words(self._store))
            # Shorter where the field is narrow; where the key is kept is in the tooltip.
            self.secret_hint.set_wordings(
                [whole, tr("•••••••• set — type to replace"), tr("•••••••• set")])
            return
        else:
            text = tr(NOT_SET_PLACEHOLDER)
        self.secret_hint.set_wordings([text])

    def _on_show_secret(self, shown: bool) -> None:
        mode = QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password
        self.secret_edit.setEchoMode(mode)
        self.show_secret_button.setText(tr("Hide") if shown else tr("Show"))

    # -- test connection ----------------------------------------------------------

    def test_connection(self) -> None:
        """Check the values as typed, in a worker: the window stays usable meanwhile."""
        self.forget_check_result()
        text = self.client_id_edit.text().strip()
        client_id = int(text) if text.isdigit() else None
        if self._demo:
            call = partial(check_with_store, self._settings.base_url, self._settings.client_id,
                           DEMO_SECRET_KEY, None)
        else:
            call = partial(check_with_store, self.base_url_edit.text().strip(), client_id,
                           self.secret_edit.text(), self._store)
        self.checker.start(call)

    def _on_check_started(self) -> None:
        had_focus = self.test_button.hasFocus()
        self.test_button.setEnabled(False)
        # Disabling the focused button pushes focus on to the next field; it comes
        # back with the result unless the person has moved on meanwhile.
        self._parked_focus = self.window().focusWidget() if had_focus else None
        self.check_label.setStyleSheet("")
        self.check_label.setText(tr("Checking…"))
        self.check_label.setVisible(True)

    def _on_check_finished(self, result: ConnectionResult) -> None:
        self.test_button.setEnabled(True)
        if self._parked_focus is not None and self.window().focusWidget() is self._parked_focus:
            self.test_button.setFocus()
        self._parked_focus = None
        color, sign = RESULT_STYLE[result.outcome]
        self.check_label.setStyleSheet(f"color: {color};")
        self.check_label.setText(f"{sign} {result.message}")
        self.check_label.setVisible(True)
        self.check_result = result

    def forget_check_result(self, *_: Any) -> None:
        """A result is about the values it was run with; an edit makes it stale."""
        if not self.checker.busy:
            self.check_label.setVisible(False)
            self.check_label.clear()

    # -- saving -------------------------------------------------------------------

    def values(self, *, book_password_typed: bool = False) -> dict[str, Any]:
        """The address and the client ID as typed; FieldError when they cannot be saved.
        Nothing in the demo: its account is the sandbox's. ``book_password_typed``: the
        shared book's password was typed, which the file chosen keeps too."""
        if self._demo:
            return {}
        base_url = self.base_url_edit.text().strip()
        if base_url:
            problem = address_problem(base_url)
            if problem:
                raise FieldError("base_url", problem)
        text = self.client_id_edit.text().strip()
        client_id = int(text) if text else None
        secret = self.secret_edit.text()
        if client_id is None and base_url:
            raise FieldError("client_id", tr("Enter the client ID your payment service gave you."))
        if client_id is None and secret:
            raise FieldError("client_id", tr("Enter the client ID: the key is stored under it."))
        if client_id is not None and client_id <= 0:
            raise FieldError("client_id",
                             failure_text(Failure(FailureCode.CLIENT_ID_NOT_POSITIVE)))
        if secret and secret != secret.strip():
            raise FieldError("secret", tr("The secret key cannot start or end with a space."))
        values: dict[str, Any] = {"base_url": base_url, "client_id": client_id}
        if self.keeps_key_in_file and not self._store.uses_file:
            if not secret and not book_password_typed:
                raise FieldError("secret", tr("Type the secret key to keep it in the file."))
            values["secret_storage"] = "file"
        return values

    def new_secret(self) -> str:
        """The key typed to be stored ("" keeps the stored one; never one in the demo)."""
        return "" if self._demo else self.secret_edit.text()


def key_source_words(store: SecretStore) -> str:
    """Where the key is read from, in the window's language (SecretStore.source)."""
    if store.source == "environment":
        return tr("the environment variable {0}").format(SECRET_ENV)
    return tr("a plaintext file, {0}").format(str(store.secret_file))


def secret_error(error: SecretStoreError) -> FieldError:
    """Why the key could not be stored, under its field."""
    if isinstance(error, NoKeychainError):
        return FieldError("secret", tr(
            "This computer has no keychain, so the secret key cannot be stored there. "
            "Start a keychain service (such as GNOME Keyring or KWallet) and save again, or "
            "choose below to keep the key in a file."
        ))
    return FieldError("secret", problem_text(error))
