"""The settings window: the service account, how eagerly to check orders, the counter.

Values are checked the way the core checks them (``Settings.with_changes`` and
the gateway's address rule), and a problem is shown under the field it concerns,
with the dialog left open. The secret key goes to the secret store only, never
into :class:`Settings`; an empty secret field keeps the stored key.
"""

from __future__ import annotations

from functools import partial
from itertools import pairwise
from typing import Any

from PySide6.QtCore import QEvent, QRegularExpression, QThreadPool
from PySide6.QtGui import QPalette, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.demo import DEMO_SECRET_KEY
from paydesk.core.settings import _BOUNDS, Settings, SettingsError
from paydesk.support.secret_store import NoKeychainError, SecretStore, SecretStoreError
from paydesk.ui.payment.screens import available_screens, find_screen
from paydesk.ui.settings.connection_check import (
    ConnectionChecker,
    ConnectionResult,
    Outcome,
    address_problem,
    check_with_store,
)
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.messages import problem_text
from paydesk.ui.shell.tasks import Task, run_task
from paydesk.ui.widgets.field_errors import (
    ERROR_COLOR,
    FieldError,
    FieldErrors,
    MessageLabel,
    column_widget,
    fit_height,
    make_form,
)

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


class SettingsDialog(QDialog):
    """Edits a copy of the settings; ``result_settings()`` after it was saved."""

    def __init__(
        self,
        settings: Settings,
        secret_store: SecretStore,
        *,
        pool: QThreadPool | None = None,
        demo: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._store = secret_store
        self._demo = demo
        self._pool = pool or QThreadPool.globalInstance()
        self._result: Settings | None = None
        self._secret_saved = False
        #: Each field by name with the red line under it for its error.
        self.field_errors = FieldErrors()
        self._secret_task: Task | None = None
        self._saving_task: Task | None = None
        #: The last "Test connection" outcome (None before the first one finishes).
        self.check_result: ConnectionResult | None = None
        self._parked_focus: QWidget | None = None
        self._fitted_height: int | None = None
        self._checker = ConnectionChecker(self._pool, self)
        self._checker.started.connect(self._on_check_started)
        self._checker.finished.connect(self._on_check_finished)

        self.setWindowTitle(tr("PayDesk settings"))
        layout = QVBoxLayout(self)
        layout.addWidget(self._service_group())
        layout.addWidget(self._counter_group())
        layout.addWidget(self._polling_group())
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setDefault(True)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(560)
        self._set_tab_order()
        self._load(settings)
        (self.merchant_edit if demo else self.base_url_edit).setFocus()
        self._look_up_stored_secret()

    # -- public API ---------------------------------------------------------------

    def result_settings(self) -> Settings:
        """The saved settings; only after the dialog was accepted."""
        if self._result is None:
            raise RuntimeError("the settings dialog was not saved")
        return self._result

    @property
    def secret_saved(self) -> bool:
        """True when a new secret key was stored: the payment client must be rebuilt."""
        return self._secret_saved

    @property
    def saving(self) -> bool:
        """True while the new secret key is on its way to the keychain."""
        return self._saving_task is not None

    @property
    def checking(self) -> bool:
        return self._checker.busy

    # -- building -----------------------------------------------------------------

    def _service_group(self) -> QGroupBox:
        box = QGroupBox(tr("Service"))
        form = make_form(box)
        if self._demo:
            note = QLabel(tr("Demo mode uses the built-in sandbox."))
            note.setWordWrap(True)
            form.addRow(note)
        self.base_url_edit = QLineEdit()
        self.base_url_edit.setPlaceholderText("https://pay.example.com")
        self.client_id_edit = QLineEdit()
        self.client_id_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression("[0-9]{0,18}"), self.client_id_edit)
        )
        self.client_id_edit.setPlaceholderText(tr("a number, from your payment service"))
        self.secret_edit = QLineEdit()
        self.secret_edit.setEchoMode(QLineEdit.EchoMode.Password)
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

        self.field_errors.add(form, "base_url", tr("Service &address:"), self.base_url_edit)
        self.field_errors.add(form, "client_id", tr("&Client ID:"), self.client_id_edit)
        self.field_errors.add(form, "secret", tr("Secret &key:"), self.secret_edit, secret_row)
        form.addRow("", column_widget(test_column))
        if self._demo:
            for edit in (self.base_url_edit, self.client_id_edit):
                edit.setReadOnly(True)
                _look_read_only(edit)
            self.secret_edit.setEnabled(False)
            self.show_secret_button.setEnabled(False)
        for edit in (self.base_url_edit, self.client_id_edit, self.secret_edit):
            edit.textEdited.connect(self._forget_check_result)
        _name(self.show_secret_button, tr("Show the secret key"))
        _name(self.test_button, tr("Test connection"))
        _name(self.check_label, tr("Connection test result"))
        return box

    def _counter_group(self) -> QGroupBox:
        box = QGroupBox(tr("Counter"))
        form = make_form(box)
        self.merchant_edit = QLineEdit()
        self.merchant_edit.setMaxLength(100)
        self.merchant_edit.setPlaceholderText(tr("your shop's name"))
        self.sound_check = QCheckBox(tr("Play a sound when an order is paid"))
        self.field_errors.add(form, "merchant_name", tr("&Merchant name:"), self.merchant_edit)
        form.addRow("", self.sound_check)
        _name(self.sound_check, tr("Play a sound when an order is paid"))
        self.language_combo = QComboBox()
        # Each language in its own words: findable by someone who cannot read the other.
        for code, label in (("system", tr("System")), ("en", "English"), ("ru", "Русский")):
            self.language_combo.addItem(label, code)
        language_note = QLabel(tr("takes effect after restart"))
        language_note.setStyleSheet("color: #5f6368;")
        language_row = QHBoxLayout()
        language_row.setContentsMargins(0, 0, 0, 0)
        language_row.addWidget(self.language_combo)
        language_row.addWidget(language_note, 1)
        self.field_errors.add(form, "language", tr("&Language:"), self.language_combo,
                              language_row)
        self.display_combo = QComboBox()
        self.display_combo.addItem(tr("A window on this screen"), "")
        for label, _screen in available_screens():
            self.display_combo.addItem(label, label)
        self.field_errors.add(form, "display_screen", tr("Customer &display:"),
                              self.display_combo)
        return box

    def _polling_group(self) -> QGroupBox:
        box = QGroupBox(tr("Polling"))
        form = make_form(box)
        self.focus_spin = _seconds_spin("focus_interval_seconds", decimals=1, step=0.5)
        self.backoff_start_spin = _seconds_spin("backoff_start_seconds", decimals=1)
        self.backoff_max_spin = _seconds_spin("backoff_max_seconds")
        self.in_flight_spin = QSpinBox()
        low, high = _BOUNDS["max_in_flight"]
        self.in_flight_spin.setRange(int(low), int(high))
        self.lifetime_spin = QDoubleSpinBox()
        low, high = _BOUNDS["order_lifetime_seconds"]
        self.lifetime_spin.setRange(low / 60, high / 60)
        self.lifetime_spin.setDecimals(1)
        self.lifetime_spin.setSuffix(tr(" min"))
        rows: list[tuple[str, str, QAbstractSpinBox]] = [
            ("focus_interval_seconds", tr("Check the order on screen every:"), self.focus_spin),
            ("backoff_start_seconds", tr("Check other pending orders after:"),
             self.backoff_start_spin),
            ("backoff_max_seconds", tr("…slowing down to at most every:"), self.backoff_max_spin),
            ("max_in_flight", tr("Requests in flight at most:"), self.in_flight_spin),
            ("order_lifetime_seconds", tr("Orders expire after:"), self.lifetime_spin),
        ]
        for field, label, spin in rows:
            spin.setMinimumWidth(110)
            self.field_errors.add(form, field, label, spin)
        return box

    def _set_tab_order(self) -> None:
        chain: list[QWidget] = [
            self.base_url_edit, self.client_id_edit, self.secret_edit, self.show_secret_button,
            self.test_button, self.merchant_edit, self.sound_check, self.language_combo,
            self.display_combo,
            self.focus_spin, self.backoff_start_spin, self.backoff_max_spin,
            self.in_flight_spin, self.lifetime_spin, self.save_button,
            self.buttons.button(QDialogButtonBox.StandardButton.Cancel),
        ]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _load(self, settings: Settings) -> None:
        self.base_url_edit.setText(settings.base_url)
        self.client_id_edit.setText("" if settings.client_id is None else str(settings.client_id))
        self.merchant_edit.setText(settings.merchant_name)
        self.sound_check.setChecked(settings.sound)
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(settings.language)))
        self._load_display_screen(settings.display_screen)
        self.focus_spin.setValue(settings.focus_interval_seconds)
        self.backoff_start_spin.setValue(settings.backoff_start_seconds)
        self.backoff_max_spin.setValue(settings.backoff_max_seconds)
        self.in_flight_spin.setValue(settings.max_in_flight)
        self.lifetime_spin.setValue(settings.order_lifetime_seconds / 60)
        if self._demo:
            self.secret_edit.setPlaceholderText(tr("the sandbox's own key"))
        else:
            self.secret_edit.setPlaceholderText(tr("checking the keychain…"))

    def _look_up_stored_secret(self) -> None:
        """Whether a key is stored decides the placeholder; a keychain may be slow to answer."""
        client_id = self._settings.client_id
        if self._demo:
            return
        if client_id is None:
            self._on_stored_secret(False)
            return
        store = self._store

        def look_up() -> bool | None:
            try:
                return bool(store.get(client_id))
            except SecretStoreError:
                return None

        self._secret_task = run_task(self._pool, look_up, self._on_stored_secret)

    def _on_stored_secret(self, stored: bool | None) -> None:
        self._secret_task = None
        if stored is None:
            text = tr("the keychain cannot be read — type the key to store it")
        elif stored:
            text = tr(STORED_PLACEHOLDER)
            if not self._store.describe().startswith("OS keychain"):
                text = tr("•••••••• set ({where}) — type to replace").format(
                    where=self._store.describe()
                )
        else:
            text = tr(NOT_SET_PLACEHOLDER)
        self.secret_edit.setPlaceholderText(text)

    # -- test connection ----------------------------------------------------------

    def test_connection(self) -> None:
        """Check the values as typed, in a worker: the window stays usable meanwhile."""
        self._forget_check_result()
        text = self.client_id_edit.text().strip()
        client_id = int(text) if text.isdigit() else None
        if self._demo:
            call = partial(check_with_store, self._settings.base_url, self._settings.client_id,
                           DEMO_SECRET_KEY, None)
        else:
            call = partial(check_with_store, self.base_url_edit.text().strip(), client_id,
                           self.secret_edit.text(), self._store)
        self._checker.start(call)

    def _on_check_started(self) -> None:
        had_focus = self.test_button.hasFocus()
        self.test_button.setEnabled(False)
        # Disabling the focused button pushes focus on to the next field; it comes
        # back with the result unless the person has moved on meanwhile.
        self._parked_focus = self.focusWidget() if had_focus else None
        self.check_label.setStyleSheet("")
        self.check_label.setText(tr("Checking…"))
        self.check_label.setVisible(True)

    def _on_check_finished(self, result: ConnectionResult) -> None:
        self.test_button.setEnabled(True)
        if self._parked_focus is not None and self.focusWidget() is self._parked_focus:
            self.test_button.setFocus()
        self._parked_focus = None
        color, sign = RESULT_STYLE[result.outcome]
        self.check_label.setStyleSheet(f"color: {color};")
        self.check_label.setText(f"{sign} {result.message}")
        self.check_label.setVisible(True)
        self.check_result = result

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:  # a message came or went
            self._fitted_height = fit_height(self, self._fitted_height)
        return handled

    def _forget_check_result(self, *_: Any) -> None:
        """A result is about the values it was run with; an edit makes it stale."""
        if not self._checker.busy:
            self.check_label.setVisible(False)
            self.check_label.clear()

    def _on_show_secret(self, shown: bool) -> None:
        mode = QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password
        self.secret_edit.setEchoMode(mode)
        self.show_secret_button.setText(tr("Hide") if shown else tr("Show"))

    # -- saving -------------------------------------------------------------------

    def accept(self) -> None:
        """Save only what is valid; otherwise say what is wrong, where, and stay open.

        A new secret key goes to the keychain in a worker (a keychain may first ask
        to be unlocked); the dialog closes once it is stored, or says why not.
        """
        if self.saving:
            return
        self.field_errors.clear()
        try:
            settings = self._collect()
        except FieldError as error:
            self.field_errors.show(error)
            return
        secret = self.secret_edit.text()
        if self._demo or not secret or settings.client_id is None:
            self._close_with(settings)
            return
        store, client_id = self._store, settings.client_id

        def store_secret() -> SecretStoreError | None:
            try:
                store.set(client_id, secret)
            except SecretStoreError as error:
                return error
            return None

        self.save_button.setEnabled(False)
        self._saving_task = run_task(
            self._pool, store_secret, lambda error: self._on_secret_stored(settings, error)
        )

    def _on_secret_stored(self, settings: Settings, error: SecretStoreError | None) -> None:
        self._saving_task = None
        self.save_button.setEnabled(True)
        if error is not None:
            self.field_errors.show(_secret_error(error))
            return
        self._secret_saved = True
        self._close_with(settings)

    def _close_with(self, settings: Settings) -> None:
        self._result = settings
        super().accept()

    def _load_display_screen(self, saved: str) -> None:
        """Select the saved screen; one that is unplugged now stays listed, marked."""
        if not saved:
            self.display_combo.setCurrentIndex(0)
            return
        screen = find_screen(saved)
        index = -1
        if screen is not None:
            index = next((i for i in range(self.display_combo.count())
                          if find_screen(self.display_combo.itemData(i) or "") is screen), -1)
        if index < 0:
            self.display_combo.addItem(tr("{0} (not connected)").format(saved), saved)
            index = self.display_combo.count() - 1
        self.display_combo.setCurrentIndex(index)

    def _collect(self) -> Settings:
        changes: dict[str, Any] = {
            "merchant_name": self.merchant_edit.text().strip(),
            "sound": self.sound_check.isChecked(),
            "language": self.language_combo.currentData(),
            "display_screen": self.display_combo.currentData() or "",
            "focus_interval_seconds": self.focus_spin.value(),
            "backoff_start_seconds": self.backoff_start_spin.value(),
            "backoff_max_seconds": self.backoff_max_spin.value(),
            "max_in_flight": self.in_flight_spin.value(),
            "order_lifetime_seconds": round(self.lifetime_spin.value() * 60),
        }
        if not self._demo:
            changes.update(self._service_values())
        if changes["backoff_max_seconds"] < changes["backoff_start_seconds"]:
            raise FieldError("backoff_max_seconds", tr(
                "This cannot be shorter than the first check of other orders ({start:g} s)."
            ).format(start=changes["backoff_start_seconds"]))
        try:
            return self._settings.with_changes(**changes)
        except SettingsError as error:
            raise _settings_error(str(error), self.field_errors.fields) from None

    def _service_values(self) -> dict[str, Any]:
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
            raise FieldError("client_id", tr("The client ID must be a number greater than zero."))
        if secret and secret != secret.strip():
            raise FieldError("secret", tr("The secret key cannot start or end with a space."))
        return {"base_url": base_url, "client_id": client_id}



