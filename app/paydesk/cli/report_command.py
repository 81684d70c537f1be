"""``paydesk report``: the owner's end-of-day report in a terminal, as JSON or as CSV.

The same :class:`~paydesk.core.report.DayReport` as the window's report dialog, so
the numbers a script reads are the numbers on the printed page. The table is for
people, in one language from its first line to its last: the ``language`` setting's,
else the terminal's (paydesk.cli.dates.terminal_language; its words
from the one catalogue, paydesk.cli.words), amounts and dates written that language's
way; a spreadsheet's CSV (``--csv-style``) has its words in the style's language.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date, datetime
from typing import Any

from paydesk.cli import exit_codes
from paydesk.cli.dates import local_text, parse_local_date, rubles_text
from paydesk.cli.formats import add_format
from paydesk.cli.order_commands import add_csv_style, add_till, csv_format, csv_words
from paydesk.cli.shift_command import run_shift_report
from paydesk.cli.words import Words, terminal_words
from paydesk.core.export import PHASE_WORDS
from paydesk.core.report import LINES, DayReport, HourTakings, Tally
from paydesk.core.runtime import Runtime
from paydesk.core.shifts.shop_day import ShopLine, ShopShifts
from paydesk.domain.catalogue import QT_TRANSLATE_NOOP
from paydesk.domain.errors import InputError
from paydesk.domain.phase import OrderPhase
from paydesk.domain.writing import day_text

#: Every phase as a heading of the report's table: the orders list's words, as
#: in the window's report (a test holds them to the list's English).
HEADINGS: dict[OrderPhase, str] = PHASE_WORDS
#: A day's bar is labelled with its weekday (Monday first, as date.weekday() counts).
WEEKDAYS = (
    QT_TRANSLATE_NOOP("PayDesk", "Mon"), QT_TRANSLATE_NOOP("PayDesk", "Tue"),
    QT_TRANSLATE_NOOP("PayDesk", "Wed"), QT_TRANSLATE_NOOP("PayDesk", "Thu"),
    QT_TRANSLATE_NOOP("PayDesk", "Fri"), QT_TRANSLATE_NOOP("PayDesk", "Sat"),
    QT_TRANSLATE_NOOP("PayDesk", "Sun"),
)
#: The CSV's columns: the names for programs, the headings for a spreadsheet.
CSV_COLUMNS = ("line", "start", "end", "count", "amount")
CSV_HEADINGS = (
    QT_TRANSLATE_NOOP("PayDesk", "Line"), QT_TRANSLATE_NOOP("PayDesk", "From"),
    QT_TRANSLATE_NOOP("PayDesk", "To"), QT_TRANSLATE_NOOP("PayDesk", "Count"),
    QT_TRANSLATE_NOOP("PayDesk", "Amount"),
)
_APPROXIMATE = QT_TRANSLATE_NOOP("PayDesk", "Paid at an approximate time")
_BY_TILL = QT_TRANSLATE_NOOP("PayDesk", "Shift sales by till")
_BY_CASHIER = QT_TRANSLATE_NOOP("PayDesk", "Shift sales by till and cashier")
_PAID_OF = QT_TRANSLATE_NOOP("PayDesk", "paid {0}  {1}")
_LATE = QT_TRANSLATE_NOOP("PayDesk", "Paid after the close of shift {0}")
_BAR_WIDTH = 30


class ReportRangeError(InputError):
    field = "date"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    report = sub.add_parser(
        "report",
        help="the day's takings: paid, waiting, refused, expired, by hour",
        description="Paid orders count on the day they were paid; the others on the day "
        "they were created. Days are local days.",
    )
    report.add_argument("--date", type=parse_local_date,
                        help="one day: YYYY-MM-DD, 'today' (the default) or 'yesterday'")
    report.add_argument("--since", type=parse_local_date, help="first day of a range")
    report.add_argument("--until", type=parse_local_date,
                        help="last day of a range, included (default: today)")
    add_till(report)
    report.add_argument("--shift", metavar="N", type=int, default=None,
                        help="the report of this till's shift N instead (as paydesk shift "
                        "report N)")
    add_format(report, "table", "json", "csv", default="table")
    add_csv_style(report)
    report.set_defaults(run=run_report)


def report_days(args: argparse.Namespace) -> tuple[date, date]:
    """The first and the last local day the options ask for (the last one included)."""
    if args.date is not None and (args.since is not None or args.until is not None):
        raise ReportRangeError("both", "Give either --date or --since/--until, not both.")
    if args.since is None:
        if args.until is not None:
            raise ReportRangeError("no_since", "--until needs --since (the first day).")
        day = args.date if args.date is not None else parse_local_date("today")
        return _day(day), _day(day)
    last = args.until if args.until is not None else parse_local_date("today")
    if last < args.since:
        raise ReportRangeError("backwards", "--until is before --since.")
    return _day(args.since), _day(last)


def _day(midnight: datetime) -> date:
    """The local day that starts at ``midnight`` (as parse_local_date gives it)."""
    return midnight.astimezone().date()


def run_report(args: argparse.Namespace, runtime: Runtime) -> int:
    if args.shift is not None:
        args.number = args.shift
        return run_shift_report(args, runtime)
    first, last = report_days(args)
    client_id = runtime.require_client_id()  # one account's: none set is a usage error
    with runtime.reading_book() as book:
        report = book.day_report(first, last, till=args.till)
    shop = None
    if runtime.settings.shifts:
        with runtime.open_store_for_reading() as store:
            shop = ShopShifts.build(store, client_id, report.since, report.until,
                                    till=runtime.settings.till_name)
    if args.format == "json":
        record = report_record(report)
        if shop is not None:
            record["shifts"] = shifts_record(shop)
        json.dump(record, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    elif args.format == "csv":
        write_report_csv(report, args)
    else:
        words = terminal_words(args.qt.catalogue)
        print(report_table(report, words))
        if shop is not None:
            print("\n".join(["", *shifts_lines(shop, words)]))
    return exit_codes.OK


def shifts_record(shop: ShopShifts) -> dict[str, Any]:
    """The day's shift sales by till and by cashier, and the late payments, as JSON."""
    def line(item: ShopLine) -> dict[str, Any]:
        return {"till": item.till, "cashier": item.cashier, "orders": _tally(item.orders),
                "paid": _tally(item.paid), "shifts": list(item.shifts)}

    return {
        "orders": _tally(shop.orders), "paid": _tally(shop.paid),
        "by_till": [line(item) for item in shop.by_till],
        "by_cashier": [line(item) for item in shop.by_cashier],
        "paid_after_close": [
            {"order_id": late.order_id, "amount_kopecks": late.amount, "shift": late.shift,
             "cashier": late.cashier,
             "paid_at": late.paid_at.astimezone().isoformat(timespec="seconds")}
            for late in shop.late_payments],
    }


