"""Screenshots of widgets, for a person to look at (tests/screenshots, git-ignored)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"


def save_screenshot(widget: QWidget, name: str) -> Path:
    """Save what ``widget`` looks like now as ``SCREENSHOTS/<name>.png``; return the path."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert widget.grab().save(str(path)), f"could not save {path}"
    return path
