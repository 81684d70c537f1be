"""examples/till_program.py, run as its doc says, against ``paydesk --demo serve``.

Real processes: PayDesk's demo served without a window (its own sandbox inside), the
example as a till program would run it, and the buyer paying or refusing on the
sandbox's page each link the example prints.
"""

from __future__ import annotations

import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

from cli_process import PROCESS_TIMEOUT, paydesk_for
from payment_page import decide

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "till_program.py"
_SALE = re.compile(r"^sale (\S+): (\d+\.\d\d) RUB, order (\S+), pay at (http://\S+)$")


def _pump(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.put(line.rstrip("\n"))
    lines.put(None)


def test_the_example_takes_a_queue_of_payments_through_the_demo(tmp_path: Path) -> None:
    shop = paydesk_for(tmp_path)
    # Any free port: the test never takes one another program on this computer may hold.
    assert shop.run("--demo", "config", "set", "terminal_api_port", "0").code == 0
    served = shop.spawn("--demo", "serve")
    try:
        served.wait_for_line("serves the till program's API at")
        url, token = shop.run("--demo", "terminal", "url"), shop.run("--demo", "terminal", "token")
        assert url.code == 0 and token.code == 0, url.text + token.text
        example = subprocess.Popen(
            [sys.executable, str(EXAMPLE), "150", "1234,50", "99"],
            env={**shop.env, "PAYDESK_API": url.out.strip(), "PAYDESK_TOKEN": token.out.strip()},
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8")
        lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=_pump, args=(example, lines), daemon=True).start()
        said: list[str] = []
        # The buyers: the first two pay, the third refuses.
        decisions = iter(["approve", "approve", "decline"])
        while (line := lines.get(timeout=PROCESS_TIMEOUT)) is not None:
            said.append(line)
            sale = _SALE.match(line)
            if sale is not None:
                decide(sale[4], next(decisions), "buyer@example.com").raise_for_status()
        assert example.wait(timeout=PROCESS_TIMEOUT) == 1, said  # one sale was not paid
        amounts = [m[2] for line in said if (m := _SALE.match(line))]
        assert amounts == ["150.00", "1234.50", "99.00"]
        outcomes = [line.rsplit(": ", 1)[1] for line in said
                    if line.endswith((": paid", ": refused", ": expired"))]
        assert outcomes == ["paid", "paid", "refused"], said
    finally:
        served.process.send_signal(signal.SIGTERM)
        served.finish()
    assert served.process.returncode == 0
