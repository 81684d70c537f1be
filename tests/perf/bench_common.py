"""What every part of the benchmark shares: its sizes, the sandbox's till and two small tools.

The parts (bench_startup.py, bench_create.py, ...) each measure one group of
figures; bench.py runs them and prints the table.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HERE = Path(__file__).resolve().parent
#: The tests' helpers (bulk_orders: a big book in one transaction).
sys.path.insert(0, str(HERE.parent / "helpers"))
SECRET = "bench-secret-key"
CLIENT_ID = 1


@dataclass(frozen=True)
class Sizes:
    startup_runs: int
    create_runs: int
    create_warmup: int
    refresh_orders: int
    refresh_latency_ms: int
    refresh_in_flight: int
    refresh_rounds: int
    history_orders: int
    history_open_runs: int
    filter_rounds: int
    rss_runs: int
    external_runs: int
    sandbox_calls: int


FULL = Sizes(
    startup_runs=7, create_runs=30, create_warmup=3, refresh_orders=1000,
    refresh_latency_ms=50, refresh_in_flight=8, refresh_rounds=3, history_orders=100_000,
    history_open_runs=7, filter_rounds=3, rss_runs=3, external_runs=10, sandbox_calls=300,
)
QUICK = Sizes(
    startup_runs=1, create_runs=2, create_warmup=1, refresh_orders=24,
    refresh_latency_ms=5, refresh_in_flight=8, refresh_rounds=1, history_orders=2_000,
    history_open_runs=1, filter_rounds=1, rss_runs=1, external_runs=2, sandbox_calls=20,
)


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values))
