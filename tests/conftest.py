"""Test-wide setup: offscreen Qt, no real keychain, no real data folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# Before anything imports Qt: no display here, and tests must not need one.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SUPPORT = Path(__file__).parent / "support"
sys.path.insert(0, str(SUPPORT))

from memory_keyring import MemoryKeyring  # noqa: E402

PAYDESK_ENV = ("PAYDESK_BASE_URL", "PAYDESK_CLIENT_ID", "PAYDESK_SECRET_KEY", "PAYDESK_DATA_DIR")


@pytest.fixture(autouse=True)
def isolated_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Never read the developer's settings, data or keychain."""
    for name in PAYDESK_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PAYDESK_DATA_DIR", str(tmp_path / "paydesk-data"))
    yield


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    import keyring

    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)
