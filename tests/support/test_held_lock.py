"""support/held_lock.py: one holder at a time, and the lock goes when its process dies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from paydesk.support.held_lock import try_lock, wait_for_lock

HOLD = """
import sys
from pathlib import Path
from paydesk.support.held_lock import try_lock
lock = try_lock(Path(sys.argv[1]))
print("held" if lock is not None else "refused", flush=True)
sys.stdin.read()  # holds the lock until it is killed (or its stdin closes)
"""


def test_one_holder_at_a_time_even_in_one_process(tmp_path: Path) -> None:
    path = tmp_path / "sandbox.lock"
    first = try_lock(path)
    assert first is not None
    assert try_lock(path) is None
    first.release()
    second = try_lock(path)
    assert second is not None
    second.release()
    assert path.stat().st_mode & 0o777 == 0o600


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_holder_lets_the_lock_go(tmp_path: Path) -> None:
    path = tmp_path / "sandbox.lock"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        assert try_lock(path) is None  # another process holds it
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        lock = try_lock(path)  # no stale lock after a crash
        assert lock is not None
        lock.release()
    finally:
        child.kill()
        child.wait(timeout=30)


def test_waiting_for_a_lock_takes_it_once_its_holder_lets_go(tmp_path: Path) -> None:
    path = tmp_path / "settings.lock"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        assert wait_for_lock(path, 0.0) is None  # held: no waiting allowed, none had
        assert child.stdin is not None
        child.stdin.close()  # the holder ends, and its lock with it
        lock = wait_for_lock(path, 60.0)  # waits for that, however long it takes
        assert lock is not None
        assert try_lock(path) is None  # and holds it now
        lock.release()
    finally:
        child.kill()
        child.wait(timeout=30)
