"""A book written by a newer PayDesk is refused untouched, with the advice to update."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore, SchemaTooNewError

from cli_process import Paydesk, service_env
from storage_faults import assert_storage_failure, book_with_orders, snapshot


def test_a_newer_book_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "paydesk.sqlite3"
    book_with_orders(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = snapshot(tmp_path)
    with pytest.raises(SchemaTooNewError, match="newer version of PayDesk"):
        OrderStore.open(path)
    assert snapshot(tmp_path) == before


def test_cli_newer_book(paydesk: Paydesk, existing_book: Path, sandbox: SandboxServer) -> None:
    conn = sqlite3.connect(existing_book)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = snapshot(existing_book.parent)
    run = paydesk.run("create", "10", env=service_env(sandbox))
    assert_storage_failure(run.code, run.err, "newer version of PayDesk", "Update PayDesk")
    assert snapshot(existing_book.parent) == before
    assert len(sandbox.orders()) == 1
