"""ReportDialog: the day's numbers, the period picker, the chart, PDF, print, CSV, screenshots."""

from __future__ import annotations

import csv
import random
import sqlite3
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, QLocale, QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPdfWriter
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderBookReader
from paydesk.core.book.report import local_midnight
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import CheckResult, OrderStore
from paydesk.ui.report.chart import BAR, PEAK, ChartLayout, nice_step
from paydesk.ui.report.dialog import ReportDialog
from paydesk.ui.report.document import paint_report
from paydesk.ui.shell.formatting import money

from bulk_orders import bulk_insert
from screenshots import SCREENSHOTS, save_screenshot

CLIENT = 1001
NOW = datetime(2026, 11, 21, 19, 30, tzinfo=UTC)
TODAY = NOW.astimezone().date()

OpenDialog = Callable[..., ReportDialog]


def at(day: date, hours: float) -> datetime:
    """``hours`` after the local midnight starting ``day``."""
    return local_midnight(day) + timedelta(hours=hours)


def made(order_id: str, amount: int, created: datetime, status: str = "approve",
         paid: datetime | None = None,
         creation: CreationState = CreationState.CONFIRMED) -> Order:
    if status == "approve" and paid is None:
        paid = created + timedelta(minutes=2)
    # Seen unpaid half a minute before it was seen paid, as the window's polling does.
    return Order(CLIENT, order_id, amount, None, "2 coffees", "https://pay.example.com/x",
                 OrderStatus(status), creation, created, paid, confirmed_at=created,
                 last_pending_at=paid - timedelta(seconds=30) if paid else created)


def busy_day() -> list[Order]:
    """About forty payments from 8:00 to 19:00, busiest at lunch and after work, and the rest."""
    rng = random.Random(20261121)
    weights = [2, 4, 3, 2, 5, 7, 4, 2, 3, 5, 6, 3]  # 8:00 ... 19:00
    orders = []
    for hour, weight in enumerate(weights, start=8):
        for n in range(weight):
            minute = rng.randrange(0, 57)
            orders.append(made(f"p-{hour}-{n}", rng.randrange(150_00, 2_500_00, 50),
                               at(TODAY, hour + minute / 60)))
    orders += [
        made("late", 45000, at(TODAY, -0.05), paid=at(TODAY, 0.02)),  # yesterday 23:57
        made("wait-1", 30000, at(TODAY, 18.5), "pending"),
        made("wait-2", 12000, at(TODAY, 19.0), "pending"),
        made("refused", 99000, at(TODAY, 12.2), "decline"),
        made("expired", 5000, at(TODAY, 16.1), "expired"),
        made("unsent", 7000, at(TODAY, 17.3), "pending", creation=CreationState.UNCONFIRMED),
        made("yesterday", 77700, at(TODAY - timedelta(days=1), 12)),
    ]
    return orders


@pytest.fixture
def open_dialog(qtbot: QtBot, orders_store: OrderStore) -> OpenDialog:
    def open_it(orders: list[Order] | None = None, name: str = "Coffee & Co") -> ReportDialog:
        if orders:
            bulk_insert(orders_store, orders)
        dialog = ReportDialog(OrderBookReader(orders_store, CLIENT), name, clock=lambda: NOW)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        return dialog

    return open_it


def paid_today(orders: list[Order]) -> list[Order]:
    since, until = local_midnight(TODAY), local_midnight(TODAY + timedelta(days=1))
    return [o for o in orders if o.paid_at is not None and since <= o.paid_at < until]


def screenshot(qtbot: QtBot, widget: ReportDialog | QImage, name: str) -> Path:
    """Save what a person would see, once every label has the width its new text needs
    (new text is laid out in a posted event, after the code that set it returns)."""
    if isinstance(widget, ReportDialog):
        qtbot.waitUntil(lambda: all(
            label.width() >= label.minimumSizeHint().width()
            for label in widget.findChildren(QLabel) if label.isVisible()
        ))
        return save_screenshot(widget, f"report-{name}")
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"report-{name}.png"
    assert widget.save(str(path)), f"could not save {path}"
    return path


def colours(image: QImage, step: int = 3) -> set[str]:
    return {image.pixelColor(x, y).name() for x in range(0, image.width(), step)
            for y in range(0, image.height(), step)}


def test_the_dialog_shows_todays_numbers(open_dialog: OpenDialog) -> None:
    orders = busy_day()
    dialog = open_dialog(orders)
    paid = paid_today(orders)
    assert dialog.from_edit.date() == dialog.to_edit.date() == QDate(TODAY.year, TODAY.month,
                                                                      TODAY.day)
    assert dialog.report.paid.count == len(paid) == 47  # with the one paid after midnight
    assert dialog.paid_amount_label.text() == money(sum(o.amount for o in paid))
    assert dialog.paid_count_label.text() == "47 payments"
    assert dialog.count_labels["pending"].text() == "2"
    assert dialog.amount_labels["pending"].text() == money(42000)
    assert dialog.count_labels["refused"].text() == "1"
    assert dialog.amount_labels["expired"].text() == money(5000)
    assert dialog.unsent_label.isVisible() and "Not sent: 1" in dialog.unsent_label.text()
    assert dialog.windowTitle() == "Takings report — Coffee & Co"


