"""``paydesk shift open|status|report|close`` and ``paydesk report --shift N``.

A shift is this till's (the ``till`` setting). Opening and closing sign the cashier in
with their PIN (a hidden prompt or ``--stdin``). The close asks the payment service about
every order of the shift that is not final, says its progress on stderr, then prints the
frozen report, on the receipt printer too when one is set (``--no-print``: not), and
writes it as CSV with ``--csv FILE``. A close a crash interrupted is finished by running
the close again; a shift is never closed twice.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from paydesk.cli import exit_codes
from paydesk.cli.cashier_command import signed_in
from paydesk.cli.formats import add_format, print_json
from paydesk.cli.order_commands import add_csv_style, csv_format, csv_words
from paydesk.cli.pin_prompt import add_stdin
from paydesk.cli.words import terminal_words
from paydesk.core.printing import CounterPrinter
from paydesk.core.runtime import Runtime
from paydesk.core.shifts import (
    OUTCOMES,
    Cashiers,
    CloseProgress,
    CloseStage,
    ShiftReport,
    ShiftRow,
    Tally,
    TillShifts,
    close_shift,
    report_csv,
    report_lines,
    report_ticket,
    unfinished_close,
)
from paydesk.support.receipt_printer import PrintError

if TYPE_CHECKING:
    from paydesk.store import OrderStore


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    shift = sub.add_parser(
        "shift", help="this till's shift: open, status, report, close",
        description="With shifts on (paydesk config set shifts on) no sale is taken outside "
        "an open shift. Exit codes: 0 done, 9 refused (no open shift, one already open, a "
        "wrong or locked PIN, not your shift), 4 the service could not be asked, 5 the "
        "order book, 8 the report was frozen but the printer failed.")
    actions = shift.add_subparsers(dest="shift_action", metavar="ACTION", required=True)

    opening = actions.add_parser("open", help="open a shift on this till")
    opening.add_argument("--cashier", metavar="NAME", required=True)
    add_stdin(opening)
    add_format(opening, "text", "json", default="text")
    opening.set_defaults(run=_open)

    status = actions.add_parser("status", help="the open shift, if any")
    add_format(status, "text", "json", default="text")
    status.set_defaults(run=_status)

    report = actions.add_parser("report", help="a shift's report: so far (open), or frozen")
    report.add_argument("number", nargs="?", type=int,
                        help="the shift's number (default: the open one)")
    add_format(report, "text", "json", "csv", default="text")
    add_csv_style(report)
    report.set_defaults(run=run_shift_report)

    closing = actions.add_parser(
        "close", help="ask the service about the shift's open orders, then freeze its report")
    closing.add_argument("--cashier", metavar="NAME", required=True,
                         help="who closes it: the cashier who opened it, or an owner")
    closing.add_argument("--no-print", action="store_true",
                         help="do not print the report on the receipt printer")
    closing.add_argument("--csv", metavar="FILE", help="also write the report there as CSV")
    add_csv_style(closing)
    add_stdin(closing)
    add_format(closing, "text", "json", default="text")
    closing.set_defaults(run=_close)


def _shifts(runtime: Runtime, store: OrderStore) -> TillShifts:
    return TillShifts(store, runtime.require_client_id(), runtime.settings.till_name)


def _open(args: argparse.Namespace, runtime: Runtime) -> int:
    with runtime.open_store() as store:
        cashier = signed_in(Cashiers(store), args.cashier, args)
        shift = _shifts(runtime, store).open(cashier)
    if args.format == "json":
        print_json(shift_record(shift))
    else:
        print(f"shift {shift.number} open on {shift.till} by {shift.cashier}")
    if not runtime.settings.shifts:
        print("paydesk: note: shifts are off, so sales are not stamped with this shift "
              "(paydesk config set shifts on)", file=sys.stderr)
    return exit_codes.OK


def _status(args: argparse.Namespace, runtime: Runtime) -> int:
    with runtime.open_store_for_reading() as store:
        shifts = _shifts(runtime, store)
        shift = shifts.current()
        report = None if shift is None else shifts.report()
    if args.format == "json":
        print_json({"shifts": runtime.settings.shifts, "till": runtime.settings.till_name,
                    "open": None if shift is None else shift_record(shift),
                    "report": None if report is None else report_record(report)})
    elif shift is None:
        print(f"no shift open on {runtime.settings.till_name}"
              + ("" if runtime.settings.shifts else " (shifts are off)"))
    else:
        assert report is not None
        print(f"shift {shift.number} open on {shift.till} by {shift.cashier} since "
              f"{shift.opened_at.astimezone():%Y-%m-%d %H:%M}: {report.orders.count} sales, "
              f"{report.unanswered.count} unanswered")
        if shift.closing_at is not None:
            print("its close was interrupted: paydesk shift close --cashier NAME finishes it")
    return exit_codes.OK


def run_shift_report(args: argparse.Namespace, runtime: Runtime) -> int:
    """``shift report [N]`` and ``report --shift N``."""
    with runtime.open_store_for_reading() as store:
        report = _shifts(runtime, store).report(args.number)
    _print_report(report, args)
    return exit_codes.OK


def _close(args: argparse.Namespace, runtime: Runtime) -> int:
    settings = runtime.settings
    with runtime.open_store() as store:
        cashiers = Cashiers(store)
        shifts = _shifts(runtime, store)
        interrupted = unfinished_close(shifts)
        if interrupted is not None:
            print(f"finishing the close of shift {interrupted.number}, which was interrupted",
                  file=sys.stderr)
        by = signed_in(cashiers, args.cashier, args)
        desk = runtime.open_desk(store)
        report = close_shift(shifts, desk, runtime.gateway(), by, cashiers,
                             max_in_flight=settings.max_in_flight, limiter=runtime.limiter(),
                             on_progress=_say_progress)
    if args.csv:
        fmt = csv_format(args)
        with fmt.open(args.csv) as file:
            file.write(report_csv(report, fmt, csv_words(args)))
    _print_report(report, args)
    if settings.printer and not args.no_print:
        words = terminal_words(args.qt.catalogue)
        printer = CounterPrinter(settings, words, words.language)
        try:
            printer.print_ticket(report_ticket(report, merchant_name=settings.merchant_name,
                                               words=words, language=words.language))
        except PrintError as error:
            print(f"paydesk: the report is frozen, but it was not printed: "
                  f"{printer.problem_text(error)} (paydesk shift report {report.number})",
                  file=sys.stderr)
            return exit_codes.PRINTER
    return exit_codes.OK


def _say_progress(progress: CloseProgress) -> None:
    if progress.stage is CloseStage.CHECKING and progress.total:
        print(f"asking the service: {progress.checked} of {progress.total}", file=sys.stderr)
    elif progress.stage is CloseStage.FROZEN:
        print(f"shift {progress.number} closed", file=sys.stderr)


def _print_report(report: ShiftReport, args: argparse.Namespace) -> None:
    if args.format == "json":
        print_json(report_record(report))
    elif args.format == "csv":
        sys.stdout.write(report_csv(report, csv_format(args), csv_words(args)))
    else:
        words = terminal_words(args.qt.catalogue)
        print("\n".join(report_lines(report, words, words.language)))


def shift_record(shift: ShiftRow) -> dict[str, Any]:
    def time(moment: Any) -> str | None:
        return None if moment is None else moment.astimezone().isoformat(timespec="seconds")

    return {"number": shift.number, "till": shift.till, "cashier": shift.cashier,
            "opened_at": time(shift.opened_at), "closing_at": time(shift.closing_at),
            "closed_at": time(shift.closed_at), "closed_by": shift.closed_by}


def report_record(report: ShiftReport) -> dict[str, Any]:
    """The report as JSON: sums in integer kopecks, times local ISO 8601."""
    def time(moment: Any) -> str | None:
        return None if moment is None else moment.astimezone().isoformat(timespec="seconds")

    def tally(t: Tally) -> dict[str, int]:
        return {"count": t.count, "amount_kopecks": t.amount}

    return {
        "number": report.number, "till": report.till, "cashier": report.cashier,
        "frozen": report.frozen, "opened_at": time(report.opened_at),
        "closed_at": time(report.closed_at), "closed_by": report.closed_by,
        "generated_at": time(report.generated_at), "orders": tally(report.orders),
        **{name: tally(report.outcome(name)) for name in OUTCOMES},
        "by_cashier": [{"cashier": line.cashier, "orders": tally(line.orders),
                        "paid": tally(line.paid)} for line in report.by_cashier],
        "by_hour": [{"start": time(line.start), "orders": tally(line.orders),
                     "paid": tally(line.paid)} for line in report.by_hour],
        "first_sale": time(report.first_sale), "last_sale": time(report.last_sale),
        "still_open": [{"order_id": o.order_id, "amount_kopecks": o.amount,
                        "cashier": o.cashier, "last_checked_at": time(o.last_checked_at)}
                       for o in report.still_open],
        "late_payments": [{"order_id": p.order_id, "amount_kopecks": p.amount,
                           "shift": p.shift, "cashier": p.cashier, "paid_at": time(p.paid_at)}
                          for p in report.late_payments],
        "late_total": tally(report.late_total),
    }
