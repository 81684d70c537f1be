"""The order book's file in trouble: locked, read-only, full, damaged, from a newer PayDesk.

Each gives a StoreError whose text says what happened and what to do (the
command line: that text and exit code 5), never a crash, and never a changed
or lost file. A damaged book is moved aside under a ``.corrupt-<time>`` name,
byte for byte, and PayDesk refuses to start a new, empty book in its place
until the person moves it away (an empty book would forget unconfirmed orders).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from paydesk.core.desk import OrderDesk
from paydesk.core.remote import send_creation
from paydesk.core.saving import record_creation_retrying
from paydesk.domain.orders import CreationState, Order
from paydesk.gateway import GatewayClient
from paydesk.sandbox import SandboxServer
from paydesk.store import (
    OrderQuery,
    OrderStore,
    SchemaTooNewError,
    StoreError,
    connection,
    quarantine,
)
from paydesk.store.errors import StoreProblem

from cli_process import Paydesk, Spawned, service_env
from test_values import TEST_CLIENT_ID, TEST_SECRET

try:
    import resource  # POSIX only: the file-size limit that stands in for a full disk
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
CLIENT = TEST_CLIENT_ID
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def book_with_orders(path: Path, count: int = 3) -> None:
    with OrderStore.open(path) as store:
        for n in range(count):
            store.add_unconfirmed(CLIENT, f"A-{n}", 100 + n, None, f"note {n}", T0)


def order_ids(path: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [row[0] for row in conn.execute("SELECT order_id FROM orders ORDER BY id")]
    finally:
        conn.close()


def snapshot(folder: Path) -> dict[str, bytes]:
    """The files' bytes; an empty -wal and any -shm are SQLite's bookkeeping of a reader
    (a read-only look may leave them), never data."""
    return {
        p.name: p.read_bytes()
        for p in sorted(folder.iterdir())
        if p.is_file()
        and not p.name.endswith("-shm")
        and not (p.name.endswith("-wal") and p.stat().st_size == 0)
    }


@pytest.fixture
def quick_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process only: give up on a lock after 0.2 s instead of 5."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 200)


# -- locked ---------------------------------------------------------------------------


def test_a_write_lock_held_past_the_busy_timeout_is_said_plainly(
    tmp_path: Path, quick_busy_timeout: None
) -> None:
    path = tmp_path / "book.sqlite3"
    book_with_orders(path)
    other = sqlite3.connect(path, isolation_level=None)  # another program, writing
    other.execute("BEGIN EXCLUSIVE")
    try:
        with OrderStore.open(path) as store:
            assert len(store.query(OrderQuery())) == 3  # WAL: reading goes on
            with pytest.raises(StoreError, match="locked by another program") as caught:
                store.add_unconfirmed(CLIENT, "B-1", 100, None, "", T0)
            assert "Nothing was changed" in str(caught.value)
    finally:
        other.execute("ROLLBACK")
        other.close()
    with OrderStore.open(path) as store:  # the lock is gone: business as usual
        store.add_unconfirmed(CLIENT, "B-1", 100, None, "", T0)
    assert order_ids(path) == ["A-0", "A-1", "A-2", "B-1"]


def test_a_lock_after_sending_is_waited_out_not_reported(
    tmp_path: Path, sandbox: SandboxServer, quick_busy_timeout: None
) -> None:
    """The service has the order when another program locks the book: the save is tried
    again (here the program lets go during the pause, instead of a real wait)."""
    path = tmp_path / "book.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    heard: list[StoreError] = []

    def pause(seconds: float) -> None:
        assert heard and 0 < seconds <= 1
        other.execute("ROLLBACK")

    with (
        OrderStore.open(path) as store,
        GatewayClient(sandbox.base_url, CLIENT, TEST_SECRET) as client,
    ):
        desk = OrderDesk(store, CLIENT)
        outcome = send_creation(client, desk.start_order("150"))
        other.execute("BEGIN EXCLUSIVE")
        saved = record_creation_retrying(desk, outcome, on_retry=heard.append, pause=pause)
    other.close()

    assert [error.problem for error in heard] == [StoreProblem.LOCKED]
    [remote] = sandbox.orders()
    assert saved.creation is CreationState.CONFIRMED and saved.url == remote.url


def test_a_lock_that_stays_ends_the_retries_with_its_error(
    tmp_path: Path, sandbox: SandboxServer, quick_busy_timeout: None
) -> None:
    path = tmp_path / "book.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    pauses: list[float] = []
    with (
        OrderStore.open(path) as store,
        GatewayClient(sandbox.base_url, CLIENT, TEST_SECRET) as client,
    ):
        desk = OrderDesk(store, CLIENT)
        outcome = send_creation(client, desk.start_order("150"))
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreError, match="locked") as caught:
                record_creation_retrying(desk, outcome, pause=pauses.append, retry_for=0.5)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert caught.value.problem is StoreProblem.LOCKED
        assert len(pauses) >= 1 and max(pauses) <= 1  # bounded: each try waits 0.2 s
        [order] = store.query(OrderQuery())
    assert order.creation is CreationState.UNCONFIRMED  # for refresh, under its order id


def test_a_book_locked_even_for_reading_is_locked_not_damaged(
    tmp_path: Path, quick_busy_timeout: None
) -> None:
    """A locked file must never be taken for a damaged one (and moved aside)."""
    path = tmp_path / "book.sqlite3"
    book_with_orders(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")  # holds the file itself, readers too
    other.execute("BEGIN EXCLUSIVE")
    other.execute("UPDATE orders SET note = note")
    try:
        with pytest.raises(StoreError, match="locked by another program") as caught:
            OrderStore.open(path)
        assert "damaged" not in str(caught.value)
        assert path.exists() and quarantine.damaged_copies(path) == []
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert order_ids(path) == ["A-0", "A-1", "A-2"]


def test_the_switch_to_wal_waits_out_busy_in_its_extended_kinds_too() -> None:
    # A connection recovering the WAL makes SQLite answer SQLITE_BUSY_RECOVERY, an
    # extended code of BUSY; it passes like plain BUSY. Which kind comes when is up
    # to the race, so the connection here answers them in turn.
    class RacingConnection:
        def __init__(self) -> None:
            self.answers = [sqlite3.SQLITE_BUSY, sqlite3.SQLITE_BUSY_RECOVERY,
                            sqlite3.SQLITE_BUSY_SNAPSHOT]
            self.tries = 0

        def execute(self, sql: str) -> None:
            self.tries += 1
            if self.answers:
                busy = sqlite3.OperationalError("database is locked")
                busy.sqlite_errorcode = self.answers.pop(0)
                raise busy

    racing = RacingConnection()
    connection.use_wal(racing)  # type: ignore[arg-type]
    assert racing.tries == 4


# -- read-only --------------------------------------------------------------------------


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


# -- full ----------------------------------------------------------------------------


def fill_up(store: OrderStore) -> None:
    """Let the book grow no more (SQLite's max_page_count): every new page is SQLITE_FULL."""
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]  # white-box: per connection
    store._db.execute(f"PRAGMA max_page_count = {pages}")