def test_the_period_picker(open_dialog: OpenDialog) -> None:
    dialog = open_dialog(busy_day())
    today = dialog.today()
    assert not dialog.next_button.isEnabled()  # tomorrow has no takings yet
    dialog.step(-1)
    assert dialog.from_edit.date() == today.addDays(-1)
    assert dialog.report.paid.amount == 77700 and dialog.report.created.count == 2
    assert dialog.next_button.isEnabled()
    dialog.step(1)
    assert dialog.report.paid.count == 47

    dialog.from_edit.setDate(today.addDays(-6))  # a week: one bar per day
    assert dialog.to_edit.date() == today and dialog.report.by_day
    assert len(dialog.report.hourly) == 7
    assert dialog.report.paid.count == 48
    dialog.to_edit.setDate(today.addDays(-8))  # before the first day: both move
    assert dialog.from_edit.date() == dialog.to_edit.date() == today.addDays(-8)
    dialog.today_button.click()
    assert dialog.report.first_day == TODAY and not dialog.report.by_day

    dialog.set_period(today.addDays(-7), today.addDays(-1))  # last week, to yesterday
    dialog.next_button.click()  # a week on would end in the future: it stops at today
    assert (dialog.from_edit.date(), dialog.to_edit.date()) == (today.addDays(-6), today)
    assert not dialog.next_button.isEnabled()


def test_a_broken_order_book_is_said_next_to_the_buttons(
    open_dialog: OpenDialog, orders_store: OrderStore
) -> None:
    dialog = open_dialog(busy_day())
    shown = dialog.report
    with sqlite3.connect(orders_store.path) as other:
        other.execute("DROP TABLE status_history")
        other.execute("DROP TABLE orders")
    dialog.step(-1)
    assert "Could not" in dialog.message.text()
    assert dialog.report is shown  # the last numbers stay on screen


def test_the_numbers_follow_a_payment_recorded_elsewhere(
    open_dialog: OpenDialog, orders_store: OrderStore, monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """``paydesk refresh`` in a terminal (here another connection) records a payment while
    the report is open: the report follows, and what the last button said stays."""
    orders = busy_day()
    dialog = open_dialog(orders)

    def answer(printer: QPrinter) -> bool:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(tmp_path / "printed.pdf"))
        return True

    monkeypatch.setattr(dialog, "ask_printer", answer)
    dialog.print_button.click()
    paid = sum(o.amount for o in paid_today(orders))
    with OrderStore.open(orders_store.path) as elsewhere:
        elsewhere.record_checks([CheckResult(CLIENT, "wait-1", OrderStatus.APPROVE,
                                             at(TODAY, 19.2), None)])
    dialog.book_changed()
    assert dialog.paid_amount_label.text() == money(paid + 30000)
    assert dialog.paid_count_label.text().startswith("48 payments")  # one's time approximate
    assert dialog.count_labels["pending"].text() == "1"
    assert dialog.message.text() == "Sent to the printer"


def test_the_chart_has_a_bar_for_each_busy_hour(qtbot: QtBot, open_dialog: OpenDialog) -> None:
    dialog = open_dialog(busy_day())
    chart = dialog.chart
    image = chart.grab().toImage()
    assert not image.isNull() and image.width() >= 360
    hours = [bucket.start.hour for bucket in dialog.report.hourly]
    assert hours == list(range(0, 20))  # from the payment after midnight to 19:00
    bars = chart.bar_rects()
    assert len(bars) == 20
    for bucket, bar in zip(dialog.report.hourly, bars, strict=True):
        assert (bar.height() > 0) == (bucket.amount > 0)
        if bucket.amount:
            assert image.pixelColor(bar.center().toPoint()) in (BAR, PEAK)
    peak = dialog.report.peak
    assert peak is not None
    assert image.pixelColor(bars[hours.index(peak.start.hour)].center().toPoint()) == PEAK
    tip = chart.tooltip_at(bars[hours.index(13)].center())
    assert tip.startswith("13:00–14:00: 7 payments, ")
    assert chart.tooltip_at(QPointF(2, 2)) == ""


