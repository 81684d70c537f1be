"""A command whose output cannot be written: a full disk (``> /dev/full``), or a reader
that went away (``| head -1``). A plain message and an exit code; no traceback, no
crash report (PayDesk did nothing wrong), and nothing printed again at exit."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore

from bulk_orders import bulk_insert
from cli_process import PROCESS_TIMEOUT, Paydesk, paydesk_for, service_env
from test_values import TEST_CLIENT_ID

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="/dev/full, SIGPIPE: POSIX")

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def book_of(paydesk: Paydesk, count: int) -> None:
    """``count`` orders, so that a listing is far longer than a pipe holds (64 KiB)."""
    with OrderStore.open(paydesk.book) as store:
        bulk_insert(store, (
            Order(client_id=TEST_CLIENT_ID, order_id=f"A-{n:06d}", amount=100 + n,
                  email=f"buyer{n}@example.com", note="2 coffees", url=None,
                  status=OrderStatus.PENDING, creation=CreationState.UNCONFIRMED,
                  created_at=T0 + timedelta(seconds=n))
            for n in range(count)
        ))


def no_crash(paydesk: Paydesk, err: str) -> None:
    assert "Traceback" not in err and "Exception ignored" not in err, err
    logs = paydesk.data_dir / "logs"
    assert not list(logs.glob("crash-*")), err


#: Python buffers stdout to a file or pipe, and writes it at once with PYTHONUNBUFFERED:
#: the first write fails, or the flush at the end.
BUFFERING = {"buffered": "", "unbuffered": "1"}


@pytest.mark.parametrize("buffering", BUFFERING.values(), ids=BUFFERING.keys())
@pytest.mark.parametrize("command", [("list",), ("list", "--format", "csv", "--limit", "1"),
                                     ("report",), ("about",)], ids=" ".join)
def test_a_full_disk_for_the_output_is_said_plainly(
    tmp_path: Path, sandbox: SandboxServer, command: Sequence[str], buffering: str
) -> None:
    paydesk = paydesk_for(tmp_path)
    book_of(paydesk, 3000)
    env = {**paydesk.env, **service_env(sandbox), "PYTHONUNBUFFERED": buffering}
    with open("/dev/full", "w") as full:  # every write: ENOSPC
        done = subprocess.run(
            paydesk.command(command), env=env,
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=PROCESS_TIMEOUT, check=False,
        )

    assert done.returncode == 1, done.stderr
    assert "paydesk: the output could not be written" in done.stderr
    assert "No space left on device" in done.stderr
    no_crash(paydesk, done.stderr)


@pytest.mark.parametrize("buffering", BUFFERING.values(), ids=BUFFERING.keys())
@pytest.mark.parametrize("command", [("list",), ("list", "--format", "json")], ids=" ".join)
def test_a_reader_that_goes_away_ends_the_command_quietly(
    tmp_path: Path, sandbox: SandboxServer, command: Sequence[str], buffering: str
) -> None:
    """``paydesk list | head -1``: Python's own advice for a closed pipe (exit 1, and the
    rest of the output to /dev/null so the flush at exit cannot fail again)."""
    paydesk = paydesk_for(tmp_path)
    book_of(paydesk, 3000)
    process = subprocess.Popen(
        paydesk.command(command),
        env={**paydesk.env, **service_env(sandbox), "PYTHONUNBUFFERED": buffering},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # head -1 has what it wanted
    err = process.stderr.read()
    process.wait(timeout=PROCESS_TIMEOUT)

    assert first.strip()
    assert process.returncode == 1, err
    assert err == "", err  # nobody is left to read it, and nothing went wrong
    no_crash(paydesk, err)


def test_an_order_created_with_nowhere_to_print_it_is_said_to_be_made(
    tmp_path: Path, sandbox: SandboxServer
) -> None:
    """Not the order book's exit code 5 ("nothing was sent"): a script must not make the
    order again."""
    paydesk = paydesk_for(tmp_path)
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            paydesk.command(["create", "150"]), env={**paydesk.env, **service_env(sandbox)},
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=PROCESS_TIMEOUT, check=False,
        )

    assert done.returncode == 1, done.stderr
    assert "What the command did is done" in done.stderr and "paydesk list" in done.stderr
    no_crash(paydesk, done.stderr)
    [made] = sandbox.orders()
    listing = paydesk.run("list", env=service_env(sandbox))
    assert made.order_id in listing.out