def test_a_full_disk_saves_nothing_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite3"
    book_with_orders(path)
    with OrderStore.open(path) as store:
        fill_up(store)
        message = ""
        for n in range(1000):  # until the book can take no more
            try:
                store.add_unconfirmed(CLIENT, f"F-{n}", 100, None, "x" * 1000, T0)
            except StoreError as error:
                message = str(error)
                break
        assert "disk is full" in message and "orders already saved are safe" in message
        saved = order_ids(path)
    # Everything committed before the disk filled is there, whole; nothing half-written.
    assert saved == ["A-0", "A-1", "A-2", *(f"F-{m}" for m in range(n))]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()


def test_disk_full_before_sending_sends_nothing(tmp_path: Path, sandbox: SandboxServer) -> None:
    """Write first: a sale the book cannot take is never sent."""
    with (
        OrderStore.open(tmp_path / "book.sqlite3") as store,
        GatewayClient(sandbox.base_url, CLIENT, TEST_SECRET) as client,
    ):
        desk = OrderDesk(store, CLIENT)
        fill_up(store)
        refused = None
        for _ in range(1000):  # sales until the book can take no more
            try:
                order = desk.start_order("150", note="x" * 400)
            except StoreError as error:
                refused = error
                break
            desk.record_creation(send_creation(client, order))
    assert refused is not None and "disk is full" in str(refused)
    # Every order the service has is one the book has; the refused sale was never sent.
    assert {o.order_id for o in sandbox.orders()} == set(order_ids(tmp_path / "book.sqlite3"))


# -- damaged ------------------------------------------------------------------------------

DAMAGED_FILES = {
    "garbage after the header": b"SQLite format 3\x00" + b"\xff" * 4080,
    "header of a database, then zeros": b"SQLite format 3\x00\x10\x00" + bytes(8190),
}


