"""``paydesk`` in a separate process, as a person or a script runs it (and for the
tests that kill it or starve its disk).

The keychain is the file-backed double of memory_keyring.py (this machine has
none, and a test must never reach a real one); the data folder is the test's own.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from test_values import TEST_CLIENT_ID, TEST_SECRET

#: This folder: on the child's PYTHONPATH, for the keychain double.
HELPERS = Path(__file__).resolve().parent

#: Generous: only a hung process ever gets near it.
PROCESS_TIMEOUT = 60.0


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


@dataclass
class Spawned:
    """A running ``paydesk``; its stderr lines arrive on a queue as they are written."""

    process: subprocess.Popen[str]
    lines: queue.Queue[str | None] = field(default_factory=queue.Queue)
    seen: list[str] = field(default_factory=list)

    def wait_for_line(self, *texts: str, timeout: float = PROCESS_TIMEOUT) -> str:
        """Block until stderr has a line containing one of ``texts`` (a condition, not a
        sleep); returns the one it had."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(
                    f"no {texts!r} on stderr in {timeout} s: {self.seen}") from None
            if line is None:
                raise AssertionError(f"paydesk ended before {texts!r}: {self.seen}")
            self.seen.append(line)
            for text in texts:
                if text in line:
                    return text

    def resume(self) -> None:
        """End a test pause and let it go on, to be watched (wait_for_line) further."""
        assert self.process.stdin is not None
        self.process.stdin.write("\n")
        self.process.stdin.flush()

    def finish(self) -> tuple[str, str]:
        """Let it go on (a line on stdin ends a test pause); its stdout and stderr."""
        # Not communicate(): the pump thread owns stderr.
        assert self.process.stdin is not None and self.process.stdout is not None
        with contextlib.suppress(BrokenPipeError):  # resumed already, and done
            self.process.stdin.write("\n")
            self.process.stdin.close()
        try:  # bounded: a process that never ends fails the test, never hangs the run
            self.process.wait(timeout=PROCESS_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=PROCESS_TIMEOUT)
            seen = self.seen
            raise AssertionError(f"paydesk did not end in {PROCESS_TIMEOUT} s: {seen}") from None
        out = self.process.stdout.read()  # its output is small: the pipe never filled
        while (line := self.lines.get(timeout=PROCESS_TIMEOUT)) is not None:
            self.seen.append(line)
        self.close()
        return out, "".join(self.seen)

    def close(self) -> None:
        """Kill it if it still runs (a test that failed half-way), and close the pipes."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=PROCESS_TIMEOUT)
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            if pipe is not None and not pipe.closed:
                with contextlib.suppress(OSError):  # a broken pipe to a dead process
                    pipe.close()

    def kill(self) -> Run:
        """SIGKILL: no handler, no finally block, no atexit runs. Returns what it wrote."""
        self.process.send_signal(signal.SIGKILL)
        assert self.process.stdout is not None
        out = self.process.stdout.read()
        self.process.wait(timeout=PROCESS_TIMEOUT)
        self.close()
        assert self.process.returncode == -signal.SIGKILL
        return Run(self.process.returncode, out, "".join(self.seen))


@dataclass
class Paydesk:
    """Runs ``python -m paydesk`` with this test's data folder and keychain."""

    data_dir: Path
    env: dict[str, str]
    spawned: list[Spawned] = field(default_factory=list)

    @property
    def book(self) -> Path:
        return self.data_dir / "paydesk.sqlite3"

    def command(self, args: Sequence[str]) -> list[str]:
        return [sys.executable, "-m", "paydesk", *args]

    def run(
        self,
        *args: str,
        env: dict[str, str] | None = None,
        stdin: str = "",
        preexec: Callable[[], None] | None = None,
        prefix: Sequence[str] = (),
    ) -> Run:
        done = subprocess.run(
            [*prefix, *self.command(args)],
            env={**self.env, **(env or {})},
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=PROCESS_TIMEOUT,
            check=False,
            preexec_fn=preexec,
        )
        return Run(done.returncode, done.stdout, done.stderr)

    def spawn(
        self,
        *args: str,
        env: dict[str, str] | None = None,
        preexec: Callable[[], None] | None = None,
        pause_at: str | None = None,
    ) -> Spawned:
        """Start it and go on. ``pause_at``: steps (comma-separated) of ``create`` or of a
        settings save where it says ``paused at <step>`` on stderr and waits for
        :meth:`Spawned.resume` (paused_paydesk.py)."""
        command = self.command(args)
        if pause_at is not None:
            command = [sys.executable, "-m", "paused_paydesk", pause_at, *args]
        process = subprocess.Popen(
            command,
            env={**self.env, **(env or {})},
            preexec_fn=as_from_a_terminal(preexec),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        spawned = Spawned(process)
        threading.Thread(target=_pump, args=(process, spawned.lines), daemon=True).start()
        self.spawned.append(spawned)
        return spawned

    def close(self) -> None:
        for spawned in self.spawned:
            spawned.close()


def _pump(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    assert process.stderr is not None
    for line in process.stderr:
        lines.put(line)
    lines.put(None)


#: ``Paydesk(...).run``: what the command-line tests' ``paydesk`` fixture gives.
RunPaydesk = Callable[..., Run]


def child_env(data_dir: Path, keychain: Path) -> dict[str, str]:
    """A ``paydesk`` child's environment: this data folder, the keychain double kept
    in the file ``keychain``, UTF-8 output, and none of this process's PAYDESK_ settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAYDESK_")}
    env.update(
        PYTHONPATH=os.pathsep.join([str(HELPERS), os.environ.get("PYTHONPATH", "")]),
        PYTHON_KEYRING_BACKEND="memory_keyring.FileKeyring",
        PAYDESK_TEST_KEYRING_FILE=str(keychain),
        PAYDESK_DATA_DIR=str(data_dir),
        PYTHONIOENCODING="utf-8",
    )
    return env


def paydesk_for(tmp_path: Path) -> Paydesk:
    data_dir = tmp_path / "data"
    return Paydesk(data_dir, child_env(data_dir, tmp_path / "keychain.json"))


class _HasBaseUrl(Protocol):
    @property
    def base_url(self) -> str: ...


def service_env(server: _HasBaseUrl, secret: str = TEST_SECRET) -> dict[str, str]:
    """What a script sets to point PayDesk at ``server``."""
    return {
        "PAYDESK_BASE_URL": server.base_url,
        "PAYDESK_CLIENT_ID": str(TEST_CLIENT_ID),
        "PAYDESK_SECRET_KEY": secret,
    }


def as_from_a_terminal(preexec: Callable[[], None] | None) -> Callable[[], None]:
    """Start the child with Ctrl+C as a terminal gives it (then ``preexec``): a test run
    started in the background ignores SIGINT, and every child would inherit that, so a
    test sending SIGINT would find a paydesk no terminal ever starts."""

    def start() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        if preexec is not None:
            preexec()

    return start
