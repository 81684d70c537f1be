"""The benchmark keeps working: ``bench.py --quick`` runs and reports every figure.

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

BENCH = Path(__file__).with_name("bench.py")
KEYS = (
    "startup_ratio",
    "create_to_qr_ratio",
    "refresh_ratio",
    "max_stall_ms",
    "history_open_ratio",
    "history_filter_ms",
    "history_rss_mb",
    "external_change_ms",
    "sandbox_p50_ms",
)


@pytest.mark.slow
def test_quick_run_reports_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAYDESK_")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--json", str(out)],
        capture_output=True, text=True, timeout=180, env=env, check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    figures = json.loads(out.read_text(encoding="utf-8"))
    for key in KEYS:
        value = figures[key]
        assert isinstance(value, int | float) and math.isfinite(value), (key, value)
        assert key in done.stdout  # the table names it too
    assert figures["quick"] is True
    assert figures["machine"]["cores"]
