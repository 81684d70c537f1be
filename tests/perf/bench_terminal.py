"""bench.py's ``terminal`` part: the till program's API beside the window, on loopback.

The window serves the API (terminal_api "local"); the sandbox is a process of its own.

- ``terminal_create_ratio_floor``: ``POST /v1/payments`` to its answer (the order
  written, created at the sandbox, answered as its link comes) over the same request
  answered by the smallest server that keeps the rules (terminal_floor.py: the order
  written, then created; no window, no QR), both to the same sandbox (a process of its
  own, as the real service), from a client thread, interleaved with a bare signed
  ``create_order``; median of the create runs each. ``terminal_create_ratio``: the
  API over the bare call; ``terminal_create_floor_ratio``: the floor over it (what no
  structure that writes the order first can go below); ``terminal_create_overhead_ms``:
  what the till program waits beyond the service.
- ``terminal_create_ratio_floor_80ms``: the same comparison with a sandbox that
  answers as a real service over the Internet does, 80 ± 20 ms a request (another
  window on it); ``terminal_create_ms_80ms``, ``terminal_create_floor_ms_80ms`` and
  ``terminal_create_bare_ms_80ms`` beside it.
- ``terminal_event_p95_ms``: a payment's event handed to the API in the window's
  thread to its arrival at a till program's stream in another process (created,
  shown, paid of each sale below; p95).
- ``terminal_stall_ms``: the longest gap of a 10 ms QTimer in the GUI thread while
  :data:`CLIENTS` till programs (terminal_clients_child.py) each hold the event
  stream open and poll a payment every 0.2 s, and sales are typed (Enter) and paid;
  ``terminal_create_to_qr_ms``: Enter to the window's QR painted meanwhile (median).
  The same sales with no client, in the same run, are their baseline
  (``terminal_stall_off_ms``, ``terminal_create_to_qr_off_ms``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench_books import prepare_data_dir, runtime_for
from bench_common import CLIENT_ID, SECRET, Sizes, median
from bench_create import enter_to_qr
from bench_web import p95
from bench_window import Gui, PaintDone
from terminal_floor import floor_server

#: The events of each sale whose latency is measured.
KINDS = ("created", "shown", "paid")
#: Till programs talking to the API at once, as the issue's budget names them.
CLIENTS = 50
CHILD = Path(__file__).with_name("terminal_clients_child.py")


class Clients:
    """The till programs in a child process: what the first one's stream received when."""

    def __init__(self, base_url: str, token: str, order_id: str, count: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), base_url, token, order_id, str(count)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.connected = threading.Event()
        self.arrived: dict[tuple[str, str], float] = {}
        self.polls = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            item = json.loads(line)
            if "connected" in item:
                self.connected.set()
            elif "polls" in item:
                self.polls = int(item["polls"])
            else:
                with self.lock:
                    self.arrived.setdefault((item["kind"], item["order_id"]), item["arrived"])

    def has(self, kind: str, order_id: str) -> bool:
        with self.lock:
            return (kind, order_id) in self.arrived

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def bench_terminal(sizes: Sizes, work: Path, gui: Gui, base_url: str, latent_url: str, *,
                   clients: int = CLIENTS) -> dict[str, Any]:
    """``base_url``: the sandbox on loopback; ``latent_url``: one at 80 ± 20 ms."""
    figures = _on_loopback(sizes, work, gui, base_url, clients)
    latent = _terminal_window(gui, work / "terminal-80ms", latent_url)
    try:
        creates = _creates(sizes, gui, latent, work / "terminal-80ms", latent_url)
    finally:
        _close(gui, *latent)
    return {**figures, **{f"{key}_80ms": value for key, value in creates.items()
                          if key in _AT_LATENCY}}


#: The figures told at the service's latency too (with ``_80ms``).
_AT_LATENCY = ("terminal_create_ratio_floor", "terminal_create_ms",
               "terminal_create_floor_ms", "terminal_create_bare_ms")


