"""A shift's report on screen: the mid-shift one (read only, as it stands now) or the
frozen one of a close; printed on the receipt printer, saved as PDF or CSV.

The report is the core's (TillShifts.report, close_shift); this dialog only shows it
(report_text.py's rows). The PDF is written in one go (widgets/paper.py ``write_pdf``,
as the day report's), the page painted from the same HTML the dialog shows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.shifts import ShiftReport
from paydesk.support.escpos_ticket import Ticket
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.save_dialog import SaveFolder, ask_save_path
from paydesk.ui.shifts.report_text import report_csv, report_html, report_ticket, title_text
from paydesk.ui.widgets.paper import write_pdf


class ShiftReportDialog(QDialog):
    def __init__(self, report: ShiftReport, *, merchant_name: str, save_folder: SaveFolder,
                 print_ticket: Callable[[Ticket], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shift_report_dialog")
        self.report = report
        self._merchant_name = merchant_name
        self._save_folder = save_folder
        self._print_ticket = print_ticket
        self.setWindowTitle(title_text(report))
        self.setAccessibleName(title_text(report))
        layout = QVBoxLayout(self)
        self.note = QLabel(tr("Read only: the shift goes on.") if not report.frozen
                           else tr("The shift is closed; this report is kept as it is."))
        self.note.setObjectName("shift_report_note")
        layout.addWidget(self.note)
        self.browser = QTextBrowser()
        self.browser.setObjectName("shift_report_text")
        self.browser.setAccessibleName(tr("Shift report"))
        self.browser.setHtml(report_html(report))
        layout.addWidget(self.browser, 1)
        buttons = QHBoxLayout()
        self.print_button = self._button(tr("&Print on the receipt printer"),
                                         tr("Print on the receipt printer"), self.print_slip)
        self.pdf_button = self._button(tr("Save as P&DF…"), tr("Save as PDF"),
                                       self._save_pdf_clicked)
        self.csv_button = self._button(tr("Save as &CSV…"), tr("Save as CSV"),
                                       self._save_csv_clicked)
        close = self._button(tr("Close"), tr("Close"), self.accept)
        for button in (self.print_button, self.pdf_button, self.csv_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.resize(560, 620)

    def _button(self, text: str, name: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(name)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        return button

    def _file_stem(self) -> str:
        return f"paydesk-shift-{self.report.number}"

    def print_slip(self) -> None:
        """On the receipt printer, off the GUI thread (ui/printing/printer_jobs.py)."""
        self._print_ticket(report_ticket(self.report, self._merchant_name))

    def save_pdf(self, path: str | Path) -> Path:
        layout = QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                             QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)
        return write_pdf(path, layout, 300, self.windowTitle(), self._paint,
                         tr("Could not start the printer or the PDF file."))

    def _paint(self, painter: QPainter, area: QRectF) -> None:
        document = QTextDocument()
        document.setDefaultFont(self.font())
        document.setHtml(report_html(self.report))
        document.setTextWidth(area.width() / 3)
        painter.save()
        painter.translate(area.topLeft())
        painter.scale(3, 3)  # 300 dpi: the page's text at a reading size
        document.drawContents(painter)
        painter.restore()

    def save_csv(self, path: str | Path) -> Path:
        target = Path(path)
        target.write_text(report_csv(self.report), encoding="utf-8-sig")
        return target

    def _save_pdf_clicked(self) -> None:
        path, _ = ask_save_path(self, tr("Save the shift report as PDF"),
                                f"{self._file_stem()}.pdf", tr("PDF files (*.pdf)"),
                                self._save_folder)
        if path:
            self._attempt(lambda: self.save_pdf(path))

    def _save_csv_clicked(self) -> None:
        path, _ = ask_save_path(self, tr("Save the shift report as CSV"),
                                f"{self._file_stem()}.csv", tr("CSV files (*.csv)"),
                                self._save_folder)
        if path:
            self._attempt(lambda: self.save_csv(path))

    def _attempt(self, save: Callable[[], Path]) -> None:
        try:
            saved = save()
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, tr("Could not save"), str(exc))
            return
        self.note.setText(tr("Saved {0}").format(saved.name))
