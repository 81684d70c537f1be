"""A test run again in a child process whose one offscreen screen is a counter's
small screen (1280×800, 1366×768): a running application keeps the screen it
started with, so each size needs a process of its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect

ROOT = Path(__file__).resolve().parents[2]
#: Set in the child process: "1280x800", the size of its one screen.
SCREEN_ENV = "PAYDESK_TEST_SCREEN"
SMALL_SCREENS = ("1280x800", "1366x768")

#: For the test the child runs: skipped in the parent's own run.
in_the_child = pytest.mark.skipif(SCREEN_ENV not in os.environ,
                                  reason="run in a child process with a small screen")


def screen_rect(size: str) -> QRect:
    width, height = (int(n) for n in size.split("x"))
    return QRect(0, 0, width, height)


def run_on_screen(test: str, size: str, tmp_path: Path, *, passed: int) -> None:
    """Run ``test`` (``path::name``) in a child whose offscreen screen is ``size``;
    it must pass ``passed`` times (one per parameter)."""
    rect = screen_rect(size)
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "counter", "x": 0, "y": 0, "width": rect.width(), "height": rect.height(),
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
           SCREEN_ENV: size}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         f"--basetemp={tmp_path / 'run'}", test],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert f"\n{passed} passed" in done.stdout, done.stdout[-2000:]