@pytest.mark.parametrize("content", DAMAGED_FILES.values(), ids=DAMAGED_FILES.keys())
def test_a_damaged_book_is_moved_aside_whole_and_not_replaced(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "paydesk.sqlite3"
    path.write_bytes(content)
    wal = tmp_path / "paydesk.sqlite3-wal"
    wal.write_bytes(b"the last orders may be here")

    with pytest.raises(StoreError) as caught:
        OrderStore.open(path)

    message = str(caught.value)
    [aside] = quarantine.damaged_copies(path)
    assert aside.name.startswith("paydesk.sqlite3.corrupt-")
    assert aside.read_bytes() == content  # byte for byte: nothing deleted or rewritten
    assert aside.with_name(aside.name + "-wal").read_bytes() == b"the last orders may be here"
    assert not path.exists() and not wal.exists()
    assert "damaged" in message and str(aside) in message and "nothing was deleted" in message
    assert "will not start a new, empty order book" in message

    # Opening again does not quietly start an empty book beside it.
    with pytest.raises(StoreError, match="will not start a new, empty order book"):
        OrderStore.open(path)
    assert not path.exists()
    assert quarantine.damaged_copies(path) == [aside]

    # The person's explicit choice: move the damaged book away, and start afresh.
    kept = tmp_path / "for-support"
    kept.mkdir()
    shutil.move(aside, kept / aside.name)
    with OrderStore.open(path) as store:
        assert store.query(OrderQuery()) == []
    assert (kept / aside.name).read_bytes() == content


def test_a_book_whose_first_page_was_wiped_is_damaged_not_new(tmp_path: Path) -> None:
    path = tmp_path / "paydesk.sqlite3"
    book_with_orders(path, count=200)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    data[100:page_size] = bytes(page_size - 100)  # keep the header, wipe the schema
    path.write_bytes(bytes(data))

    with pytest.raises(StoreError, match="damaged"):
        OrderStore.open(path)
    [aside] = quarantine.damaged_copies(path)
    assert aside.read_bytes() == bytes(data)


def garbage_in_the_middle(path: Path, count: int = 2000) -> bytes:
    """A closed book of ``count`` orders with 8 KiB of garbage written into its middle
    (as the person who found the bug did); the damaged file's bytes."""
    book_with_orders(path, count=count)
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 8192] = random.Random(13).randbytes(8192)
    path.write_bytes(bytes(data))
    return bytes(data)


def test_damage_in_the_middle_is_found_before_anything_is_written(tmp_path: Path) -> None:
    """Damage in the middle shows to no query that misses it, and a new order goes in at
    the end of the file: opening to write reads the whole file first."""
    path = tmp_path / "paydesk.sqlite3"
    damaged = garbage_in_the_middle(path)

    with pytest.raises(StoreError, match="damaged") as caught:
        OrderStore.open(path)

    assert "will not start a new, empty order book" in str(caught.value)
    [aside] = quarantine.damaged_copies(path)
    assert aside.read_bytes() == damaged and not path.exists()


def test_damage_found_while_working_sets_the_book_aside(tmp_path: Path) -> None:
    """Opened without the whole file's check (the window's GUI thread cannot wait for
    it), the first query that comes upon the damage sets the book aside: this store
    refuses from then on, and every later one too."""
    path = tmp_path / "paydesk.sqlite3"
    damaged = garbage_in_the_middle(path)

    with OrderStore.open(path, check_whole_file=False) as store:
        with pytest.raises(StoreError, match="damaged") as caught:
            store.query(OrderQuery())
        assert "nothing was deleted" in str(caught.value)
        with pytest.raises(StoreError, match="damaged"):
            store.add_unconfirmed(CLIENT, "B-1", 100, None, "", T0)
    [aside] = quarantine.damaged_copies(path)
    assert aside.read_bytes() == damaged and not path.exists()
    with pytest.raises(StoreError, match="will not start a new, empty order book"):
        OrderStore.open(path)


# -- newer -----------------------------------------------------------------------------


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


# -- the command line: exit 5, the message, nothing overwritten ----------------------------


# logging's own report when a handler cannot write (its file is on the same full or
# read-only disk): noise from the log file, not a crash of the command.
_LOGGING_ERROR = re.compile(r"--- Logging error ---\n.*?\nArguments: [^\n]*\n", re.DOTALL)


def assert_storage_failure(run_code: int, err: str, *words: str) -> None:
    """Exit 5, the words, and no crash (no traceback of the command's own)."""
    assert run_code == 5, err
    assert "Traceback" not in _LOGGING_ERROR.sub("", err), err
    for word in words:
        assert word in err, err


