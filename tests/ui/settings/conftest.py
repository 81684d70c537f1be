"""What the settings tests share: the dialog on a pool and a keychain of its own, and
the notices the window says after a save (the dialog in a window is filled in and
saved by tests/helpers/settings_steps.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from paydesk.core.settings.values import Settings
from paydesk.support.secret_store import SecretStore
from paydesk.ui.settings.dialog import SettingsDialog

from memory_keyring import MemoryKeyring


@pytest.fixture
def notices(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the window says after saving (the message box is modal: read, not shown)."""
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "information",
                        lambda _parent, _title, text: said.append(text))
    return said


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    """A pool of its own, drained before the next test, so no check outlives its test."""
    threads = QThreadPool()
    yield threads
    threads.waitForDone(10_000)


@pytest.fixture
def store(tmp_path: Path, memory_keyring: MemoryKeyring) -> SecretStore:
    return SecretStore(tmp_path / "secret-key.txt", environ={})


@pytest.fixture
def open_dialog(
    qtbot: QtBot, store: SecretStore, pool: QThreadPool
) -> Callable[..., SettingsDialog]:
    def open_it(settings: Settings | None = None, *, demo: bool = False) -> SettingsDialog:
        dialog = SettingsDialog(settings or Settings(), store, pool=pool, demo=demo)
        qtbot.addWidget(dialog)
        with qtbot.waitActive(dialog):  # focus is only given inside the active window
            dialog.show()
            dialog.activateWindow()
        # Its sections scroll in a column whose notes learn their width once shown: the
        # dialog takes its height at the layout pass after that.
        assert dialog.screen_fit is not None
        room = dialog.screen_fit.room().height()
        qtbot.waitUntil(lambda: dialog.height() == min(dialog.sizeHint().height(), room))
        return dialog

    return open_it
