"""One window per data folder: a second start knocks, the first one comes forward."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QDir
from pytestqt.qtbot import QtBot

from paydesk.core.settings import values as settings_file
from paydesk.core.settings.values import Settings
from paydesk.support.paths import AppPaths
from paydesk.ui import app as app_module
from paydesk.ui.shell.single_instance import SingleInstance, server_name


@pytest.fixture
def instances() -> Iterator[list[SingleInstance]]:
    made: list[SingleInstance] = []
    yield made
    for instance in made:
        instance.close()


def test_a_second_start_on_the_same_folder_activates_the_first(
    qtbot: QtBot, tmp_path: Path, instances: list[SingleInstance]
) -> None:
    running, second = SingleInstance(tmp_path), SingleInstance(tmp_path / "x" / "..")
    instances += [running, second]
    activated: list[bool] = []
    assert running.listen(lambda: activated.append(True))

    assert second.try_activate_running() is True
    qtbot.waitUntil(lambda: activated == [True])


def test_other_folders_do_not_see_each_other(
    tmp_path: Path, instances: list[SingleInstance]
) -> None:
    real, demo = SingleInstance(tmp_path), SingleInstance(tmp_path / "demo")
    instances += [real, demo]
    assert real.listen(lambda: None)
    assert demo.try_activate_running() is False  # nobody on the demo folder yet
    assert demo.listen(lambda: None)  # so the demo window runs beside the real one
    assert server_name(tmp_path) != server_name(tmp_path / "demo")
    assert str(tmp_path.name) not in server_name(tmp_path)  # no path in a visible name


def test_nobody_running_means_no_activation(tmp_path: Path) -> None:
    assert SingleInstance(tmp_path).try_activate_running() is False


@pytest.mark.skipif(sys.platform == "win32", reason="a named pipe vanishes with its process")
def test_a_socket_left_by_a_crash_is_cleaned_up(
    qtbot: QtBot, tmp_path: Path, instances: list[SingleInstance]
) -> None:
    # What a killed window leaves: a socket file nobody listens on.
    stale = Path(QDir.tempPath()) / server_name(tmp_path)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as dead:
        dead.bind(str(stale))
    assert stale.exists()
    assert SingleInstance(tmp_path).try_activate_running() is False

    fresh = SingleInstance(tmp_path)
    instances.append(fresh)
    activated: list[bool] = []
    assert fresh.listen(lambda: activated.append(True))
    assert SingleInstance(tmp_path).try_activate_running() is True
    qtbot.waitUntil(lambda: activated == [True])


def test_a_live_window_is_never_taken_over(
    tmp_path: Path, instances: list[SingleInstance]
) -> None:
    first, second = SingleInstance(tmp_path), SingleInstance(tmp_path)
    instances += [first, second]
    assert first.listen(lambda: None)
    assert second.listen(lambda: None) is False  # the first keeps its name
    assert SingleInstance(tmp_path).try_activate_running() is True


def test_another_process_brings_this_window_forward(
    qtbot: QtBot, tmp_path: Path, instances: list[SingleInstance]
) -> None:
    running = SingleInstance(tmp_path)
    instances.append(running)
    activated: list[bool] = []
    assert running.listen(lambda: activated.append(True))
    knock = subprocess.Popen(
        [sys.executable, "-c",
         "import sys; from pathlib import Path;"
         "from PySide6.QtCore import QCoreApplication;"
         "from paydesk.ui.shell.single_instance import SingleInstance;"
         "app = QCoreApplication([]);"
         "sys.exit(0 if SingleInstance(Path(sys.argv[1])).try_activate_running() else 3)",
         str(tmp_path)],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    try:
        qtbot.waitUntil(lambda: knock.poll() is not None, timeout=30_000)
    finally:
        if knock.poll() is None:
            knock.kill()
    assert knock.returncode == 0
    assert activated == [True]


def test_run_window_defers_to_the_running_window(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str], instances: list[SingleInstance],
    run_window: Callable[..., int],
) -> None:
    paths = AppPaths(tmp_path).ensure()
    settings_file.save(Settings(base_url="https://pay.example.com", client_id=5),
                       paths.settings_file)
    running = SingleInstance(tmp_path)
    instances.append(running)
    activated: list[bool] = []
    assert running.listen(lambda: activated.append(True))
    opened: list[object] = []
    monkeypatch.setattr(app_module, "open_runtime", lambda *a, **k: opened.append(a))
    assert run_window(str(tmp_path)) == 0
    assert activated == [True] and opened == []  # no second window, no second runtime
    assert "already open on this data folder" in capsys.readouterr().err
