"""A payment slip on paper: merchant, amount, the QR, "Scan to pay", expiry, order.

For buyers who pay from a printed slip rather than the screen (a queue, a
table, a delivery). One painter function lays the slip out for any page, from
80 mm receipt paper to A4, so the PDF, the printer and the preview are the same
drawing. Sizes are physical (millimetres and points, from the device's
resolution), so the code is as large from a 203 dpi thermal printer as in a
300 dpi PDF, and its modules fall on whole printer dots.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import (
    QLocale,
    QMarginsF,
    QPointF,
    QRectF,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPen,
)
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from paydesk.core.receipts.slips import NothingToPrintError, slip_link
from paydesk.domain.order_ids import short_id
from paydesk.domain.orders import Order
from paydesk.support.qr import QUIET_ZONE, qr_matrix
from paydesk.ui.shell.formatting import local_time, money, tr
from paydesk.ui.widgets.paper import blank_image, painting, write_pdf
from paydesk.ui.widgets.qr_export import draw_matrix

#: The code without its quiet zone: what a phone at arm's length reads easily.
MIN_SYMBOL_MM = 35.0
#: Beyond this the code only costs paper (and on A4 looks like a poster).
MAX_QR_MM = 100.0
#: The PDF's device resolution: its "device pixels", on which modules are aligned.
PDF_DPI = 300

_MM_PER_INCH = 25.4
_INK = QColor("#000000")  # thermal printers have no grey, only dithering
#: Font scales tried in turn until the code is large enough on a short page.
_SHRINK_STEPS = (1.0, 0.85, 0.72)


@dataclass(frozen=True, slots=True)
class SlipLayout:
    """Where the slip went (logical coordinates): ``used`` is how much paper it needed."""

    qr: QRectF  # the code, quiet zone included
    used: QRectF


@dataclass(frozen=True, slots=True)
class _Line:
    text: str
    points: float  # physical size at font scale 1
    gap_mm: float = 0.0  # space above, at font scale 1
    bold: bool = False
    anywhere: bool = False  # order ids have no spaces: wrap between any characters
    one_line: bool = False  # shrink rather than wrap: a wrapped amount misreads


#: Where the code goes, and the hairline between what the buyer needs and the details.
_CODE = "code"
_RULE = "rule"
_Item = _Line | str
#: The room the rule takes at font scale 1, space above and below included.
_RULE_MM = 4.0


@dataclass(frozen=True, slots=True)
class _Paper:
    """Millimetres and points in the painter's logical units, whatever its transform."""

    per_mm: float
    point: float  # pass point * size to setPointSizeF for ``size`` physical points
    device: QPaintDevice

    @classmethod
    def of(cls, painter: QPainter) -> _Paper:
        device = painter.device()
        transform = painter.deviceTransform()
        scale = math.hypot(transform.m11(), transform.m12()) or 1.0
        return cls(device.logicalDpiX() / _MM_PER_INCH / scale, 1.0 / scale, device)

    def mm(self, millimetres: float) -> float:
        return millimetres * self.per_mm

    def font(self, base: QFont, line: _Line, scale: float) -> QFont:
        font = QFont(base)
        font.setPointSizeF(line.points * scale * self.point)
        font.setBold(line.bold)
        # Unhinted metrics scale linearly, so what is measured is what prints.
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        return font


def check_printable(order: Order) -> str:
    """The link a slip would carry; ValueError with a sentence for the cashier if none.

    Only an order still open to pay, with its link, gets a slip: a slip for a
    paid, refused or expired order would send a buyer to a page that cannot
    take their money (or ask for it twice).
    """
    try:
        return slip_link(order)
    except NothingToPrintError as refusal:  # the core's one table of which phase prints
        raise ValueError(tr(str(refusal.reason))) from None