def shifts_lines(shop: ShopShifts, words: Words) -> list[str]:
    """The table's part for shifts: every till's and cashier's sales, the late payments."""
    def sums(item: ShopLine) -> str:
        return (f"{item.orders.count}  {rubles_text(item.orders.amount, words.language)}, "
                + words(_PAID_OF).format(item.paid.count,
                                         rubles_text(item.paid.amount, words.language)))

    lines = [words(_BY_TILL)]
    lines += [f"  {item.till or '-'}: {sums(item)}" for item in shop.by_till]
    lines += [words(_BY_CASHIER)]
    lines += [f"  {item.till or '-'} / {item.cashier or '-'}: {sums(item)}"
              for item in shop.by_cashier]
    for late in shop.late_payments:
        lines.append(words(_LATE).format(late.shift) + f": {late.order_id} "
                     f"{rubles_text(late.amount, words.language)}")
    return lines


def _tally(tally: Tally) -> dict[str, int]:
    return {"count": tally.count, "amount_kopecks": tally.amount}


def report_record(report: DayReport) -> dict[str, Any]:
    """The report as plain JSON values: sums in integer kopecks, times local ISO 8601."""
    record: dict[str, Any] = {
        "client_id": report.client_id,
        "till": report.till,
        "first_day": report.first_day.isoformat(),
        "last_day": report.last_day.isoformat(),
        "since": report.since.astimezone().isoformat(timespec="seconds"),
        "until": report.until.astimezone().isoformat(timespec="seconds"),
        "generated_at": report.generated_at.astimezone().isoformat(timespec="seconds"),
        "created": _tally(report.created),
    }
    record.update({key: _tally(getattr(report, key)) for key, _phase in LINES})
    record["paid_time_approximate"] = report.paid_approximate
    record["buckets"] = "day" if report.by_day else "hour"
    record["takings"] = [
        {
            "start": bucket.start.isoformat(timespec="seconds"),
            "end": bucket.end.isoformat(timespec="seconds"),
            **_tally(Tally(bucket.count, bucket.amount)),
        }
        for bucket in report.hourly
    ]
    return record