def _secret_error(error: SecretStoreError) -> FieldError:
    """Why the key could not be stored, under its field."""
    if isinstance(error, NoKeychainError):
        return FieldError("secret", tr(
            "This computer has no keychain, so the secret key cannot be stored safely. "
            "Start a keychain service (such as GNOME Keyring or KWallet) and save again, or "
            "choose a plaintext file readable only by you: "
            "paydesk config set secret_storage file"
        ))
    return FieldError("secret", problem_text(error))


def _settings_error(message: str, fields: list[str]) -> FieldError:
    """A core SettingsError names the setting first; put it under that field."""
    field = next((name for name in fields if message.startswith(name)), "base_url")
    return FieldError(field, message)


def _seconds_spin(field: str, *, decimals: int = 0, step: float = 1.0) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    low, high = _BOUNDS[field]
    spin.setRange(low, high)
    spin.setDecimals(decimals)
    spin.setSingleStep(step)
    spin.setSuffix(tr(" s"))
    return spin


def _name(widget: QWidget, name: str) -> None:
    widget.setAccessibleName(name)


def _look_read_only(edit: QLineEdit) -> None:
    """A read-only field drawn like an editable one invites typing that does nothing."""
    palette = edit.palette()
    palette.setColor(QPalette.ColorRole.Base, palette.color(QPalette.ColorRole.Window))
    edit.setPalette(palette)