def test_one_busy_hour_is_a_bar_not_a_blob(qtbot: QtBot, open_dialog: OpenDialog) -> None:
    """A quiet day with all its takings in one hour: one bar of a bar's width, in the
    middle, its label under it; not one rounded shape as wide as the chart."""
    dialog = open_dialog([made("one", 1_500_00, at(TODAY, 11.2)),
                          made("two", 350_00, at(TODAY, 11.7))])
    chart = dialog.chart
    image = chart.grab().toImage()
    (bar,) = chart.bar_rects()
    line = chart.fontMetrics().height()
    assert bar.width() <= 3 * line < chart.width() / 4
    assert abs(bar.center().x() - chart.rect().center().x()) < chart.width() / 6
    assert image.pixelColor(bar.center().toPoint()) == PEAK
    # Outside the bar, at its height, the card is not painted as a bar.
    beside = bar.center() + QPointF(bar.width() * 1.5, 0)
    assert image.pixelColor(beside.toPoint()) not in (BAR, PEAK)
    dialog.setLocale(QLocale("ru_RU"))
    screenshot(qtbot, dialog, "one-hour")


def painted(dialog: ReportDialog) -> ChartLayout:
    """The chart as it is painted now (a grab paints it)."""
    dialog.chart.grab()
    layout = dialog.chart.painted_layout()
    assert layout is not None
    return layout


@pytest.mark.parametrize(("locale", "sums"), [
    (QLocale.c(), ("0", "500,000", "1,000,000", "1,500,000")),  # English on a C/POSIX system
    (QLocale("en_US"), ("0", "500,000", "1,000,000", "1,500,000")),
    (QLocale("ru_RU"), ("0", "500\u00a0000", "1\u00a0000\u00a0000", "1\u00a0500\u00a0000")),
], ids=["C", "en_US", "ru_RU"])
def test_the_axis_writes_its_sums_as_the_window_writes_money(
    open_dialog: OpenDialog, locale: QLocale, sums: tuple[str, ...]
) -> None:
    dialog = open_dialog([made("big", 1_000_000_00, at(TODAY, 11.2)),
                          made("more", 11_038_39, at(TODAY, 11.7)),
                          made("small", 250_00, at(TODAY, 15.1))])
    dialog.setLocale(locale)
    layout = painted(dialog)
    assert layout.axis_labels == tuple(f"{rubles}\u00a0₽" for rubles in sums)
    assert dialog.paid_amount_label.text() == money(1_011_288_39, locale)  # grouped alike


def test_the_smallest_bar_has_its_sum_as_the_busiest_has(open_dialog: OpenDialog) -> None:
    """A busy day: the busiest hour's sum and the smallest's (a sliver the axis cannot tell)."""
    dialog = open_dialog(busy_day())
    hourly = dialog.report.hourly
    layout = painted(dialog)
    [peak, smallest] = layout.values
    assert (peak.peak, peak.text) == (True, money(10_683_00))
    assert (hourly[smallest.index].start.hour, smallest.text) == (0, money(450_00))
    assert smallest.box.bottom() <= layout.bars[smallest.index].top()


def test_a_few_bars_have_each_its_sum(open_dialog: OpenDialog, qtbot: QtBot) -> None:
    """Room for every label: each bar's sum, none on another or on a taller bar."""
    dialog = open_dialog([made("a", 1_500_00, at(TODAY, 9.1)), made("b", 30_00, at(TODAY, 10.2)),
                          made("c", 700_00, at(TODAY, 11.5))])
    layout = painted(dialog)
    assert sorted(label.text for label in layout.values) == sorted(
        money(amount) for amount in (1_500_00, 30_00, 700_00))
    boxes = [label.box for label in layout.values]
    assert not any(a.intersects(b) for n, a in enumerate(boxes) for b in boxes[n + 1:])
    for label in layout.values:
        spanned = [bar for bar in layout.bars
                   if bar.right() > label.box.left() and bar.left() < label.box.right()]
        assert all(label.box.bottom() <= bar.top() for bar in spanned)
    dialog.setLocale(QLocale("ru_RU"))
    screenshot(qtbot, dialog, "few-bars")


def test_an_empty_day_says_so(open_dialog: OpenDialog) -> None:
    dialog = open_dialog()
    assert dialog.report.peak is None and dialog.chart.bar_rects() == ()
    assert dialog.chart.accessibleDescription() == "No payments in this period"
    assert dialog.paid_amount_label.text() == money(0)
    assert not dialog.unsent_label.isVisible()
    painted = colours(dialog.chart.grab().toImage(), step=2)
    assert BAR.name() not in painted and PEAK.name() not in painted


def test_save_pdf_and_print(open_dialog: OpenDialog, tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = open_dialog(busy_day())
    pdf = tmp_path / "report.pdf"
    dialog.save_pdf(pdf)
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 2000

    printed = tmp_path / "printed.pdf"

    def answer(printer: QPrinter) -> bool:  # what a person picks in the print dialog
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(printed))
        return True

    monkeypatch.setattr(dialog, "ask_printer", answer)
    dialog.print_button.click()
    assert printed.read_bytes().startswith(b"%PDF")
    assert dialog.message.text() == "Sent to the printer"

    with pytest.raises(IsADirectoryError):
        dialog.save_pdf(tmp_path)  # a folder, not a file


