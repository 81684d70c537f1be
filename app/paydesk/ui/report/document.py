"""The report as a page: header, the paid total, the other outcomes, the chart, a table.

:func:`paint_report` paints onto any painter, so "Save as PDF…" (QPdfWriter),
"Print…" (QPrinter) and the tests' images share one drawing. The page is laid
out in its own units, :data:`PAGE_UNITS` across the given rectangle whatever
the device's resolution; fonts are sized in those units (pixel sizes under the
painter's scale), so a 1200 dpi PDF and a 150 dpi preview look alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QDate, QLineF, QLocale, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPagedPaintDevice, QPainter, QPen

from paydesk.core.book.report import LINES, DayReport, Tally
from paydesk.domain.phase import OrderPhase
from paydesk.ui.orders.cells import phase_label
from paydesk.ui.report.chart import PEAK, bucket_span, paint_takings
from paydesk.ui.shell.formatting import capitalized, local_time, money, tr

#: The page's width in layout units; its height follows the rectangle's shape.
PAGE_UNITS = 1000.0
_INK = QColor("#1f2933")
_MUTED = QColor("#5f6b77")
_RULE = QColor("#dfe3e8")
_ROW = 33.0


def period_text(report: DayReport, locale: QLocale) -> str:
    """``Saturday, 21 November 2026``, or ``21 Nov 2026 – 27 Nov 2026`` for a range."""
    first = QDate(report.first_day.year, report.first_day.month, report.first_day.day)
    if not report.by_day:
        return capitalized(locale.toString(first, QLocale.FormatType.LongFormat))
    last = QDate(report.last_day.year, report.last_day.month, report.last_day.day)
    return f"{locale.toString(first, 'd MMM yyyy')} – {locale.toString(last, 'd MMM yyyy')}"


def till_text(report: DayReport) -> str:
    """"Till: Front counter" for one till's report; empty for the whole shop's."""
    return "" if report.till is None else tr("Till: {0}").format(report.till)


def heading_text(report: DayReport, locale: QLocale) -> str:
    """The period, and the till when the report is one till's."""
    period = period_text(report, locale)
    till = till_text(report)
    return f"{period} · {till}" if till else period


class _Page:
    """Text and rules in layout units on one painter."""

    def __init__(self, painter: QPainter, base: QFont) -> None:
        self.painter = painter
        self.base = base

    def font(self, size: float, *, bold: bool = False) -> QFont:
        font = QFont(self.base)
        font.setPixelSize(max(1, round(size)))
        font.setBold(bold)
        # Unhinted metrics scale linearly, so what is measured is what is printed.
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        return font

    def text(self, rect: QRectF, text: str, font: QFont, colour: QColor,
             align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft) -> None:
        self.painter.setFont(font)
        self.painter.setPen(colour)
        self.painter.drawText(rect, align | Qt.AlignmentFlag.AlignVCenter, text)

    def rule(self, y: float, left: float = 0.0, right: float = PAGE_UNITS) -> None:
        self.painter.setPen(QPen(_RULE, 1.2))
        self.painter.drawLine(QLineF(left, y, right, y))


def paint_report(
    painter: QPainter,
    page_rect: QRectF,
    report: DayReport,
    merchant_name: str,
    locale: QLocale | None = None,
) -> int:
    """Paint the report into ``page_rect`` (the printable area, in the painter's units).

    A long range's table continues on further pages when the painter's device
    is paged (PDF, printer); on an image it stops with a note. Returns the
    number of pages painted.
    """
    locale = locale or QLocale()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    scale = page_rect.width() / PAGE_UNITS
    height = page_rect.height() / scale
    page = _Page(painter, QFont())

    def place() -> None:
        painter.resetTransform()
        painter.translate(page_rect.topLeft())
        painter.scale(scale, scale)

    def turn_page() -> bool:
        device = painter.device()
        if not isinstance(device, QPagedPaintDevice):
            return False
        _paint_footer(page, report, locale, height)
        device.newPage()
        place()
        return True

    place()
    try:
        y = _paint_header(page, report, merchant_name, locale)
        y = _paint_summary(page, report, locale, y + 30)
        chart = QRectF(0, y + 34, PAGE_UNITS, min(440.0, height * 0.3))
        painter.setPen(QPen(_RULE, 1.5))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(chart, 10, 10)
        paint_takings(painter, chart, report, page.font(19), locale)
        table_top, table_bottom = chart.bottom() + 40, height - 3 * _ROW
        pages = _paint_table(page, report, locale, table_top, table_bottom, turn_page)
        _paint_footer(page, report, locale, height)
    finally:
        painter.restore()
    return pages


