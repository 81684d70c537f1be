"""The payment link as a QR code, painted module by module.

We paint the matrix ourselves (as Electrum's ``qrcodewidget.py`` does) rather
than scale an image: every module is a whole number of device pixels, so the
code stays crisp at any widget size, on HiDPI screens and at fractional scale
factors, and a phone camera at arm's length reads it on the first try.

To a screen reader the code is an image (the Graphic role: a plain widget would be
an unnamed "filler") named with what it is for and whether it can still be paid.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAccessible,
    QAccessibleInterface,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QAccessibleWidget, QSizePolicy, QWidget

from paydesk.support.qr import qr_matrix
from paydesk.ui.shell.formatting import tr
from paydesk.ui.widgets.qr_export import device_square

DARK = QColor("#000000")
LIGHT = QColor("#ffffff")
#: Modules of a link that can no longer be paid: too pale for a camera to lock on.
FADED = QColor("#dcdcdc")
PLACEHOLDER = QColor("#f1f3f4")
OVERLAY = QColor("#3c4043")
#: The smallest the code is drawn (see QrCodeWidget.minimumSizeHint).
MIN_SIDE = 136


def _accessible(key: str, widget: QObject) -> QAccessibleInterface | None:
    """Qt's accessibility factory for the code: an image, not a filler."""
    if key == QrCodeWidget.__name__ and isinstance(widget, QrCodeWidget):
        return QAccessibleWidget(widget, QAccessible.Role.Graphic)
    return None


_factory_installed = False


def _install_factory() -> None:
    global _factory_installed
    if not _factory_installed:
        QAccessible.installFactory(_accessible)
        _factory_installed = True


