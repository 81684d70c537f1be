"""schemathesis against the till program's API as a back office runs it (``paydesk serve``
with its token, the sandbox behind it): every check (``--checks all``) over requests made
from docs/terminal-api.openapi.json, and 0 failures. The document states every rule the
server keeps, and the server refuses nothing the document allows and answers nothing it
does not describe (the event stream's events included).

Run twice: with the till's shifts off (every shift step refused as off), and on with a
cashier and an open shift (payments taken in it; the shift's steps asked with whatever
names and PINs schemathesis makes up: refused, throttled, never a 5xx).

Bounded: a fixed seed (a failure found is found again) and a few examples per operation,
about a minute on two busy cores. ``st run`` with the same arguments (the README) runs more.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from paydesk.core.shifts import Cashiers
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore

from cli_process import Paydesk

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "terminal-api.openapi.json"
SERVING = "serves the till program's API at"
_ADDRESS = re.compile("(" + re.escape("http://127.0.0.1") + r":\d+)/v1")
#: Examples per operation and phase, and the seed: bounded, and the same run each time.
MAX_EXAMPLES = 15
SEED = 35
#: Only a hung run gets near it.
RUN_SECONDS = 600




@pytest.mark.slow
@pytest.mark.scenario
@pytest.mark.parametrize("shifts", ["off", "on"])
def test_schemathesis_finds_nothing_against_the_running_api(
        back_office: Paydesk, sandbox: SandboxServer, tmp_path: Path, shifts: str) -> None:
    if shifts == "on":
        assert back_office.run("config", "set", "shifts", "on").code == 0
        store = OrderStore.open(back_office.book)
        try:
            Cashiers(store).add("Anna", "739164", owner=True)
        finally:
            store.close()
    served = back_office.spawn("serve")
    served.wait_for_line(SERVING)
    address = _ADDRESS.search(served.seen[-1])
    assert address is not None, served.seen
    token = back_office.run("terminal", "token")
    assert token.code == 0, token.text
    try:
        if shifts == "on":
            opened = requests.post(
                f"{address[1]}/v1/shift/open", timeout=30,
                headers={"Authorization": f"Bearer {token.out.strip()}"},
                json={"reference": "Z-1", "cashier": "Anna", "pin": "739164"})
            assert opened.status_code == 201, opened.text
        run = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli",
             "--config-file", str(ROOT / "schemathesis.toml"), "run", str(DOCUMENT),
             "--url", address[1], "--header", f"Authorization: Bearer {token.out.strip()}",
             "--checks", "all", "--max-examples", str(MAX_EXAMPLES), "--seed", str(SEED),
             "--no-color"],
            cwd=tmp_path, capture_output=True, text=True, encoding="utf-8",
            timeout=RUN_SECONDS, check=False)
    finally:
        served.process.send_signal(signal.SIGTERM)
        _out, err = served.finish()
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    assert "No issues found" in report, report
    assert served.process.returncode == 0, err
