"""Fixtures for the buyer's screen's tests (test_customer_display*): the display, the
sale shown on it as the counter presenter shows it on a fake clock, and its
screenshots. A module with a clock or screenshots of its own (the payment panel's)
keeps its own fixtures."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from paydesk.ui.payment.customer_display import CustomerDisplay

from display_orders import NOW, OnDisplay
from fake_time import FakeClock
from screenshots import save_screenshot


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
def make_display(qtbot: QtBot, clock: FakeClock) -> Callable[..., CustomerDisplay]:
    def make(merchant: str = "Coffee Corner", size: tuple[int, int] = (1280, 800),
             **options: Any) -> CustomerDisplay:
        display = CustomerDisplay(merchant, **options)
        qtbot.addWidget(display)
        display.resize(*size)
        display.show()
        qtbot.waitExposed(display)
        return display

    return make


@pytest.fixture
def display(make_display: Callable[..., CustomerDisplay]) -> CustomerDisplay:
    return make_display()


@pytest.fixture
def on(display: CustomerDisplay, clock: FakeClock) -> OnDisplay:
    """The sale shown on ``display`` as the counter presenter shows it (OnDisplay)."""
    return OnDisplay(display, clock)


@pytest.fixture
def screenshot() -> Callable[[QWidget, str], Path]:
    """Save what the buyer sees, for a person to look at (git-ignored)."""

    def save(widget: QWidget, name: str) -> Path:
        return save_screenshot(widget, f"display-{name}")

    return save
