"""The till program's API in the window: the window serves it, the test is the till program."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.terminal.token import api_token
from paydesk.ui.main_window import MainWindow

from memory_keyring import MemoryKeyring
from terminal_client import TillProgram, till_program


@pytest.fixture
def runtime(runtime: Runtime, memory_keyring: MemoryKeyring) -> Runtime:
    """The window's runtime with the API on this computer, on any free port, its token
    made before the window starts (the test is the till program that was given it)."""
    runtime.keeper.settings = dataclasses.replace(
        runtime.settings, terminal_api="local", terminal_api_port=0,
        request_deadline_seconds=2.0)
    api_token(runtime.secret_store())
    return runtime


@pytest.fixture
def till(window: MainWindow, qtbot: QtBot) -> Iterator[TillProgram]:
    program = till_program(window, qtbot)
    yield program
    program.close()
