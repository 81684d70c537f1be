"""The settings window's "Printer" section: the receipt printer, its roll and code page,
the receipt printed by itself, and "Print a test page".

The test page prints with what is typed, before it is saved, so the address can be
tried until it works; it runs off the GUI thread (ui/printing/printer_jobs.py) and
its outcome says plainly what went wrong and how to fix it (the udev rule for USB on
Linux is in docs/receipt-printer.md). A bad address is said under its field, in the window's
words, when the test page or Save asks for it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSizePolicy,
)

from paydesk.core.settings.values import Settings, SettingsError
from paydesk.ui.printing.printer_jobs import PrinterJobs
from paydesk.ui.settings.rows import note_label, set_name
from paydesk.ui.settings.texts import field_text
from paydesk.ui.shell.formatting import tr
from paydesk.ui.widgets.field_errors import FieldError, FieldErrors, make_form

#: Code pages with Cyrillic that thermal printers have, the usual one first.
CODE_PAGES = ("CP866", "CP1251", "CP855", "CP437")


class PrinterSection(QGroupBox):
    def __init__(self, field_errors: FieldErrors, jobs: PrinterJobs) -> None:
        super().__init__(tr("Printer"))
        self._field_errors = field_errors
        self._jobs = jobs
        self._base = Settings()
        form = make_form(self)
        self.address_edit = QLineEdit()
        self.address_edit.setPlaceholderText(tr("none; e.g. tcp://192.0.2.10:9100"))
        self.address_edit.setToolTip(tr(
            "tcp://HOST:9100, usb://VENDOR:PRODUCT, serial:///dev/ttyUSB0?baudrate=9600, "
            "cups://QUEUE or file:///dev/usb/lp0; empty for none"))
        field_errors.add(form, "printer", tr("Receipt &printer:"), self.address_edit)
        self.paper_combo = QComboBox()
        for width in (80, 58):
            self.paper_combo.addItem(tr("{0} mm").format(width), width)
        field_errors.add(form, "printer_paper_mm", tr("Paper &width:"), self.paper_combo)
        self.code_page_combo = QComboBox()
        self.code_page_combo.setEditable(True)
        self.code_page_combo.addItems(CODE_PAGES)
        field_errors.add(form, "printer_code_page", tr("&Code page:"), self.code_page_combo)
        set_name(self.address_edit, tr("Receipt printer"))
        set_name(self.code_page_combo, tr("Code page"))
        line = self.code_page_combo.lineEdit()
        if line is not None:  # what a screen reader reaches in the editable list
            set_name(line, tr("Code page"))
        self.receipts_check = QCheckBox(tr("Print the receipt when a sale is paid"))
        set_name(self.receipts_check, tr("Print the receipt when a sale is paid"))
        form.addRow("", self.receipts_check)
        self.test_button = QPushButton(tr("Print a &test page"))
        self.test_button.setObjectName("printer_test_button")
        set_name(self.test_button, tr("Print a test page"))
        self.test_result = note_label("", name="printer_test_result", wrap=True)
        row = QHBoxLayout()
        row.addWidget(self.test_button)
        row.addStretch(1)
        form.addRow("", row)
        # Its own row, the form's whole width: a failure says what to do in a sentence or two.
        self.test_result.setSizePolicy(QSizePolicy.Policy.Expanding,
                                       QSizePolicy.Policy.Preferred)
        form.addRow(self.test_result)
        self.test_button.clicked.connect(self.print_test_page)
        jobs.printed.connect(self._said)
        jobs.failed.connect(lambda text, _again: self._said(text))

    def load(self, settings: Settings) -> None:
        self._base = settings
        self.address_edit.setText(settings.printer)
        self.paper_combo.setCurrentIndex(max(0, self.paper_combo.findData(
            settings.printer_paper_mm)))
        self.code_page_combo.setCurrentText(settings.printer_code_page)
        self.receipts_check.setChecked(settings.printer_receipts)

    def values(self) -> dict[str, Any]:
        return {
            "printer": self.address_edit.text().strip(),
            "printer_paper_mm": self.paper_combo.currentData(),
            "printer_code_page": self.code_page_combo.currentText().strip().upper(),
            "printer_receipts": self.receipts_check.isChecked(),
        }

    def print_test_page(self) -> None:
        """The test page with the typed values; a bad one is said under its field."""
        self._field_errors.clear()
        try:
            settings = self._base.with_changes(**self.values())
        except SettingsError as error:
            self._field_errors.show(FieldError(error.setting, field_text(error)))
            self.test_result.setText("")
            return
        self.test_button.setEnabled(False)
        self.test_result.setText(tr("Printing…"))
        self._jobs.test_page(settings)

    def _said(self, text: str) -> None:
        self.test_button.setEnabled(True)
        self.test_result.setText(text)
