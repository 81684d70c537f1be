"""The alert sounds and the player that plays them without QtMultimedia.

Playing audio cannot be observed on this machine (no sound device, and none of
pw-play / paplay / aplay / afplay / winsound exists here), so most tests give
the player a recording ``runner`` and ``which`` in place of ``subprocess.Popen``
and ``shutil.which``: they check which command would run, and what happens when
it is missing, muted, failing or still playing. One test runs real processes
(``true`` / ``false``) through the real ``subprocess.Popen``.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
import types
import wave
from typing import Any

import pytest

from paydesk.support.resources import resource_path
from paydesk.support.sound_player import SoundPlayer

from scripts import load_script

ALL_LINUX = {"pw-play": "/usr/bin/pw-play", "paplay": "/usr/bin/paplay", "aplay": "/usr/bin/aplay"}


class FakeProcess:
    """A started player: running until the test sets ``code``."""

    def __init__(self) -> None:
        self.code: int | None = None

    def poll(self) -> int | None:
        return self.code


class RecordingRunner:
    """Stands in for subprocess.Popen: records each command line, starts nothing."""

    def __init__(self, fail_for: frozenset[str] = frozenset()) -> None:
        self.calls: list[tuple[list[str], dict[str, Any]]] = []
        self.processes: list[FakeProcess] = []
        self.fail_for = fail_for

    def __call__(self, argv: list[str], **kwargs: Any) -> FakeProcess:
        self.calls.append((argv, kwargs))
        if argv[0] in self.fail_for:
            raise PermissionError(13, "Permission denied", argv[0])
        self.processes.append(FakeProcess())
        return self.processes[-1]

    @property
    def argvs(self) -> list[list[str]]:
        return [argv for argv, _ in self.calls]


def which_from(found: dict[str, str]) -> Any:
    return found.get


class Beeps:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> None:
        self.count += 1


def sound(name: str) -> str:
    return str(resource_path("sounds", f"{name}.wav"))


# -- choosing the player --------------------------------------------------------


@pytest.mark.parametrize(
    ("platform", "found", "expected", "backend"),
    [
        ("linux", ALL_LINUX, ["/usr/bin/pw-play"], "pw-play (/usr/bin/pw-play)"),
        ("linux", {"paplay": "/usr/bin/paplay", "aplay": "/usr/bin/aplay"},
         ["/usr/bin/paplay"], "paplay (/usr/bin/paplay)"),
        ("linux", {"aplay": "/bin/aplay"}, ["/bin/aplay", "-q"], "aplay (/bin/aplay)"),
        ("freebsd14", {"paplay": "/usr/local/bin/paplay"}, ["/usr/local/bin/paplay"],
         "paplay (/usr/local/bin/paplay)"),
        ("darwin", {"/usr/bin/afplay": "/usr/bin/afplay", **ALL_LINUX}, ["/usr/bin/afplay"],
         "afplay (/usr/bin/afplay)"),
    ],
)
def test_each_platform_plays_with_its_own_player(
    platform: str, found: dict[str, str], expected: list[str], backend: str
) -> None:
    runner = RecordingRunner()
    player = SoundPlayer(runner=runner, platform=platform, which=which_from(found))

    player.play("paid")

    assert player.backend == backend
    assert runner.argvs == [[*expected, sound("paid")]]
    _, kwargs = runner.calls[0]
    # Nothing to read from or write to: a player can never block on a full pipe.
    assert kwargs == {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL,
                      "stderr": subprocess.DEVNULL}


@pytest.mark.parametrize(("original", "expected"), [("/usr/lib/x", "/usr/lib/x"), (None, None)])
def test_a_frozen_bundle_gives_players_the_systems_library_path(
    monkeypatch: pytest.MonkeyPatch, original: str | None, expected: str | None
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/tmp/_MEI123")
    if original is None:
        monkeypatch.delenv("LD_LIBRARY_PATH_ORIG", raising=False)
    else:
        monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", original)
    runner = RecordingRunner()
    player = SoundPlayer(runner=runner, platform="linux", which=which_from(ALL_LINUX))

    player.play("paid")

    env = runner.calls[0][1]["env"]
    assert env.get("LD_LIBRARY_PATH") == expected
    assert "LD_LIBRARY_PATH_ORIG" not in env and env["PAYDESK_DATA_DIR"]


def fake_winsound(monkeypatch: pytest.MonkeyPatch, error: Exception | None = None) -> list[Any]:
    calls: list[Any] = []

    def play_sound(sound: str, flags: int) -> None:
        calls.append((sound, flags))
        if error is not None:
            raise error

    module = types.SimpleNamespace(
        SND_FILENAME=0x20000, SND_ASYNC=0x1, SND_NODEFAULT=0x2, PlaySound=play_sound
    )
    monkeypatch.setitem(sys.modules, "winsound", module)
    return calls


def test_windows_plays_asynchronously_in_process_with_winsound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = fake_winsound(monkeypatch)
    runner = RecordingRunner()
    player = SoundPlayer(runner=runner, platform="win32", which=which_from(ALL_LINUX))

    player.play("refused")

    assert player.backend == "winsound"
    assert calls == [(sound("refused"), 0x20000 | 0x1 | 0x2)]
    assert runner.calls == []


def test_windows_beeps_when_winsound_cannot_play(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_winsound(monkeypatch, RuntimeError("Failed to play sound"))
    beeps = Beeps()
    player = SoundPlayer(platform="win32", fallback=beeps)

    player.play("paid")

    assert beeps.count == 1


# -- mute --------------------------------------------------------------------------


def test_muted_player_runs_nothing_and_does_not_beep() -> None:
    runner, beeps = RecordingRunner(), Beeps()
    player = SoundPlayer(enabled=False, runner=runner, platform="linux",
                         which=which_from(ALL_LINUX), fallback=beeps)

    player.play("paid")
    player.play("refused")
    assert runner.calls == [] and beeps.count == 0 and not player.enabled

    player.set_enabled(True)
    player.play("paid")
    assert runner.argvs == [["/usr/bin/pw-play", sound("paid")]]

    player.set_enabled(False)
    player.play("refused")
    assert len(runner.calls) == 1


def test_muted_player_without_any_player_stays_silent() -> None:
    beeps = Beeps()
    player = SoundPlayer(enabled=False, platform="linux", which=which_from({}), fallback=beeps)

    player.play("paid")

    assert beeps.count == 0


# -- no player, failing players ---------------------------------------------------


def test_no_player_found_beeps_on_every_play_and_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    runner, beeps = RecordingRunner(), Beeps()
    player = SoundPlayer(runner=runner, platform="linux", which=which_from({}), fallback=beeps)

    with caplog.at_level(logging.WARNING, logger="paydesk.support.sound_player"):
        player.play("paid")
        player.play("paid")
        player.play("refused")

    assert beeps.count == 3
    assert runner.calls == []
    assert player.backend == "system beep (no sound player found)"
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == ["No working sound player was found; alerts use the system beep instead"]


def test_no_player_and_no_fallback_is_silent_without_error() -> None:
    player = SoundPlayer(platform="darwin", which=which_from({}))

    player.play("paid")

    assert player.backend == "none"


def test_player_that_cannot_start_falls_back_without_raising() -> None:
    runner = RecordingRunner(fail_for=frozenset({"/usr/bin/afplay"}))
    beeps = Beeps()
    player = SoundPlayer(runner=runner, platform="darwin",
                         which=which_from({"/usr/bin/afplay": "/usr/bin/afplay"}), fallback=beeps)

    player.play("paid")  # must not raise
    player.play("refused")

    assert beeps.count == 2
    assert len(runner.calls) == 1  # a player that cannot start is not tried again


def test_player_that_cannot_start_hands_over_to_the_next_one() -> None:
    runner = RecordingRunner(fail_for=frozenset({"/usr/bin/pw-play"}))
    beeps = Beeps()
    player = SoundPlayer(runner=runner, platform="linux", which=which_from(ALL_LINUX),
                         fallback=beeps)

    player.play("paid")

    assert runner.argvs == [["/usr/bin/pw-play", sound("paid")],
                            ["/usr/bin/paplay", sound("paid")]]
    assert beeps.count == 0
    assert player.backend == "paplay (/usr/bin/paplay)"


def test_player_that_exits_with_an_error_is_replaced_from_the_next_play() -> None:
    # e.g. pw-play installed on a desktop whose sound server is PulseAudio.
    runner = RecordingRunner()
    player = SoundPlayer(runner=runner, platform="linux", which=which_from(ALL_LINUX))
    player.play("paid")
    runner.processes[0].code = 1

    player.play("paid")

    assert runner.argvs[-1] == ["/usr/bin/paplay", sound("paid")]


def test_fallback_that_raises_does_not_reach_the_caller() -> None:
    def broken() -> None:
        raise RuntimeError("no display")

    player = SoundPlayer(platform="linux", which=which_from({}), fallback=broken)

    player.play("paid")  # must not raise


def test_missing_sound_file_beeps(caplog: pytest.LogCaptureFixture) -> None:
    runner, beeps = RecordingRunner(), Beeps()
    player = SoundPlayer(runner=runner, platform="linux", which=which_from(ALL_LINUX),
                         fallback=beeps)

    with caplog.at_level(logging.WARNING, logger="paydesk.support.sound_player"):
        player.play("no-such-sound")

    assert runner.calls == [] and beeps.count == 1
    assert "no-such-sound.wav is missing" in caplog.text


# -- overlapping plays and reaping -------------------------------------------------


def test_a_sound_still_playing_is_not_started_again_until_it_ends() -> None:
    runner = RecordingRunner()
    player = SoundPlayer(runner=runner, platform="linux", which=which_from(ALL_LINUX))

    player.play("paid")
    player.play("paid")  # a burst of payments: one chime
    player.play("refused")  # another sound may play meanwhile
    assert runner.argvs == [["/usr/bin/pw-play", sound("paid")],
                            ["/usr/bin/pw-play", sound("refused")]]

    runner.processes[0].code = 0  # the chime ended
    player.play("paid")
    assert runner.argvs[-1] == ["/usr/bin/pw-play", sound("paid")]
    assert len(runner.calls) == 3


def test_real_players_are_started_without_waiting_and_reaped() -> None:
    """Through the real subprocess.Popen: ``true`` plays fine, ``false`` fails."""
    true, false = shutil.which("true"), shutil.which("false")
    if true is None or false is None:
        pytest.skip("needs the true and false programs")
    started: list[subprocess.Popen[bytes]] = []

    def runner(argv: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
        started.append(subprocess.Popen(argv, **kwargs))
        return started[-1]

    beeps = Beeps()
    player = SoundPlayer(runner=runner, platform="linux",
                         which=which_from({"pw-play": false, "paplay": true}), fallback=beeps)

    player.play("paid")  # `false` starts and returns at once
    started[0].wait()  # let it end, as a real player would while the cashier works
    player.play("paid")  # reaps it, sees the failure, moves on to `true`
    started[1].wait()
    player.play("paid")

    assert [p.args for p in started] == [[false, sound("paid")], [true, sound("paid")],
                                         [true, sound("paid")]]
    assert [p.returncode for p in started[:2]] == [1, 0]
    assert beeps.count == 0
    for process in started:
        process.wait()


# -- the sound files ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["paid", "refused"])
def test_sound_file_is_short_clean_16_bit_mono_wav(name: str) -> None:
    path = resource_path("sounds", f"{name}.wav")
    assert path.is_file()
    assert path.stat().st_size < 60_000
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 44_100)
        assert 0.2 <= wav.getnframes() / wav.getframerate() <= 0.6
        frames = wav.readframes(wav.getnframes())
    samples = [int.from_bytes(frames[i:i + 2], "little", signed=True)
               for i in range(0, len(frames), 2)]
    peak = max(abs(s) for s in samples)
    assert 0.6 * 32767 <= peak < 32767  # normalised, never clipped
    # Faded in and out: no click at either end.
    assert max(abs(s) for s in samples[:8] + samples[-8:]) < 0.01 * 32767


def test_the_two_sounds_differ() -> None:
    paid = resource_path("sounds", "paid.wav").read_bytes()
    refused = resource_path("sounds", "refused.wav").read_bytes()
    assert paid != refused


def test_sound_files_are_exactly_what_the_generator_makes() -> None:
    make_sounds = load_script("tools/make_sounds.py")

    for name in ("paid", "refused"):
        assert make_sounds.render(name) == resource_path("sounds", f"{name}.wav").read_bytes()
