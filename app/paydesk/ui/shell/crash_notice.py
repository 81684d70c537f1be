"""Tell the cashier that something failed and where the report is, from any thread.

The crash hook (paydesk.support.crash_report) runs in whichever thread failed, and
inside the failing slot when it is the GUI thread. Widgets may only be made in
the GUI thread, and a message box opened from inside a broken slot would run
its own event loop there; so the hook only emits a signal, queued to this
object's (the GUI) thread, and the message box opens afterwards, not modal.
The window is not closed: PySide6 carries on after an exception in a slot, and
the next payment may well work. One box at a time: a fault that repeats on
every timer tick updates the open box instead of stacking new ones.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QMessageBox, QWidget

from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.log_folder import open_log_folder


class CrashNotice(QObject):
    """Call it with a report's path (``install_crash_handler(on_crash=notice)``)."""

    report_saved = Signal(str)

    def __init__(self, log_dir: Path, parent: QObject | None = None, *,
                 window: QWidget | None = None) -> None:
        """``window``: the one the notice is shown over (none: a window of its own)."""
        super().__init__(parent)
        self.log_dir = log_dir
        self.window = window
        self.box: QMessageBox | None = None
        self.report_saved.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def __call__(self, report: Path) -> None:
        self.report_saved.emit(str(report))

    @Slot(str)
    def _show(self, report: str) -> None:
        text = tr("PayDesk hit an unexpected error; a report was saved in {0}.").format(
            str(Path(report).parent)
        )
        if self.box is not None and self.box.isVisible():
            self.box.setText(text)
            return
        box = QMessageBox(QMessageBox.Icon.Warning, tr("PayDesk"), text,
                          QMessageBox.StandardButton.Close, self.window)
        box.setObjectName("crash_notice")
        box.setInformativeText(tr("You can go on working. Please send the report to support."))
        folder = box.addButton(tr("Open log folder"), QMessageBox.ButtonRole.ActionRole)
        folder.clicked.connect(self._open_log_folder)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.destroyed.connect(self._forget_box)
        box.show()
        self.box = box

    def _open_log_folder(self) -> None:
        open_log_folder(self.log_dir)

    @Slot()
    def _forget_box(self) -> None:
        self.box = None
