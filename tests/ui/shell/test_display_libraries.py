"""Without the X11 libraries Qt's xcb plugin needs, ``paydesk`` says which in one line and
exits with 7, as the README and docs/command-line.md promise, instead of Qt's abort (exit
134) and its lines naming a library (``xcb-cursor0``) that is there.

The real ``paydesk`` on a virtual X server, with libraries the dynamic loader refuses
found first on ``LD_LIBRARY_PATH`` (the system's own are never touched).
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_process import PROCESS_TIMEOUT, Paydesk, paydesk_for
from x_server import needs_xvfb, x_display

pytestmark = [needs_xvfb, pytest.mark.skipif(not sys.platform.startswith("linux"),
                                             reason="Qt's X11 plugin, as Linux loads it"),
              pytest.mark.scenario]


@pytest.fixture
def paydesk(tmp_path: Path) -> Iterator[Paydesk]:
    runner = paydesk_for(tmp_path)
    yield runner
    runner.close()


def unloadable(folder: Path, *names: str) -> dict[str, str]:
    """``names`` made unloadable for a child: files the loader finds first and refuses."""
    folder.mkdir()
    for name in names:
        (folder / name).write_bytes(b"not a shared library")
    return {"LD_LIBRARY_PATH": str(folder)}


@pytest.mark.parametrize("platform", ["xcb", ""], ids=["xcb-asked", "xcb-by-default"])
def test_missing_x11_libraries_are_named_in_one_line_with_exit_code_7(
    paydesk: Paydesk, tmp_path: Path, platform: str
) -> None:
    broken = unloadable(tmp_path / "lib", "libxcb-icccm.so.4", "libxcb-keysyms.so.1")
    with x_display() as display:
        run = paydesk.run("--demo", env={"DISPLAY": display, "QT_QPA_PLATFORM": platform,
                                         "WAYLAND_DISPLAY": "", **broken})

    assert run.code == 7, run.text
    [line] = run.err.strip().splitlines()
    assert line.startswith("paydesk: The window cannot open: ")
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in line
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1)" in line
    assert "xcb-cursor" not in line and "paydesk --help" in line
    assert not (paydesk.data_dir / "demo" / "paydesk.sqlite3").exists()  # nothing started


def test_with_its_libraries_the_window_opens_on_x11(paydesk: Paydesk) -> None:
    """The check itself loads Qt's plugin: where it can load, the window opens as before."""
    with x_display() as display:
        window = paydesk.spawn("--demo", "-v", env={"DISPLAY": display, "QT_QPA_PLATFORM": "xcb"})
        window.wait_for_line("Alert sounds")  # built after the first frame: the window is up
        window.process.send_signal(signal.SIGTERM)
        assert window.process.wait(timeout=PROCESS_TIMEOUT) == 0
        _out, err = window.finish()
    assert "The window cannot open" not in err and "Traceback" not in err
