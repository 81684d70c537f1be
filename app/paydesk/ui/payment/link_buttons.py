"""The buttons under the payment link: copy it, open it, save its QR code.

Copy and Open are for a link the buyer can still pay: a paid, refused or expired
order's link is shown for the record, not handed on. A browser that does not open
is said under the buttons (and logged, by the order's id), never passed over.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QStandardPaths, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMessageBox, QVBoxLayout, QWidget

from paydesk.ui.payment.buttons import card_button
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.save_dialog import SaveFolder, ask_save_path
from paydesk.ui.widgets.qr_export import save_png, save_svg
from paydesk.ui.widgets.qr_widget import QrCodeWidget

log = logging.getLogger(__name__)

_COPIED_FEEDBACK_MS = 2000
_PROBLEM_STYLE = "color: #b3261e;"
_SAVE_FILTERS = {
    QT_TRANSLATE_NOOP("PayDesk", "PNG image (*.png)"): ".png",
    QT_TRANSLATE_NOOP("PayDesk", "SVG image (*.svg)"): ".svg",
}


class LinkButtons(QWidget):
    """Copy link, Open in browser, Save QR…: enabled while there is a link (Copy and
    Open while it can be paid), and a line under them when the browser did not open."""

    #: Emitted with the link after it was put on the clipboard (the window may say so).
    copy_requested = Signal(str)

    def __init__(self, qr: QrCodeWidget, parent: QWidget | None = None, *,
                 save_folder: SaveFolder | None = None) -> None:
        super().__init__(parent)
        self._qr = qr
        self._save_folder = save_folder or SaveFolder()
        self._link: str | None = None
        self._order_id: str | None = None
        self._file_name = "payment.png"
        self._copied_timer = QTimer(self)
        self._copied_timer.setSingleShot(True)
        self._copied_timer.setInterval(_COPIED_FEEDBACK_MS)
        self._copied_timer.timeout.connect(self._reset_copy_button)
        self.copy_button = card_button("copy_link_button", tr("Copy link"), self.copy_link)
        self.open_button = card_button("open_link_button", tr("Open in browser"), self.open_link)
        self.save_button = card_button("save_qr_button", tr("Save QR…"), self._ask_and_save)
        #: Said when no browser opened the link; gone with the next link.
        self.problem_label = QLabel()
        self.problem_label.setObjectName("link_problem")
        self.problem_label.setAccessibleName(tr("Payment link problem"))
        self.problem_label.setStyleSheet(_PROBLEM_STYLE)
        self.problem_label.setWordWrap(True)
        self.problem_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.problem_label.hide()
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.setSpacing(8)
        buttons.addStretch(1)
        for button in (self.copy_button, self.open_button, self.save_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(buttons)
        layout.addWidget(self.problem_label)

    def set_link(self, url: str | None, *, order_id: str | None = None,
                 payable: bool = True) -> None:
        """The link the buttons act on (None: none, buttons off); ``payable``: the buyer
        can still pay it (else Copy and Open are off: the link is for the record)."""
        self.save_button.setEnabled(url is not None)
        for button in (self.copy_button, self.open_button):
            button.setEnabled(url is not None and payable)
            button.setToolTip("" if payable or url is None
                              else tr("This link can no longer be paid"))
        self._order_id = order_id
        self._file_name = f"payment-{order_id}.png" if order_id else "payment.png"
        if not payable:
            self.problem_label.hide()  # said of a link that could be opened; now moot
        if url == self._link:
            return  # a poll's update of the same order keeps "Copied" showing
        self._link = url
        self.problem_label.hide()
        self._copied_timer.stop()
        self._reset_copy_button()

    def copy_link(self) -> None:
        if self._link is None or not self.copy_button.isEnabled():
            return
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self._link)
        self.copy_button.setText(tr("Copied ✓"))
        self._copied_timer.start()
        self.copy_requested.emit(self._link)

    def _reset_copy_button(self) -> None:
        self.copy_button.setText(tr("Copy link"))

    def open_link(self) -> None:
        """Open the link in the desktop's browser; if none takes it, the line under the
        buttons says so, and the log has it."""
        if self._link is None or not self.open_button.isEnabled():
            return
        url = QUrl(self._link)
        if url.scheme() not in ("http", "https"):  # a service answer is no reason to run a program
            log.warning("The payment link of order %s is not a web address: not opened",
                        self._order_id)
            self._say_problem(tr("This link is not a web address, so no browser opens it. "
                                 "Copy it instead."))
        elif QDesktopServices.openUrl(url):
            self.problem_label.hide()
        else:
            log.warning("No browser opened the payment link of order %s", self._order_id)
            self._say_problem(tr("No browser opened the link: this computer has none set up. "
                                 "Copy the link and open it by hand."))

    def _say_problem(self, text: str) -> None:
        self.problem_label.setText(text)
        self.problem_label.show()

    def save_qr_to(self, path: str | Path) -> Path:
        """Save the code as SVG when ``path`` ends in .svg, else as PNG.

        Raises ValueError with no link on screen, OSError when the file cannot be written.
        """
        matrix = self._qr.matrix()
        if matrix is None:
            raise ValueError("There is no QR code to save.")
        target = Path(path)
        if target.suffix.lower() == ".svg":
            save_svg(matrix, target)
        else:
            save_png(matrix, target)
        return target

    def _ask_and_save(self) -> None:
        """The only place with a file dialog, so tests call save_qr_to instead."""
        if self._qr.matrix() is None:
            return
        filters = {tr(str(label)): suffix for label, suffix in _SAVE_FILTERS.items()}
        path, chosen = ask_save_path(self, tr("Save QR code"), self._file_name,
                                     ";;".join(filters), self._save_folder,
                                     fallback=QStandardPaths.StandardLocation.PicturesLocation)
        if not path:
            return
        if not Path(path).suffix:
            path += filters.get(chosen, ".png")
        try:
            self.save_qr_to(path)
        except OSError as exc:
            QMessageBox.warning(self, tr("Could not save the QR code"), str(exc))
