"""The payment slip: what a phone reads off the paper, in an image, a PDF and a print."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import groupby
from pathlib import Path
from typing import Any, ClassVar

import pypdfium2
import pytest
import zxingcpp
from PySide6.QtCore import QLocale, QRectF, QSizeF
from PySide6.QtGui import QColor, QImage, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.support.qr import QUIET_ZONE, qr_matrix
from paydesk.ui.payment import slip
from paydesk.ui.payment.slip import (
    MIN_SYMBOL_MM,
    SlipLayout,
    check_printable,
    paint_slip,
    print_slip,
    print_slip_on,
    render_slip_image,
    save_slip_pdf,
)
from paydesk.ui.shell.formatting import money

from qt_images import decode_qimage, grey_rows
from screenshots import SCREENSHOTS

LINK = "https://pay.example.com/pay/Zx8kQ2mN4pR7sT1vW3yA5bC6dE9fG0hJ"
CREATED = datetime(2026, 11, 21, 11, 20, tzinfo=UTC)
EXPIRES = CREATED + timedelta(minutes=15)
MERCHANT = "Кофейня «Зерно»"
RUSSIAN = QLocale("ru_RU")
RECEIPT_PDF = QPageSize(QSizeF(80, 200), QPageSize.Unit.Millimeter, "Receipt 80 mm")

# (name, width mm, height mm, dpi): paper sizes a counter prints on.
A6_300 = ("a6", 105, 148, 300)
RECEIPT_203 = ("receipt", 72, 200, 203)  # 80 mm roll, 72 mm printable, thermal 8 dots/mm
A4_150 = ("a4", 210, 297, 150)


def an_order(status: str = "pending", **changes: Any) -> Order:
    values: dict[str, Any] = {
        "client_id": 1,
        "order_id": "20261121-112000123-K3QX9A",
        "amount": 125_050,
        "email": None,
        "note": "2 coffees",
        "url": LINK,
        "status": OrderStatus(status),
        "creation": CreationState.CONFIRMED,
        "created_at": CREATED,
        # A pending order is watched: its next check is set (an open order without
        # one is "status unknown — check").
        "next_check_at": CREATED + timedelta(seconds=2) if status == "pending" else None,
    }
    values.update(changes)
    return Order(**values)


def pixels(mm: float, dpi: float) -> int:
    return round(mm / 25.4 * dpi)


def slip_on_image(
    paper: tuple[str, int, int, int], order: Order | None = None, **options: Any
) -> tuple[QImage, SlipLayout]:
    """What render_slip_image draws, plus where paint_slip put the code."""
    _, width_mm, height_mm, dpi = paper
    image = QImage(pixels(width_mm, dpi), pixels(height_mm, dpi), QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    image.fill(QColor("#ffffff"))
    options.setdefault("merchant_name", MERCHANT)
    options.setdefault("expires_at", EXPIRES)
    painter = QPainter(image)
    try:
        layout = paint_slip(painter, QRectF(image.rect()), order or an_order(), **options)
    finally:
        painter.end()
    return image, layout


def assert_crisp(code: QImage, modules: int) -> None:
    """Pure black and white, and every dark run a whole number of equal modules."""
    assert code.width() == code.height() and code.width() % modules == 0
    module = code.width() // modules
    data = grey_rows(code).tobytes()
    side = code.width()
    assert set(data) == {0x00, 0xFF}
    lines = [data[y * side : (y + 1) * side] for y in range(side)]
    lines += [data[x::side] for x in range(side)]
    runs = {len(list(run)) for line in lines for value, run in groupby(line) if value == 0}
    assert all(run % module == 0 for run in runs), sorted(runs)


def symbol_mm(layout: SlipLayout, per_mm: float) -> float:
    """The code's width on paper without its quiet zone."""
    modules = len(qr_matrix(LINK))
    return layout.qr.width() * (modules - 2 * QUIET_ZONE) / modules / per_mm


