"""``paydesk report``: the owner's end-of-day report in a terminal, as JSON or as CSV.

The same :class:`~paydesk.core.report.DayReport` as the window's report dialog, so
the numbers a script reads are the numbers on the printed page.
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
from paydesk.cli.order_commands import add_csv_style, add_till, csv_format
from paydesk.core.report import LINES, DayReport, HourTakings, Tally
from paydesk.core.runtime import Runtime
from paydesk.domain.errors import InputError
from paydesk.domain.phase import OrderPhase

#: Every phase as a heading of the report's table: the orders list's words, as
#: in the window's report (a test holds them to the list's English).
HEADINGS: dict[OrderPhase, str] = {
    OrderPhase.CREATING: "Creating…",
    OrderPhase.NOT_SENT: "Not sent",
    OrderPhase.PENDING: "Waiting",
    OrderPhase.CHECKING: "Checking…",
    OrderPhase.UNCHECKED: "Check status",
    OrderPhase.PAID: "Paid",
    OrderPhase.REFUSED: "Refused",
    OrderPhase.EXPIRED: "Expired",
    OrderPhase.ABANDONED: "Abandoned",
    OrderPhase.UNKNOWN: "Unknown",
}
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
    first, last = report_days(args)
    runtime.require_client_id()  # the report is one account's: none set is a usage error
    with runtime.reading_book() as book:
        report = book.day_report(first, last, till=args.till)
    if args.format == "json":
        json.dump(report_record(report), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    elif args.format == "csv":
        write_report_csv(report, args)
    else:
        print(report_table(report))
    return exit_codes.OK


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
    """One tidy table: a row per summary line, then a row per hour (or day) of takings."""
    fmt = csv_format(args)
    writer = fmt.writer(sys.stdout)
    if fmt.header:
        writer.writerow(("line", "start", "end", "count", "amount"))
    since, until = fmt.time(report.since), fmt.time(report.until)
    for key, _phase in LINES:
        tally: Tally = getattr(report, key)
        writer.writerow((key, since, until, tally.count, fmt.amount(tally.amount)))
    writer.writerow(("paid_time_approximate", since, until, report.paid_approximate, ""))
    kind = "day" if report.by_day else "hour"
    for bucket in report.hourly:
        writer.writerow((kind, fmt.time(bucket.start), fmt.time(bucket.end), bucket.count,
                         fmt.amount(bucket.amount)))


def _rubles(kopecks: int) -> str:
    return rubles_text(kopecks)


def _period(report: DayReport) -> str:
    if report.by_day:
        return f"{report.first_day.isoformat()} to {report.last_day.isoformat()}"
    return report.first_day.isoformat()


def _bucket_label(bucket: HourTakings, by_day: bool) -> str:
    if by_day:
        return bucket.start.strftime("%Y-%m-%d %a")
    return f"{bucket.start:%H:%M}-{bucket.end:%H:%M}"


def report_table(report: DayReport) -> str:
    """The report for a terminal: the summary, then takings with a bar per hour (or day)."""
    whose = "" if report.till is None else f", till {report.till or '(unnamed)'}"
    lines = [f"Report for {_period(report)}{whose} (local time)", ""]
    rows = [(HEADINGS[phase], str(getattr(report, key).count),
             _rubles(getattr(report, key).amount)) for key, phase in LINES]
    count_width = max(len("Orders"), *(len(count) for _w, count, _a in rows))
    amount_width = max(len(amount) for _w, _c, amount in rows)
    lines.append(f"{'':<10}{'Orders':>{count_width}}  {'Amount':>{amount_width}}")
    lines += [f"{words:<10}{count:>{count_width}}  {amount:>{amount_width}}"
              for words, count, amount in rows]
    if report.paid_approximate:
        lines.append(f"≈ {report.paid_approximate} of the payments were seen more than a minute"
                     " after they could have been made: their times are approximate.")
    lines.append("")
    if report.peak is None:
        lines.append("No payments in this period.")
    else:
        lines.append("Paid by day" if report.by_day else "Paid by hour")
        lines += _takings_lines(report)
    lines += ["", f"Generated {local_text(report.generated_at)}"]
    return "\n".join(lines)


def _takings_lines(report: DayReport) -> list[str]:
    peak = report.peak
    top = peak.amount if peak is not None else 0
    cells = [
        (_bucket_label(b, report.by_day), str(b.count), _rubles(b.amount), b.amount)
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