class QrCodeWidget(QWidget):
    """A square QR code; white everywhere it paints, so the quiet zone is real.

    ``purpose``: its accessible name while it can be scanned, for a code that is not
    a payment's (a device's pairing code); a payment's says its amount (set_amount).
    """

    def __init__(self, parent: QWidget | None = None, *, purpose: str | None = None) -> None:
        _install_factory()  # before Qt first asks for this widget's interface
        super().__init__(parent)
        self.setObjectName("qr_code")
        self._purpose = purpose
        self._amount: str | None = None
        self._text: str | None = None
        self._matrix: list[list[bool]] | None = None
        self._image: QImage | None = None  # the matrix, one pixel per module
        self._painted: tuple[int, QImage] | None = None  # (dark colour, image to draw)
        self._inactive_reason: str | None = None
        self._concealed = False
        self._accent = OVERLAY
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        # paintEvent fills every pixel: Qt need not paint the card behind it first.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._describe()

    # -- state -------------------------------------------------------------

    def set_text(self, text: str | None) -> None:
        """Show ``text``'s code; the matrix is rebuilt only when the text changes."""
        text = text or None
        if text == self._text:
            return
        self._text = text
        self._matrix = qr_matrix(text) if text is not None else None
        self._image = _module_image(self._matrix) if self._matrix is not None else None
        self._painted = None
        self._describe()
        self.update()

    def text(self) -> str | None:
        return self._text

    def set_amount(self, amount: str | None) -> None:
        """The amount the code is for, as the screen writes it ("175.00 ₽"): a screen
        reader names the code with it."""
        self._amount = amount or None
        self._describe()

    def matrix(self) -> list[list[bool]] | None:
        """The modules being painted (quiet zone included), for tests and export."""
        return self._matrix

    def set_inactive(
        self, reason: str | None, *, accent: QColor | None = None, conceal: bool = False
    ) -> None:
        """Fade the code and label it (``"Paid"``) so nobody scans a dead link.

        ``accent`` fills the label's band; a reason of None restores a live code.
        ``conceal`` paints no module at all, only the label on a blank square: for
        a link whose fate the service has yet to tell ("Checking…"), which no
        phone may scan any more, yet which is not known to be dead.
        """
        self._inactive_reason = reason or None
        self._concealed = conceal and self._inactive_reason is not None
        self._accent = QColor(accent) if accent is not None else OVERLAY
        self._describe()
        self.update()

    def inactive_reason(self) -> str | None:
        return self._inactive_reason

    def is_active(self) -> bool:
        return self._matrix is not None and self._inactive_reason is None

    def is_concealed(self) -> bool:
        """True when no module is painted (the code cannot be scanned at all)."""
        return self._matrix is None or self._concealed

    def _describe(self) -> None:
        """Its accessible name and description; Qt tells a screen reader of a new name."""
        self.setAccessibleName(self._name())
        if self._matrix is None:
            description = tr("No payment link yet")
        elif self._inactive_reason is not None:
            description = tr("QR code of a link that can no longer be paid: {reason}").format(
                reason=self._inactive_reason
            )
        else:
            description = tr("QR code of the payment link")
        self.setAccessibleDescription(description)

    def _name(self) -> str:
        reason, amount = self._inactive_reason, self._amount
        if reason is not None:
            if amount is None:
                return tr("QR code that can no longer be paid: {reason}").format(reason=reason)
            return tr("QR code for {amount}, no longer payable: {reason}").format(
                amount=amount, reason=reason)
        if self._matrix is None:
            return tr("No QR code yet")
        if self._purpose is not None:
            return self._purpose
        if amount is None:
            return tr("QR code of the payment link")
        return tr("QR code to pay {amount}").format(amount=amount)

    # -- geometry ----------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(320, 320)

    def minimumSizeHint(self) -> QSize:
        """Three device pixels a module for a link of up to ~90 characters (45 modules
        with the quiet zone), which a phone reads at arm's length. The code takes all
        the room its card has; this little only where the window has no more (a
        looked-up order and a typing error on a 768-pixel screen)."""
        return QSize(MIN_SIDE, MIN_SIDE)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    # -- painting ----------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.fillRect(self.rect(), LIGHT)
            if self._matrix is None or self._concealed:
                square = self._paint_placeholder(painter)
                if self._inactive_reason is not None:
                    self._paint_overlay(painter, QRectF(square), self._inactive_reason)
                return
            code_rect = self._paint_modules(painter, self._matrix)
            if self._inactive_reason is not None:
                self._paint_overlay(painter, code_rect, self._inactive_reason)
        finally:
            painter.end()

    def _paint_placeholder(self, painter: QPainter) -> QRect:
        side = min(self.width(), self.height())
        inset = round(side * 0.08)
        square = QRect(0, 0, side - 2 * inset, side - 2 * inset)
        square.moveCenter(self.rect().center())
        painter.fillRect(square, PLACEHOLDER)
        return square

    def _paint_modules(self, painter: QPainter, matrix: list[list[bool]]) -> QRectF:
        """Fill the dark modules on whole device pixels; return the code's logical rect.

        The painter's device transform holds the scale factor (and, when the
        widget is rendered into a larger image, its offset, possibly fractional).
        We undo it and work in device pixels, so no module edge is ever blended.
        """
        placed = device_square(painter, QRectF(self.rect()), len(matrix))
        if placed is None:  # a degenerate transform: nothing sensible to paint
            return QRectF()
        square, to_logical = placed
        painter.save()
        painter.setWorldTransform(to_logical)  # world × device = identity: device pixels
        image = self._image_in(DARK if self._inactive_reason is None else FADED)
        # One pixel per module, scaled by a whole number without smoothing: each
        # module is exactly module × module device pixels (one call, not one
        # fillRect per run of dark modules).
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.drawImage(square, image)
        painter.restore()
        return to_logical.mapRect(QRectF(square))

    def _image_in(self, colour: QColor) -> QImage:
        """The modules in ``colour`` on white, as an RGB image (drawn scaled, that is
        the quickest format); made once per link and colour, from ``_image``."""
        assert self._image is not None  # set with the matrix this paints
        key = colour.rgb()
        if self._painted is None or self._painted[0] != key:
            image = QImage(self._image)
            image.setColor(1, key)
            self._painted = (key, image.convertToFormat(QImage.Format.Format_RGB32))
        return self._painted[1]

    def _paint_overlay(self, painter: QPainter, code: QRectF, reason: str) -> None:
        """A solid band in the accent colour across the code, the reason in white."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        band_height = max(36.0, code.height() * 0.22)
        band = QRectF(code.left() + code.width() * 0.06, 0.0, code.width() * 0.88, band_height)
        band.moveCenter(code.center())

        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(12, round(band_height * 0.5)))
        while font.pixelSize() > 12 and (
            QFontMetricsF(font).horizontalAdvance(reason) > band.width() * 0.9
        ):
            font.setPixelSize(font.pixelSize() - 1)

        radius = band_height * 0.18
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._accent)
        painter.drawRoundedRect(band, radius, radius)
        painter.setFont(font)
        painter.setPen(LIGHT)
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, reason)


def _module_image(matrix: list[list[bool]]) -> QImage:
    """The matrix as an indexed image: colour 1 for dark modules, 0 for light."""
    count = len(matrix)
    stride = (count + 3) & ~3  # QImage rows are 32-bit aligned
    padding = bytes(stride - count)
    data = b"".join(bytes(row) + padding for row in matrix)  # a bool is a 0 or 1 byte
    image = QImage(data, count, count, stride, QImage.Format.Format_Indexed8).copy()
    image.setColorTable([LIGHT.rgb(), DARK.rgb()])
    return image


class SquareHolder(QWidget):
    """Gives its one child the largest centred square that fits: the QR stays square."""

    def __init__(self, child: QWidget) -> None:
        super().__init__()
        self._child = child
        child.setParent(self)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(child.minimumSizeHint())

    def sizeHint(self) -> QSize:
        return self._child.sizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        side = min(self.width(), self.height())
        self._child.setGeometry(
            (self.width() - side) // 2, (self.height() - side) // 2, side, side
        )
        super().resizeEvent(event)