def read_pdf(path: Path, dpi: float = 200) -> tuple[list[str], tuple[float, float], str]:
    """Rasterize page 1 with PDFium (8-bit grey): the codes found, its size in points, its text."""
    document = pypdfium2.PdfDocument(str(path))
    try:
        page = document[0]
        bitmap = page.render(scale=dpi / 72, grayscale=True)
        width, height, stride = bitmap.width, bitmap.height, bitmap.stride
        assert bitmap.n_channels == 1
        raw = bytes(bitmap.buffer)
        rows = b"".join(raw[y * stride : y * stride + width] for y in range(height))
        grey = memoryview(rows).cast("B", shape=(height, width))
        codes = [code.text for code in zxingcpp.read_barcodes(grey)]
        text = page.get_textpage().get_text_bounded()
        return codes, page.get_size(), text
    finally:
        document.close()


def plain(text: str) -> str:
    """Text with the locale's non-breaking spaces as plain ones, one line."""
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


# -- the code on the slip ------------------------------------------------------


@pytest.mark.parametrize("paper", [A6_300, RECEIPT_203, A4_150], ids=lambda p: f"{p[0]}-{p[3]}")
def test_the_code_decodes_is_crisp_and_large_enough_for_arms_length(
    qapp: Any, paper: tuple[str, int, int, int]
) -> None:
    image, layout = slip_on_image(paper, locale=RUSSIAN)
    per_mm = paper[3] / 25.4

    assert decode_qimage(image) == [LINK]
    code = image.copy(layout.qr.toRect())
    assert_crisp(code, len(qr_matrix(LINK)))
    assert symbol_mm(layout, per_mm) >= MIN_SYMBOL_MM
    assert QRectF(image.rect()).contains(layout.used)


def test_render_slip_image_is_the_same_drawing(qapp: Any) -> None:
    image, _ = slip_on_image(RECEIPT_203)

    rendered = render_slip_image(
        an_order(), merchant_name=MERCHANT, expires_at=EXPIRES,
        width_px=image.width(), height_px=image.height(), dpi=203,
    )

    assert rendered.convertToFormat(image.format()) == image
    assert round(rendered.dotsPerMeterX() * 0.0254) == 203


def test_on_a_receipt_roll_the_slip_starts_at_the_top_and_leaves_the_rest(qapp: Any) -> None:
    image, layout = slip_on_image(RECEIPT_203)

    assert layout.used.top() < pixels(5, 203)
    assert layout.used.bottom() < image.height() * 0.7  # no paper fed for nothing


def test_a_scaled_preview_painter_still_gets_whole_pixel_modules(qapp: Any) -> None:
    """A preview paints the 300 dpi page into a 150 dpi image through a 0.5 scale."""
    image = QImage(pixels(105, 150), pixels(148, 150), QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(150 / 0.0254))
    image.setDotsPerMeterY(round(150 / 0.0254))
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.scale(0.5, 0.5)
    try:
        page = QRectF(0, 0, pixels(105, 300), pixels(148, 300))
        layout = paint_slip(painter, page, an_order(), merchant_name=MERCHANT, expires_at=None)
    finally:
        painter.end()

    assert decode_qimage(image) == [LINK]
    on_image = QRectF(layout.qr.topLeft() * 0.5, layout.qr.size() * 0.5).toRect()
    assert_crisp(image.copy(on_image), len(qr_matrix(LINK)))
    assert symbol_mm(layout, 300 / 25.4) >= MIN_SYMBOL_MM


def test_a_huge_amount_and_a_long_name_stay_on_a_small_page(qapp: Any) -> None:
    order = an_order(amount=12_345_678_901, order_id="X" * 64)
    name = "Общество с ограниченной ответственностью «Кофейня на углу Большой Садовой»"
    image, _ = slip_on_image(("a7", 74, 105, 203), order, merchant_name=name)

    assert decode_qimage(image) == [LINK]
    edge = pixels(1.5, 203)  # inside the 2.8 mm margin nothing is painted
    for strip in (image.copy(0, 0, edge, image.height()),
                  image.copy(image.width() - edge, 0, edge, image.height())):
        assert set(grey_rows(strip).tobytes()) == {0xFF}


