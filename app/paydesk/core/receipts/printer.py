"""The counter's receipt printer: a slip, a receipt or a test page, printed within a deadline.

The settings say where the printer is (``printer``), its roll (``printer_paper_mm``)
and code page (``printer_code_page``); :class:`CounterPrinter` writes the slip
(paydesk.core.receipts.slips, paydesk.support.escpos_ticket) and sends it
(paydesk.support.receipt_printer). It blocks for at most the deadline: the window
calls it off the GUI thread, the command line waits for it. A failure is a
:class:`~paydesk.support.receipt_printer.PrintError` whose code picks the words of
the catalogue's PRINTER table (domain/catalogue.py): what went wrong and how to fix it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

from paydesk.core.receipts.slips import WordsIn, receipt_ticket, slip_ticket, test_ticket
from paydesk.core.settings.values import Settings
from paydesk.domain.catalogue import PRINTER, PRINTER_CODE_PAGE
from paydesk.domain.clock import utc_now
from paydesk.domain.orders import Order
from paydesk.domain.writing import Language
from paydesk.support.escpos_ticket import Paper, Ticket, TicketError, encode
from paydesk.support.printer_address import PrinterAddress
from paydesk.support.receipt_printer import PrintError, PrintProblem, send

#: A slip is a few kilobytes: a printer that has not taken it in this long is not
#: going to (off, out of paper, its queue stuck), and the cashier hears so.
PRINT_DEADLINE_SECONDS = 10.0
#: What the test page's code holds: a phone that reads it shows the printer's code works.
TEST_LINK = "https://paydesk.invalid/printer-test"



@dataclass(frozen=True, slots=True)
class Printed:
    """A job the printer took: how many bytes, and how long it took to take them."""

    size: int
    seconds: float


class CounterPrinter:
    """The printer the settings name, with the words of one language."""

    def __init__(self, settings: Settings, words: WordsIn, language: Language, *,
                 deadline_seconds: float = PRINT_DEADLINE_SECONDS) -> None:
        self.address = PrinterAddress.parse(settings.printer)
        self.paper = Paper(settings.printer_paper_mm, settings.printer_code_page,
                           self.address.profile if self.address else "default")
        self.merchant_name = settings.merchant_name
        self.words = words
        self.language: Language = language
        self.deadline_seconds = deadline_seconds

    @property
    def is_set(self) -> bool:
        return self.address is not None

    def slip(self, order: Order, *, expires_at: datetime | None,
             now: datetime | None = None) -> Printed:
        """The QR slip of a payable order (NothingToPrintError for another)."""
        return self.print_ticket(slip_ticket(
            order, merchant_name=self.merchant_name, expires_at=expires_at,
            now=now or utc_now(), words=self.words, language=self.language))

    def receipt(self, order: Order) -> Printed:
        """The receipt of a paid order (NothingToPrintError for another)."""
        return self.print_ticket(receipt_ticket(order, merchant_name=self.merchant_name,
                                                words=self.words, language=self.language))

    def test_page(self) -> Printed:
        return self.print_ticket(test_ticket(
            merchant_name=self.merchant_name, paper_mm=self.paper.width_mm,
            code_page=self.paper.code_page, link=TEST_LINK, words=self.words,
            language=self.language))

    def bytes_of(self, ticket: Ticket) -> bytes:
        """The ESC/POS bytes the printer would get (PrintError FAILED: a bad code page)."""
        try:
            return encode(ticket, self.paper)
        except TicketError as exc:
            raise PrintError(PrintProblem.FAILED, self.words(PRINTER_CODE_PAGE).format(
                code_page=self.paper.code_page)) from exc

    def print_ticket(self, ticket: Ticket) -> Printed:
        if self.address is None:
            raise PrintError(PrintProblem.NO_PRINTER)
        data = self.bytes_of(ticket)
        started = time.monotonic()
        send(self.address, data, deadline_seconds=self.deadline_seconds)
        return Printed(len(data), time.monotonic() - started)

    def problem_text(self, error: PrintError) -> str:
        """The words for ``error``: what went wrong at this printer, and what to do."""
        address = self.address.text if self.address else ""
        return self.words(PRINTER[error.code]).format(
            address=address, detail=error.detail)
