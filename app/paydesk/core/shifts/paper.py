"""A shift's report on paper and in a file: the receipt printer's slip, the command line's
text and a CSV, from the one :class:`ShiftReport`.

The lines are decided here once (:func:`report_lines`): the printed slip is them, one
line each (the printer wraps at 58 or 80 mm), headed "not a fiscal document"; the command
line prints the same lines. The words are English texts marked for the one catalogue and
put in the reader's language by ``words``; amounts and times are written that language's
way. The CSV (:func:`report_csv`) holds the same numbers as rows a spreadsheet opens.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime

from paydesk.core.csv_format import CsvFormat, defuse
from paydesk.core.shifts.report import OUTCOMES, ShiftReport
from paydesk.domain.catalogue import QT_TRANSLATE_NOOP
from paydesk.domain.writing import Language, amount_text, moment_text
from paydesk.store.reporting import Tally
from paydesk.support.escpos_ticket import Line, Rule, Ticket

#: A text in the reader's language.
WordsIn = Callable[[str], str]

_TITLE = QT_TRANSLATE_NOOP("PayDesk", "Shift {0} report")
_MID_SHIFT = QT_TRANSLATE_NOOP("PayDesk", "Shift {0}: report so far (the shift is open)")
_NOT_FISCAL = QT_TRANSLATE_NOOP("PayDesk", "Not a fiscal document")
_TILL = QT_TRANSLATE_NOOP("PayDesk", "Till: {0}")
_OPENED = QT_TRANSLATE_NOOP("PayDesk", "Opened {0} by {1}")
_CLOSED = QT_TRANSLATE_NOOP("PayDesk", "Closed {0} by {1}")
_AS_OF = QT_TRANSLATE_NOOP("PayDesk", "As of {0}")
_SALES = QT_TRANSLATE_NOOP("PayDesk", "Sales")
_CURRENCY = QT_TRANSLATE_NOOP("PayDesk", "RUB")
#: Each outcome's label (report.OUTCOMES).
OUTCOME_WORDS: dict[str, str] = {
    "paid": QT_TRANSLATE_NOOP("PayDesk", "Paid"),
    "refused": QT_TRANSLATE_NOOP("PayDesk", "Refused"),
    "expired": QT_TRANSLATE_NOOP("PayDesk", "Expired"),
    "unanswered": QT_TRANSLATE_NOOP("PayDesk", "Still unanswered"),
    "not_sent": QT_TRANSLATE_NOOP("PayDesk", "Not sent"),
}
_BY_CASHIER = QT_TRANSLATE_NOOP("PayDesk", "By cashier")
_BY_HOUR = QT_TRANSLATE_NOOP("PayDesk", "By hour")
_FIRST = QT_TRANSLATE_NOOP("PayDesk", "First sale {0}")
_LAST = QT_TRANSLATE_NOOP("PayDesk", "Last sale {0}")
_OPEN_ORDERS = QT_TRANSLATE_NOOP("PayDesk", "Orders still unanswered")
_LAST_CHECKED = QT_TRANSLATE_NOOP("PayDesk", "last checked {0}")
_NEVER_CHECKED = QT_TRANSLATE_NOOP("PayDesk", "never checked")
_LATE = QT_TRANSLATE_NOOP("PayDesk", "Paid after the close of shift {0}")
_OF_WHICH_PAID = QT_TRANSLATE_NOOP("PayDesk", "paid {0}")
#: The CSV's section names and headings.
_CSV_HEAD = (QT_TRANSLATE_NOOP("PayDesk", "Section"), QT_TRANSLATE_NOOP("PayDesk", "Line"),
             QT_TRANSLATE_NOOP("PayDesk", "Orders"),
             QT_TRANSLATE_NOOP("PayDesk", "Amount, ₽"),
             QT_TRANSLATE_NOOP("PayDesk", "Paid orders"),
             QT_TRANSLATE_NOOP("PayDesk", "Paid, ₽"))
_OUTCOME = QT_TRANSLATE_NOOP("PayDesk", "Outcome")
_TOTAL = QT_TRANSLATE_NOOP("PayDesk", "Total")
_ORDER = QT_TRANSLATE_NOOP("PayDesk", "Order")


def _money(kopecks: int, words: WordsIn, language: Language) -> str:
    return f"{amount_text(kopecks, language)} {words(_CURRENCY)}"


def _tally(tally: Tally, words: WordsIn, language: Language) -> str:
    return f"{tally.count} · {_money(tally.amount, words, language)}"


def report_lines(report: ShiftReport, words: WordsIn, language: Language) -> list[str]:
    """The report as lines of text, in the reader's language: the slip and the terminal."""
    def when(moment: datetime | None) -> str:
        return "" if moment is None else moment_text(moment, language)

    title = _TITLE if report.frozen else _MID_SHIFT
    lines = [words(title).format(report.number), words(_NOT_FISCAL),
             words(_TILL).format(report.till or "-"),
             words(_OPENED).format(when(report.opened_at), report.cashier)]
    if report.closed_at is not None:
        lines.append(words(_CLOSED).format(when(report.closed_at), report.closed_by or ""))
    else:
        lines.append(words(_AS_OF).format(when(report.generated_at)))
    lines += ["", f"{words(_SALES)}: {_tally(report.orders, words, language)}"]
    lines += [f"  {words(OUTCOME_WORDS[name])}: "
              f"{_tally(report.outcome(name), words, language)}" for name in OUTCOMES]
    if report.first_sale is not None:
        lines += [words(_FIRST).format(when(report.first_sale)),
                  words(_LAST).format(when(report.last_sale))]
    if report.by_cashier:
        lines += ["", words(_BY_CASHIER)]
        lines += [f"  {line.cashier or '-'}: {_tally(line.orders, words, language)}, "
                  + words(_OF_WHICH_PAID).format(_tally(line.paid, words, language))
                  for line in report.by_cashier]
    if report.by_hour:
        lines += ["", words(_BY_HOUR)]
        lines += [f"  {line.start.strftime('%H:00')}: {_tally(line.orders, words, language)}, "
                  + words(_OF_WHICH_PAID).format(_tally(line.paid, words, language))
                  for line in report.by_hour]
    if report.still_open:
        lines += ["", f"{words(_OPEN_ORDERS)}: {report.unanswered.count}"]
        for order in report.still_open:
            checked = (words(_NEVER_CHECKED) if order.last_checked_at is None
                       else words(_LAST_CHECKED).format(when(order.last_checked_at)))
            lines.append(f"  {order.order_id} {_money(order.amount, words, language)},"
                         f" {checked}")
    by_shift: dict[int, list[str]] = {}
    for late in report.late_payments:
        by_shift.setdefault(late.shift, []).append(
            f"  {late.order_id} {_money(late.amount, words, language)}, {when(late.paid_at)}")
    for number, paid_lines in sorted(by_shift.items()):
        lines += ["", words(_LATE).format(number), *paid_lines]
    return lines


