"""A full disk: nothing half-saved and nothing lost; a sale the book cannot take is never
sent, and one the service already has is saved once there is room, or left for refresh
under its order id, never sold twice.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.remote import send_creation
from paydesk.domain.orders import CreationState, Order
from paydesk.gateway import GatewayClient
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderQuery, OrderStore, StoreError

from cli_process import Paydesk, Spawned, service_env
from storage_faults import CLIENT, T0, assert_storage_failure, book_with_orders, order_ids
from test_values import TEST_SECRET

try:
    import resource  # POSIX only: the file-size limit that stands in for a full disk
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]


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