def test_a_cancelled_print_prints_nothing(open_dialog: OpenDialog,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = open_dialog(busy_day())
    printed: list[QPrinter] = []
    monkeypatch.setattr(dialog, "ask_printer", lambda printer: False)
    monkeypatch.setattr(dialog, "print_report", printed.append)
    dialog.print_button.click()
    assert printed == [] and dialog.message.text() == ""


def test_export_csv_of_the_reports_orders(open_dialog: OpenDialog, tmp_path: Path) -> None:
    orders = busy_day()
    dialog = open_dialog(orders)
    target = tmp_path / "day.csv"
    count = dialog.export_csv(target)
    assert target.read_bytes().startswith(b"\xef\xbb\xbf")
    with target.open(encoding="utf-8-sig", newline="") as stream:
        rows = list(csv.DictReader(stream))
    ids = {row["Order id"] for row in rows}
    assert count == len(rows) == len(orders) - 1  # all but yesterday's
    assert "late" in ids and "yesterday" not in ids

    dialog.setLocale(QLocale("ru_RU"))
    dialog.export_csv(target)
    with target.open(encoding="utf-8-sig", newline="") as stream:
        first = next(csv.DictReader(stream, delimiter=";"))
    assert "," in first["Amount, ₽"] and "." not in first["Amount, ₽"]


def test_a_new_locale_rewrites_the_sums(open_dialog: OpenDialog) -> None:
    dialog = open_dialog(busy_day())
    russian = QLocale("ru_RU")
    dialog.setLocale(russian)
    assert dialog.paid_amount_label.text() == money(dialog.report.paid.amount, russian)
    assert dialog.heading.text().startswith("Суббота")


def test_the_page_image(open_dialog: OpenDialog) -> None:
    dialog = open_dialog(busy_day())
    image = dialog.paint_to_image(900)
    assert (image.width(), image.height()) == (900, round(900 * 297 / 210))
    painted = colours(image)
    assert "#ffffff" in painted and PEAK.name() in painted and len(painted) > 20


def test_a_long_range_continues_on_more_pages(open_dialog: OpenDialog, tmp_path: Path) -> None:
    """Ninety days make a table longer than a page: a PDF turns the page, an image says so."""
    first = TODAY - timedelta(days=89)
    orders = [made(f"d-{n}", 10000 + n, at(first + timedelta(days=n), 12)) for n in range(90)]
    dialog = open_dialog(orders)
    dialog.set_period(dialog.today().addDays(-89), dialog.today())
    assert dialog.report.by_day and len(dialog.report.hourly) == 90
    writer = QPdfWriter(str(tmp_path / "long.pdf"))
    painter = QPainter(writer)
    area = writer.pageLayout().paintRectPixels(writer.resolution())
    pages = paint_report(painter, QRectF(0, 0, area.width(), area.height()), dialog.report, "Shop")
    painter.end()
    assert pages == 2
    assert (tmp_path / "long.pdf").read_bytes().startswith(b"%PDF")
    image = QImage(800, 1131, QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    assert paint_report(painter, QRectF(image.rect()), dialog.report, "Shop") == 1
    painter.end()


@pytest.mark.parametrize(("top", "step"), [(1, 1), (99, 50), (100, 100), (1234, 500),
                                           (14_338_50, 500_000), (84_053_00, 5_000_000)])
def test_axis_steps_are_round(top: int, step: int) -> None:
    assert nice_step(top) == step


def test_screenshots(open_dialog: OpenDialog, qtbot: QtBot) -> None:
    """A busy day, an empty one, a week, and the printed page: for people to look at."""
    dialog = open_dialog(busy_day(), name="Кофейня «Зерно», Тверская 12")
    dialog.setLocale(QLocale("ru_RU"))
    screenshot(qtbot, dialog, "busy")
    screenshot(qtbot, dialog.paint_to_image(), "page")
    dialog.from_edit.setDate(dialog.today().addDays(-6))
    screenshot(qtbot, dialog, "week")
    screenshot(qtbot, dialog.paint_to_image(), "page-week")
    dialog.set_period(dialog.today().addDays(-3))
    screenshot(qtbot, dialog, "empty")
    dialog.setLocale(QLocale("en_US"))
    dialog.set_period(dialog.today())
    dialog.resize(dialog.minimumSize())
    qtbot.waitUntil(lambda: dialog.size() == dialog.minimumSize())
    screenshot(qtbot, dialog, "busy-small-en")
    for name in ("busy", "page", "week", "page-week", "empty", "busy-small-en"):
        assert QImage(str(SCREENSHOTS / f"report-{name}.png")).width() > 500
