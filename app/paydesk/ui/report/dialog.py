"""The owner's report window: a day (or range), its totals and chart, PDF, print, CSV.

The numbers come from :class:`~paydesk.core.book.report.DayReport`, asked of the order
book's read side (a few aggregate queries, quick on the window's own connection,
so no worker thread); the page comes from
:func:`~paydesk.ui.report.document.paint_report`, the same drawing for the PDF,
the printer and :meth:`ReportDialog.paint_to_image`. In a shop of several tills
a choice beside the period shows the whole shop's report or one till's.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import QDate, QEvent, QMarginsF, QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QImage,
    QKeySequence,
    QPageLayout,
    QPageSize,
    QPainter,
)
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.book.reader import OrderBookReader, StoreError
from paydesk.core.book.report import DayReport, Tally
from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.phase import OrderPhase
from paydesk.ui.orders.cells import local_day, phase_colour, phase_label
from paydesk.ui.orders.csv_file import save_orders_csv
from paydesk.ui.report.chart import PEAK, TakingsChart
from paydesk.ui.report.document import heading_text, paid_count_text, paint_report
from paydesk.ui.shell.fonts import scale_font
from paydesk.ui.shell.formatting import date_field_format, local_time, money, tr
from paydesk.ui.shell.messages import book_error_text
from paydesk.ui.shell.save_dialog import SaveFolder, ask_save_path
from paydesk.ui.widgets.paper import blank_image, painting, write_pdf
from paydesk.ui.widgets.till_choice import TillChoice

#: The other outcomes in the summary grid: key on DayReport, and how the orders list
#: shows that state (its words and colour).
_OUTCOMES: tuple[tuple[str, OrderPhase], ...] = (
    ("pending", OrderPhase.PENDING),
    ("refused", OrderPhase.REFUSED),
    ("expired", OrderPhase.EXPIRED),
)


class ReportDialog(QDialog):
    """What was paid in a day or range, what is still open, and copies to keep."""

    def __init__(
        self,
        book: OrderBookReader,
        merchant_name: str,
        *,
        clock: Clock = utc_now,
        save_folder: SaveFolder | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """``save_folder``: where its save dialogs start (the window's, remembered)."""
        super().__init__(parent)
        self._book = book
        self._merchant_name = merchant_name
        self._clock = clock
        self._save_folder = save_folder or SaveFolder()
        self.setWindowTitle(tr("Takings report — {0}").format(merchant_name or tr("PayDesk")))
        self.setMinimumSize(720, 560)
        self.resize(860, 640)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 12)
        layout.setSpacing(12)
        layout.addLayout(self._build_period_bar())
        self.heading = QLabel()
        scale_font(self.heading, 1.3, bold=True)
        layout.addWidget(self.heading)
        layout.addLayout(self._build_summary())
        self.chart = TakingsChart()
        layout.addWidget(self.chart, 1)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #5f6b77;")
        layout.addWidget(self.note)
        layout.addLayout(self._build_buttons())
        self.report = self._build_report()
        self._show_report()

    # -- building ----------------------------------------------------------

    def _build_period_bar(self) -> QHBoxLayout:
        today = self.today()
        bar = QHBoxLayout()
        bar.setSpacing(6)
        self.from_edit = self._date_edit(today, tr("First day"))
        self.to_edit = self._date_edit(today, tr("Last day"))
        self.previous_button = self._tool_button("◀", tr("The period before"), -1)
        self.next_button = self._tool_button("▶", tr("The period after"), 1)
        self.today_button = QPushButton(tr("&Today"))
        self.today_button.setAutoDefault(False)
        self.today_button.clicked.connect(lambda: self.set_period(self.today()))
        period = QLabel(tr("&Period:"))
        period.setBuddy(self.from_edit)
        bar.addWidget(period)
        bar.addWidget(self.from_edit)
        bar.addWidget(QLabel("–"))
        bar.addWidget(self.to_edit)
        bar.addSpacing(6)
        for widget in (self.previous_button, self.today_button, self.next_button):
            bar.addWidget(widget)
        bar.addSpacing(18)
        bar.addWidget(self._build_till_choice())
        bar.addStretch(1)
        self.from_edit.dateChanged.connect(self._first_changed)
        self.to_edit.dateChanged.connect(self._last_changed)
        return bar

    def _build_till_choice(self) -> QWidget:
        """"Whole shop", then each till; hidden while the book holds one till's orders."""
        self.till_group = TillChoice(tr("T&ill:"), tr("Whole shop"), "report_till", tr("Till"))
        self.till_combo = self.till_group.combo
        self._offer_tills()
        self.till_combo.currentIndexChanged.connect(lambda _index: self.refresh())
        return self.till_group

    def _offer_tills(self) -> None:
        """The book's tills in the choice, keeping the one chosen (the whole shop if it
        is gone). StoreError when the book cannot be read."""
        self.till_group.set_tills(self._book.tills())

    def set_till(self, till: str | None) -> None:
        """Show the report of ``till`` (None: the whole shop), if the choice offers it."""
        self.till_group.choose(till)

    def _date_edit(self, day: QDate, name: str) -> QDateEdit:
        edit = QDateEdit(day)
        edit.setCalendarPopup(True)
        edit.setMaximumDate(day)
        edit.setDisplayFormat(date_field_format(self.locale()))
        edit.setAccessibleName(name)
        return edit

    def _tool_button(self, text: str, tip: str, direction: int) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.clicked.connect(lambda: self.step(direction))
        return button

    def _build_summary(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(24)
        paid = QFrame()
        paid.setObjectName("paid_card")
        paid.setStyleSheet("#paid_card { background: #eef8f1; border: 1px solid #cde8d5;"
                           " border-radius: 8px; }")
        card = QVBoxLayout(paid)
        card.setContentsMargins(16, 10, 24, 12)
        card.setSpacing(2)
        caption = QLabel(tr("Paid"))
        caption.setStyleSheet("color: #2f5d3e;")
        self.paid_amount_label = QLabel()
        scale_font(self.paid_amount_label, 2.2, bold=True)
        self.paid_amount_label.setStyleSheet(f"color: {PEAK.name()};")
        self.paid_amount_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.paid_count_label = QLabel()
        for widget in (caption, self.paid_amount_label, self.paid_count_label):
            card.addWidget(widget)
        row.addWidget(paid)

        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(4)
        self.count_labels: dict[str, QLabel] = {}
        self.amount_labels: dict[str, QLabel] = {}
        for number, (key, phase) in enumerate(_OUTCOMES):
            name = QLabel(f"<span style='color:{phase_colour(phase).name()}'>●</span>"
                          f"&nbsp;{phase_label(phase)}")
            count, amount = QLabel(), QLabel()
            for label in (count, amount):
                label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(name, number, 0)
            grid.addWidget(count, number, 1)
            grid.addWidget(amount, number, 2)
            self.count_labels[key], self.amount_labels[key] = count, amount
        self.unsent_label = QLabel()
        self.unsent_label.setStyleSheet(f"color: {phase_colour(OrderPhase.NOT_SENT).name()};")
        grid.addWidget(self.unsent_label, len(_OUTCOMES), 0, 1, 3)
        row.addLayout(grid)
        row.addStretch(1)
        return row

    def _build_buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.pdf_button = QPushButton(tr("Save as &PDF…"))
        self.print_button = QPushButton(tr("P&rint…"))
        self.csv_button = QPushButton(tr("Export &CSV…"))
        self.close_button = QPushButton(tr("Close"))
        self.pdf_button.clicked.connect(self._save_pdf_clicked)
        self.print_button.clicked.connect(self._print_clicked)
        self.csv_button.clicked.connect(self._export_csv_clicked)
        self.close_button.clicked.connect(self.accept)
        self.message = QLabel()
        self.message.setStyleSheet("color: #5f6b77;")
        for button in (self.pdf_button, self.print_button, self.csv_button):
            button.setAutoDefault(False)
            row.addWidget(button)
        for keys, slot in ((QKeySequence.StandardKey.Print, self._print_clicked),
                           (QKeySequence.StandardKey.Save, self._save_pdf_clicked)):
            action = QAction(self)
            action.setShortcut(QKeySequence(keys))
            action.triggered.connect(slot)
            self.addAction(action)
        row.addSpacing(8)
        row.addWidget(self.message, 1)
        row.addWidget(self.close_button)
        return row

    # -- the period --------------------------------------------------------

    def today(self) -> QDate:
        return local_day(self._clock())

    def set_period(self, first: QDate, last: QDate | None = None) -> None:
        """Show ``first`` to ``last`` (one day when ``last`` is None), and rebuild once."""
        last = first if last is None else last
        for edit, day in ((self.from_edit, first), (self.to_edit, last)):
            edit.blockSignals(True)
            edit.setDate(day)
            edit.blockSignals(False)
        self.refresh()

    def step(self, direction: int) -> None:
        """The same number of days before (-1) or after (+1) the period shown."""
        first, last = self.from_edit.date(), self.to_edit.date()
        days = (first.daysTo(last) + 1) * direction
        days = min(days, last.daysTo(self.today()))  # the future has no takings yet
        if days:
            self.set_period(first.addDays(days), last.addDays(days))

    def _first_changed(self, day: QDate) -> None:
        self.set_period(day, max(day, self.to_edit.date()))

    def _last_changed(self, day: QDate) -> None:
        self.set_period(min(day, self.from_edit.date()), day)

    def refresh(self) -> None:
        """Ask the order book again (the first ask, in ``__init__``, raises StoreError)."""
        if self._ask_again():
            self.message.clear()

    def book_changed(self) -> None:
        """Another program changed the book: the same period's numbers again. What the
        last button said ("Saved …") stays; another till's first order adds its name
        to the choice."""
        try:
            self._offer_tills()
        except StoreError as exc:
            self.message.setText(book_error_text(exc))
            return
        self._ask_again()

    def _ask_again(self) -> bool:
        try:
            self.report = self._build_report()
        except StoreError as exc:
            self.message.setText(book_error_text(exc))
            return False
        self._show_report()
        return True

    def _build_report(self) -> DayReport:
        first, last = (edit.date() for edit in (self.from_edit, self.to_edit))
        return self._book.day_report(
            date(first.year(), first.month(), first.day()),
            date(last.year(), last.month(), last.day()),
            clock=self._clock,
            till=self.till_group.current(),
        )

    # -- showing -----------------------------------------------------------

    def _show_report(self) -> None:
        report, locale = self.report, self.locale()
        self.paid_amount_label.setText(money(report.paid.amount, locale))
        self.paid_count_label.setText(paid_count_text(report, locale))
        for key, _phase in _OUTCOMES:
            tally: Tally = getattr(report, key)
            self.count_labels[key].setText(locale.toString(tally.count))
            self.amount_labels[key].setText(money(tally.amount, locale))
        lost = report.unsent.count + report.abandoned.count
        self.unsent_label.setVisible(lost > 0)
        self.unsent_label.setText(tr("Not sent: {0} · Abandoned: {1}").format(
            report.unsent.count, report.abandoned.count))
        self.chart.set_report(report)
        self.next_button.setEnabled(self.to_edit.date() < self.today())
        self.heading.setText(heading_text(report, locale))
        self.note.setText(tr("Paid orders count on the day they were paid; the others on the day "
                             "they were created. Updated {0}.").format(
            local_time(report.generated_at, locale=locale)))

    def changeEvent(self, event: QEvent) -> None:
        """A new locale (the language setting) rewrites the sums and dates at once."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LocaleChange and hasattr(self, "report"):
            date_format = date_field_format(self.locale())
            for edit in (self.from_edit, self.to_edit):
                edit.setDisplayFormat(date_format)
            self._show_report()

    # -- copies: PDF, printer, image, CSV ----------------------------------

    def _file_stem(self) -> str:
        report = self.report
        if report.by_day:
            return f"paydesk-report-{report.first_day}_{report.last_day}"
        return f"paydesk-report-{report.first_day}"

    def save_pdf(self, path: str | Path) -> None:
        """Write the report as an A4 PDF, in one go; OSError when it cannot be written."""
        layout = QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                             QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)
        write_pdf(path, layout, 300, self.windowTitle(), self._paint_report,
                  tr("Could not start the printer or the PDF file."))

    def print_report(self, printer: QPrinter) -> None:
        """Paint the report on ``printer`` (already set up by the print dialog)."""
        printer.setDocName(self.windowTitle())
        area = printer.pageRect(QPrinter.Unit.DevicePixel)
        self._paint_pages(printer, QRectF(0, 0, area.width(), area.height()))

    def _paint_pages(self, device: QPrinter, area: QRectF) -> None:
        with painting(device, tr("Could not start the printer or the PDF file.")) as painter:
            self._paint_report(painter, area)

    def _paint_report(self, painter: QPainter, area: QRectF) -> None:
        paint_report(painter, area, self.report, self._merchant_name, self.locale())

    def paint_to_image(self, width: int = 1240) -> QImage:
        """The A4 page as an image ``width`` pixels wide, margins included (preview, tests)."""
        height = round(width * 297 / 210)
        image = blank_image(width, height, round(width / (210 / 1000)))
        margin = width * 15 / 210
        with painting(image, tr("Could not draw the report.")) as painter:
            self._paint_report(
                painter, QRectF(margin, margin, width - 2 * margin, height - 2 * margin))
        return image

    def export_csv(self, path: str | Path) -> int:
        """The report's orders as CSV in the style this language's spreadsheets expect."""
        return save_orders_csv(path, self._book.report_orders(self.report), self.locale())

    # -- the buttons (each asks one question of the person) ----------------

    def _save_pdf_clicked(self) -> None:
        path, _ = ask_save_path(self, tr("Save the report as PDF"), f"{self._file_stem()}.pdf",
                                tr("PDF files (*.pdf)"), self._save_folder)
        if path:
            self._attempt(lambda: self.save_pdf(path), tr("Saved {0}").format(Path(path).name))

    def _print_clicked(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        if self.ask_printer(printer):
            self._attempt(lambda: self.print_report(printer), tr("Sent to the printer"))

    def ask_printer(self, printer: QPrinter) -> bool:
        """The print dialog, alone in one method so tests can answer it."""
        return QPrintDialog(printer, self).exec() == QDialog.DialogCode.Accepted.value

    def _export_csv_clicked(self) -> None:
        path, _ = ask_save_path(self, tr("Export the report's orders"),
                                f"{self._file_stem()}.csv", tr("CSV files (*.csv)"),
                                self._save_folder)
        if path:
            self._attempt(lambda: self.export_csv(path),
                          tr("Exported the orders to {0}").format(Path(path).name))

    def _attempt(self, action: Callable[[], object], done: str) -> None:
        try:
            action()
        except OSError as exc:
            QMessageBox.warning(self, tr("Could not save"), str(exc.strerror or exc))
            return
        except StoreError as exc:  # the report's orders could not be read
            QMessageBox.warning(self, tr("Could not save"), book_error_text(exc))
            return
        self.message.setText(done)
