"""bench.py's ``startup`` part: fresh processes started to their first frame (startup_child.py).

The history part reuses the children to read a window's resident memory.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench_books import prepare_data_dir
from bench_common import HERE, SECRET, Sizes, median

CHILD = HERE / "startup_child.py"



def child_environment(data_dir: Path, pycache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("PAYDESK_") and k != "PYTHONDONTWRITEBYTECODE"}
    env.update({
        "QT_QPA_PLATFORM": "offscreen",
        "PAYDESK_DATA_DIR": str(data_dir),
        "PAYDESK_SECRET_KEY": SECRET,
        "PYTHONPYCACHEPREFIX": str(pycache),
        "LANG": "C.UTF-8",
    })
    env.pop("LC_ALL", None)
    return env


def run_child(mode: str, env: dict[str, str], *extra: str) -> tuple[float, int]:
    """Seconds from spawning ``startup_child.py mode`` to its first frame, and its RSS (KiB)."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(CHILD), mode, *extra],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    for line in done.stdout.splitlines():
        if line.startswith("SHOWN "):
            _tag, shown, rss = line.split()
            return float(shown) - started, int(rss)
    raise RuntimeError(f"startup child {mode} failed ({done.returncode}):\n{done.stderr[-3000:]}")


def bench_startup(sizes: Sizes, work: Path, base_url: str) -> dict[str, Any]:
    data = prepare_data_dir(work / "startup-data", base_url)
    env = child_environment(data, work / "pycache")
    for mode in ("bare", "app"):  # warm the bytecode cache and the disk cache; not counted
        run_child(mode, env)
    bare: list[float] = []
    app: list[float] = []
    for _ in range(sizes.startup_runs):
        bare.append(run_child("bare", env)[0])
        app.append(run_child("app", env)[0])
    return {
        "startup_ratio": median(app) / median(bare),
        "startup_ms": median(app) * 1000,
        "startup_bare_ms": median(bare) * 1000,
        "startup_app_runs_ms": [round(v * 1000, 1) for v in app],
        "startup_bare_runs_ms": [round(v * 1000, 1) for v in bare],
    }
