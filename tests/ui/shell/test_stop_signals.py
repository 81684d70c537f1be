"""The window closes on SIGTERM and SIGINT as it does on its close button, and says
plainly when there is no display to open on (rather than Qt's abort).

Real processes: ``python -m paydesk --demo`` offscreen, signalled once its window
is up; and the launcher's display check, through the real command.
"""

from __future__ import annotations

import configparser
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from paydesk.launch import display_problem

from cli_process import PROCESS_TIMEOUT, Paydesk, paydesk_for

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.fixture
def paydesk(tmp_path: Path) -> Iterator[Paydesk]:
    runner = paydesk_for(tmp_path)
    yield runner
    runner.close()


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_closes_the_window_cleanly(paydesk: Paydesk, stop: signal.Signals) -> None:
    window = paydesk.spawn("--demo", "-v", env={"QT_QPA_PLATFORM": "offscreen"})
    window.wait_for_line("Alert sounds")  # built after the first frame: the window is up
    window.process.send_signal(stop)
    window.wait_for_line(f"Stopping on {stop.name}")
    window.wait_for_line("The window closed")
    assert window.process.wait(timeout=PROCESS_TIMEOUT) == 0
    _out, err = window.finish()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    # Closed the close button's way: the window's size and place are kept.
    state = configparser.ConfigParser()
    state.read(paydesk.data_dir / "demo" / "window.ini")
    assert state.has_option("window", "geometry")


def test_no_display_is_one_line_and_exit_code_7(paydesk: Paydesk) -> None:
    run = paydesk.run("--demo", env={"QT_QPA_PLATFORM": "", "DISPLAY": "",
                                     "WAYLAND_DISPLAY": ""})
    if sys.platform == "darwin":
        pytest.skip("macOS needs no display server")
    assert run.code == 7, run.text
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("paydesk: The window cannot open: there "
                                                   "is no graphical display")
    assert "paydesk --help" in lines[0]


@pytest.mark.parametrize(("environ", "problem"), [
    ({}, "no graphical display"),
    ({"DISPLAY": ":0"}, None),  # socket checked below
    ({"WAYLAND_DISPLAY": "wayland-0"}, None),
    ({"QT_QPA_PLATFORM": "offscreen"}, None),
    ({"QT_QPA_PLATFORM": "offscreen:size=1280x800"}, None),
    ({"QT_QPA_PLATFORM": "eglfs"}, None),
    ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, "no graphical display"),
    ({"DISPLAY": "remote.example:10.0"}, None),  # ssh -X: Qt finds out
    ({"DISPLAY": ":4242"}, "is not running"),
])
def test_the_display_check(environ: dict[str, str], problem: str | None) -> None:
    if environ.get("DISPLAY") == ":0" and not Path("/tmp/.X11-unix/X0").exists():
        environ = {**environ, "DISPLAY": ":4242"}
        problem = "is not running"
    found = display_problem(environ, "linux")
    assert (found is None) if problem is None else (problem in (found or ""))
    assert display_problem({}, "win32") is None and display_problem({}, "darwin") is None
