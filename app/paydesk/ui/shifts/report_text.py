"""A shift's report as the window shows it, the receipt printer prints it and a CSV
file keeps it: one list of rows (:func:`report_rows`) behind all three, so the screen,
the slip and the file never say different things. Money in kopecks until it is written."""

from __future__ import annotations

import csv
import html
import io
from dataclasses import dataclass

from paydesk.core.shifts import ShiftReport, Tally
from paydesk.support.escpos_ticket import Line, Rule, Ticket
from paydesk.ui.shell.formatting import local_time, money, tr


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the report: a caption and its count and sum (None: a heading or a
    line of words only)."""

    caption: str
    tally: Tally | None = None
    heading: bool = False


def _outcome_captions() -> tuple[tuple[str, str], ...]:
    return (("paid", tr("Paid")), ("refused", tr("Refused")), ("expired", tr("Expired")),
            ("unanswered", tr("Not answered yet")), ("not_sent", tr("Not sent")))


def title_text(report: ShiftReport) -> str:
    if report.frozen:
        return tr("Shift {0} closed").format(report.number)
    return tr("Shift {0}, mid-shift report").format(report.number)


def report_rows(report: ShiftReport) -> list[Row]:
    """Every line of the report, in the order it is read."""
    rows = [Row(title_text(report), heading=True),
            Row(tr("Till: {0}").format(report.till or "—")),
            Row(tr("Opened by {0} at {1}").format(report.cashier, local_time(report.opened_at)))]
    if report.closed_at is not None:
        rows.append(Row(tr("Closed by {0} at {1}").format(report.closed_by or "",
                                                          local_time(report.closed_at))))
    else:
        rows.append(Row(tr("As of {0}").format(local_time(report.generated_at))))
    if report.first_sale is not None:
        rows.append(Row(tr("Sales from {0} to {1}").format(
            local_time(report.first_sale), local_time(report.last_sale))))
    rows.append(Row(tr("All orders"), report.orders))
    rows += [Row(caption, report.outcome(name)) for name, caption in _outcome_captions()]
    if report.by_cashier:
        rows.append(Row(tr("By cashier (paid)"), heading=True))
        rows += [Row(line.cashier or tr("(no cashier)"), line.paid) for line in report.by_cashier]
    if report.by_hour:
        rows.append(Row(tr("By hour (paid)"), heading=True))
        rows += [Row(line.start.strftime("%H:00"), line.paid) for line in report.by_hour]
    if report.still_open:
        rows.append(Row(tr("Orders still not answered"), heading=True))
        for order in report.still_open:
            checked = (tr("last checked {0}").format(local_time(order.last_checked_at))
                       if order.last_checked_at is not None else tr("never checked"))
            rows.append(Row(f"{order.order_id} · {checked}", Tally(1, order.amount)))
    if report.late_payments:
        rows.append(Row(tr("Paid after the close of an earlier shift"), heading=True))
        rows += [Row(tr("{0}: paid after the close of shift {1}").format(
            late.order_id, late.shift), Tally(1, late.amount)) for late in report.late_payments]
        rows.append(Row(tr("Paid late in all"), report.late_total))
    return rows


def report_html(report: ShiftReport) -> str:
    """The report as the dialog shows it (a table, headings in bold)."""
    parts = ['<table cellspacing="0" cellpadding="3" width="100%">']
    for row in report_rows(report):
        caption = html.escape(row.caption)
        if row.heading:
            parts.append(f'<tr><td colspan="3"><br/><b>{caption}</b></td></tr>')
        elif row.tally is None:
            parts.append(f'<tr><td colspan="3">{caption}</td></tr>')
        else:
            parts.append(f'<tr><td>{caption}</td><td align="right">{row.tally.count}</td>'
                         f'<td align="right">{html.escape(money(row.tally.amount))}</td></tr>')
    parts.append("</table>")
    return "".join(parts)


def report_ticket(report: ShiftReport, merchant_name: str) -> Ticket:
    """The slip the receipt printer prints (58 or 80 mm: the printer's paper wraps it),
    marked as not a fiscal document."""
    items: list[Line | Rule] = []
    if merchant_name.strip():
        items.append(Line(merchant_name.strip(), bold=True))
    for row in report_rows(report):
        if row.heading:
            items += [Rule(), Line(row.caption, bold=True)]
        elif row.tally is None:
            items.append(Line(row.caption))
        else:
            items.append(Line(f"{row.caption}: {row.tally.count} · {money(row.tally.amount)}"))
    items += [Rule(), Line(tr("Not a fiscal document"))]
    return Ticket(tuple(items))


def report_csv(report: ShiftReport) -> str:
    """The report as a CSV file: caption, count, sum in kopecks (exact, for a spreadsheet)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([tr("Line"), tr("Orders"), tr("Kopecks")])
    for row in report_rows(report):
        if row.tally is None:
            writer.writerow([row.caption, "", ""])
        else:
            writer.writerow([row.caption, row.tally.count, row.tally.amount])
    return out.getvalue()
