"""Play PayDesk's two short alert sounds with what the operating system already has.

Why not QtMultimedia's QSoundEffect: it is only in PySide6-Addons, not in the
PySide6-Essentials we depend on. Measured for 6.11.3 on Linux x86-64: the
pyside6_addons-6.11.3-cp310-abi3-manylinux_2_34_x86_64 wheel is 175.3 MB
(175 307 424 bytes) and installs to 422 MiB (439 MB, ``pip install --no-deps
--target`` then ``du``), on top of the 234 MiB of PySide6-Essentials; the
multimedia part itself (QtMultimedia, its FFmpeg plugin and FFmpeg libraries) is
about 60 MiB of that. Far too much for two half-second sounds, in a pip install
and in the frozen bundle alike. Every desktop already has a player:

- Windows: stdlib ``winsound.PlaySound`` (asynchronous, in-process);
- macOS: ``/usr/bin/afplay``, part of the system;
- Linux and other Unix desktops: the first of ``pw-play`` (PipeWire),
  ``paplay`` (PulseAudio), ``aplay`` (ALSA) on PATH.

A player program is started and never waited for, so the GUI thread is never
blocked; finished players are reaped at the next play, so no zombies pile up.
If a player cannot start or exits with an error, the next one is tried from then
on; with none left, the ``fallback`` (the window passes ``QApplication.beep``)
is called instead and that is logged once. ``play`` never raises: a sound is
never worth an error in front of the cashier.

This module is Qt-free and meant for the GUI thread only (it is not locked).
"""

from __future__ import annotations

import importlib
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Protocol

from paydesk.support.resources import resource_path

log = logging.getLogger(__name__)

#: Player programs for Linux and other Unix desktops, best first, with the
#: arguments that keep them quiet on the terminal.
UNIX_PLAYERS: tuple[tuple[str, ...], ...] = (("pw-play",), ("paplay",), ("aplay", "-q"))
MACOS_PLAYER = "/usr/bin/afplay"


#: ``SoundPlayer.backend`` when no player program is there: the fallback's beep, or nothing.
BEEP_ONLY = "system beep (no sound player found)"
SILENT = "none"


class PlayerProcess(Protocol):
    """What we need of a started player: ``subprocess.Popen`` has it."""

    def poll(self) -> int | None: ...


Runner = Callable[..., PlayerProcess]


@dataclass(frozen=True, slots=True)
class _Running:
    sound: str
    command: tuple[str, ...]
    process: PlayerProcess