def _terminal_window(gui: Gui, folder: Path, base_url: str) -> tuple[Any, Any, str]:
    """A window serving the API, on the sandbox at ``base_url``: it, its runtime, the
    API's token."""
    from paydesk.core.terminal.token import api_token

    runtime = runtime_for(prepare_data_dir(folder, base_url), base_url,
                          focus_interval_seconds=0.5, secret_storage="file")
    runtime.keeper.settings = dataclasses.replace(runtime.settings, terminal_api="local",
                                                  terminal_api_port=0)
    token = api_token(runtime.secret_store())
    window = gui.open_window(runtime, start=True)
    assert window.parts.terminal.server is not None, window.parts.terminal.problem
    return window, runtime, token


def _close(gui: Gui, window: Any, runtime: Any, _token: str) -> None:
    gui.close_window(window)
    runtime.close()


def _creates(sizes: Sizes, gui: Gui, opened: tuple[Any, Any, str], folder: Path,
             base_url: str) -> dict[str, float]:
    """``POST /v1/payments`` to the window's API, the bare ``create_order`` and the floor
    server's answer, in turns, each from a client thread (see the module's docstring)."""
    import requests

    window, _runtime, token = opened
    api = window.parts.terminal.server.base_url + "/v1"
    session = requests.Session()
    session.trust_env = False
    session.headers["Authorization"] = f"Bearer {token}"
    bare_session = requests.Session()
    bare_session.trust_env = False
    pool = ThreadPoolExecutor(max_workers=1)

    def timed(call: Any) -> float:
        """Seconds ``call`` took in a client thread; the window turns meanwhile."""
        def run() -> float:
            started = time.perf_counter()
            call()
            return time.perf_counter() - started

        future = pool.submit(run)
        if not gui.wait(future.done, timeout=60):
            raise RuntimeError("a request did not end within 60 s")
        return float(future.result())

    def ask(number: int) -> None:
        reply = session.post(api + "/payments", timeout=60, json={
            "amount_kopecks": 20_000 + number, "reference": f"bench-{number}"})
        if reply.status_code != 201:
            raise RuntimeError(f"POST /v1/payments answered {reply.status_code}: {reply.text}")

    def floor(url: str, number: int) -> None:
        reply = bare_session.post(url + "/v1/payments", timeout=60, json={
            "amount_kopecks": 40_000 + number, "reference": f"floor-{number}"})
        if reply.status_code != 201:
            raise RuntimeError(f"the floor server answered {reply.status_code}: {reply.text}")

    def bare(number: int) -> None:
        order_id, amount = f"bare-t-{number}", str(30_000 + number)
        sign = hashlib.md5(f"{order_id}:{amount}:{SECRET}".encode(),
                           usedforsecurity=False).hexdigest()
        bare_session.get(f"{base_url}/backend/create_order", timeout=10, params={
            "client_id": str(CLIENT_ID), "order_id": order_id, "amount": amount,
            "sign": sign}).json()["url"]

    api_times: list[float] = []
    bare_times: list[float] = []
    floor_times: list[float] = []
    try:
        with floor_server(folder / "floor.sqlite3", base_url) as floor_url:
            for number in range(sizes.create_warmup + sizes.create_runs):
                api_time = timed(lambda n=number: ask(n))
                bare_time = timed(lambda n=number: bare(n))
                floor_time = timed(lambda n=number: floor(floor_url, n))
                gui.wait(lambda: False, timeout=0.02)  # the window shows the sale, as "create" does
                if number >= sizes.create_warmup:
                    api_times.append(api_time)
                    bare_times.append(bare_time)
                    floor_times.append(floor_time)
    finally:
        pool.shutdown()
        session.close()
        bare_session.close()
    return {
        "terminal_create_ratio_floor": median(api_times) / median(floor_times),
        "terminal_create_ratio": median(api_times) / median(bare_times),
        "terminal_create_ms": median(api_times) * 1000,
        "terminal_create_bare_ms": median(bare_times) * 1000,
        # What the till program waits beyond the service itself (the ratio's numerator
        # less its denominator): the order written, two hops, the answer's way back.
        "terminal_create_overhead_ms": (median(api_times) - median(bare_times)) * 1000,
        "terminal_create_floor_ratio": median(floor_times) / median(bare_times),
        "terminal_create_floor_ms": median(floor_times) * 1000,
    }


