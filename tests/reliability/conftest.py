"""Fixtures for the reliability tests: ``paydesk`` as a separate process, and a book it made."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from paydesk.sandbox import SandboxServer

from cli_process import Paydesk, paydesk_for, service_env


@pytest.fixture
def paydesk(tmp_path: Path) -> Iterator[Paydesk]:
    """``paydesk.run("create", "150", env=...)`` / ``paydesk.spawn(...)`` in a fresh process;
    whatever was spawned and still runs at the end is killed."""
    runner = paydesk_for(tmp_path)
    yield runner
    runner.close()


@pytest.fixture
def existing_book(paydesk: Paydesk, sandbox: SandboxServer) -> Path:
    """A book with one confirmed order, made by the command line itself."""
    run = paydesk.run("create", "10", env=service_env(sandbox))
    assert run.code == 0, run.text
    return paydesk.book
