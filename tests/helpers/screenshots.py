"""Screenshots of widgets, for a person to look at (tests/screenshots, git-ignored)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"


def save_screenshot(widget: QWidget, name: str) -> Path:
    """Save what ``widget`` looks like now as ``SCREENSHOTS/<name>.png``; return the path."""
    path = SCREENSHOTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)  # a name may be in a folder: printer/...
    assert widget.grab().save(str(path)), f"could not save {path}"
    return path
