"""Commands beside a till on a shared order book leave the till's own book whole.

The till's window holds its local book through SQLite, and so does its sync thread.
Before issue 21 the sync thread's opening read the book's header with ``open()``
and closed it, which dropped the window's locks (POSIX drops all of a process's
locks on a file at any close of it); a ``paydesk create`` beside it then took
itself for the book's last user and deleted the ``-wal`` the window was writing
into, and the next ``paydesk list`` found the book damaged. Found so, tested so:
the real window with its sync thread, real ``paydesk`` processes beside it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_cli_beside_window import create_in_window, paydesk, start_window

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.sandbox import SandboxServer
from paydesk.store.shared.book import SharedBook
from paydesk.support.paths import AppPaths
from paydesk.ui.main_window import MainWindow
from paydesk.ui.shell.shared_book import SharedBookLabel

from cli_process import service_env
from memory_keyring import MemoryKeyring
from test_values import TEST_CLIENT_ID, TEST_SECRET

WAIT_MS = 30_000


@pytest.fixture
def shared_till(
    qtbot: QtBot, sandbox: SandboxServer, tmp_path: Path, book_url: str,
    monkeypatch: pytest.MonkeyPatch, memory_keyring: MemoryKeyring,
) -> Iterator[MainWindow]:
    """Till 1's window on the shared book, its sync thread online (its own connection
    to the local book is open)."""
    with SharedBook.connect(book_url) as book:
        book.init_schema()
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    runtime = Runtime(
        AppPaths(tmp_path / "data").ensure(),
        Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID, order_book=book_url,
                 till="Till 1", focus_interval_seconds=0.5),
    )
    window = start_window(qtbot, runtime)
    label = window.findChild(SharedBookLabel, "shared_book_state")
    assert label is not None
    qtbot.waitUntil(lambda: label.text().startswith("✓"), timeout=WAIT_MS)
    yield window
    window.shutdown()
    runtime.close()


def _deleted_book_files(book: Path) -> list[str]:
    """The book's files this process still writes though they were deleted."""
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith(str(book)) and target.endswith("(deleted)"):
            found.append(target)
    return found


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="Linux's /proc")
@pytest.mark.scenario
def test_create_list_and_refresh_beside_a_shared_till_keep_every_order(
    qtbot: QtBot, shared_till: MainWindow, sandbox: SandboxServer, tmp_path: Path,
    book_url: str,
) -> None:
    data, book = tmp_path / "data", shared_till.runtime.paths.database
    env = {**service_env(sandbox), "PAYDESK_ORDER_BOOK": book_url}
    create_in_window(qtbot, shared_till, "150")
    for command in (["create", "5"], ["list"], ["refresh"], ["create", "6"]):
        done = paydesk(qtbot, data, *command, env=env)
        assert done.returncode == 0, (command, done.stderr)
        assert not _deleted_book_files(book), command
    assert book.with_name(book.name + "-wal").exists()
    assert not list(data.glob("*.corrupt-*"))

    create_in_window(qtbot, shared_till, "777")  # the window writes on after them
    listed = paydesk(qtbot, data, "list", "--format", "json", env=env)
    assert listed.returncode == 0, listed.stderr
    amounts = sorted(order["amount_kopecks"] for order in json.loads(listed.stdout))
    assert amounts == [500, 600, 15000, 77700]
    at_the_service = sorted(order.amount for order in sandbox.orders())
    assert at_the_service == amounts
