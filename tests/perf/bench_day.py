"""bench.py's ``day`` part: a long day at the counter, driven through the till program's API.

PayDesk's real window runs in a process of its own (``python -m paydesk``, the
``paydesk`` command, with the till program's API on); the sandbox is another
(``python -m paydesk.sandbox``, orders live :data:`TTL_S`). This process is the till
program and the buyers: it asks for a sale every :data:`PACE_S` (``POST
/v1/payments``), and the buyer pays it on the sandbox's page, as a phone would; one
sale in ten is refused there and one in ten left to expire. Every sale stays in the
book, so the list grows as a shop's does over a day.

The window process is measured from outside (``/proc/PID``): its CPU time (user +
system), its resident memory and its open file descriptors, sampled at set sales.

- ``day_cpu_ratio_1000_100``: the window's CPU per sale over the :data:`SPAN` sales up
  to the 1 000th, over the same for the span after the 100th (in ``--quick``, the
  30th and the 10th). A day that costs the same per sale at its end as at its start
  is 1.0; a list that re-reads every row since the morning grows with the day.
- ``day_rss_mib_per_1000``: resident memory at the last sale less at the 100th, in
  MiB per 1 000 sales.
- ``day_open_files_growth``: open file descriptors at the last sale less at the 100th,
  less those of the pools that fill as checks overlap (the connections to the service,
  up to ``max_in_flight``, and an event descriptor per thread of the check pool); the
  raw counts, the connections and the threads are in the details.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench_common import CLIENT_ID, HERE, SECRET, log
from bench_startup import child_environment

#: One sale asked for every this many seconds (a busy counter's hour, compressed).
PACE_S = 0.25
#: How long the sandbox keeps an unpaid order payable (the left ones expire meanwhile).
TTL_S = 60
#: Sales the CPU of each end of the day is taken over.
SPAN = 100
#: (first sample, last sample, span) of a full run and a quick one.
FULL_DAY = (100, 1000, SPAN)
QUICK_DAY = (10, 30, 10)


class Sample:
    """The window process at one sale, read in ``/proc``."""

    def __init__(self, pid: int, service_port: int) -> None:
        fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
        #: CPU seconds, user + system.
        self.cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        rss_kib = 0
        for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmRSS:"):
                rss_kib = int(line.split()[1])
        self.rss_mib = rss_kib / 1024
        targets = []
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):  # closed meanwhile
                targets.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
        self.open_files = len(targets)
        self.threads = len(os.listdir(f"/proc/{pid}/task"))
        #: Connections to the payment service: its pool holds up to max_in_flight.
        self.service = _connections_to(pid, {t[8:-1] for t in targets
                                             if t.startswith("socket:[")}, service_port)

    @property
    def own_files(self) -> int:
        """Open descriptors less those of the pools: a connection to the service and an
        event descriptor per thread open as checks overlap, up to the pools' sizes."""
        return self.open_files - self.service - self.threads


def _connections_to(pid: int, inodes: set[str], port: int) -> int:
    count = 0
    for table in ("tcp", "tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
                fields = line.split()
                if fields[9] in inodes and int(fields[2].rsplit(":", 1)[1], 16) == port:
                    count += 1
    return count


def open_file_kinds(pid: int) -> str:
    """What the open descriptors of ``pid`` are, counted by kind (for the log)."""
    kinds: dict[str, int] = {}
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        kind = target.split(":", 1)[0] if ":" in target else Path(target).suffix or target
        kinds[kind] = kinds.get(kind, 0) + 1
    return " ".join(f"{kind}={count}" for kind, count in sorted(kinds.items()))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _Sandbox:
    """The service in a process of its own, orders payable for :data:`TTL_S`."""

    def __init__(self, work: Path) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PAYDESK_")}
        self._log = (work / "sandbox-day.log").open("w", encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "paydesk.sandbox", "--host", "127.0.0.1", "--port", "0",
             "--client-id", str(CLIENT_ID), "--secret-key", SECRET, "--ttl", str(TTL_S)],
            stdout=subprocess.PIPE, stderr=self._log, text=True, env=env)
        assert self.process.stdout is not None
        self.base_url = self.process.stdout.readline().strip()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)
        self._log.close()


def _data_dir(folder: Path, base_url: str, port: int) -> str:
    """A data folder set up for the sandbox with the API on ``port``; its API token."""
    from paydesk.core.runtime import Runtime
    from paydesk.core.settings.values import Settings
    from paydesk.core.terminal.token import api_token
    from paydesk.store import OrderStore
    from paydesk.support.paths import AppPaths

    paths = AppPaths(folder).ensure()
    values: dict[str, Any] = {
        "base_url": base_url, "client_id": CLIENT_ID, "merchant_name": "Bench shop",
        "language": "en", "sound": False, "secret_storage": "file",
        "terminal_api": "local", "terminal_api_port": port}
    paths.settings_file.write_text(json.dumps(values), encoding="utf-8")
    with OrderStore.open(paths.database):
        pass
    runtime = Runtime(paths, Settings(**values))
    try:
        return api_token(runtime.secret_store())
    finally:
        runtime.close()