def report_ticket(report: ShiftReport, *, merchant_name: str, words: WordsIn,
                  language: Language) -> Ticket:
    """The slip the receipt printer prints: the shop, then :func:`report_lines`."""
    items: list[Line | Rule] = []
    if merchant_name.strip():
        items.append(Line(merchant_name.strip(), bold=True))
    lines = report_lines(report, words, language)
    items += [Line(lines[0], bold=True), Line(lines[1], bold=True), Rule()]
    items += [Rule() if not text else Line(text) for text in lines[2:]]
    items.append(Line(lines[1]))
    return Ticket(tuple(items))


def report_csv(report: ShiftReport, fmt: CsvFormat, words: WordsIn | None = None) -> str:
    """The report's numbers as CSV rows: section, line, orders, amount, paid orders, paid
    (``words`` None: codes, for programs; else the headings and names in words)."""
    say = words or (lambda text: text)
    stream = io.StringIO()
    writer = fmt.writer(stream)
    if fmt.header:
        writer.writerow([say(text) for text in _CSV_HEAD])

    def row(section: str, line: str, taken: Tally, paid: Tally | None = None) -> None:
        cells = [section, line, str(taken.count), fmt.amount(taken.amount),
                 "" if paid is None else str(paid.count),
                 "" if paid is None else fmt.amount(paid.amount)]
        writer.writerow([defuse(cell) for cell in cells])

    row(say(_TOTAL), str(report.number), report.orders, report.paid)
    for name in OUTCOMES:
        row(say(_OUTCOME), say(OUTCOME_WORDS[name]) if words else name, report.outcome(name))
    for line in report.by_cashier:
        row(say(_BY_CASHIER), line.cashier, line.orders, line.paid)
    for hour in report.by_hour:
        row(say(_BY_HOUR), fmt.time(hour.start), hour.orders, hour.paid)
    for order in report.still_open:
        row(say(_OPEN_ORDERS), order.order_id, Tally(1, order.amount))
    for late in report.late_payments:
        row(say(_LATE).format(late.shift), late.order_id, Tally(1, late.amount),
            Tally(1, late.amount))
    return stream.getvalue()