def _paint_header(page: _Page, report: DayReport, merchant_name: str, locale: QLocale) -> float:
    name = merchant_name.strip() or "PayDesk"
    page.text(QRectF(0, 0, PAGE_UNITS, 48), name, page.font(36, bold=True), _INK)
    subtitle = f"{tr('Takings report')} · {heading_text(report, locale)}"
    page.text(QRectF(0, 50, PAGE_UNITS, 30), subtitle, page.font(21), _MUTED)
    page.rule(96)
    return 96.0


def paid_count_text(report: DayReport, locale: QLocale) -> str:
    """"12 payments", and how many of them PayDesk saw more than a minute late
    (their hour is approximate: the service does not say when a buyer paid)."""
    count = tr("{0} payments").format(locale.toString(report.paid.count))
    if not report.paid_approximate:
        return count
    return tr("{0}, ≈ {1} at an approximate time").format(
        count, locale.toString(report.paid_approximate))


def _paint_summary(page: _Page, report: DayReport, locale: QLocale, top: float) -> float:
    """The paid total large on the left; the other outcomes as a small table on the right."""
    page.text(QRectF(0, top, 440, 28), tr("Paid"), page.font(21), _MUTED)
    total = money(report.paid.amount, locale)
    size = 54.0
    while size > 24 and QFontMetricsF(page.font(size, bold=True)).horizontalAdvance(total) > 440:
        size -= 2  # a year's takings still fit beside the table
    page.text(QRectF(0, top + 28, 440, 66), total, page.font(size, bold=True), PEAK)
    page.text(QRectF(0, top + 96, 440, 28), paid_count_text(report, locale), page.font(21), _INK)
    rows: list[tuple[str, Tally]] = [  # in the orders list's words
        (phase_label(phase), getattr(report, key)) for key, phase in LINES
        if phase is not OrderPhase.PAID  # on the left, large
    ]
    left, right = 500.0, PAGE_UNITS
    header_font, font = page.font(18, bold=True), page.font(20)
    page.text(QRectF(left, top, 200, _ROW), tr("Orders"), header_font, _MUTED)
    page.text(QRectF(left + 200, top, 110, _ROW), tr("Count"), header_font, _MUTED,
              Qt.AlignmentFlag.AlignRight)
    page.text(QRectF(left + 310, top, right - left - 310, _ROW), tr("Amount"), header_font,
              _MUTED, Qt.AlignmentFlag.AlignRight)
    y = top + _ROW
    for words, tally in rows:
        page.rule(y, left, right)
        page.text(QRectF(left, y, 200, _ROW), words, font, _INK)
        page.text(QRectF(left + 200, y, 110, _ROW), locale.toString(tally.count), font, _INK,
                  Qt.AlignmentFlag.AlignRight)
        page.text(QRectF(left + 310, y, right - left - 310, _ROW), money(tally.amount, locale),
                  font, _INK, Qt.AlignmentFlag.AlignRight)
        y += _ROW
    return max(y, top + 130)


@dataclass(frozen=True, slots=True)
class _Columns:
    """A takings table column's parts, measured: where the count and amount end."""

    width: float
    count_right: float

    @classmethod
    def measure(cls, page: _Page, rows: list[tuple[str, str, str]], heading: str) -> _Columns:
        bold = QFontMetricsF(page.font(19, bold=True))  # the widest: the total row is bold
        label = max(bold.horizontalAdvance(span) for span, _c, _a in [*rows, (heading, "", "")])
        count = max(bold.horizontalAdvance(text) for text in
                    [tr("Payments"), *(count for _s, count, _a in rows)])
        amount = max(bold.horizontalAdvance(amount) for _s, _c, amount in rows)
        space = 28.0
        return cls(label + count + amount + 2 * space, label + space + count)