def bench_day(quick: bool, work: Path) -> dict[str, Any]:
    import requests

    from payment_page import decide

    first, last, span = QUICK_DAY if quick else FULL_DAY
    folder = work / "day"
    sandbox = _Sandbox(work)
    port = _free_port()
    token = _data_dir(folder, sandbox.base_url, port)
    env = child_environment(folder, work / "pycache")
    window_log = (work / "day-window.log").open("w", encoding="utf-8")
    window = subprocess.Popen([sys.executable, "-m", "paydesk"], env=env,
                              stdout=window_log, stderr=subprocess.STDOUT)
    session = requests.Session()
    session.trust_env = False
    session.headers["Authorization"] = f"Bearer {token}"
    api = f"http://127.0.0.1:{port}/v1"
    buyers = ThreadPoolExecutor(max_workers=4)
    samples: dict[int, Sample] = {}
    service_port = int(sandbox.base_url.rsplit(":", 1)[1].split("/")[0])
    outcomes = {"approve": 0, "decline": 0, "left": 0}
    try:
        try:
            _wait_for_api(session, api, window)
        except RuntimeError as exc:
            window_log.flush()
            said = (work / "day-window.log").read_text(encoding="utf-8", errors="replace")
            raise RuntimeError(f"{exc}; the window said:\n{said[-3000:]}") from None
        wanted = {first, first + span, last - span, last}
        next_at = time.monotonic()
        for number in range(1, last + 1):
            time.sleep(max(0.0, next_at - time.monotonic()))
            next_at += PACE_S
            reply = _ask(session, api, number)
            if reply.status_code != 201:
                raise RuntimeError(f"POST /v1/payments answered {reply.status_code}: "
                                   f"{reply.text}")
            link = reply.json()["link"]
            decision = "left" if number % 10 == 5 else "decline" if number % 10 == 9 \
                else "approve"
            outcomes[decision] += 1
            if decision != "left":  # the buyer's phone, beside the till program
                buyers.submit(decide, link, decision, "day@example.com", timeout=30)
            if number in wanted:
                samples[number] = Sample(window.pid, service_port)
            if number % 100 == 0:
                log(f"day: {number} sales; open: {open_file_kinds(window.pid)}")
    finally:
        buyers.shutdown()
        session.close()
        window.terminate()
        try:
            window.wait(30)
        except subprocess.TimeoutExpired:
            window.kill()
            window.wait(10)
        window_log.close()
        sandbox.stop()

    def per_sale(start: int) -> float:
        return (samples[start + span].cpu - samples[start].cpu) / span

    early, late, at_first, at_last = per_sale(first), per_sale(last - span), \
        samples[first], samples[last]
    return {
        "day_cpu_ratio_1000_100": late / early,
        "day_rss_mib_per_1000": (at_last.rss_mib - at_first.rss_mib) / (last - first) * 1000,
        "day_open_files_growth": at_last.own_files - at_first.own_files,
        "day_cpu_ms_per_sale_early": early * 1000,
        "day_cpu_ms_per_sale_late": late * 1000,
        "day_rss_mib_at_first": at_first.rss_mib,
        "day_rss_mib_at_last": at_last.rss_mib,
        "day_open_files": f"{at_first.open_files} -> {at_last.open_files}",
        "day_service_connections": f"{at_first.service} -> {at_last.service}",
        "day_threads": f"{at_first.threads} -> {at_last.threads}",
        "day_sales": last,
        "day_samples_at": f"{first}, {last}",
        "day_paid_refused_left": f"{outcomes['approve']}/{outcomes['decline']}/{outcomes['left']}",
    }


def _ask(session: Any, api: str, number: int) -> Any:
    """``POST /v1/payments`` for sale ``number``; sent once more with the same reference
    (which never makes a second order) when a kept-alive connection was closed under it."""
    import requests

    payment = {"amount_kopecks": 10_000 + number, "reference": f"day-{number}"}
    try:
        return session.post(api + "/payments", timeout=60, json=payment)
    except requests.ConnectionError:
        return session.post(api + "/payments", timeout=60, json=payment)


def _wait_for_api(session: Any, api: str, window: subprocess.Popen[bytes]) -> None:
    """Until the window serves the API (it starts it once the window is up)."""
    import requests

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if window.poll() is not None:
            raise RuntimeError(f"the window exited ({window.returncode}) before serving the API")
        try:
            if session.get(api + "/health", timeout=5).status_code == 200:
                return
        except requests.ConnectionError:
            pass
        threading.Event().wait(0.2)
    raise RuntimeError("the window did not serve the till program's API within 120 s")


if __name__ == "__main__":  # one part alone: python tests/perf/bench_day.py [--quick]
    import tempfile

    sys.path.insert(0, str(HERE))
    with tempfile.TemporaryDirectory(prefix="paydesk-day-") as temp:
        for key, value in bench_day("--quick" in sys.argv, Path(temp)).items():
            print(f"{key}: {value}")
