"""Takings per hour (or per day) as bars, painted with QPainter onto anything.

:func:`paint_takings` draws into a rectangle of any painter, so the dialog's
widget, the PDF and the printed page show the same chart; the widget only adds
a tooltip per bar. Bar heights come from integer kopecks; the y axis steps by
1, 2 or 5 times a power of ten, so its labels are round sums.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QDate, QEvent, QLocale, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from paydesk.core.book.report import DayReport, HourTakings
from paydesk.domain.phase import OrderPhase
from paydesk.domain.phase_looks import LOOKS
from paydesk.ui.shell.fonts import scaled_font
from paydesk.ui.shell.formatting import capitalized, money, round_money, tr

BAR = QColor("#43a565")
PEAK = QColor(LOOKS[OrderPhase.PAID].colour)  # the takings: paid
GRID = QColor("#e6e9ed")
AXIS = QColor("#9aa3ad")
LABEL = QColor("#5f6b77")
TITLE = QColor("#1f2933")
_TICKS = 4
#: The widest a bar's slot gets, in lines of the chart's small text.
_WIDEST_SLOT = 4


@dataclass(frozen=True, slots=True)
class ValueLabel:
    """A bar's sum, written above it."""

    index: int  # the bar's
    text: str
    box: QRectF
    peak: bool


@dataclass(frozen=True, slots=True)
class ChartLayout:
    """Where everything goes: computed once, used to paint and to find a bar under the mouse."""

    title: QRectF
    plot: QRectF
    bars: tuple[QRectF, ...]
    step: int  # kopecks between gridlines
    top: int  # kopecks at the top gridline
    axis_labels: tuple[str, ...]  # the gridlines' sums, from the bottom one up
    values: tuple[ValueLabel, ...]