@pytest.fixture
def existing_book(paydesk: Paydesk, sandbox: SandboxServer) -> Path:
    """A book with one confirmed order, made by the command line itself."""
    run = paydesk.run("create", "10", env=service_env(sandbox))
    assert run.code == 0, run.text
    return paydesk.book


def test_cli_damaged_book(paydesk: Paydesk, sandbox: SandboxServer) -> None:
    paydesk.data_dir.mkdir(parents=True)
    content = DAMAGED_FILES["garbage after the header"]
    paydesk.book.write_bytes(content)
    for command in (("list",), ("create", "10")):
        run = paydesk.run(*command, env=service_env(sandbox))
        assert_storage_failure(run.code, run.err, "damaged", ".corrupt-", "support")
    assert not paydesk.book.exists()
    [aside] = quarantine.damaged_copies(paydesk.book)
    assert aside.read_bytes() == content
    assert sandbox.request_count() == 0  # nothing was sent without a book to write it in


@pytest.mark.parametrize(
    "command", [("create", "10"), ("refresh",), ("status", "A-1")], ids=lambda c: c[0]
)
def test_cli_command_that_sends_refuses_a_book_damaged_in_the_middle(
    paydesk: Paydesk, sandbox: SandboxServer, command: tuple[str, ...]
) -> None:
    paydesk.data_dir.mkdir(parents=True)
    damaged = garbage_in_the_middle(paydesk.book)

    run = paydesk.run(*command, env=service_env(sandbox))

    assert_storage_failure(run.code, run.err, "damaged", ".corrupt-", "support")
    assert sandbox.request_count() == 0  # nothing was sent
    [aside] = quarantine.damaged_copies(paydesk.book)
    assert aside.read_bytes() == damaged  # nothing was written into it


def test_cli_a_book_found_damaged_by_list_takes_no_new_order(
    paydesk: Paydesk, sandbox: SandboxServer
) -> None:
    """The report: list, export and refresh said "damaged", and create still sent an
    order and wrote it into that file."""
    paydesk.data_dir.mkdir(parents=True)
    damaged = garbage_in_the_middle(paydesk.book)

    listing = paydesk.run("list", env=service_env(sandbox))
    assert_storage_failure(listing.code, listing.err, "damaged", ".corrupt-")
    create = paydesk.run("create", "10", env=service_env(sandbox))
    assert_storage_failure(create.code, create.err, "damaged", ".corrupt-", "support")

    assert sandbox.request_count() == 0
    [aside] = quarantine.damaged_copies(paydesk.book)
    assert aside.read_bytes() == damaged


def test_cli_newer_book(paydesk: Paydesk, existing_book: Path, sandbox: SandboxServer) -> None:
    conn = sqlite3.connect(existing_book)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = snapshot(existing_book.parent)
    run = paydesk.run("create", "10", env=service_env(sandbox))
    assert_storage_failure(run.code, run.err, "newer version of PayDesk", "Update PayDesk")
    assert snapshot(existing_book.parent) == before
    assert len(sandbox.orders()) == 1