def paint_slip(
    painter: QPainter,
    page: QRectF,
    order: Order,
    *,
    merchant_name: str,
    expires_at: datetime | None,
    locale: QLocale | None = None,
) -> SlipLayout:
    """Lay the slip out in ``page`` (logical coordinates) and paint it.

    Text sizes grow with the page's width; the code takes what room is left, up
    to the page's width and MAX_QR_MM. On a tall page (a receipt roll) the slip
    starts at the top so the printer feeds no more paper than needed; otherwise
    it is centred. Raises ValueError (see check_printable) for an order that
    cannot be paid.
    """
    url = check_printable(order)
    paper = _Paper.of(painter)
    margin = paper.mm(min(12.0, max(2.0, (page.width() / paper.per_mm - 60.0) * 0.2)))
    content = page.adjusted(margin, margin, -margin, -margin)
    matrix = qr_matrix(url)
    items = _items(order, merchant_name, expires_at, locale or QLocale())
    plan = _plan(paper, content, items, QFont(painter.font()), len(matrix))

    tall = page.height() > 2 * page.width()
    free = max(0.0, content.height() - plan.text_room - plan.side)
    top = y = content.top() + (0.0 if tall else free / 2)
    qr = QRectF()
    measured = iter(zip(plan.fonts, plan.heights, strict=True))
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    for item in items:
        if item == _CODE:
            area = QRectF(content.left(), y, content.width(), plan.side)
            qr = draw_matrix(painter, matrix, area)
            y += plan.side
        elif item == _RULE:
            y = _draw_rule(painter, content, y, paper, plan.scale)
        elif isinstance(item, _Line):
            font, height = next(measured)
            y += paper.mm(item.gap_mm * plan.scale)
            painter.setFont(font)
            painter.setPen(_INK)
            painter.drawText(QRectF(content.left(), y, content.width(), height),
                             _flags(item), item.text)
            y += height
    painter.restore()
    return SlipLayout(qr=qr, used=QRectF(page.left(), top, page.width(), y - top))


@dataclass(frozen=True, slots=True)
class _Plan:
    scale: float  # of every text size and gap
    fonts: list[QFont]  # one per line, in order
    heights: list[float]
    text_room: float  # all lines, gaps and rules
    side: float  # the room for the code, quiet zone included


def _plan(paper: _Paper, content: QRectF, items: list[_Item], base: QFont,
          modules: int) -> _Plan:
    """Text sizes from the page's width, the code in what room is left.

    A short page first shrinks the text (_SHRINK_STEPS) to keep the code's
    symbol at MIN_SYMBOL_MM; a page too small even then gets what fits.
    """
    lines = [item for item in items if isinstance(item, _Line)]
    symbol_share = (modules - 2 * QUIET_ZONE) / modules
    growth = min(1.6, max(0.8, content.width() / paper.mm(68.0)))
    for step in _SHRINK_STEPS:
        scale = growth * step
        fonts = [_fitted(paper.font(base, line, scale), line, content.width(), paper)
                 for line in lines]
        box = QRectF(0, 0, content.width(), 1e6)
        heights = [QFontMetricsF(font, paper.device).boundingRect(box, _flags(line), line.text)
                   .height() for font, line in zip(fonts, lines, strict=True)]
        text_room = sum(heights) + sum(paper.mm(line.gap_mm * scale) for line in lines)
        text_room += paper.mm(_RULE_MM * scale) * items.count(_RULE)
        side = min(content.width(), paper.mm(MAX_QR_MM), content.height() - text_room)
        if side * symbol_share >= paper.mm(MIN_SYMBOL_MM):
            break
    return _Plan(scale, fonts, heights, text_room, max(side, 0.0))


def _items(
    order: Order, merchant_name: str, expires_at: datetime | None, locale: QLocale
) -> list[_Item]:
    """What the slip says, top to bottom; sizes in points, gaps in millimetres."""
    items: list[_Item] = []
    if merchant_name.strip():
        items.append(_Line(merchant_name.strip(), 12.0, bold=True))
    items += [
        _Line(money(order.amount, locale), 26.0, gap_mm=1.0, bold=True, one_line=True),
        _CODE,
        _Line(tr("Scan to pay"), 14.0, bold=True),
    ]
    if expires_at is not None:
        items.append(_Line(_pay_before(expires_at, order.created_at, locale), 11.0, gap_mm=1.0))
    created = local_time(order.created_at, locale=locale)
    items += [
        _RULE,
        _Line(tr("Order {short_id}").format(short_id=short_id(order.order_id)), 11.0,
              bold=True),
        _Line(order.order_id, 7.0, anywhere=True),  # the whole id, for the records
        _Line(tr("Created {time}").format(time=created), 8.0, gap_mm=0.6),
    ]
    return items


def _pay_before(expires_at: datetime, created_at: datetime, locale: QLocale) -> str:
    """"Pay before 14:35"; with the date too when the link outlives the day it was made."""
    same_day = expires_at.astimezone().date() == created_at.astimezone().date()
    when = (expires_at.astimezone().strftime("%H:%M") if same_day
            else local_time(expires_at, locale=locale))
    return tr("Pay before {time}").format(time=when)