def write_report_csv(report: DayReport, args: argparse.Namespace) -> None:
    """One tidy table: a row per summary line, then a row per hour (or day) of takings.
    For programs, the lines by their names (``paid``, ``hour``); for a spreadsheet
    (``--csv-style``), in its language's words."""
    fmt = csv_format(args)
    words = csv_words(args)
    writer = fmt.writer(sys.stdout)
    if fmt.header:
        writer.writerow(CSV_COLUMNS if words is None else [words(h) for h in CSV_HEADINGS])
    since, until = fmt.time(report.since), fmt.time(report.until)
    for key, phase in LINES:
        tally: Tally = getattr(report, key)
        line = key if words is None else words(PHASE_WORDS[phase])
        writer.writerow((line, since, until, tally.count, fmt.amount(tally.amount)))
    line = "paid_time_approximate" if words is None else words(_APPROXIMATE)
    writer.writerow((line, since, until, report.paid_approximate, ""))
    kind = "day" if report.by_day else "hour"
    if words is not None:
        kind = words(QT_TRANSLATE_NOOP("PayDesk", "Day") if report.by_day
                     else QT_TRANSLATE_NOOP("PayDesk", "Hour"))
    for bucket in report.hourly:
        writer.writerow((kind, fmt.time(bucket.start), fmt.time(bucket.end), bucket.count,
                         fmt.amount(bucket.amount)))


def _period(report: DayReport, words: Words) -> str:
    first = day_text(report.first_day, words.language)
    if report.by_day:
        last = day_text(report.last_day, words.language)
        return words(QT_TRANSLATE_NOOP("PayDesk", "{0} to {1}")).format(first, last)
    return first


def _bucket_label(bucket: HourTakings, by_day: bool, words: Words) -> str:
    if by_day:
        day = bucket.start.date()
        return f"{day_text(day, words.language)} {words(WEEKDAYS[day.weekday()])}"
    return f"{bucket.start:%H:%M}-{bucket.end:%H:%M}"


def report_table(report: DayReport, words: Words) -> str:
    """The report for a terminal, in ``words``' language: the summary, then takings with a
    bar per hour (or day)."""
    period = _period(report, words)
    if report.till is not None:
        till = report.till or words(QT_TRANSLATE_NOOP("PayDesk", "(unnamed)"))
        period = words(QT_TRANSLATE_NOOP("PayDesk", "{0}, till {1}")).format(period, till)
    lines = [words(QT_TRANSLATE_NOOP("PayDesk", "Report for {0} (local time)")).format(period),
             ""]
    rows = [(words(HEADINGS[phase]), str(getattr(report, key).count),
             rubles_text(getattr(report, key).amount, words.language)) for key, phase in LINES]
    orders = words(QT_TRANSLATE_NOOP("PayDesk", "Orders"))
    amount = words(QT_TRANSLATE_NOOP("PayDesk", "Amount"))
    heading_width = max(10, *(len(heading) + 1 for heading, _c, _a in rows))
    count_width = max(len(orders), *(len(count) for _w, count, _a in rows))
    amount_width = max(len(amount), *(len(money) for _w, _c, money in rows))
    lines.append(f"{'':<{heading_width}}{orders:>{count_width}}  {amount:>{amount_width}}")
    lines += [f"{heading:<{heading_width}}{count:>{count_width}}  {money:>{amount_width}}"
              for heading, count, money in rows]
    if report.paid_approximate:
        lines.append(words(QT_TRANSLATE_NOOP(
            "PayDesk", "≈ {0} of the payments were seen more than a minute after they could "
            "have been made: their times are approximate.")).format(report.paid_approximate))
    lines.append("")
    if report.peak is None:
        lines.append(words(QT_TRANSLATE_NOOP("PayDesk", "No payments in this period.")))
    else:
        lines.append(words(QT_TRANSLATE_NOOP("PayDesk", "Paid by day")) if report.by_day
                     else words(QT_TRANSLATE_NOOP("PayDesk", "Paid by hour")))
        lines += _takings_lines(report, words)
    generated = local_text(report.generated_at, words.language)
    lines += ["", words(QT_TRANSLATE_NOOP("PayDesk", "Generated {0}")).format(generated)]
    return "\n".join(lines)


def _takings_lines(report: DayReport, words: Words) -> list[str]:
    peak = report.peak
    top = peak.amount if peak is not None else 0
    cells = [
        (_bucket_label(b, report.by_day, words), str(b.count),
         rubles_text(b.amount, words.language), b.amount)
        for b in report.hourly
    ]
    label_width = max(len(label) for label, *_rest in cells)
    count_width = max(len(count) for _l, count, _a, _k in cells)
    amount_width = max(len(amount) for _l, _c, amount, _k in cells)
    lines = []
    for label, count, amount, kopecks in cells:
        # Integer arithmetic; any payment at all gets at least one block.
        bar = "█" * (-(-kopecks * _BAR_WIDTH // top) if top else 0)
        lines.append(
            f"{label:<{label_width}}  {count:>{count_width}}  {amount:>{amount_width}}  {bar}"
            .rstrip()
        )
    return lines
