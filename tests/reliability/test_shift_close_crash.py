"""``paydesk shift close`` killed with SIGKILL at every moment of a close: while its checks
are at the service, before the report, inside the transaction that closes the shift, and
just after it. The shift is then open with no report, or closed with its report whole;
closing again finishes (or repeats) the close, and a shift never has two reports.

The points are reached by conditions, never by waiting a while: the sandbox's count of
requests received while its latency holds the replies, or a pause the test installs in the
child around ``OrderStore.freeze_shift`` (tests/helpers/paused_paydesk.py).
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Callable

import pytest

from paydesk.core.shifts import ShiftReport
from paydesk.sandbox import SandboxServer

from cli_process import Paydesk, service_env

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX"),
    pytest.mark.slow,
    pytest.mark.scenario,
]

PIN = "582031"
LATENCY_MS = 1500


@pytest.fixture
def slow_sandbox(start_sandbox: Callable[..., SandboxServer]) -> SandboxServer:
    return start_sandbox()


def _run(paydesk: Paydesk, sandbox: SandboxServer, *args: str, stdin: str = "") -> str:
    run = paydesk.run(*args, env=service_env(sandbox), stdin=stdin)
    assert run.code == 0, run.text
    return run.out


def _shift_with_open_orders(paydesk: Paydesk, sandbox: SandboxServer) -> list[str]:
    """Shift 1 open by Anna, with three sales: one paid at the service, two waiting."""
    _run(paydesk, sandbox, "config", "set", "shifts", "on")
    _run(paydesk, sandbox, "cashier", "add", "Anna", "--owner", "--stdin", stdin=f"{PIN}\n")
    _run(paydesk, sandbox, "shift", "open", "--cashier", "Anna", "--stdin", stdin=f"{PIN}\n")
    ids = [json.loads(_run(paydesk, sandbox, "create", amount, "--json"))["order_id"]
           for amount in ("150", "20", "3")]
    sandbox.approve(ids[0])
    return ids


def _book_state(paydesk: Paydesk) -> tuple[list[tuple[object, ...]], list[str]]:
    """The shifts' rows and the reports' texts, as another program reads the file."""
    conn = sqlite3.connect(paydesk.book)
    try:
        shifts = conn.execute("SELECT number, closed_at IS NOT NULL, closed_by FROM shifts"
                              ).fetchall()
        reports = [str(text) for (text,) in conn.execute("SELECT report FROM shift_reports")]
    finally:
        conn.close()
    return shifts, reports


def _close_again_and_check(paydesk: Paydesk, sandbox: SandboxServer) -> None:
    sandbox.set_latency(0)
    run = paydesk.run("shift", "close", "--cashier", "Anna", "--stdin", "--json",
                      env=service_env(sandbox), stdin=f"{PIN}\n")
    shifts, reports = _book_state(paydesk)
    assert shifts == [(1, 1, "Anna")] and len(reports) == 1  # one report, never two
    report = ShiftReport.from_json(reports[0])
    assert report.orders.count == 3 and report.orders.amount == 17300
    assert report.paid.amount == 15000 and report.unanswered.count == 2
    if run.code == 0:  # finished (or repeated) the close: its report is the book's
        assert json.loads(run.out)["orders"] == {"count": 3, "amount_kopecks": 17300}
    else:  # it was closed whole before the kill: nothing left to close
        assert run.code == 9 and "No shift is open" in run.err


def test_killed_while_its_checks_are_at_the_service(
    paydesk: Paydesk, slow_sandbox: SandboxServer, wait_until: Callable[..., None],
) -> None:
    _shift_with_open_orders(paydesk, slow_sandbox)
    slow_sandbox.set_latency(LATENCY_MS)
    before = slow_sandbox.request_count("get_order")
    closing = paydesk.spawn("shift", "close", "--cashier", "Anna", "--stdin",
                            env=service_env(slow_sandbox))
    assert closing.process.stdin is not None
    closing.process.stdin.write(f"{PIN}\n")
    closing.process.stdin.flush()
    closing.wait_for_line("asking the service: 0 of 3")
    # The three checks are at the service, which holds their answers (its latency).
    wait_until(lambda: slow_sandbox.request_count("get_order") >= before + 3, timeout=30)
    closing.kill()

    shifts, reports = _book_state(paydesk)
    assert shifts == [(1, 0, None)] and reports == []  # open, nothing half-written
    _close_again_and_check(paydesk, slow_sandbox)


@pytest.mark.parametrize("point", ["close_freezing", "close_in_freeze", "close_frozen"])
def test_killed_at_each_step_of_freezing_the_report(
    paydesk: Paydesk, slow_sandbox: SandboxServer, point: str,
) -> None:
    _shift_with_open_orders(paydesk, slow_sandbox)
    closing = paydesk.spawn("shift", "close", "--cashier", "Anna", "--stdin",
                            env=service_env(slow_sandbox), pause_at=point)
    assert closing.process.stdin is not None
    closing.process.stdin.write(f"{PIN}\n")
    closing.process.stdin.flush()
    closing.wait_for_line(f"paused at {point}")
    closing.kill()

    shifts, reports = _book_state(paydesk)
    if point == "close_frozen":
        assert shifts == [(1, 1, "Anna")] and len(reports) == 1  # closed, report whole
        assert ShiftReport.from_json(reports[0]).orders.count == 3
    else:
        assert shifts == [(1, 0, None)] and reports == []  # open, nothing half-written
    _close_again_and_check(paydesk, slow_sandbox)
