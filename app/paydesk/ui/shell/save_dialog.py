"""Where the window's save dialogs start: the folder last saved into, else the person's
Documents (Pictures for an image); never the process's working folder.

Given a bare file name, Qt's dialog starts in the working folder: the source
checkout, or wherever a terminal happened to be. Every save dialog (the slip's
PDF, the orders' CSV, the report's PDF and CSV, the QR code's image) asks through
:func:`ask_save_path` with the window's :class:`SaveFolder`, which remembers the
folder of the last file saved in ``window.ini``, so the next start has it too.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDir, QSettings, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

_KEY = "files/last_folder"
Location = QStandardPaths.StandardLocation


class SaveFolder:
    """The folder the next save dialog starts in. Kept in ``state`` (the window's
    QSettings); without one, for as long as this object lives."""

    def __init__(self, state: QSettings | None = None) -> None:
        self._state = state
        self._last = ""

    def start(self, fallback: Location = Location.DocumentsLocation) -> Path:
        """The folder last saved into if it is still there; else ``fallback``'s if it
        is there; else the home folder."""
        last = self._state.value(_KEY, "") if self._state is not None else self._last
        for folder in (str(last or ""), QStandardPaths.writableLocation(fallback)):
            if folder and Path(folder).is_dir():
                return Path(folder)
        return Path(QDir.homePath())

    def remember(self, path: str) -> None:
        """A file was chosen at ``path``: its folder is where the next dialog starts."""
        folder = str(Path(path).parent)
        self._last = folder
        if self._state is not None:
            self._state.setValue(_KEY, folder)
            self._state.sync()


def ask_save_path(
    parent: QWidget, title: str, file_name: str, filters: str, folder: SaveFolder,
    fallback: Location = Location.DocumentsLocation,
) -> tuple[str, str]:
    """The save dialog, offering ``file_name`` in ``folder``'s start; the path chosen
    ("" if cancelled) and the filter chosen."""
    path, chosen = QFileDialog.getSaveFileName(
        parent, title, str(folder.start(fallback) / file_name), filters)
    if path:
        folder.remember(path)
    return path, chosen
