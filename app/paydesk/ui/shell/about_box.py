"""Help → About PayDesk: what support asks first, readable and selectable in one box.

The version and Qt's, where the order book and the log are (the box can open
the log folder), where the secret key is kept (never the key, nor any part of
it), and how alert sounds play. ``paydesk about`` prints much the same in a
terminal; this is for a merchant who never opens one.
"""

from __future__ import annotations

import platform
from pathlib import Path

import PySide6
from PySide6.QtCore import QSize, Qt, qVersion
from PySide6.QtWidgets import QMessageBox, QWidget

from paydesk import __version__
from paydesk.core.runtime import Runtime
from paydesk.support.secret_store import KEYRING_SERVICE, SECRET_ENV, environment_secret
from paydesk.support.sound_player import BEEP_ONLY, SILENT
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.icon import app_icon
from paydesk.ui.shell.log_folder import open_log_folder

_ICON_SIZE = 64


def secret_location(runtime: Runtime) -> str:
    """Where the key is read from, the way SecretStore.get looks: environment first."""
    if runtime.is_demo:
        return tr("not used: the demo signs with the sandbox's fixed key")
    if environment_secret():
        return tr("the environment variable {0}").format(SECRET_ENV)
    if runtime.settings.secret_storage == "file":
        return tr("a plaintext file, {0}").format(str(runtime.paths.secret_file))
    account = f"client-{runtime.settings.client_id}" if runtime.settings.client_id else "—"
    return tr("the OS keychain (service “{0}”, account “{1}”)").format(KEYRING_SERVICE, account)


def sound_words(backend: str) -> str:
    """How sounds play, in the window's language: a player program is named as it is."""
    if backend == BEEP_ONLY:
        return tr("the system beep (no sound player found)")
    if backend == SILENT:
        return tr("none (no sound player found)")
    return backend


def about_text(runtime: Runtime, log_dir: Path, sound_backend: str) -> str:
    lines = [
        tr("Qt {0}, PySide6 {1}, Python {2}").format(
            qVersion(), PySide6.__version__, platform.python_version()
        ),
        tr("Data folder: {0}").format(str(runtime.paths.data_dir)),
        tr("Log folder: {0}").format(str(log_dir)),
        tr("Secret key: {0}").format(secret_location(runtime)),
        tr("Alert sounds: {0}").format(sound_words(sound_backend)),
    ]
    return "\n".join(lines)


class AboutBox(QMessageBox):
    """Opened with ``open()`` (no nested event loop), closed with Close or Esc."""

    def __init__(
        self, runtime: Runtime, log_dir: Path, sound_backend: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("about_box")
        self.setWindowTitle(tr("About PayDesk"))
        self.setTextFormat(Qt.TextFormat.PlainText)
        # One plain-text label: a path is never read as markup, and all of it can be selected.
        self.setText(
            tr("PayDesk {0}\nQR payments at a shop counter.").format(__version__)
            + "\n\n" + about_text(runtime, log_dir, sound_backend)
        )
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        icon = app_icon()
        if not icon.isNull():
            self.setIconPixmap(icon.pixmap(QSize(_ICON_SIZE, _ICON_SIZE)))
        self.folder_button = self.addButton(tr("Open log folder"),
                                            QMessageBox.ButtonRole.ActionRole)
        self.folder_button.clicked.connect(lambda: open_log_folder(log_dir))
        close = self.addButton(QMessageBox.StandardButton.Close)
        self.setDefaultButton(close)
        self.setEscapeButton(close)
