"""A damaged order book is moved aside under a ``.corrupt-<time>`` name, byte for byte,
and PayDesk refuses to start a new, empty book in its place until the person moves it
away (an empty book would forget unconfirmed orders). A command that sends refuses such
a book before it sends anything.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from paydesk.sandbox import SandboxServer
from paydesk.store import OrderQuery, OrderStore, StoreError, quarantine

from cli_process import Paydesk, service_env
from storage_faults import CLIENT, T0, assert_storage_failure, book_with_orders

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
    """A closed book of ``count`` orders with garbage written over its middle (as the
    person who found the bug did, 8 KiB of it; here a quarter of the file, so the damage
    falls in the orders' own pages whatever indexes the schema adds beside them); the
    damaged file's bytes."""
    book_with_orders(path, count=count)
    data = bytearray(path.read_bytes())
    start, end = len(data) * 3 // 8, len(data) * 5 // 8
    data[start:end] = random.Random(13).randbytes(end - start)
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
