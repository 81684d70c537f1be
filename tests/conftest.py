"""Test-wide setup: offscreen Qt, no real keychain, no real data folder."""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# Before anything imports Qt: no display here, and tests must not need one.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HELPERS = Path(__file__).parent / "helpers"
sys.path.insert(0, str(HELPERS))

from paydesk.sandbox import SandboxConfig, SandboxServer  # noqa: E402
from paydesk.support import secret_store  # noqa: E402

from memory_keyring import MemoryKeyring, NoKeychain  # noqa: E402
from test_values import TEST_SECRET  # noqa: E402

#: The throwaway PostgreSQL server's fixtures (postgres_server, book_database, book_url).
pytest_plugins = ["postgres", "tills"]

PAYDESK_ENV = ("PAYDESK_BASE_URL", "PAYDESK_CLIENT_ID", "PAYDESK_SECRET_KEY", "PAYDESK_DATA_DIR")


def pytest_configure(config: pytest.Config) -> None:
    """Reference cycles are freed in the main (the GUI) thread only, as in the window
    (paydesk/ui/shell/gui_collector.py): the automatic collector is off for the run, and
    each test's end collects what is due."""
    gc.disable()


@pytest.fixture(autouse=True)
def widgets_freed_in_the_gui_thread(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test, its reference cycles are freed here, in the GUI thread. Left to
    Python, another thread may be the one to free them, and a widget destroyed there can
    deadlock with the GUI thread on Qt's signal locks (a run hung so: QObject::disconnect
    from gc_collect_main in a request's thread) or be deleted twice (a crash in shiboken's
    runDeletionInMainThread)."""
    yield
    from paydesk.ui.shell.gui_collector import collect_if_due

    if "qtbot" in request.fixturenames:
        from PySide6.QtCore import QCoreApplication, QEvent

        # The test's deleteLater()s first: a wrapper whose object waits for its deletion,
        # freed by the collector, had its object deleted twice (a crash, a test later).
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()
    else:
        collect_if_due()


@pytest.fixture(autouse=True)
def isolated_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Never read the developer's settings, data or keychain."""
    for name in PAYDESK_ENV:
        monkeypatch.delenv(name, raising=False)
    # ... nor a secret an earlier test's start took out of the environment.
    monkeypatch.setattr(secret_store, "_from_environment", None)
    monkeypatch.setenv("PAYDESK_DATA_DIR", str(tmp_path / "paydesk-data"))


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    import keyring

    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture
def no_keychain() -> Iterator[NoKeychain]:
    """This computer has no keychain: reading or storing a key is NoKeychainError."""
    import keyring

    previous = keyring.get_keyring()
    backend = NoKeychain()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture
def sandbox(request: pytest.FixtureRequest) -> Iterator[SandboxServer]:
    """A sandbox for client_id 1 with secret "test-secret-key" on 127.0.0.1, any free port.

    Parametrized indirectly with a refusal style, it answers refusals that way
    (``@pytest.mark.parametrize("sandbox", REFUSAL_STYLES, indirect=True)``)."""
    refusals = getattr(request, "param", "codes")
    config = SandboxConfig(client_id=1, secret_key=TEST_SECRET, refusals=refusals)
    with SandboxServer(config) as server:
        yield server


@pytest.fixture
def start_sandbox() -> Iterator[Callable[..., SandboxServer]]:
    """Start a sandbox with other settings: ``start_sandbox(fail_rate=1.0)``."""
    servers: list[SandboxServer] = []

    def start(**settings: Any) -> SandboxServer:
        settings.setdefault("secret_key", TEST_SECRET)
        server = SandboxServer(SandboxConfig(**settings)).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def _wait_until(predicate: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for a condition (like qtbot.waitUntil); fail the test if it never holds."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"condition not met within {timeout} s")
        pause.wait(0.005)


@pytest.fixture
def wait_until() -> Callable[..., None]:
    return _wait_until