def _on_loopback(sizes: Sizes, work: Path, gui: Gui, base_url: str,
                 clients: int) -> dict[str, Any]:
    """The creates on loopback, then the events and stalls with and without ``clients``."""
    opened = _terminal_window(gui, work / "terminal", base_url)
    window, _runtime, token = opened
    server = window.parts.terminal.server
    api = server.base_url + "/v1"
    published: dict[tuple[str, str], float] = {}
    publish = server.publish

    def stamped(kind: str, data: dict[str, object]) -> None:
        published.setdefault((kind, str(data.get("order_id"))), time.perf_counter())
        publish(kind, data)

    window.parts.terminal.till.follow(stamped)
    loaded: dict[str, Any] = {}
    off: dict[str, Any] = {}
    till_programs: Clients | None = None
    try:
        creates = _creates(sizes, gui, opened, work / "terminal", base_url)
        off = _sales(sizes, gui, window, None, published)
        sale = window.parts.presenter.sale
        assert sale is not None
        till_programs = Clients(api, token, sale.order_id, clients)
        if not gui.wait(till_programs.connected.is_set, timeout=60):
            raise RuntimeError(f"{clients} till programs did not connect")
        loaded = _sales(sizes, gui, window, till_programs, published)
    finally:
        if till_programs is not None:
            till_programs.close()
        _close(gui, *opened)
    return {
        **creates,
        "terminal_event_p95_ms": p95(loaded["latencies"]) * 1000,
        "terminal_stall_ms": loaded["stall"] * 1000,
        "terminal_stall_off_ms": off["stall"] * 1000,
        "terminal_create_to_qr_ms": median(loaded["enter"]) * 1000,
        "terminal_create_to_qr_off_ms": median(off["enter"]) * 1000,
        "terminal_clients": clients,
        "terminal_polls": till_programs.polls if till_programs else 0,
    }


def _sales(sizes: Sizes, gui: Gui, window: Any, till_programs: Clients | None,
           published: dict[tuple[str, str], float]) -> dict[str, Any]:
    """Sales typed at the counter and paid on the sandbox's page, with the GUI thread's
    longest timer gap meanwhile and, with ``till_programs``, their events' latencies."""
    from PySide6.QtCore import Qt, QTimer

    from payment_page import decide

    painted = PaintDone(window.parts.payment_panel.qr, own_paint=True)
    ticks: list[float] = []
    ticker = QTimer()
    ticker.setTimerType(Qt.TimerType.PreciseTimer)
    ticker.setInterval(10)
    ticker.timeout.connect(lambda: ticks.append(time.perf_counter()))
    enter_times: list[float] = []
    latencies: list[float] = []
    try:
        ticker.start()
        for number in range(sizes.create_warmup + sizes.create_runs):
            enter = enter_to_qr(gui, window, painted, 100 + number)
            sale = window.parts.presenter.sale
            assert sale is not None and sale.url is not None
            order_id = sale.order_id
            # The buyer's phone, off the GUI thread (a wait there would count as a stall).
            threading.Thread(target=decide, args=(sale.url, "approve", "bench@example.com"),
                             daemon=True).start()
            if not gui.wait(lambda o=order_id: ("paid", o) in published, timeout=20):
                raise RuntimeError("the sale was never paid")
            if till_programs is not None:
                if not gui.wait(lambda o=order_id: all(till_programs.has(k, o) for k in KINDS),
                                timeout=20):
                    raise RuntimeError("a till program never heard the sale's events")
                if number >= sizes.create_warmup:
                    latencies += [till_programs.arrived[(k, order_id)] - published[(k, order_id)]
                                  for k in KINDS]
            if number >= sizes.create_warmup:
                enter_times.append(enter)
    finally:
        ticker.stop()
        painted.close()
    stall = max(b - a for a, b in itertools.pairwise(ticks)) if len(ticks) > 1 else 0.0
    return {"enter": enter_times, "stall": stall, "latencies": latencies}
