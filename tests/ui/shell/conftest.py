"""The shell's tests: PayDesk in Russian (tests/helpers/russian.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from russian import MissRecorder, russian_ui


@pytest.fixture(scope="session")
def qm_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One compiled .qm for the whole run (a checkout ships only the .ts)."""
    return tmp_path_factory.mktemp("qm-cache")


@pytest.fixture
def russian(qapp: QApplication, qm_cache: Path) -> Iterator[MissRecorder]:
    with russian_ui(qapp, qm_cache) as recorder:
        yield recorder