# -- PDF -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("page_size", "points"),
    [
        (QPageSize.PageSizeId.A6, (297.6, 419.5)),
        (RECEIPT_PDF, (226.8, 566.9)),
        (QPageSize.PageSizeId.A4, (595.3, 841.9)),
    ],
    ids=["a6", "receipt-80mm", "a4"],
)
def test_the_pdf_page_rasterized_decodes_and_says_what_to_pay(
    qapp: Any, tmp_path: Path, page_size: Any, points: tuple[float, float]
) -> None:
    path = save_slip_pdf(tmp_path / "slip.pdf", an_order(), merchant_name=MERCHANT,
                         expires_at=EXPIRES, page_size=page_size, locale=RUSSIAN)

    assert path.read_bytes().startswith(b"%PDF")
    codes, size, text = read_pdf(path)
    assert codes == [LINK]
    assert size == pytest.approx(points, abs=1)
    expected = [
        MERCHANT,
        money(125_050, RUSSIAN),
        "Scan to pay",
        f"Pay before {EXPIRES.astimezone().strftime('%H:%M')}",
        "Order K3QX9A",  # the short id the panel and the list show
        "20261121-112000123-K3QX9A",  # and the whole one, for the records
        f"Created {CREATED.astimezone().strftime('%d.%m.%Y %H:%M')}",
    ]
    assert [line for line in map(plain, expected) if line not in plain(text)] == []
    assert "2 coffees" not in text  # the note is the merchant's, not the buyer's


def test_without_an_expiry_the_slip_makes_no_promise_and_a_late_one_has_a_date(
    qapp: Any, tmp_path: Path
) -> None:
    none = save_slip_pdf(tmp_path / "none.pdf", an_order(), merchant_name=MERCHANT,
                         expires_at=None)
    later = save_slip_pdf(tmp_path / "later.pdf", an_order(), merchant_name=MERCHANT,
                          expires_at=CREATED + timedelta(days=1), locale=RUSSIAN)

    assert "Pay before" not in read_pdf(none)[2]
    tomorrow = (CREATED + timedelta(days=1)).astimezone().strftime("%d.%m.%Y %H:%M")
    assert f"Pay before {tomorrow}" in plain(read_pdf(later)[2])


# -- printing --------------------------------------------------------------------


