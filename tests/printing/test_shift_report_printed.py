"""A shift's frozen report on the receipt printer (58 and 80 mm, English and Russian), read
back from the printer's bytes: "not a fiscal document", its totals, its unanswered orders
and a late payment; and the same numbers in its CSV."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest

from paydesk.cli.words import words_in
from paydesk.core.book.csv_format import CsvFormat
from paydesk.core.receipts.printer import CounterPrinter
from paydesk.core.settings.values import Settings
from paydesk.core.shifts import (
    CashierLine,
    HourLine,
    LatePayment,
    OpenOrder,
    ShiftReport,
    report_csv,
    report_lines,
    report_ticket,
)
from paydesk.store.reporting import Tally
from paydesk.ui.shell.qt_checks import read_catalogue

from escpos_reader import read_printout
from loopback_printer import LoopbackPrinter

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
REPORT = ShiftReport(
    number=12, till="Касса 1", cashier="Anna", opened_at=T0,
    closed_at=T0 + timedelta(hours=8), closed_by="Olga", generated_at=T0 + timedelta(hours=8),
    frozen=True, orders=Tally(4, 15050 + 300 + 777 + 1), paid=Tally(1, 15050),
    refused=Tally(1, 300), expired=Tally(1, 1), unanswered=Tally(1, 777),
    not_sent=Tally(0, 0),
    by_cashier=(CashierLine("Anna", Tally(4, 16128), Tally(1, 15050)),),
    by_hour=(HourLine(T0, Tally(4, 16128), Tally(1, 15050)),),
    first_sale=T0 + timedelta(minutes=3), last_sale=T0 + timedelta(minutes=40),
    still_open=(OpenOrder("20261102-0940-W", 777, "Anna", T0 + timedelta(minutes=40),
                          T0 + timedelta(hours=8)),),
    late_payments=(LatePayment("20261101-1700-L", 4200, 11, "Boris", T0 + timedelta(hours=1)),),
)


@pytest.mark.parametrize(("paper", "language"), [(58, "en"), (80, "ru")])
def test_the_frozen_report_is_printed_and_read_back(paper: int, language: str) -> None:
    words = words_in(language, read_catalogue)
    with LoopbackPrinter() as device:
        settings = Settings(merchant_name="Coffee & Co", printer=device.address,
                            printer_paper_mm=paper).with_changes()
        printer = CounterPrinter(settings, words, words.language)
        printer.print_ticket(report_ticket(REPORT, merchant_name=settings.merchant_name,
                                           words=words, language=words.language))
        [job] = device.wait_for_jobs(1)
    printout = read_printout(job)
    text = printout.text
    assert printout.cut and "Coffee & Co" in text
    if language == "ru":
        assert "Отчёт" in text or "отчёт" in text.lower()
        assert "Не является фискальным документом" in text
        assert "150,50 руб." in text
    else:
        assert "Shift 12 report" in text and "Not a fiscal document" in text
        assert "150.50 RUB" in text
    assert "20261102-0940-W" in text and "20261101-1700-L" in text  # open, and late
    assert text.count("\n") >= len(report_lines(REPORT, words, words.language)) - 3


def test_the_reports_csv_holds_its_numbers_to_the_kopeck() -> None:
    rows = list(csv.reader(io.StringIO(report_csv(REPORT, CsvFormat()))))
    assert rows[0] == ["Section", "Line", "Orders", "Amount, ₽", "Paid orders", "Paid, ₽"]
    assert rows[1] == ["Total", "12", "4", "161.28", "1", "150.50"]
    outcomes = {row[1]: (int(row[2]), row[3]) for row in rows if row[0] == "Outcome"}
    assert outcomes == {"paid": (1, "150.50"), "refused": (1, "3.00"), "expired": (1, "0.01"),
                        "unanswered": (1, "7.77"), "not_sent": (0, "0.00")}
    assert ["Orders still unanswered", "20261102-0940-W", "1", "7.77", "", ""] in rows
    assert ["Paid after the close of shift 11", "20261101-1700-L", "1", "42.00", "1",
            "42.00"] in rows
