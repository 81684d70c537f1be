"""What the settings tests share: the notices the window says after a save (the
dialog itself is filled in and saved by tests/helpers/settings_steps.py)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox


@pytest.fixture
def notices(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the window says after saving (the message box is modal: read, not shown)."""
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "information",
                        lambda _parent, _title, text: said.append(text))
    return said
