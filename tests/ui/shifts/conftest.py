"""The counter window with cashiers and shifts on, on the test's sandbox: Olga the owner
and Anna and Boris, cashiers, each with a PIN of their own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.core.shifts import Cashiers
from paydesk.sandbox import SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.main_window import MainWindow

from shift_steps import PINS, open_window
from test_values import TEST_CLIENT_ID, TEST_SECRET


@pytest.fixture
def shift_runtime(sandbox: SandboxServer, tmp_path: Path,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[Runtime]:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID,
                        merchant_name="Test shop", focus_interval_seconds=0.5, shifts=True,
                        till="Till 1", request_deadline_seconds=3.0)
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings)
    yield runtime
    runtime.close()


@pytest.fixture
def staff(shift_runtime: Runtime) -> None:
    """The shop's cashiers, written to the book before the window opens it."""
    store = shift_runtime.open_store()
    try:
        cashiers = Cashiers(store)
        olga = cashiers.add("Olga", PINS["Olga"], owner=True)
        cashiers.add("Anna", PINS["Anna"], by=olga)
        cashiers.add("Boris", PINS["Boris"], by=olga)
    finally:
        store.close()


@pytest.fixture
def shift_window(shift_runtime: Runtime, staff: None, qtbot: QtBot) -> Iterator[MainWindow]:
    window = open_window(shift_runtime, qtbot)
    yield window
    window.shutdown()