def _paint_table(
    page: _Page, report: DayReport, locale: QLocale, top: float, bottom: float,
    turn_page: Callable[[], bool],
) -> int:
    """The takings per hour (day) with their total, in as many columns as fit, then pages."""
    with_year = report.first_day.year != report.last_day.year
    rows = [(bucket_span(b, report.by_day, locale, with_year=with_year),
             locale.toString(b.count), money(b.amount, locale)) for b in report.hourly]
    if not rows:
        return 1
    rows.append((tr("Total"), locale.toString(report.paid.count),
                 money(report.paid.amount, locale)))
    heading = tr("Day") if report.by_day else tr("Hour")
    gap = 48.0
    measured = _Columns.measure(page, rows, heading)
    fits = max(1, min(3, int((PAGE_UNITS + gap) // (measured.width + gap))))
    per_column = max(1, int((bottom - top) // _ROW) - 1)
    columns = 1 if len(rows) <= 10 else min(fits, -(-len(rows) // per_column))
    if columns > 1 and len(rows) <= columns * per_column:
        per_column = -(-len(rows) // columns)  # balanced columns on a single page
    # One column stays narrow: numbers far from their label are hard to follow.
    width = max(measured.width, 560.0) if columns == 1 else (PAGE_UNITS - gap * (fits - 1)) / fits
    pages, index = 1, 0
    while index < len(rows):
        for column in range(columns):
            chunk = rows[index : index + per_column]
            if not chunk:
                break
            frame = QRectF(column * (width + gap), top, width, 0)
            _paint_column(page, heading, chunk, frame, measured,
                          last_is_total=index + len(chunk) == len(rows))
            index += len(chunk)
        if index < len(rows):
            if not turn_page():
                # An image has one page: the ellipsis says the table goes on (in the PDF).
                page.text(QRectF(0, bottom - _ROW, PAGE_UNITS, _ROW), "…", page.font(20), _MUTED)
                break
            pages += 1
            top = 0.0
            per_column = max(1, int((bottom - top) // _ROW) - 1)
    return pages


def _paint_column(page: _Page, heading: str, rows: list[tuple[str, str, str]], frame: QRectF,
                  measured: _Columns, *, last_is_total: bool) -> None:
    left, width = frame.left(), frame.width()
    count_right = width - (measured.width - measured.count_right)
    right = Qt.AlignmentFlag.AlignRight
    y = frame.top()
    header = page.font(18, bold=True)
    page.text(QRectF(left, y, width, _ROW), heading, header, _MUTED)
    page.text(QRectF(left, y, count_right, _ROW), tr("Payments"), header, _MUTED, right)
    page.text(QRectF(left, y, width, _ROW), tr("Amount"), header, _MUTED, right)
    y += _ROW
    for number, (span, count, amount) in enumerate(rows):
        total = last_is_total and number == len(rows) - 1
        font = page.font(19, bold=total)
        page.rule(y, left, left + width)
        page.text(QRectF(left, y, width, _ROW), span, font, _INK)
        page.text(QRectF(left, y, count_right, _ROW), count, font, _INK, right)
        page.text(QRectF(left, y, width, _ROW), amount, font, PEAK if total else _INK, right)
        y += _ROW


def _paint_footer(page: _Page, report: DayReport, locale: QLocale, height: float) -> None:
    note = tr("Paid orders count on the day they were paid; the others on the day they "
              "were created.")
    made = tr("Generated {0} by PayDesk").format(local_time(report.generated_at, locale=locale))
    page.rule(height - 2 * _ROW - 6)
    font = page.font(16)
    page.text(QRectF(0, height - 2 * _ROW, PAGE_UNITS, _ROW), note, font, _MUTED)
    page.text(QRectF(0, height - _ROW, PAGE_UNITS, _ROW), made, font, _MUTED)
