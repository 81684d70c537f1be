"""The settings window's "Counter" and "Polling" sections: the shop's name, the
sound, the language, the buyer's screen; how eagerly orders are checked.

All of them apply to the running window as soon as they are saved, except the
language: the window's texts are chosen as it starts, so its row says
"takes effect after restart" (as its declaration in core/settings/values.py says). In the
demo the order lifetime is the sandbox's too. The spin boxes' ranges are the
settings' declared bounds.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
)

from paydesk.core.settings.values import Settings
from paydesk.ui.payment.monitors import available_screens, find_screen
from paydesk.ui.settings.rows import (
    bounds,
    note_label,
    restart_note,
    seconds_spin,
    set_name,
    with_note,
)
from paydesk.ui.shell.formatting import tr
from paydesk.ui.widgets.field_errors import FieldErrors, make_form


class CounterSection(QGroupBox):
    def __init__(self, field_errors: FieldErrors, *, demo: bool = False) -> None:
        super().__init__(tr("Counter"))
        form = make_form(self)
        self.merchant_edit = QLineEdit()
        self.merchant_edit.setMaxLength(100)
        self.merchant_edit.setPlaceholderText(tr("your shop's name"))
        self.sound_check = QCheckBox(tr("Play a sound when an order is paid"))
        field_errors.add(form, "merchant_name", tr("&Merchant name:"), self.merchant_edit)
        form.addRow("", self.sound_check)
        set_name(self.sound_check, tr("Play a sound when an order is paid"))
        self.language_combo = QComboBox()
        # Each language in its own words: findable by someone who cannot read the other.
        for code, label in (("system", tr("System")), ("en", "English"), ("ru", "Русский")):
            self.language_combo.addItem(label, code)
        self.language_note = restart_note("language", demo=demo)
        field_errors.add(form, "language", tr("&Language:"), self.language_combo,
                         with_note(self.language_combo, self.language_note))
        self.display_combo = QComboBox()
        self.display_combo.addItem(tr("A window on this screen"), "")
        for label, _screen in available_screens():
            self.display_combo.addItem(label, label)
        field_errors.add(form, "display_screen", tr("Customer &display:"), self.display_combo)
        self._add_shifts(form, field_errors)

    def _add_shifts(self, form: QFormLayout, field_errors: FieldErrors) -> None:
        """Cashiers and shifts (off: nothing of them anywhere), and the idle lock."""
        self.shifts_check = QCheckBox(tr("Cashiers and shifts"))
        set_name(self.shifts_check, tr("Cashiers and shifts"))
        help_text = tr("On: a cashier signs in with a PIN and opens a shift before the first "
                       "sale; every order records its cashier and shift, and only an owner "
                       "changes the settings.")
        # Its help: a tooltip and the screen reader's description (the section has no
        # room for a paragraph on a small screen).
        self.shifts_check.setToolTip(help_text)
        self.shifts_check.setAccessibleDescription(help_text)
        form.addRow("", self.shifts_check)
        self.lock_spin = QSpinBox()
        low, high = bounds("lock_after_minutes")
        self.lock_spin.setRange(int(low), int(high))
        self.lock_spin.setSuffix(tr(" min"))
        self.lock_spin.setSpecialValueText(tr("never"))
        self.lock_spin.setMinimumWidth(110)
        set_name(self.lock_spin, tr("Lock the counter after idle minutes"))
        field_errors.add(form, "lock_after_minutes", tr("Loc&k after idle:"), self.lock_spin)
        self.lock_spin.setEnabled(False)
        self.shifts_check.toggled.connect(self.lock_spin.setEnabled)

    def load(self, settings: Settings) -> None:
        self.merchant_edit.setText(settings.merchant_name)
        self.sound_check.setChecked(settings.sound)
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(settings.language)))
        self._load_display_screen(settings.display_screen)
        self.shifts_check.setChecked(settings.shifts)
        self.lock_spin.setValue(settings.lock_after_minutes)
        self.lock_spin.setEnabled(settings.shifts)

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

    def values(self) -> dict[str, Any]:
        return {
            "merchant_name": self.merchant_edit.text().strip(),
            "sound": self.sound_check.isChecked(),
            "language": self.language_combo.currentData(),
            "display_screen": self.display_combo.currentData() or "",
            "shifts": self.shifts_check.isChecked(),
            "lock_after_minutes": self.lock_spin.value(),
        }


class PollingSection(QGroupBox):
    def __init__(self, field_errors: FieldErrors, *, demo: bool) -> None:
        super().__init__(tr("Polling"))
        form = make_form(self)
        self.focus_spin = seconds_spin("focus_interval_seconds", decimals=1, step=0.5)
        self.backoff_start_spin = seconds_spin("backoff_start_seconds", decimals=1)
        self.backoff_max_spin = seconds_spin("backoff_max_seconds")
        self.in_flight_spin = QSpinBox()
        low, high = bounds("max_in_flight")
        self.in_flight_spin.setRange(int(low), int(high))
        self.lifetime_spin = QDoubleSpinBox()
        low, high = bounds("order_lifetime_seconds")
        self.lifetime_spin.setRange(low / 60, high / 60)
        self.lifetime_spin.setDecimals(1)
        self.lifetime_spin.setSuffix(tr(" min"))
        rows: list[tuple[str, str, QAbstractSpinBox]] = [
            ("focus_interval_seconds", tr("Check the order on screen every:"), self.focus_spin),
            ("backoff_start_seconds", tr("Check other pending orders after:"),
             self.backoff_start_spin),
            ("backoff_max_seconds", tr("…slowing down to at most every:"), self.backoff_max_spin),
            ("max_in_flight", tr("Requests in flight at most:"), self.in_flight_spin),
        ]
        for field, label, spin in rows:
            spin.setMinimumWidth(110)
            field_errors.add(form, field, label, spin)
        self.lifetime_spin.setMinimumWidth(110)
        lifetime_row: QHBoxLayout | None = None
        if demo:  # the sandbox's orders expire after the same time
            lifetime_row = with_note(self.lifetime_spin, note_label(
                tr("the demo sandbox's orders too"), name="demo_lifetime_note", wrap=True))
        field_errors.add(form, "order_lifetime_seconds", tr("Orders expire after:"),
                         self.lifetime_spin, lifetime_row)

    def load(self, settings: Settings) -> None:
        self.focus_spin.setValue(settings.focus_interval_seconds)
        self.backoff_start_spin.setValue(settings.backoff_start_seconds)
        self.backoff_max_spin.setValue(settings.backoff_max_seconds)
        self.in_flight_spin.setValue(settings.max_in_flight)
        self.lifetime_spin.setValue(settings.order_lifetime_seconds / 60)

    def values(self) -> dict[str, Any]:
        return {
            "focus_interval_seconds": self.focus_spin.value(),
            "backoff_start_seconds": self.backoff_start_spin.value(),
            "backoff_max_seconds": self.backoff_max_spin.value(),
            "max_in_flight": self.in_flight_spin.value(),
            "order_lifetime_seconds": round(self.lifetime_spin.value() * 60),
        }
