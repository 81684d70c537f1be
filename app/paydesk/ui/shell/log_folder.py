"""Show the log folder in the system's file manager (Help → Open log folder, crash notice)."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

log = logging.getLogger(__name__)


def open_log_folder(log_dir: Path) -> bool:
    """Open ``log_dir`` (made first, so there is always something to open); False if not."""
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        log.warning("The log folder %s cannot be made: %s", log_dir, error)
        return False
    opened = QDesktopServices.openUrl(QUrl.fromLocalFile(str(log_dir)))
    if not opened:
        log.warning("No file manager opened %s", log_dir)
    return bool(opened)
