"""``paydesk print`` through the real command: a slip and a receipt reach a loopback
network printer and carry the order's link and words; a failing printer says how to
fix it with its own exit code; no printer, no order, nothing to print are usage errors."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from paydesk.cli import exit_codes
from paydesk.sandbox import SandboxServer

from cli_process import RunPaydesk
from escpos_reader import read_printout
from loopback_printer import LoopbackPrinter


def _created(paydesk: RunPaydesk, env: dict[str, str]) -> dict[str, Any]:
    run = paydesk("create", "150,5", "--json", env=env)
    assert run.code == 0, run.err
    record: dict[str, Any] = json.loads(run.out)
    return record


@pytest.mark.scenario
def test_a_slip_then_the_receipt_from_the_command_line(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    order = _created(paydesk, service_env)
    with LoopbackPrinter() as device:
        assert paydesk("config", "set", "printer", device.address).code == 0
        assert paydesk("config", "set", "printer_paper_mm", "58").code == 0
        slip = paydesk("print", "slip", order["order_id"], "--language", "ru", env=service_env)
        assert slip.code == 0, slip
        assert slip.out.startswith(f"Printed the slip of order {order['order_id'][-6:]} on "
                                   f"{device.address}")
        # Paid: a receipt now, and no slip any more.
        sandbox.approve(order["order_id"])
        assert paydesk("status", order["order_id"], env=service_env).code == 0
        receipt = paydesk("print", "receipt", order["order_id"], env=service_env)
        assert receipt.code == 0, receipt
        again = paydesk("print", "slip", order["order_id"], env=service_env)
        jobs = device.wait_for_jobs(2)
    assert (again.code, again.err.strip()) == (
        exit_codes.USAGE, "paydesk: This order is already paid, so there is no slip to print.")
    slip_paper, receipt_paper = (read_printout(job) for job in jobs)
    assert slip_paper.codes() == [order["url"]]
    assert "150,50 руб." in slip_paper.lines
    assert "Not a fiscal receipt" in receipt_paper.lines and receipt_paper.cut
    assert "150.50 RUB" in receipt_paper.lines


def test_a_printer_that_refuses_says_so_with_exit_8(paydesk: RunPaydesk) -> None:
    with LoopbackPrinter("refuse") as device:
        assert paydesk("config", "set", "printer", device.address).code == 0
        run = paydesk("print", "test")
    assert run.code == exit_codes.PRINTER == 8, run
    assert run.err.startswith(f"paydesk: The receipt printer at {device.address} refused the "
                              "connection.")
    assert "Traceback" not in run.err and run.out == ""


def test_the_test_page_prints(paydesk: RunPaydesk) -> None:
    with LoopbackPrinter() as device:
        assert paydesk("config", "set", "printer", device.address).code == 0
        run = paydesk("print", "test")
        [job] = device.wait_for_jobs(1)
    assert run.code == 0, run
    assert "Printer test page" in read_printout(job).lines


def test_no_printer_no_order_and_a_bad_address_are_usage_errors(
    paydesk: RunPaydesk, service_env: dict[str, str]
) -> None:
    none = paydesk("print", "test")
    assert none.code == exit_codes.USAGE and "No receipt printer is set" in none.err
    bad = paydesk("config", "set", "printer", "usb://4b8:202")
    assert bad.code == exit_codes.USAGE and "usb://04b8:0202" in bad.err
    with LoopbackPrinter() as device:
        assert paydesk("config", "set", "printer", device.address).code == 0
        missing = paydesk("print", "receipt", "NO-SUCH-ORDER-1", env=service_env)
    assert missing.code == exit_codes.USAGE and "no order NO-SUCH-ORDER-1" in missing.err
    assert device.connections == 0


#: Root ignores permission bits through these capabilities; setpriv starts paydesk
#: without them (as tests/reliability/test_read_only_book.py does).
_NO_OVERRIDE = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]


def test_a_device_this_user_may_not_write_says_how_to_fix_it(
    paydesk: RunPaydesk, tmp_path: Path
) -> None:
    device = tmp_path / "lp0"
    device.write_bytes(b"")
    device.chmod(0o444)
    prefix: list[str] = []
    if os.geteuid() == 0:
        if not shutil.which("setpriv") or subprocess.run(
                [*_NO_OVERRIDE, "true"], check=False, timeout=30).returncode != 0:
            pytest.skip("root ignores permission bits, and setpriv cannot drop that")
        prefix = _NO_OVERRIDE
    assert paydesk("config", "set", "printer", f"file://{device}").code == 0
    run = paydesk("print", "test", prefix=prefix)
    assert run.code == exit_codes.PRINTER, run
    assert run.err.startswith(f"paydesk: This user may not use the receipt printer at "
                              f"file://{device}.") and "udev rule" in run.err
    assert device.read_bytes() == b""
