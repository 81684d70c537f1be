"""The settings window: the service account, the counter, the order book and the till's
name, how eagerly to check orders.

One section each (service_section.py, counter_section.py, book_section.py). Values are checked the
way the core checks them (``Settings.with_changes`` and the gateway's address
rule), and a problem is shown under the field it concerns, with the dialog left
open; the core's errors are put in words by their code (texts.py). In the demo
the settings declared fixed in it (core/settings/values.py: the service account, the
order book) are shown, not edited, and their sections say so; everything else
is the demo's own to change.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, QThreadPool
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from paydesk.core.settings.values import DECLARED, Settings, SettingsError
from paydesk.core.shared_book.actions import password_account
from paydesk.support.secret_store import NoKeychainError, SecretStore, SecretStoreError
from paydesk.ui.printing.printer_jobs import PrinterJobs
from paydesk.ui.settings.book_password import book_password_error
from paydesk.ui.settings.book_section import BookSection
from paydesk.ui.settings.buyer_screen_section import BuyerScreenSection
from paydesk.ui.settings.connection_check import ConnectionResult
from paydesk.ui.settings.counter_section import CounterSection, PollingSection
from paydesk.ui.settings.printer_section import PrinterSection
from paydesk.ui.settings.rows import hold_fixed
from paydesk.ui.settings.service_section import (
    NOT_SET_PLACEHOLDER,
    STORED_PLACEHOLDER,
    ServiceSection,
    secret_error,
)
from paydesk.ui.settings.texts import field_text
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.tasks import Task, run_task
from paydesk.ui.shell.window_size import ScreenFit
from paydesk.ui.widgets.field_errors import FieldError, FieldErrors, fit_height
from paydesk.ui.widgets.scroll_column import ScrollColumn
from paydesk.ui.widgets.wheel_guard import guard_wheel

if TYPE_CHECKING:
    from PySide6.QtGui import QShowEvent

    from paydesk.ui.payment.web_screen import WebScreenLink

__all__ = ["NOT_SET_PLACEHOLDER", "STORED_PLACEHOLDER", "SettingsDialog"]


@dataclass
class Stored:
    """What the worker stored of what was typed, and what refused the rest."""

    secret: bool = False
    book_password: bool = False
    error: SecretStoreError | None = None
    #: Whether ``error`` refused the secret key (else the book's password).
    key_refused: bool = False


class SettingsDialog(QDialog):
    """Edits a copy of the settings; ``result_settings()`` after it was saved.

    ``account_in_use``: the running window has an order book open for the client
    ID shown, so another account, order book or till name takes effect after a
    restart (their rows say so); at the first start nothing is open yet.
    """

    #: Keeps the dialog on its screen (made at the end of __init__).
    screen_fit: ScreenFit | None = None

    def __init__(
        self,
        settings: Settings,
        secret_store: SecretStore,
        *,
        pool: QThreadPool | None = None,
        demo: bool = False,
        account_in_use: bool = False,
        parent: QWidget | None = None,
        web_screen: WebScreenLink | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._store = secret_store
        self._demo = demo
        self._pool = pool or QThreadPool.globalInstance()
        self._result: Settings | None = None
        self._secret_saved = False
        self._book_password_saved = False
        #: Each field by name with the red line under it for its error.
        self.field_errors = FieldErrors()
        self._saving_task: Task | None = None
        self._fitted_height: int | None = None
        #: The section scrolled into sight as the dialog shows (show_buyer_screen).
        self._shown_first: BuyerScreenSection | None = None

        self.setWindowTitle(tr("PayDesk settings"))
        layout = QVBoxLayout(self)
        sections = QWidget()
        column = QVBoxLayout(sections)
        column.setContentsMargins(0, 0, 0, 0)
        self.service_section = ServiceSection(
            settings, secret_store, self.field_errors, self._pool,
            demo=demo, account_in_use=account_in_use,
        )
        self.counter_section = CounterSection(self.field_errors, demo=demo)
        self.book_section = BookSection(self.field_errors, secret_store, self._pool, demo=demo,
                                        in_use=account_in_use)
        # Where there is no keychain, the file offered keeps the book's password too.
        self.book_section.shared_changed.connect(self.service_section.name_book_password)
        self.polling_section = PollingSection(self.field_errors, demo=demo)
        # The test page prints with what is typed here, saved or not.
        self.printer_section = PrinterSection(
            self.field_errors, PrinterJobs(lambda: settings, self._pool, parent=self))
        # The buyer's screen on a tablet or phone: pairs and lists devices of the running page.
        self.buyer_screen_section = BuyerScreenSection(self.field_errors, web_screen)
        for section in (self.service_section, self.counter_section, self.book_section,
                        self.printer_section, self.buyer_screen_section, self.polling_section):
            column.addWidget(section)
        # On a screen too short for them the sections scroll; Save and Cancel stay in sight.
        self.sections = ScrollColumn(sections)
        # A wheel scrolls the sections; it changes no choice it passes over.
        self.wheel_guard = guard_wheel(sections)
        layout.addWidget(self.sections, 1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setDefault(True)
        layout.addWidget(self.buttons)
        self.sections.setMinimumWidth(540)
        self._name_fields()
        self._set_tab_order()
        self.service_section.load(settings)
        self.counter_section.load(settings)
        self.book_section.load(settings)
        self.polling_section.load(settings)
        self.printer_section.load(settings)
        self.buyer_screen_section.load(settings)
        if demo:
            self._hold_fixed()
        (self.merchant_edit if demo else self.base_url_edit).setFocus()
        self.service_section.look_up_stored_secret()
        fit = self.screen_fit = ScreenFit(self)
        # As narrow as it may be (its notes wrap), as tall as it needs, within the screen
        # (fit_height makes it exact once shown, when the notes know their width).
        self.resize(QSize(self.minimumSizeHint().width(),
                          self.sizeHint().height()).boundedTo(fit.room().size()))

    def _name_fields(self) -> None:
        """The sections' fields, by the names the window's code and its tests use."""
        service, counter, polling = (
            self.service_section, self.counter_section, self.polling_section)
        self.base_url_edit, self.client_id_edit = service.base_url_edit, service.client_id_edit
        self.secret_edit, self.show_secret_button = service.secret_edit, service.show_secret_button
        self.test_button, self.check_label = service.test_button, service.check_label
        self.merchant_edit, self.sound_check = counter.merchant_edit, counter.sound_check
        self.language_combo, self.display_combo = counter.language_combo, counter.display_combo
        self.order_book_edit = self.book_section.order_book_edit
        self.book_password_edit = self.book_section.book_password_edit
        self.till_edit = self.book_section.till_edit
        self.focus_spin = polling.focus_spin
        self.backoff_start_spin = polling.backoff_start_spin
        self.backoff_max_spin = polling.backoff_max_spin
        self.in_flight_spin, self.lifetime_spin = polling.in_flight_spin, polling.lifetime_spin

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
    def book_password_saved(self) -> bool:
        """True when the shared book's password was stored: the book can be tried again."""
        return self._book_password_saved

    @property
    def saving(self) -> bool:
        """True while a new secret key or password is on its way to the keychain."""
        return self._saving_task is not None

    @property
    def checking(self) -> bool:
        return self.service_section.checker.busy

    @property
    def check_result(self) -> ConnectionResult | None:
        """The last "Test connection" outcome (None before the first one finishes)."""
        return self.service_section.check_result

    def test_connection(self) -> None:
        self.service_section.test_connection()

    def show_buyer_screen(self) -> None:
        """Opened to pair a tablet or phone: the buyer's screen section in sight as the
        dialog shows, its first step focused (serve the page, or add a device)."""
        self._shown_first = self.buyer_screen_section

    # -- building -----------------------------------------------------------------

    def setting_inputs(self) -> dict[str, QWidget]:
        """The field of each setting, by the setting's name."""
        inputs = {name: self.field_errors.input(name) for name in self.field_errors.fields
                  if name in DECLARED}
        return {**inputs, "sound": self.sound_check,
                "secret_storage": self.service_section.file_choice,
                "printer_receipts": self.printer_section.receipts_check,
                "shifts": self.counter_section.shifts_check}

    def _hold_fixed(self) -> None:
        """The demo's fields of the settings declared fixed in it: shown, not edited."""
        for name, field in self.setting_inputs().items():
            if DECLARED[name].fixed_in_demo:
                hold_fixed(field)

    def _set_tab_order(self) -> None:
        chain: list[QWidget] = [
            self.base_url_edit, self.client_id_edit, self.secret_edit, self.show_secret_button,
            self.test_button, self.service_section.file_choice, self.merchant_edit,
            self.sound_check, self.language_combo,
            self.display_combo, self.counter_section.shifts_check,
            self.counter_section.lock_spin, self.order_book_edit, self.book_password_edit,
            self.till_edit,
            self.printer_section.address_edit, self.printer_section.paper_combo,
            self.printer_section.code_page_combo, self.printer_section.receipts_check,
            self.printer_section.test_button, self.buyer_screen_section.mode_combo,
            self.buyer_screen_section.port_spin, self.buyer_screen_section.pair_name_edit,
            self.buyer_screen_section.pair_button, self.buyer_screen_section.device_list,
            self.buyer_screen_section.device_name_edit, self.buyer_screen_section.rename_button,
            self.buyer_screen_section.remove_button,
            self.focus_spin, self.backoff_start_spin,
            self.backoff_max_spin, self.in_flight_spin, self.lifetime_spin, self.save_button,
            self.buttons.button(QDialogButtonBox.StandardButton.Cancel),
        ]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        section = self._shown_first
        if section is None:
            return
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.sections.ensureWidgetVisible(section, 0, 0)
        pair = section.pair_button
        (pair if pair.isVisible() and pair.isEnabled() else section.mode_combo).setFocus()

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        fit = self.screen_fit
        if fit is None:  # __init__ is still running
            return handled
        fit.seen(event)
        if event.type() == QEvent.Type.LayoutRequest:  # a message came or went
            fitted = fit_height(self, self._fitted_height, most=fit.room().height())
            if fitted != self._fitted_height and self.isVisible():
                fit.keep_on_screen()  # taller: its bottom may be past the screen's edge
            self._fitted_height = fitted
        return handled

    # -- saving -------------------------------------------------------------------

    def accept(self) -> None:
        """Save only what is valid; otherwise say what is wrong, where, and stay open.

        A new secret key and the shared book's password go to the keychain (or the file
        chosen) in a worker (a keychain may first ask to be unlocked); the dialog closes
        once they are stored, or says why not under the field of the one refused.
        """
        if self.saving:
            return
        self.field_errors.clear()
        try:
            settings = self._collect()
        except FieldError as error:
            self._show_error(error)
            return
        secret = self.service_section.new_secret() if settings.client_id is not None else ""
        book_password = self.book_section.new_password()
        if not secret and not book_password:
            self._close_with(settings)
            return
        store, client_id = self._store, settings.client_id
        if settings.secret_storage == "file" and not store.uses_file:
            store = store.in_file()  # chosen here: no keychain on this computer
        book_user = password_account(settings.order_book) if book_password else ""

        def store_secrets() -> Stored:
            stored = Stored()
            try:
                if secret and client_id is not None:
                    stored.key_refused = True  # until it is kept
                    store.set(client_id, secret)
                    stored.secret, stored.key_refused = True, False
                if book_password:
                    store.set_book_password(book_user, book_password)
                    stored.book_password = True
            except SecretStoreError as error:
                stored.error = error
            return stored

        self.save_button.setEnabled(False)
        self._saving_task = run_task(
            self._pool, store_secrets, lambda stored: self._on_secrets_stored(settings, stored)
        )

    def _on_secrets_stored(self, settings: Settings, stored: Stored) -> None:
        self._saving_task = None
        self.save_button.setEnabled(True)
        self._secret_saved = self._secret_saved or stored.secret
        self._book_password_saved = self._book_password_saved or stored.book_password
        error = stored.error
        if error is not None:
            if isinstance(error, NoKeychainError):
                self.service_section.offer_file()
            self._show_error(secret_error(error) if stored.key_refused
                             else book_password_error(error))
            return
        self._close_with(settings)

    def _show_error(self, error: FieldError) -> None:
        """Under its field, scrolled into sight with the line under it (the field's
        column holds both; a line edit alone would be scrolled to its cursor only)."""
        self.field_errors.show(error)
        field = self.field_errors.input(error.field)
        column = field.parentWidget()
        self.sections.ensureWidgetVisible(column or field, 0, field.height())

    def _close_with(self, settings: Settings) -> None:
        self._result = settings
        super().accept()

    def _collect(self) -> Settings:
        changes = {
            **self.counter_section.values(),
            **self.book_section.values(),
            **self.polling_section.values(),
            **self.printer_section.values(),
            **self.buyer_screen_section.values(),
            **self.service_section.values(
                book_password_typed=bool(self.book_section.new_password())),
        }
        if self._demo:  # what the demo holds is not the person's to set
            changes = {name: value for name, value in changes.items()
                       if not DECLARED[name].fixed_in_demo}
        try:
            return self._settings.with_changes(**changes)
        except SettingsError as error:
            fields = self.field_errors.fields
            field = error.setting if error.setting in fields else fields[0]
            raise FieldError(field, field_text(error)) from None
