"""As a person does it, on a real X server with keys from it (xdotool): the first start
with shifts on creates the owner, the first sale asks her to open a shift by PIN, and
the sale is taken, all by keyboard."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from x_server import needs_xvfb, x_display

#: Whole processes and an X server: a scenario, run by .ci/run after the quick set.
pytestmark = pytest.mark.scenario

PIN = "4826"


@needs_xvfb
@pytest.mark.skipif(shutil.which("xdotool") is None,
                    reason="needs xdotool (apt-get install xdotool)")
def test_signing_in_and_taking_a_sale_by_keyboard(tmp_path: Path) -> None:
    data = tmp_path / "data"
    base = {**os.environ, "PAYDESK_DATA_DIR": str(data)}
    subprocess.run([sys.executable, "-m", "paydesk", "--demo", "config", "set", "shifts", "on"],
                   env=base, check=True, capture_output=True, timeout=120)
    window = None
    with x_display() as display:
        env = {**base, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
        try:
            window = subprocess.Popen([sys.executable, "-m", "paydesk", "--demo", "-v"], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            assert window.stdout is not None
            for line in window.stdout:  # the window's own words, line by line
                if "Alert sounds" in line:  # built after the first frame: the window is up
                    break

            def xdotool(*args: str) -> subprocess.CompletedProcess[str]:
                return subprocess.run(["xdotool", *args], env=env, capture_output=True,
                                      text=True, timeout=60, check=False)

            def wait_for_window(title: str) -> None:
                found = xdotool("search", "--sync", "--onlyvisible", "--name", title)
                assert found.returncode == 0 and found.stdout.strip(), found.stderr
                [first, *_] = found.stdout.split()
                xdotool("windowfocus", "--sync", first)

            # No cashier yet: the owner is asked for at once.
            wait_for_window("Create the owner")
            xdotool("type", "--delay", "30", "Olga")
            xdotool("key", "Tab")
            xdotool("type", "--delay", "30", PIN)
            xdotool("key", "Tab")
            xdotool("type", "--delay", "30", PIN)
            xdotool("key", "Return")

            # The first sale: no shift is open, so the window asks Olga to open one.
            main = xdotool("search", "--sync", "--onlyvisible", "--name", "PayDesk")
            xdotool("windowfocus", "--sync", main.stdout.split()[0])
            xdotool("mousemove", "640", "400")  # no window manager: focus follows the pointer
            xdotool("type", "--delay", "30", "150")
            xdotool("key", "Return")
            wait_for_window("Open a shift")
            xdotool("type", "--delay", "30", PIN)  # her name is the only one, chosen
            xdotool("key", "Return")
            for line in window.stdout:  # the sale the form held, taken in the new shift
                if "create_order" in line and "http_status=200" in line:
                    break
            else:
                raise AssertionError("the sale was not taken")
        finally:
            if window is not None:
                window.terminate()
                output, _ = window.communicate(timeout=60)
                assert PIN not in (output or "")
