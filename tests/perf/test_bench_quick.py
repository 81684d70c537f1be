"""The benchmark keeps working: ``bench.py --quick`` runs every part and reports every figure.

Tiny sizes, and no assertion about speed: the figures of a shared machine are
not a test. ``python tests/perf/bench.py`` measures for real.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from postgres import server_bindir

BENCH = Path(__file__).with_name("bench.py")
#: Every part, the ones run only when named too.
PARTS = ("startup", "create", "status", "refresh", "history", "external", "sandbox", "shared",
         "million", "printer", "web", "terminal", "day", "shifts")
KEYS = (
    "startup_ratio",
    "create_to_qr_ratio",
    "create_to_qr_real_ratio",
    "status_to_screens_ms",
    "refresh_ratio",
    "max_stall_ms",
    "history_open_ratio",
    "history_filter_ms",
    "history_rss_mb",
    "external_change_ms",
    "sandbox_p50_ms",
    "print_slip_ms",
    "enter_to_slip_ms",
    "print_slip_keep_open_ms",
    "web_qr_after_window_ms",
    "web_paid_after_window_ms",
    "web_stall_ms",
    "terminal_create_ratio_floor",
    "terminal_create_ratio_floor_80ms",
    "terminal_event_p95_ms",
    "terminal_stall_ms",
    "history_filter_1m_ms",
    "history_rss_1m_ratio",
    "day_cpu_ratio_1000_100",
    "day_rss_mib_per_1000",
    "day_open_files_growth",
    "shift_close_over_checks_s",
    "shift_report_ms",
    "shift_close_stall_ms",
)
#: The shared order book's figures: only where a PostgreSQL server is installed.
SHARED_KEYS = (
    "shared_shown_p95_s",
    "get_order_ratio",
    "shared_create_to_qr_ratio",
    "shared_upload_1000_s",
)


@pytest.mark.slow
@pytest.mark.scenario
def test_quick_run_reports_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAYDESK_")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--json", str(out), "--only", *PARTS],
        capture_output=True, text=True, timeout=300, env=env, check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    figures = json.loads(out.read_text(encoding="utf-8"))
    keys = KEYS + (SHARED_KEYS if server_bindir() is not None else ())
    for key in keys:
        value = figures[key]
        assert isinstance(value, int | float) and math.isfinite(value), (key, value)
        assert key in done.stdout  # the table names it too
    # A figure beside the budgets: what the till program's answer costs at the least.
    assert math.isfinite(figures["details"]["terminal_create_floor_ratio"])
    assert figures["quick"] is True
    assert figures["machine"]["cores"]
