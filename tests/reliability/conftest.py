"""Fixtures for the reliability tests: ``paydesk`` as a separate process."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_process import Paydesk, paydesk_for


@pytest.fixture
def paydesk(tmp_path: Path) -> Paydesk:
    """``paydesk.run("create", "150", env=...)`` / ``paydesk.spawn(...)`` in a fresh process."""
    return paydesk_for(tmp_path)
