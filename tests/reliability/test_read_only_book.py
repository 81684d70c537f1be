"""The order book where PayDesk may not write: it can still be read (list, export,
report), and takes no new order, with the reason; nothing in the folder changes.

A read-only mount and permission bits are both tried, for root too; a book whose last
changes are only in its -wal is refused rather than shown without them.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from paydesk.sandbox import SandboxServer
from paydesk.store import OrderQuery, OrderStore, StoreError, connection

from cli_process import Paydesk, service_env
from storage_faults import CLIENT, T0, assert_storage_failure, book_with_orders, snapshot

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def test_a_read_only_book_can_be_read_and_refuses_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What SQLite does with a file it may not write (opened read-only), simulated so it
    also holds for root; the real permission bits are in the command-line test below."""
    path = tmp_path / "book.sqlite3"
    book_with_orders(path)
    before = snapshot(tmp_path)
    connect = sqlite3.connect

    def read_only(target: str | Path, *args: Any, uri: bool = False, **kwargs: Any) -> Any:
        text = str(target) if uri else Path(target).absolute().as_uri()
        return connect(f"{text}{'&' if '?' in text else '?'}mode=ro", *args, uri=True, **kwargs)

    monkeypatch.setattr(connection.sqlite3, "connect", read_only)
    with OrderStore.open(path) as store:
        assert sorted(o.order_id for o in store.query(OrderQuery())) == ["A-0", "A-1", "A-2"]
        with pytest.raises(StoreError, match="read-only") as caught:
            store.add_unconfirmed(CLIENT, "B-1", 100, None, "", T0)
        assert "may be written" in str(caught.value)
    monkeypatch.undo()
    assert snapshot(tmp_path) == before


# Two real kinds of read-only folder, as SQLite meets them: a read-only mount (EROFS, for
# root too), and permission bits (EACCES). Root ignores permission bits through its
# capabilities CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH and CAP_FOWNER; setpriv starts the
# command without them, so the folder's bits hold for it as for any user.
_RO_MOUNT = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'
_NO_OVERRIDE = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]


def _works(command: list[str]) -> bool:
    probe = subprocess.run(command, capture_output=True, timeout=30, check=False)
    return probe.returncode == 0


@pytest.fixture(params=["mount", "permissions"])
def read_only(request: pytest.FixtureRequest) -> Iterator[Callable[[Path], list[str]]]:
    """``read_only(folder)``: the command prefix that runs paydesk with ``folder`` read-only."""
    changed: list[tuple[Path, int]] = []
    if request.param == "mount":
        mount = ["unshare", "--mount", "--propagation", "private", "sh", "-c", _RO_MOUNT, "sh"]
        if not (IS_ROOT and shutil.which("unshare") and _works([*mount, "/tmp", "true"])):
            pytest.skip("read-only private mounts need root and unshare")

        def prefix(folder: Path) -> list[str]:
            return [*mount, str(folder)]
    else:
        if IS_ROOT and not (shutil.which("setpriv") and _works([*_NO_OVERRIDE, "true"])):
            pytest.skip("root ignores permission bits, and setpriv cannot drop that")

        def prefix(folder: Path) -> list[str]:
            for item in [*folder.rglob("*"), folder]:
                changed.append((item, item.stat().st_mode))
                item.chmod(0o555 if item.is_dir() else 0o444)
            return _NO_OVERRIDE if IS_ROOT else []

    yield prefix
    for item, mode in reversed(changed):
        item.chmod(mode)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_cli_read_only_book_can_be_read_but_takes_no_new_order(
    paydesk: Paydesk,
    existing_book: Path,
    sandbox: SandboxServer,
    read_only: Callable[[Path], list[str]],
    tmp_path: Path,
) -> None:
    """A book closed cleanly (no -wal, no -shm) in a folder that may not be written: SQLite
    cannot make the -shm a WAL book needs even for reading. list, export and report
    still work; create refuses with the reason, and sends nothing."""
    folder = existing_book.parent
    assert not existing_book.with_name(existing_book.name + "-shm").exists()
    before = snapshot(folder)
    exported = tmp_path / "orders.csv"
    prefix = read_only(folder)
    env = service_env(sandbox)

    listing = paydesk.run("list", "--format", "json", env=env, prefix=prefix)
    export = paydesk.run("export", str(exported), env=env, prefix=prefix)
    report = paydesk.run("report", "--format", "json", env=env, prefix=prefix)
    create = paydesk.run("create", "20", env=env, prefix=prefix)

    assert listing.code == 0, listing.text
    assert [o["amount_kopecks"] for o in json.loads(listing.out)] == [1000]
    assert export.code == 0, export.text
    assert "Exported 1 orders" in export.out and len(exported.read_text().splitlines()) == 2
    assert report.code == 0, report.text
    assert json.loads(report.out)["created"] == {"count": 1, "amount_kopecks": 1000}
    assert_storage_failure(create.code, create.err, "may be written")
    assert sandbox.request_count("create_order") == 1  # the new order was never sent
    assert snapshot(folder) == before


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_cli_read_only_book_is_not_shown_without_the_changes_in_its_wal(
    paydesk: Paydesk, existing_book: Path, read_only: Callable[[Path], list[str]]
) -> None:
    """Left by a crash: the last change is only in the -wal, and there is no -shm. Reading
    the file alone (SQLite's immutable) would show the book without it: refused, said."""
    wal = existing_book.with_name(existing_book.name + "-wal")
    conn = sqlite3.connect(existing_book)
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute("UPDATE orders SET note = 'only in the -wal'")
    conn.commit()
    crashed = {existing_book: existing_book.read_bytes(), wal: wal.read_bytes()}
    conn.close()  # checkpoints and removes the -wal and -shm; put the crash's files back
    for path, content in crashed.items():
        path.write_bytes(content)
    prefix = read_only(existing_book.parent)

    run = paydesk.run("list", prefix=prefix)

    assert_storage_failure(run.code, run.err, "latest changes", "paydesk.sqlite3-wal")
    assert {p.name: p.read_bytes() for p in crashed} == {p.name: c for p, c in crashed.items()}


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_cli_data_folder_that_cannot_be_made(
    paydesk: Paydesk, tmp_path: Path, sandbox: SandboxServer,
    read_only: Callable[[Path], list[str]],
) -> None:
    parent = tmp_path / "parent"
    parent.mkdir()
    prefix = read_only(parent)
    env = {**service_env(sandbox), "PAYDESK_DATA_DIR": str(parent / "data")}
    run = paydesk.run("create", "10", env=env, prefix=prefix)
    assert_storage_failure(run.code, run.err, "Cannot create the data folder", "--data-dir")
    assert sandbox.request_count() == 0