@pytest.mark.slow
def test_cli_locked_book_sends_nothing(
    paydesk: Paydesk, existing_book: Path, sandbox: SandboxServer
) -> None:
    """Waits out the real busy timeout (5 s) in the child: a lock that does not go away."""
    other = sqlite3.connect(existing_book, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        run = paydesk.run("create", "20", env=service_env(sandbox))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert_storage_failure(run.code, run.err, "locked by another program", "try again")
    assert len(sandbox.orders()) == 1 and sandbox.request_count("create_order") == 1
    assert len(order_ids(existing_book)) == 1


def _file_size_limit(limit: int | None) -> Callable[[], None]:
    def apply() -> None:  # in the child, before exec: the kernel refuses to grow any file
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # else the first refusal kills it
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def local_orders(book: Path) -> list[Order]:
    with OrderStore.open(book) as store:
        return store.query(OrderQuery(client_id=CLIENT))


@pytest.mark.skipif(sys.platform == "win32", reason="setrlimit is POSIX")
def test_cli_disk_full_sends_nothing(
    paydesk: Paydesk, existing_book: Path, sandbox: SandboxServer
) -> None:
    """No file may grow past 4 KiB (RLIMIT_FSIZE): the kernel refuses the writes, as on a
    full disk, for root too."""
    before = order_ids(existing_book)
    run = paydesk.run("create", "20", env=service_env(sandbox), preexec=_file_size_limit(4096))
    assert_storage_failure(run.code, run.err, "nothing was saved")
    assert sandbox.request_count("create_order") == 1  # only the first, good, order
    assert order_ids(existing_book) == before
    after = paydesk.run("create", "20", env=service_env(sandbox))  # room again
    assert after.code == 0, after.text
    assert len(order_ids(existing_book)) == 2


@pytest.mark.skipif(sys.platform == "win32", reason="setrlimit is POSIX")
def test_cli_disk_full_can_still_be_read(
    paydesk: Paydesk, existing_book: Path, sandbox: SandboxServer, tmp_path: Path
) -> None:
    """A full disk: the -shm a WAL book needs even for reading cannot grow. list, export
    and report still work (an export this small still fits)."""
    full = _file_size_limit(4096)
    exported = tmp_path / "orders.json"
    env = service_env(sandbox)
    listing = paydesk.run("list", "--format", "json", env=env, preexec=full)
    export = paydesk.run("export", str(exported), env=env, preexec=full)
    report = paydesk.run("report", "--format", "json", env=env, preexec=full)

    assert listing.code == 0, listing.text
    assert [o["amount_kopecks"] for o in json.loads(listing.out)] == [1000]
    assert export.code == 0, export.text
    assert len(json.loads(exported.read_text(encoding="utf-8"))) == 1
    assert report.code == 0, report.text
    assert json.loads(report.out)["created"] == {"count": 1, "amount_kopecks": 1000}
    assert order_ids(existing_book) == [o["order_id"] for o in json.loads(listing.out)]


def create_paused_after_sending(paydesk: Paydesk, sandbox: SandboxServer) -> Spawned:
    """``paydesk create 30`` that has sent the order and waits to save its link."""
    create = paydesk.spawn(
        "create", "30", "--qr",
        env=service_env(sandbox),
        preexec=_file_size_limit(None),
        pause_at="after_send",
    )
    create.wait_for_line("paused at after_send")
    return create


def the_order_of_30(book: Path) -> Order:
    [written] = [o for o in local_orders(book) if o.amount == 3000]
    return written


@pytest.mark.skipif(not hasattr(resource, "prlimit"), reason="prlimit is Linux")
def test_cli_disk_full_for_a_moment_after_sending_is_waited_out(
    paydesk: Paydesk, existing_book: Path, sandbox: SandboxServer
) -> None:
    """The service has the order and the disk is full for a moment: the save is tried
    again, and goes through once there is room."""
    create = create_paused_after_sending(paydesk, sandbox)
    unlimited = resource.RLIM_INFINITY
    # The soft limit only: lifting it again needs no privilege.
    resource.prlimit(create.process.pid, resource.RLIMIT_FSIZE, (4096, unlimited))  # full
    create.resume()
    create.wait_for_line("trying again")
    resource.prlimit(create.process.pid, resource.RLIMIT_FSIZE, (unlimited, unlimited))
    out, err = create.finish()

    assert create.process.returncode == 0, err
    written = the_order_of_30(existing_book)
    assert written.creation is CreationState.CONFIRMED
    assert written.url == sandbox.orders()[-1].url and written.url in out
    assert len(sandbox.orders()) == 2


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(resource, "prlimit"), reason="prlimit is Linux")
def test_cli_disk_full_after_sending_never_asks_for_the_sale_again(
    paydesk: Paydesk, existing_book: Path, sandbox: SandboxServer
) -> None:
    """The service made the order, and the disk stays full past the retries (a few
    seconds): create says the order was sent and who finishes it, with its own exit code,
    never "try again" (that would be a second sale). The order stays unconfirmed in the
    book, and once there is room refresh finishes it under the same order_id."""
    create = create_paused_after_sending(paydesk, sandbox)
    resource.prlimit(create.process.pid, resource.RLIMIT_FSIZE, (4096, 4096))  # disk full
    out, err = create.finish()

    assert create.process.returncode == 6, err
    written = the_order_of_30(existing_book)
    remote = sandbox.order(written.order_id)
    assert remote is not None  # created at the service; its link was never stored
    assert written.creation is CreationState.UNCONFIRMED and written.url is None
    assert f"{written.order_id} was sent" in err and "paydesk refresh" in err
    assert "do not create it again" in err.lower() and "disk" in err
    assert "try again" not in err.lower() and "Nothing was changed" not in err
    assert remote.url in out  # the buyer can pay it now

    run = paydesk.run("refresh", env=service_env(sandbox))
    assert run.code == 0, run.text
    [after] = [o for o in local_orders(existing_book) if o.order_id == written.order_id]
    assert after.creation is CreationState.CONFIRMED and after.url == remote.url
    assert len(sandbox.orders()) == 2  # the earlier order and this one: no duplicate


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