def nice_step(top: int, ticks: int = _TICKS) -> int:
    """The gridline step in kopecks: 1, 2 or 5 times a power of ten, ``ticks`` lines at most.

    Whole rubles once the amounts reach a ruble, so the axis never says ``12,50``.
    """
    raw = max(1, -(-top // ticks))
    magnitude = 10 ** (len(str(raw)) - 1)
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    return max(step, 100) if top >= 100 else step


def chart_title(report: DayReport) -> str:
    return tr("Takings by day") if report.by_day else tr("Takings by hour")


def bucket_label(bucket: HourTakings, by_day: bool, locale: QLocale) -> str:
    """``9:00`` for an hour, ``21 Nov`` (as the locale writes it) for a day."""
    if by_day:
        start = bucket.start
        return locale.toString(QDate(start.year, start.month, start.day), "d MMM")
    return f"{bucket.start.hour}:00"


def bucket_span(bucket: HourTakings, by_day: bool, locale: QLocale, *,
                with_year: bool = True) -> str:
    """``9:00–10:00`` for an hour; ``Sun, 15 Nov 2026`` for a day (tooltips, the PDF's table)."""
    if by_day:
        start = bucket.start
        shape = "ddd, d MMM yyyy" if with_year else "ddd, d MMM"
        return capitalized(locale.toString(QDate(start.year, start.month, start.day), shape))
    return f"{bucket.start:%H:%M}–{bucket.end:%H:%M}"


def _chart_font(font: QFont, factor: float, *, bold: bool = False) -> QFont:
    """``font`` scaled, unhinted: the chart measures the same on screen, paper and PDF."""
    result = scaled_font(font, factor, bold=bold)
    result.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return result


def chart_layout(rect: QRectF, report: DayReport, font: QFont, locale: QLocale) -> ChartLayout:
    small = QFontMetricsF(_chart_font(font, 0.9))
    title_height = QFontMetricsF(_chart_font(font, 1.1, bold=True)).height()
    pad = small.height() * 0.6
    title = QRectF(rect.left() + pad, rect.top() + pad, rect.width() - 2 * pad, title_height)
    peak = report.peak
    top_amount = peak.amount if peak is not None else 0
    step = nice_step(top_amount) if top_amount else 100
    top = step * max(1, -(-top_amount // step))
    # As the window writes money (grouped, the language's way); kopecks only on tiny scales.
    axis_labels = tuple(round_money(step * n, locale) for n in range(0, top // step + 1))
    axis_width = max(small.horizontalAdvance(label) for label in axis_labels)
    left = rect.left() + pad + axis_width + pad * 0.8
    # Room above the tallest bar for the peak's label.
    plot_top = title.bottom() + pad + small.height() * 1.6
    plot_bottom = rect.bottom() - pad - small.height() * 1.5
    plot = QRectF(QPointF(left, plot_top), QPointF(rect.right() - pad * 1.5, plot_bottom))
    bars: list[QRectF] = []
    count = len(report.hourly)
    if count and plot.height() > 0 and plot.width() > 0:
        # A day with one or two busy hours keeps bars of a bar's width, centred,
        # rather than one bar as wide as the chart.
        slot = min(plot.width() / count, small.height() * _WIDEST_SLOT)
        first = plot.left() + (plot.width() - slot * count) / 2
        width = slot * (0.72 if count > 3 else 0.5)
        visible = small.height() * 0.15  # the smallest takings still show as a sliver
        for index, bucket in enumerate(report.hourly):
            height = plot.height() * bucket.amount / top
            if bucket.amount > 0:
                height = max(height, visible)
            x = first + slot * index + (slot - width) / 2
            bars.append(QRectF(x, plot.bottom() - height, width, height))
    values = _value_labels(plot, bars, report, _value_font(font), locale)
    return ChartLayout(title, plot, tuple(bars), step, top, axis_labels, values)


def _value_font(font: QFont) -> QFont:
    return _chart_font(font, 0.95, bold=True)


def _value_labels(plot: QRectF, bars: list[QRectF], report: DayReport, font: QFont,
                  locale: QLocale) -> tuple[ValueLabel, ...]:
    """The busiest bar's sum above it; every other bar's too when all of them find room,
    else the smallest's (a sliver, which the axis cannot tell).

    A label stands above every bar it spans, so it never covers a taller neighbour,
    and never on another label: the busiest's is placed first.
    """
    peak = report.peak
    if peak is None or not bars:
        return ()
    metrics = QFontMetricsF(font)
    first = report.hourly.index(peak)
    others = sorted((index for index, bucket in enumerate(report.hourly)
                     if bucket.amount > 0 and index != first),
                    key=lambda index: report.hourly[index].amount)
    for chosen in ([first, *others], [first, *others[:1]]):  # all, else the extremes
        labels: list[ValueLabel] = []
        for index in chosen:
            text = money(report.hourly[index].amount, locale)
            box = _label_room(metrics.horizontalAdvance(text) + metrics.height() * 0.4,
                              bars[index], bars, plot, metrics.height(), labels)
            if box is not None:
                labels.append(ValueLabel(index, text, box, index == first))
        if len(labels) == len(chosen):
            break
    return tuple(labels)


def _label_room(width: float, bar: QRectF, bars: list[QRectF], plot: QRectF, height: float,
                placed: list[ValueLabel]) -> QRectF | None:
    """Where a label ``width`` wide goes above ``bar``: centred on it, else starting or
    ending at its edge (away from a taller neighbour), whichever stands lowest clear of
    the labels ``placed``; None if none is clear."""
    boxes = []
    for left in (bar.center().x() - width / 2, bar.left(), bar.right() - width):
        left = min(max(left, plot.left()), plot.right() - width)
        top = min(other.top() for other in bars
                  if other.right() > left and other.left() < left + width)
        boxes.append(QRectF(left, top - height * 1.3, width, height))
    boxes.sort(key=lambda box: -box.top())  # stable: centred first among equals
    return next((box for box in boxes
                 if not any(box.intersects(label.box) for label in placed)), None)


def paint_takings(
    painter: QPainter, rect: QRectF, report: DayReport, font: QFont, locale: QLocale
) -> ChartLayout:
    """Paint the chart into ``rect``: title, gridlines with sums, bars, hour labels, peak."""
    layout = chart_layout(rect, report, font, locale)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    small_font = _chart_font(font, 0.9)
    small = QFontMetricsF(small_font)
    hairline = max(1.0, small.height() / 16)
    painter.setFont(_chart_font(font, 1.1, bold=True))
    painter.setPen(TITLE)
    painter.drawText(layout.title, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                     chart_title(report))
    if report.peak is None:
        painter.setFont(_chart_font(font, 1.05))
        painter.setPen(LABEL)
        empty = QRectF(rect.left(), layout.title.bottom(), rect.width(),
                       rect.bottom() - layout.title.bottom())
        painter.drawText(empty, Qt.AlignmentFlag.AlignCenter, tr("No payments in this period"))
        painter.restore()
        return layout
    plot = layout.plot
    painter.setFont(small_font)
    for n in range(0, layout.top // layout.step + 1):
        y = plot.bottom() - plot.height() * n * layout.step / layout.top
        painter.setPen(QPen(AXIS if n == 0 else GRID, hairline))
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        label = QRectF(rect.left(), y - small.height() / 2, plot.left() - rect.left()
                       - small.height() * 0.5, small.height())
        painter.setPen(LABEL)
        painter.drawText(label, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         layout.axis_labels[n])
    _paint_bars(painter, layout, report)
    _paint_bucket_labels(painter, layout, report, small, locale)
    _paint_values(painter, layout, _value_font(font))
    painter.restore()
    return layout


def _paint_bars(painter: QPainter, layout: ChartLayout, report: DayReport) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    peak = report.peak
    for bar, bucket in zip(layout.bars, report.hourly, strict=True):
        if bar.height() <= 0:
            continue
        # Rounded top corners only: a rounded rectangle reaching below the bar, clipped.
        radius = min(bar.width() * 0.2, bar.height())
        path = QPainterPath()
        path.addRoundedRect(bar.adjusted(0, 0, 0, radius), radius, radius)
        painter.save()
        painter.setClipRect(bar, Qt.ClipOperation.IntersectClip)
        painter.setBrush(PEAK if bucket is peak else BAR)
        painter.drawPath(path)
        painter.restore()


def _paint_bucket_labels(
    painter: QPainter, layout: ChartLayout, report: DayReport, small: QFontMetricsF,
    locale: QLocale,
) -> None:
    """One label per bar, or every second (third, ...) when they would touch."""
    labels = [bucket_label(bucket, report.by_day, locale) for bucket in report.hourly]
    slot = layout.bars[1].left() - layout.bars[0].left() if len(labels) > 1 else layout.plot.width()
    widest = max(small.horizontalAdvance(label) for label in labels) + small.height() * 0.6
    every = max(1, -(-int(widest) // max(1, int(slot))))
    painter.setPen(LABEL)
    for index, (bar, label) in enumerate(zip(layout.bars, labels, strict=True)):
        if index % every:
            continue
        # Kept within the plot's width, clear of the axis's "0 ₽" on the left.
        left = min(max(bar.center().x() - widest / 2, layout.plot.left()),
                   layout.plot.right() - widest)
        box = QRectF(left, layout.plot.bottom() + small.height() * 0.25, widest, small.height())
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)


def _paint_values(painter: QPainter, layout: ChartLayout, font: QFont) -> None:
    """The bars' sums above them (:func:`_value_labels`), the busiest's in its colour."""
    painter.setFont(font)
    for label in layout.values:
        # A white backing, so a gridline behind the label never strikes it through.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#ffffff"))
        painter.drawRect(label.box)
        painter.setPen(PEAK if label.peak else LABEL)
        painter.drawText(label.box, Qt.AlignmentFlag.AlignCenter, label.text)


class TakingsChart(QWidget):
    """The dialog's chart: :func:`paint_takings` on a white card, with a tooltip per bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: DayReport | None = None
        self._layout: ChartLayout | None = None
        self.setMinimumSize(360, 220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(tr("Takings chart"))

    def sizeHint(self) -> QSize:
        return QSize(640, 280)

    @property
    def report(self) -> DayReport | None:
        return self._report

    def set_report(self, report: DayReport | None) -> None:
        self._report = report
        self._layout = None
        self.setAccessibleDescription(self._describe(report))
        self.update()

    def bar_rects(self) -> tuple[QRectF, ...]:
        """The bars as last painted, in widget coordinates (for tests and tooltips)."""
        return self._layout.bars if self._layout is not None else ()

    def painted_layout(self) -> ChartLayout | None:
        """Everything as last painted: the axis's sums, the bars' labels (for tests)."""
        return self._layout

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        card = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(QColor("#dde1e6"), 1))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(card, 8, 8)
        if self._report is not None:
            self._layout = paint_takings(painter, card, self._report, self.font(), self.locale())
        painter.end()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def tooltip_at(self, point: QPointF) -> str:
        if self._report is None or self._layout is None:
            return ""
        for bar, bucket in zip(self._layout.bars, self._report.hourly, strict=True):
            column = QRectF(bar.left(), self._layout.plot.top(), bar.width(),
                            self._layout.plot.height())
            if column.contains(point):
                span = bucket_span(bucket, self._report.by_day, self.locale())
                return tr("{0}: {1} payments, {2}").format(
                    span, bucket.count, money(bucket.amount, self.locale()))
        return ""

    @staticmethod
    def _describe(report: DayReport | None) -> str:
        """What a screen reader says instead of the picture."""
        if report is None or report.peak is None:
            return tr("No payments in this period")
        peak = report.peak
        return tr("Busiest: {0}, {1}").format(
            bucket_span(peak, report.by_day, QLocale()), money(peak.amount))
