"""Fixtures for the reliability tests: ``paydesk`` as a separate process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_process import Paydesk, paydesk_for


@pytest.fixture
def paydesk(tmp_path: Path) -> Iterator[Paydesk]:
    """``paydesk.run("create", "150", env=...)`` / ``paydesk.spawn(...)`` in a fresh process;
    whatever was spawned and still runs at the end is killed."""
    runner = paydesk_for(tmp_path)
    yield runner
    runner.close()