def pdf_printer(path: Path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def test_print_slip_on_a_printer_prints_a_code_that_decodes(qapp: Any, tmp_path: Path) -> None:
    printer = pdf_printer(tmp_path / "printed.pdf")

    layout = print_slip_on(printer, an_order(), merchant_name=MERCHANT, expires_at=EXPIRES)

    assert read_pdf(tmp_path / "printed.pdf")[0] == [LINK]
    assert symbol_mm(layout, printer.resolution() / 25.4) >= MIN_SYMBOL_MM


class FakePrintDialog:
    """Stands in for QPrintDialog: answers as told, sends the print to a PDF file."""

    opened: ClassVar[list[FakePrintDialog]] = []
    answer: ClassVar[QDialog.DialogCode] = QDialog.DialogCode.Rejected
    output: ClassVar[Path | None] = None

    def __init__(self, printer: QPrinter, parent: QWidget | None = None) -> None:
        self.printer = printer
        self.title = ""
        FakePrintDialog.opened.append(self)

    def setWindowTitle(self, title: str) -> None:
        self.title = title

    def exec(self) -> QDialog.DialogCode:
        if self.answer == QDialog.DialogCode.Accepted and self.output is not None:
            self.printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
            self.printer.setOutputFileName(str(self.output))
        return self.answer


@pytest.fixture
def print_dialog(monkeypatch: pytest.MonkeyPatch) -> type[FakePrintDialog]:
    monkeypatch.setattr(FakePrintDialog, "opened", [])
    monkeypatch.setattr(slip, "QPrintDialog", FakePrintDialog)
    return FakePrintDialog


def test_print_slip_prints_what_the_dialog_chose_and_cancel_prints_nothing(
    qapp: Any, tmp_path: Path, print_dialog: type[FakePrintDialog],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    output = tmp_path / "chosen.pdf"
    monkeypatch.setattr(print_dialog, "output", output)
    monkeypatch.setattr(print_dialog, "answer", QDialog.DialogCode.Rejected)
    assert print_slip(None, an_order(), merchant_name=MERCHANT, expires_at=EXPIRES) is False
    assert not output.exists()

    monkeypatch.setattr(print_dialog, "answer", QDialog.DialogCode.Accepted)
    assert print_slip(None, an_order(), merchant_name=MERCHANT, expires_at=EXPIRES) is True
    assert read_pdf(output)[0] == [LINK]
    assert [dialog.title for dialog in print_dialog.opened] == ["Print payment slip"] * 2
    assert print_dialog.opened[1].printer.docName() == "Payment slip 20261121-112000123-K3QX9A"


# -- refusals ---------------------------------------------------------------------------


UNPAYABLE = {
    "paid": (an_order("approve", paid_at=CREATED), "already paid"),
    "refused": (an_order("decline"), "refused"),
    "expired": (an_order("expired"), "expired"),
    "unconfirmed": (an_order(creation=CreationState.UNCONFIRMED, url=None), "no payment link"),
    "abandoned": (an_order(creation=CreationState.ABANDONED, url=None), "no payment link"),
    "unknown": (an_order("refunded"), "can no longer be paid"),
}


@pytest.mark.parametrize("case", UNPAYABLE, ids=str)
def test_a_slip_for_an_order_that_cannot_be_paid_is_refused_everywhere(
    qapp: Any, tmp_path: Path, print_dialog: type[FakePrintDialog], case: str
) -> None:
    order, words = UNPAYABLE[case]
    options: dict[str, Any] = {"merchant_name": MERCHANT, "expires_at": EXPIRES}
    target = tmp_path / "refused.pdf"
    image = QImage(100, 100, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    attempts = [
        lambda: paint_slip(painter, QRectF(image.rect()), order, **options),
        lambda: render_slip_image(order, width_px=600, height_px=900, dpi=150, **options),
        lambda: save_slip_pdf(target, order, **options),
        lambda: print_slip(None, order, **options),
        lambda: print_slip_on(pdf_printer(target), order, **options),
    ]
    try:
        for attempt in attempts:
            with pytest.raises(ValueError, match=words) as refused:
                attempt()
            message = str(refused.value)
            assert message[0].isupper() and message.endswith(".")
    finally:
        painter.end()

    assert not target.exists()
    assert print_dialog.opened == []  # nobody is asked to pick a printer for nothing


def test_an_open_order_no_longer_checked_by_itself_still_gets_its_slip() -> None:
    # "Status unknown — check": its link may still be paid, so the buyer may have it.
    assert check_printable(an_order(next_check_at=None)) == LINK


# -- screenshots -------------------------------------------------------------------------


def test_screenshots(qapp: Any) -> None:
    """A6 at 150 dpi and an 80 mm receipt at 203 dpi, for a person to look at (git-ignored)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    shots = {
        "slip-a6": slip_on_image(("a6", 105, 148, 150), locale=RUSSIAN),
        "slip-receipt": slip_on_image(RECEIPT_203, locale=RUSSIAN),
        "slip-a4-en": slip_on_image(("a4", 210, 297, 100), locale=QLocale("en_US")),
    }
    for name, (image, layout) in shots.items():
        if name == "slip-receipt":  # cut the roll after the slip, as the printer would
            image = image.copy(0, 0, image.width(), round(layout.used.bottom()) + 40)
        path = SCREENSHOTS / f"{name}.png"
        assert image.save(str(path))
        assert decode_qimage(QImage(str(path))) == [LINK]
