"""PayDesk's performance benchmark: start-up, amount to QR, refresh at scale, a big history.

    python tests/perf/bench.py [--quick] [--json PATH] [--only PART ...] [--write-docs]

Prints a table and (with --json) writes the figures as JSON; with --write-docs (a
full run only) it writes the table into docs/performance.md (bench_docs.py). This is a
benchmark, not a test: nothing here fails on a slow figure. The test suite runs
``--quick`` (tiny sizes) only to keep it working (tests/perf/test_bench_quick.py).
Each part is measured by a module of its own beside this one (bench_startup.py,
bench_create.py, bench_refresh.py, bench_history.py, bench_external.py,
bench_sandbox.py, bench_shared.py, bench_million.py); this one runs them.

These machines are shared and noisy, so every figure that can be is a ratio
against a baseline measured in the same run, interleaved with it:

- ``startup_ratio``: a fresh ``python`` process starting PayDesk through its real
  entry point (``paydesk.launch.main([])``, what the ``paydesk`` command runs)
  until the main window's first frame is painted, over the same for a bare
  ``QApplication`` + ``QMainWindow`` (startup_child.py); median of 7 each.
- ``create_to_qr_ratio``: Enter in the amount field until the QR is painted,
  against the sandbox on loopback, over a bare ``requests`` create_order call
  plus the ``qrcode`` matrix of the same link; median of 30 each. A regression
  guard only: on loopback the bare call takes a few milliseconds, which no one
  can tell from the window's own.
- ``create_to_qr_real_ratio``: the same with the sandbox answering each request
  after 80 ms ± 20 ms, as a real payment service does; p95 of 30 each. What a
  shop feels: the cashier's wait beyond the service and the code themselves.
- ``refresh_ratio``: "check all pending" over 1 000 pending orders with the
  sandbox answering after 50 ms and 8 requests in flight, wall time over the
  ideal 1 000 x 0.05 s / 8; ``max_stall_ms`` is the longest gap of a 10 ms
  QTimer in the GUI thread meanwhile.
- ``history_open_ratio``: the window built and painted with 100 000 orders in the
  book over the same with none; ``history_filter_ms``: the slowest of the medians
  of a status filter, a text search and a sort to paint their first rows;
  ``history_rss_mb``: resident memory of a process that opened the window and
  ran those filters, with 100 000 orders minus with none.
- ``external_change_ms``: another process (book_writer.py, through the store as
  the commands write) adds an order to a book of 100 000, then records its
  payment, under the open window: from its commit until the window's list shows
  it (the new row, then "Paid"); the slowest of all. Each write comes at a
  random moment of the window's look interval. The window's own checks are
  off, so only the list's watch on the book can show it.
- ``sandbox_p50_ms``: sequential ``get_order`` through ``GatewayClient``.
- ``print_slip_ms``: a QR slip from the print call to its last byte at a loopback
  network printer, the slower of the printer's own QR command and the raster; a bare
  socket sending the same bytes is in the details (bench_printer.py). Milliseconds,
  not a ratio: the bare socket's fraction of a millisecond is no baseline to divide by.
- ``enter_to_slip_ms``: the real window, Enter in the amount field to the QR slip's
  last byte at the loopback printer, Ctrl+P pressed the moment the sale's link is on
  the panel (the order created at the sandbox, the slip printed off the GUI thread);
  ``ctrl_p_to_slip_ms`` is its part from Ctrl+P (bench_printer.py).
- ``print_slip_keep_open_ms``: the print call to its answer "sent" for a loopback
  printer that keeps the connection open after the job: every byte acknowledged, no
  close waited for (bench_printer.py). The issue's bound: a couple of seconds.
- ``shared``: a shop's tills on one shared order book, on a PostgreSQL server the
  part starts itself (bench_shared.py says what each figure is; skipped, with
  the reason, where no server is installed).
- ``web``: the buyer's web screen with 10 paired devices beside the window
  (bench_web.py says what each figure is).
- ``terminal``: the till program's API beside the window, its answer against the
  smallest server that keeps the rules, on loopback and with the service at 80 ± 20 ms,
  and 50 till programs streaming and polling (bench_terminal.py says what each figure is).
- ``day``: a long day at the counter, sales asked for through the till program's API of
  PayDesk's window in a process of its own and paid on the sandbox's page: the window's
  CPU per sale at the 1 000th sale over at the 100th, its memory and open files
  (bench_day.py says what each figure is).
- ``shifts``: closing a shift of 2 000 orders, 100 of them open, at a real service's
  latency, over the service's own time for those checks, and the report of 5 000
  orders (bench_shifts.py); in the window, that report on screen and the GUI thread's
  longest stall while a shift closes (bench_shift_screen.py).
- ``million``: the window on a till's book of 1 000 000 orders (bench_million.py);
  run only when named (``--only million``), as building the book takes minutes.

Python writes no bytecode cache in some environments (PYTHONDONTWRITEBYTECODE);
the start-up children get their own cache folder instead, warmed by one
uncounted start each, as an installed PayDesk has its .pyc files.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import sqlite3
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bench_common import CLIENT_ID, FULL, QUICK, SECRET, Sizes, log
from bench_create import REAL_JITTER_MS, REAL_LATENCY_MS, bench_create, bench_create_real
from bench_external import bench_external
from bench_history import bench_history
from bench_refresh import bench_refresh
from bench_sandbox import SandboxProcess, bench_sandbox
from bench_startup import bench_startup
from bench_window import Gui

#: key -> (budget, what it is), in the order the table shows them.
BUDGETS: dict[str, tuple[float, str]] = {
    "startup_ratio": (1.6, "start to first frame / bare QMainWindow (loopback guard)"),
    "create_to_qr_ratio": (2.0, "Enter to QR painted / bare requests + qrcode (loopback guard)"),
    "create_to_qr_real_ratio": (1.1, "Enter to QR painted / bare call, service at 80 ± 20 ms, p95"),
    "status_to_screens_ms": (30, "a paid poll to both screens and its row painted"),
    "refresh_ratio": (1.2, "check all pending, wall / ideal"),
    "max_stall_ms": (50, "longest 10 ms timer gap during the refresh"),
    "history_open_ratio": (1.3, "window shown, 100 000 orders / none"),
    "history_filter_ms": (100, "status filter, search, sort: first rows"),
    "history_rss_mb": (60, "RSS growth, 0 -> 100 000 orders"),
    "external_change_ms": (1000, "another process's change shown in the open list"),
    "sandbox_p50_ms": (3, "sequential get_order on loopback"),
    # The receipt printer (bench_printer.py):
    "print_slip_ms": (250, "print call to the slip's last byte, loopback printer"),
    "enter_to_slip_ms": (500, "window: Enter, then Ctrl+P, to the slip's last byte"),
    "print_slip_keep_open_ms": (2000, "print call to \"sent\", a printer that stays connected"),
    # The buyer's web screen, 10 devices (bench_web.py):
    "web_qr_after_window_ms": (300, "sale's code on the pages after the window's QR (p95)"),
    "web_paid_after_window_ms": (300, "paid on the pages after the window shows it (p95)"),
    "web_stall_ms": (50, "longest 10 ms timer gap, 10 devices, sales typed and paid"),
    "web_back_after_cut_s": (3.0, "a page (Chromium) back after a 10 s cut: current sale"),
    # The till program's API (bench_terminal.py):
    "terminal_create_ratio_floor": (1.3, "POST /v1/payments answered / the floor server's"),
    "terminal_create_ratio_floor_80ms": (1.3, "the same, the service at 80 ± 20 ms"),
    "terminal_event_p95_ms": (100, "a payment's event to a till program's stream (p95)"),
    "terminal_stall_ms": (50, "longest 10 ms timer gap, 50 till programs, sales typed"),
    # The shop's shared order book (bench_shared.py, bench_million.py):
    "shared_shown_p95_s": (1.0, "4 tills: an order sold at one, in another's book (p95)"),
    "get_order_ratio": (1.1, "get_order calls, 4 tills watching / 1 till"),
    "shared_create_to_qr_ratio": (1.3, "Enter to QR, shared book / own book only"),
    "shared_upload_1000_s": (5.0, "1 000 orders of an outage up after the book's return"),
    "history_filter_1m_ms": (100, "status filter, search, sort: first rows, 1 000 000"),
    "history_rss_1m_ratio": (1.1, "window's RSS, 1 000 000 orders / 100 000"),
    # A long day through the till program's API (bench_day.py):
    "day_cpu_ratio_1000_100": (1.25, "window's CPU per sale, at the 1 000th / at the 100th"),
    "day_rss_mib_per_1000": (5, "window's RSS growth per 1 000 sales, MiB"),
    "day_open_files_growth": (0, "window's open files, at the 1 000th sale - at the 100th"),
    # Shifts (bench_shifts.py):
    "shift_close_over_checks_s": (1.0, "close of 2 000 orders, 100 open, over the service's "
                                  "time for their checks at 8 in flight, 80 ± 20 ms"),
    "shift_report_ms": (500, "a shift of 5 000 orders: mid-shift report to its text painted"),
    "shift_close_stall_ms": (50, "longest 10 ms timer gap while a shift closes"),
}
PARTS = ("startup", "create", "status", "refresh", "history", "external", "sandbox", "shared",
         "printer", "web", "terminal", "day", "shifts")
#: Parts run only when named (--only): building their book takes minutes.
EXTRA_PARTS = ("million",)


def machine() -> dict[str, Any]:
    cpu = platform.processor() or "?"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = "?"
    with contextlib.suppress(OSError, IndexError, ValueError):
        kib = int(Path("/proc/meminfo").read_text(encoding="utf-8").split()[1])
        memory = f"{kib / 1024 / 1024:.0f} GiB"
    import PySide6
    from PySide6.QtCore import qVersion

    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory": memory,
        "os": platform.platform(),
        "python": platform.python_version(),
        "pyside6": PySide6.__version__,
        "qt": qVersion(),
        "sqlite": sqlite3.sqlite_version,
        "qpa": os.environ.get("QT_QPA_PLATFORM", ""),
    }


def run(sizes: Sizes, parts: Sequence[str]) -> dict[str, Any]:
    from paydesk.sandbox import SandboxConfig, SandboxServer

    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="paydesk-bench-") as folder, \
            SandboxServer(SandboxConfig(client_id=CLIENT_ID, secret_key=SECRET,
                                        ttl_seconds=3600)) as sandbox:
        work = Path(folder)
        base_url = sandbox.base_url
        if "startup" in parts:
            log("start-up")
            figures.update(bench_startup(sizes, work, base_url))
        if "day" in parts:  # the window in a process of its own, before ours has one
            log("a long day through the till program's API")
            import bench_day

            figures.update(bench_day.bench_day(sizes == QUICK, work))
        if "shifts" in parts:
            log("shifts")
            import bench_shifts

            figures.update(bench_shifts.bench_shifts(sizes == QUICK, work))
        gui = Gui() if set(parts) - {"startup", "sandbox", "day"} else None
        if "sandbox" in parts:
            log("sandbox")
            figures.update(bench_sandbox(sizes, work, sandbox))
        if gui is not None and "create" in parts:
            log("amount to QR")
            with SandboxProcess(work) as separate:
                figures.update(bench_create(sizes, work, gui, separate.base_url))
            log("amount to QR, at a real service's latency")
            with SandboxProcess(work, latency_ms=REAL_LATENCY_MS,
                                jitter_ms=REAL_JITTER_MS) as separate:
                figures.update(bench_create_real(sizes, work, gui, separate.base_url))
        if gui is not None and "status" in parts:
            log("a payment seen by a poll, on the screens")
            from bench_status import bench_status

            figures.update(bench_status(sizes, work, gui, base_url))
        if gui is not None and "refresh" in parts:
            log("check all pending")
            figures.update(bench_refresh(sizes, work, gui))
        if gui is not None and "history" in parts:
            log("history")
            figures.update(bench_history(sizes, work, gui, base_url))
        if gui is not None and "external" in parts:
            log("a change made by another process")
            figures.update(bench_external(sizes, work, gui, base_url))
        if gui is not None and "shared" in parts:
            import bench_shared

            figures.update(bench_shared.bench_shared(sizes == QUICK, sizes.create_runs,
                                                     sizes.create_warmup, work, gui, sandbox))
        if "printer" in parts:
            log("receipt printer")
            import bench_printer

            if gui is None:
                figures.update(bench_printer.bench_printer(sizes))
            else:  # the sale's order created at a sandbox of its own process, as "create"
                with SandboxProcess(work) as separate:
                    figures.update(bench_printer.bench_printer(sizes, work, gui,
                                                               separate.base_url))
        if gui is not None and "web" in parts:
            log("the buyer's web screen")
            import bench_web

            figures.update(bench_web.bench_web(sizes, work, gui, base_url))
            figures.update(bench_web.back_after_cut(sizes == QUICK, work, gui, base_url))
        if gui is not None and "terminal" in parts:
            log("the till program's API")
            import bench_terminal

            # The service never shares our GIL; the second answers as one far away does.
            with SandboxProcess(work) as separate, \
                    SandboxProcess(work, latency_ms=60, jitter_ms=40) as latent:
                figures.update(bench_terminal.bench_terminal(
                    sizes, work, gui, separate.base_url, latent.base_url,
                    clients=5 if sizes == QUICK else bench_terminal.CLIENTS))
        if gui is not None and "shifts" in parts:
            log("a shift's report and its close, in the window")
            import bench_shift_screen

            figures.update(bench_shift_screen.bench_shift_screen(sizes == QUICK, work, gui))
        if gui is not None and "million" in parts:
            import bench_million

            figures.update(bench_million.bench_million(sizes, work, gui, base_url))
    return figures


def table(figures: dict[str, Any]) -> str:
    lines = ["| figure | measured | budget | what |", "|---|---:|---:|---|"]
    for key, (budget, what) in BUDGETS.items():
        if key not in figures:
            continue
        value = figures[key]
        mark = "" if value <= budget else " (over)"
        lines.append(f"| {key} | {value:.2f}{mark} | ≤ {budget:g} | {what} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true",
                        help="tiny sizes: checks that the benchmark runs, measures nothing")
    parser.add_argument("--json", metavar="PATH", help="write the figures here as JSON")
    parser.add_argument("--only", nargs="+", choices=PARTS + EXTRA_PARTS, default=list(PARTS),
                        help="run only these parts (million: only when named)")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the figures into docs/performance.md (a full run only)")
    args = parser.parse_args(argv)
    if args.write_docs and (args.quick or not set(PARTS) <= set(args.only)):
        parser.error("--write-docs takes a full run: every part, without --quick")
    sizes = QUICK if args.quick else FULL
    started = time.monotonic()
    figures = run(sizes, args.only)
    result = {
        **{key: figures[key] for key in BUDGETS if key in figures},
        "details": {key: value for key, value in figures.items() if key not in BUDGETS},
        "budgets": {key: budget for key, (budget, _what) in BUDGETS.items()},
        "quick": args.quick,
        "sizes": asdict(sizes),
        "machine": machine(),
        "command": " ".join(["python", "tests/perf/bench.py", *(argv or sys.argv[1:])]),
        "seconds": round(time.monotonic() - started, 1),
    }
    print(table(figures))
    for key, value in result["details"].items():
        print(f"  {key}: {value:.2f}" if isinstance(value, float) else f"  {key}: {value}")
    print(f"  machine: {result['machine']}")
    print(f"  took {result['seconds']} s")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n",
                                   encoding="utf-8")
    if args.write_docs:
        import bench_docs

        bench_docs.write_docs(result, BUDGETS)
        print(f"  written into {bench_docs.DOCS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
