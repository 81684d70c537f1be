"""``paydesk print``: the receipt printer from a terminal (a slip, a receipt, a test page).

The same :class:`~paydesk.core.receipts.printer.CounterPrinter` as the window, so what a
script prints is what the counter prints. The paper speaks the shop's language
(the ``language`` setting, else the terminal's; ``--language`` for one print);
the command's own messages are English, as the rest of the command line's.
Exit codes: 0 printed; 2 no printer set, no such order, or nothing to print for
it (a slip for a paid order, a receipt for an unpaid one); 8 the printer failed,
with what to do about it.
"""

from __future__ import annotations

import argparse
import sys

from paydesk.cli import exit_codes
from paydesk.cli.dates import terminal_language
from paydesk.cli.words import words_in
from paydesk.core.receipts.printer import CounterPrinter, Printed
from paydesk.core.receipts.slips import NothingToPrintError
from paydesk.core.runtime import Runtime
from paydesk.domain.catalogue import PRINTER
from paydesk.domain.order_ids import short_id
from paydesk.domain.orders import Order, validate_order_id
from paydesk.support.receipt_printer import PrintError, PrintProblem


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    printing = sub.add_parser(
        "print", help="print on the receipt printer: a QR slip, a paid receipt, a test page",
        description="Prints on the receipt printer of the 'printer' setting "
        "(paydesk config set printer tcp://192.0.2.10:9100). Exit codes: 0 printed, "
        "2 no printer set, no such order or nothing to print for it, 8 the printer failed.")
    language = argparse.ArgumentParser(add_help=False)
    language.add_argument("--language", choices=("en", "ru"),
                          help="the paper's language (default: the language setting, "
                          "else the terminal's)")
    what = printing.add_subparsers(dest="what", metavar="WHAT", required=True)
    slip = what.add_parser("slip", help="the QR slip of an order still open to pay",
                           parents=[language])
    slip.add_argument("order_id", metavar="ORDER_ID")
    receipt = what.add_parser("receipt", help="the receipt of a paid order", parents=[language])
    receipt.add_argument("order_id", metavar="ORDER_ID")
    what.add_parser("test", help="a test page: the printer's words, a code and the cut",
                    parents=[language])
    printing.set_defaults(run=run_print)


def run_print(args: argparse.Namespace, runtime: Runtime) -> int:
    settings = runtime.settings
    chosen = settings.language if settings.language in ("en", "ru") else terminal_language()
    words = words_in(args.language or chosen, args.qt.catalogue)
    printer = CounterPrinter(settings, words, words.language)
    if not printer.is_set:
        return _failed(printer, PrintError(PrintProblem.NO_PRINTER), exit_codes.USAGE)
    try:
        if args.what == "test":
            printed = printer.test_page()
            return _done(f"Printed the test page on {_where(printer)}", printed)
        order = _order(runtime, validate_order_id(args.order_id))
        if order is None:
            print(f"paydesk: there is no order {args.order_id} in this order book "
                  "('paydesk list' shows them).", file=sys.stderr)
            return exit_codes.USAGE
        if args.what == "slip":
            printed = printer.slip(order, expires_at=runtime.policy().expires_at(order))
        else:
            printed = printer.receipt(order)
    except NothingToPrintError as refusal:
        print(f"paydesk: {refusal}", file=sys.stderr)
        return exit_codes.USAGE
    except PrintError as error:
        return _failed(printer, error, exit_codes.PRINTER)
    name = "slip" if args.what == "slip" else "receipt"
    return _done(f"Printed the {name} of order {short_id(order.order_id)} on "
                 f"{_where(printer)}", printed)


def _order(runtime: Runtime, order_id: str) -> Order | None:
    client_id = runtime.require_client_id()
    with runtime.reading_book() as book:
        details = book.details(order_id, client_id)
    return None if details is None else details.order


def _where(printer: CounterPrinter) -> str:
    return printer.address.text if printer.address is not None else ""


def _done(what: str, printed: Printed) -> int:
    print(f"{what} ({printed.size} bytes in {printed.seconds:.2f} s).")
    return exit_codes.OK


def _failed(printer: CounterPrinter, error: PrintError, code: int) -> int:
    # The command line's messages are English, whatever the paper's language.
    words = PRINTER[error.code].format(address=_where(printer), detail=error.detail)
    print(f"paydesk: {words}", file=sys.stderr)
    return code
