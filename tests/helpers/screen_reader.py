"""Orca, the screen reader Debian ships (43.1 on Debian 12), as a blind cashier runs it.

Everything is the test's own: a virtual X server (x_server.py), a private D-Bus
session bus (``dbus-daemon --session``), the accessibility bus and its registry
(``at-spi-bus-launcher``, which starts ``at-spi2-registryd`` when Orca asks), and
Orca with a preferences folder of its own and its debug log. Orca speaks to no
sound device: its speech server is set to one that does not exist, and Orca
still writes every utterance to its debug log as ``SPEECH OUTPUT: '<text>'``,
which is what :meth:`ScreenReader.spoken` reads. The log is Orca's standard
output, a pseudo-terminal (``--debug-file /dev/stdout``): a file Orca opens is
written in 8 KB blocks, a terminal line by line, so each utterance is read as
it is said (and copied to ``orca-debug.out`` for the record). What takes the focus is
heard on the accessibility bus by atspi_focus.py (under the system's Python,
which has pyatspi).

The window under test is the real program (``paydesk --demo``, started with
:meth:`ScreenReader.app_env` in its environment: Qt's accessibility switched on
and the xcb platform), keys come from the X server (xdotool), as a person's do.
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import queue
import re
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from x_server import x_display

HELPERS = Path(__file__).resolve().parent
#: The Python that python3-pyatspi is installed for.
SYSTEM_PYTHON = "/usr/bin/python3"
BUS_LAUNCHERS = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher")
#: Generous: only a stuck process ever gets near it.
WAIT_S = 30.0
#: Orca's line for each utterance (speech.py): the text, maybe a voice, its ACSS.
_SPOKEN_RE = re.compile(r"SPEECH OUTPUT: '(?P<text>.*)'(?: voice=\S+)?\s*(?:\{.*\})?$")
#: What Orca says once it listens (its first utterance).
_ORCA_READY = "Screen reader on."

#: Orca's preferences: speech through no server at all (nothing reaches a sound device;
#: the debug log still has every utterance), no braille, no first-start wizard.
_PREFERENCES = {
    "general": {"speechServerFactory": "none", "speechFactoryModules": [],
                "enableBraille": False, "enableSound": False, "firstStart": False},
    "profiles": {"default": {"profile": ["Default", "default"]}},
    "pronunciations": {},
    "keybindings": {},
}


def bus_launcher() -> str | None:
    return next((path for path in BUS_LAUNCHERS if os.access(path, os.X_OK)), None)


@cache
def missing() -> str | None:
    """Why the screen reader cannot run here (None: it can)."""
    for program in ("Xvfb", "xdotool", "orca", "dbus-daemon"):
        if shutil.which(program) is None:
            return f"needs {program} (.ci/run installs it)"
    if bus_launcher() is None:
        return "needs at-spi2-core's at-spi-bus-launcher (apt-get install at-spi2-core)"
    if not os.access(SYSTEM_PYTHON, os.X_OK) or subprocess.run(
            [SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, timeout=60,
            check=False).returncode != 0:
        return "needs python3-pyatspi for the system's Python (apt-get install python3-pyatspi)"
    return None


#: ``@needs_screen_reader`` on a test that starts one.
needs_screen_reader = pytest.mark.skipif(missing() is not None, reason=missing() or "")


def plain(text: str) -> str:
    """``text`` with its no-break spaces as plain ones (money has one before ₽)."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@dataclass(frozen=True)
class Focus:
    """An object that took the focus, as AT-SPI has it."""

    role: str
    name: str
    description: str = ""
    app: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.role})" if self.name else f"({self.role})"


@dataclass
class ScreenReader:
    """Orca running on its own desktop; what it said and where the focus went."""

    env: dict[str, str]
    log: Path
    #: Orca's debug log so far, line by line.
    log_lines: list[str] = field(default_factory=list)
    #: Notified by the thread that reads Orca's log, after each new line.
    heard: threading.Condition = field(default_factory=threading.Condition)
    focus_lines: queue.Queue[str | None] = field(default_factory=queue.Queue)
    focus: list[Focus] = field(default_factory=list)

    def app_env(self) -> dict[str, str]:
        """What a Qt program started on this desktop needs so that Orca can read it."""
        return {**self.env, "QT_QPA_PLATFORM": "xcb", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
                "QT_ACCESSIBILITY": "1"}

    def spoken(self) -> list[str]:
        """Everything Orca has said, in order (its debug log's utterances)."""
        return [plain(found["text"]) for line in list(self.log_lines)
                if (found := _SPOKEN_RE.search(line)) is not None]

    def wait_for_speech(self, wanted: Callable[[str], bool] | str, *, after: int = 0,
                        timeout: float = WAIT_S) -> list[str]:
        """Wait until Orca has said something ``wanted`` (a test on one utterance, or
        words it contains) since its ``after``-th utterance; what it said since then."""
        test = wanted if callable(wanted) else (lambda said: plain(str(wanted)) in said)
        said: list[str] = []

        def heard() -> bool:
            nonlocal said
            said = self.spoken()[after:]
            return any(test(line) for line in said)

        with self.heard:
            if not self.heard.wait_for(heard, timeout):
                raise AssertionError(f"Orca did not say {wanted!r}; it said {said}")
        return said

    def quiet(self, *, after: int = 0, still: float = 0.5) -> list[str]:
        """What Orca said since its ``after``-th utterance, once it has said nothing new
        for ``still`` seconds (the end of what one key made it say)."""
        deadline = time.monotonic() + WAIT_S
        with self.heard:
            # Each new line restarts the wait; a wait that ends with nothing new is the calm.
            while self.heard.wait(timeout=still) and time.monotonic() < deadline:
                continue
        return self.spoken()[after:]

    def next_focus(self, timeout: float = 5.0) -> Focus | None:
        """The next object to take the focus (None: none did within ``timeout``)."""
        try:
            line = self.focus_lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            raise AssertionError("the focus listener ended")
        values = json.loads(line)
        focus = Focus(values["role"], values["name"], values.get("description", ""),
                      values.get("app", ""))
        self.focus.append(focus)
        return focus

    def drain_focus(self) -> list[Focus]:
        """The focus changes heard so far and not yet read."""
        taken: list[Focus] = []
        while not self.focus_lines.empty():
            focus = self.next_focus(timeout=0)
            if focus is not None:
                taken.append(focus)
        return taken

    def focus_window(self, title: str) -> None:
        """Give the X focus to the window called ``title`` once it is shown (what a
        window manager does for a new window; this desktop has none)."""
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", title],
                               env=self.env, capture_output=True, text=True, timeout=60,
                               check=False)
        assert found.returncode == 0 and found.stdout.split(), found.stderr
        self.xdotool("windowfocus", "--sync", found.stdout.split()[0])

    def xdotool(self, *args: str) -> None:
        """Keys and the pointer on this desktop's X server, as a person's."""
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True,
                              text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr


def _start(command: list[str], env: dict[str, str], **kwargs: object) -> subprocess.Popen[str]:
    """A child in a process group of its own, so that what it starts ends with it."""
    return subprocess.Popen(command, env=env, start_new_session=True, text=True,
                            **kwargs)  # type: ignore[call-overload]


def _stop(process: subprocess.Popen[str]) -> None:
    """End ``process`` and the processes it started (its group), by its id."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=WAIT_S)
    else:
        with contextlib.suppress(ProcessLookupError):  # its children may live on
            os.killpg(process.pid, signal.SIGTERM)


def _session_bus(env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    """A private D-Bus session bus; its address once it serves."""
    ready, told = os.pipe()
    bus = _start(["dbus-daemon", "--session", "--nofork", f"--print-address={told}"], env,
                 pass_fds=(told,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(told)
    with os.fdopen(ready) as said:
        address = said.readline().strip()
    assert address, "dbus-daemon did not start"
    return bus, address


def _read_terminal(terminal: int, lines: list[str], copy: Path,
                   heard: threading.Condition) -> None:
    """Orca's debug log, from the terminal it writes it to, into ``lines`` (and ``copy``)."""
    rest = b""
    with copy.open("wb") as kept:
        while True:
            try:
                chunk = os.read(terminal, 65536)
            except OSError:  # the other end closed: Orca ended
                chunk = b""
            if not chunk:
                break
            kept.write(chunk)
            kept.flush()
            rest += chunk
            *whole, rest = rest.split(b"\n")
            with heard:
                lines.extend(line.rstrip(b"\r").decode("utf-8", "replace") for line in whole)
                heard.notify_all()
    os.close(terminal)


def _pump(stream: object, lines: queue.Queue[str | None]) -> None:
    for line in stream:  # type: ignore[attr-defined]
        lines.put(line)
    lines.put(None)


@contextlib.contextmanager
def screen_reader(folder: Path, screen: str = "1280x800x24") -> Iterator[ScreenReader]:
    """Orca listening on a fresh desktop (its X server, buses and focus listener)."""
    home, runtime, prefs = folder / "home", folder / "runtime", folder / "orca-prefs"
    for made in (home, runtime, prefs):
        made.mkdir(parents=True, exist_ok=True)
    runtime.chmod(0o700)
    (prefs / "user-settings.conf").write_text(json.dumps(_PREFERENCES), encoding="utf-8")
    log = folder / "orca-debug.out"
    started: list[subprocess.Popen[str]] = []
    with x_display(screen) as display:
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(("DBUS_", "AT_SPI", "QT_", "XDG_", "GTK_"))}
        env.update(DISPLAY=display, HOME=str(home), XDG_RUNTIME_DIR=str(runtime),
                   XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local"),
                   GSETTINGS_BACKEND="memory", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        try:
            bus, address = _session_bus(env)
            started.append(bus)
            env["DBUS_SESSION_BUS_ADDRESS"] = address
            launcher = bus_launcher()
            assert launcher is not None
            with (folder / "at-spi-bus.err").open("w") as errors:  # the buses' own words
                started.append(_start([launcher, "--launch-immediately"], env,
                                      stdout=errors, stderr=errors))
            terminal, orca_side = pty.openpty()
            with (folder / "orca.err").open("w") as errors:  # its own words, if it fails
                started.append(_start(["orca", "--replace", "-u", str(prefs), "--debug-file",
                                       "/dev/stdout"], env, stdout=orca_side, stderr=errors))
            os.close(orca_side)
            reader = ScreenReader(env, log)
            threading.Thread(target=_read_terminal,
                             args=(terminal, reader.log_lines, log, reader.heard),
                             daemon=True).start()
            reader.wait_for_speech(_ORCA_READY, timeout=60)
            listener = _start([SYSTEM_PYTHON, str(HELPERS / "atspi_focus.py")], env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              encoding="utf-8")
            started.append(listener)
            threading.Thread(target=_pump, args=(listener.stdout, reader.focus_lines),
                             daemon=True).start()
            first = reader.focus_lines.get(timeout=WAIT_S)
            assert first is not None and json.loads(first) == {"ready": True}, first
            yield reader
        finally:
            for process in reversed(started):
                _stop(process)