def _fitted(font: QFont, line: _Line, width: float, paper: _Paper) -> QFont:
    """Shrink a one-line text's font until the text fits the width (down to 40 %)."""
    if not line.one_line:
        return font
    floor = font.pointSizeF() * 0.4
    while (
        QFontMetricsF(font, paper.device).horizontalAdvance(line.text) > width
        and font.pointSizeF() > floor
    ):
        font.setPointSizeF(font.pointSizeF() * 0.92)
    return font


def _flags(line: _Line) -> int:
    wrap = Qt.TextFlag.TextWrapAnywhere if line.anywhere else Qt.TextFlag.TextWordWrap
    return int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | wrap)


def _draw_rule(painter: QPainter, content: QRectF, y: float, paper: _Paper,
               scale: float) -> float:
    """A short hairline: above it what the buyer needs, below it what support needs."""
    room = paper.mm(_RULE_MM * scale)
    middle = y + room / 2
    half = min(content.width() * 0.3, paper.mm(22.0 * scale))  # about as wide as the text
    pen = QPen(_INK)
    pen.setWidthF(paper.mm(0.25))
    painter.setPen(pen)
    centre = content.center().x()
    painter.drawLine(QPointF(centre - half, middle), QPointF(centre + half, middle))
    return y + room


def render_slip_image(
    order: Order,
    *,
    merchant_name: str,
    expires_at: datetime | None,
    width_px: int,
    height_px: int,
    dpi: float = PDF_DPI,
    locale: QLocale | None = None,
) -> QImage:
    """The slip as a white image whose resolution says ``dpi`` (for previews and tests)."""
    check_printable(order)
    image = blank_image(width_px, height_px, round(dpi / _MM_PER_INCH * 1000))
    with painting(image, tr("Could not draw the payment slip.")) as painter:
        paint_slip(painter, QRectF(image.rect()), order, merchant_name=merchant_name,
                   expires_at=expires_at, locale=locale)
    return image


def save_slip_pdf(
    path: str | Path,
    order: Order,
    *,
    merchant_name: str,
    expires_at: datetime | None,
    page_size: QPageSize | QPageSize.PageSizeId = QPageSize.PageSizeId.A6,
    locale: QLocale | None = None,
) -> Path:
    """Write a one-page PDF at PDF_DPI; ValueError for an unpayable order, OSError on disk.

    The PDF is made in memory and written in one go (ui/widgets/paper.py), so a refused
    order or a failed drawing never leaves a half-written file. The page has no
    margins of its own: the slip keeps its own, the same on every page size.
    """
    check_printable(order)
    return write_pdf(
        path,
        QPageLayout(QPageSize(page_size), QPageLayout.Orientation.Portrait, QMarginsF()),
        PDF_DPI,
        tr("Payment slip {order_id}").format(order_id=order.order_id),
        lambda painter, page: paint_slip(painter, page, order, merchant_name=merchant_name,
                                         expires_at=expires_at, locale=locale),
        tr("Could not start the PDF for the payment slip."),
    )


def print_slip_on(
    printer: QPrinter,
    order: Order,
    *,
    merchant_name: str,
    expires_at: datetime | None,
    locale: QLocale | None = None,
) -> SlipLayout:
    """Print on a printer already chosen (tests use a PDF printer); OSError if it won't start."""
    check_printable(order)
    refusal = tr("Could not start printing on {printer}.").format(
        printer=printer.printerName() or printer.outputFileName()
    )
    with painting(printer, refusal) as painter:
        # The painter's origin is the printable area's corner: only its size matters.
        printable = printer.pageRect(QPrinter.Unit.DevicePixel)
        return paint_slip(painter, QRectF(QPointF(0, 0), printable.size()), order,
                          merchant_name=merchant_name, expires_at=expires_at, locale=locale)


def print_slip(
    parent: QWidget | None,
    order: Order,
    *,
    merchant_name: str,
    expires_at: datetime | None,
    locale: QLocale | None = None,
) -> bool:
    """Ask for a printer and print the slip; False when the cashier cancels.

    The only place with a dialog. An unpayable order is refused (ValueError)
    before the dialog opens, so nobody picks a printer for nothing; OSError
    when the chosen printer cannot start.
    """
    check_printable(order)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(tr("Payment slip {order_id}").format(order_id=order.order_id))
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(tr("Print payment slip"))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    print_slip_on(printer, order, merchant_name=merchant_name, expires_at=expires_at,
                  locale=locale)
    return True