class SoundPlayer:
    """Plays "paid" and "refused" from ``resources/sounds`` without blocking.

    ``runner``, ``platform`` and ``which`` are the outside world (so tests can
    see which command would run); ``fallback`` is called when nothing can play.
    """

    def __init__(
        self,
        *,
        enabled: bool = True,
        runner: Runner = subprocess.Popen,
        platform: str = sys.platform,
        which: Callable[[str], str | None] = shutil.which,
        fallback: Callable[[], None] | None = None,
    ) -> None:
        self._enabled = enabled
        self._runner = runner
        self._fallback = fallback
        self._running: list[_Running] = []
        self._logged: set[str] = set()
        self._winsound: ModuleType | None = None
        self._commands: list[tuple[str, ...]] = []
        if platform == "win32":
            try:
                self._winsound = importlib.import_module("winsound")
            except ImportError:
                self._log_once("no-winsound", "winsound is missing; alerts will only beep")
        elif platform == "darwin":
            self._commands = _found(((MACOS_PLAYER,),), which)
        else:
            self._commands = _found(UNIX_PLAYERS, which)
        log.info("Alert sounds: %s", self.backend)

    @property
    def enabled(self) -> bool:
        return self._enabled

    def set_enabled(self, enabled: bool) -> None:
        """The mute switch (Settings.sound); a sound already playing runs out."""
        self._enabled = enabled

    @property
    def backend(self) -> str:
        """How sounds play right now, for the About box and the log."""
        if self._winsound is not None:
            return "winsound"
        if self._commands:
            command = self._commands[0]
            return f"{Path(command[0]).name} ({command[0]})"
        return BEEP_ONLY if self._fallback else SILENT

    def play(self, name: str) -> None:
        """Start sound ``name`` ("paid" or "refused") and return at once."""
        if not self._enabled:
            return
        try:
            self._play(name)
        except Exception:  # a bug here must not reach the cashier's window
            log.exception("Playing the %r sound failed", name)
            self._beep()

    # -- internals ------------------------------------------------------------

    def _play(self, name: str) -> None:
        self._reap()
        path = resource_path("sounds", f"{name}.wav")
        if not path.is_file():
            self._log_once(f"missing:{name}", "The sound file %s is missing", path)
            self._beep()
            return
        if self._winsound is not None:
            self._play_winsound(path)
            return
        if any(r.sound == name for r in self._running):
            # Still sounding: a burst of payments (say, after the network comes
            # back) gives one chime, not a pile of overlapping ones.
            return
        while self._commands:
            command = self._commands[0]
            try:
                process = self._runner(
                    [*command, str(path)],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    **_frozen_environment(),
                )
            except OSError as error:
                log.warning("The sound player %s cannot start: %s", command[0], error)
                self._drop(command)
                continue
            self._running.append(_Running(name, command, process))
            return
        self._beep()

    def _play_winsound(self, path: Path) -> None:
        assert self._winsound is not None
        flags = (
            self._winsound.SND_FILENAME
            | self._winsound.SND_ASYNC
            # No Windows default "ding" instead when the file cannot be played:
            # PlaySound then raises, and we beep the way we do everywhere else.
            | self._winsound.SND_NODEFAULT
        )
        try:
            self._winsound.PlaySound(str(path), flags)
        except RuntimeError as error:
            self._log_once("winsound-failed", "winsound cannot play %s: %s", path, error)
            self._beep()

    def _reap(self) -> None:
        """Collect finished players (no zombies); stop using one that failed."""
        still_running = []
        for running in self._running:
            code = running.process.poll()
            if code is None:
                still_running.append(running)
            elif code != 0:
                log.warning("The sound player %s exited with code %s", running.command[0], code)
                self._drop(running.command)
        self._running = still_running

    def _drop(self, command: tuple[str, ...]) -> None:
        if command in self._commands:
            self._commands.remove(command)
            log.warning("Alert sounds now: %s", self.backend)

    def _beep(self) -> None:
        self._log_once(
            "beep",
            "No working sound player was found; alerts %s",
            "use the system beep instead" if self._fallback else "are silent",
        )
        if self._fallback is None:
            return
        try:
            self._fallback()
        except Exception:
            log.exception("The fallback alert failed")

    def _log_once(self, key: str, message: str, *args: object) -> None:
        if key not in self._logged:
            self._logged.add(key)
            log.warning(message, *args)


def _found(
    candidates: Sequence[tuple[str, ...]], which: Callable[[str], str | None]
) -> list[tuple[str, ...]]:
    """The candidates that exist, each with its program as a full path."""
    found = []
    for program, *arguments in candidates:
        path = which(program)
        if path:
            found.append((path, *arguments))
    return found


def _frozen_environment() -> dict[str, dict[str, str]]:
    """``env=`` for a player started from a PyInstaller bundle on Linux, else nothing.

    The bundle's bootloader points LD_LIBRARY_PATH at its own libraries (keeping
    the original in LD_LIBRARY_PATH_ORIG); a system player must not load those.
    """
    if not getattr(sys, "frozen", False) or "LD_LIBRARY_PATH" not in os.environ:
        return {}
    env = dict(os.environ)
    original = env.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is None:
        del env["LD_LIBRARY_PATH"]
    else:
        env["LD_LIBRARY_PATH"] = original
    return {"env": env}
