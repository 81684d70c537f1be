"""Does the built bundle work? ``python packaging/smoke_check.py [dist/PayDesk]``.

Three runs of the frozen program, each in a fresh temporary data folder and
working directory (so neither the checkout's resources/ nor the developer's
order book can stand in for what the bundle carries):

1. ``PayDesk about --check``: the icon draws through Qt's SVG plugin, the
   Russian .qm translates, and the resources folder it reports is inside the
   bundle;
2. ``PayDesk --demo create 1 --qr``: an order through the embedded sandbox and
   its QR code in the terminal, which needs the bundle's QR encoder (``qrcode``,
   which the window's start does not load);
3. ``PayDesk --demo``: the counter window against the embedded sandbox,
   offscreen. Qt's widget-painting log (``qt.widgets.painting``) is switched
   on because its "Flushing ... of MainWindow" line is the only outside
   evidence that the window was really painted: a process that is merely alive
   could be stuck on an error box. The window must paint within
   ``--start-timeout`` seconds, then keep running for ``--run-seconds`` more
   without exiting or printing a Python traceback; then it is stopped.

``--platform xcb`` runs the window on the X display in ``DISPLAY`` instead, and
``--root DIR`` runs every program inside that system root (``chroot``), the bundle
being ``DIR/opt/PayDesk``: how packaging/clean_system_check.py proves the bundle
starts on a minimal system. Every wait is bounded; nothing sleeps. Exit code 0
when all pass, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BUNDLE = ROOT / "dist" / "PayDesk"
ABOUT_TIMEOUT = 60.0
WINDOW_PAINTED = re.compile(r"Flushing .* of MainWindow\(")
TRACEBACK = "Traceback (most recent call last)"


#: What runs the program: nothing, or ``chroot ROOT env -C WORK`` (--root); set by main().
_PREFIX: list[str] = []
_PLATFORM = "offscreen"


def _command(program: Path, args: list[str], work: Path) -> list[str]:
    prefix = [*_PREFIX, "env", "-C", str(work)] if _PREFIX else []
    return [*prefix, str(program), *args]


class SmokeCheckError(Exception):
    """The bundle failed a check; the text says which and shows the program's output."""


def executable(bundle: Path) -> Path:
    """The program to run: on Windows the console twin, which has a stdout."""
    for name in ("paydesk-cli.exe", "PayDesk.exe", "PayDesk"):
        candidate = bundle / name
        if candidate.is_file():
            return candidate
    raise SmokeCheckError(f"no PayDesk executable in {bundle}; build it first "
                       "(python packaging/build_bundle.py)")


def base_environment(data_dir: Path) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("PAYDESK_", "PYTHON"))}
    env.update(
        PAYDESK_DATA_DIR=str(data_dir),
        QT_QPA_PLATFORM=_PLATFORM,
        # The demo never reads the keychain; this keeps a bundle from even asking one.
        PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring",
    )
    return env


def _run_command(program: Path, args: list[str], work: Path, data: Path) -> tuple[str, str]:
    """Run the bundle with ``args``; its stdout and all it printed. SmokeCheckError
    when it fails or prints a traceback."""
    done = subprocess.run(  # noqa: S603 (our own freshly built program)
        _command(program, args, work),
        cwd=work, env=base_environment(data),
        capture_output=True, text=True, encoding="utf-8", errors="replace",
        timeout=ABOUT_TIMEOUT, check=False,
    )
    output = done.stdout + done.stderr
    if done.returncode != 0 or TRACEBACK in output:
        raise SmokeCheckError(f"'{' '.join(args)}' exited with {done.returncode}:\n{output}")
    return done.stdout, output


def check_about(program: Path, bundle: Path, work: Path) -> str:
    stdout, output = _run_command(program, ["about", "--check"], work, work / "data")
    resources = re.search(r"^Resources:\s+(.+?) \(", stdout, re.MULTILINE)
    if resources is None or not Path(resources.group(1)).resolve().is_relative_to(
        bundle.resolve()
    ):
        raise SmokeCheckError(f"the resources are not the bundle's own:\n{output}")
    return stdout


def check_qr(program: Path, work: Path) -> None:
    stdout, output = _run_command(program, ["--demo", "create", "1", "--qr"], work,
                                  work / "qr-data")
    if not re.search(r"^Link\s+http://127\.0\.0\.1:\d+/", stdout, re.MULTILINE) or (
        "█" not in stdout
    ):
        raise SmokeCheckError(f"'--demo create 1 --qr' printed no link and QR code:\n{output}")


class OutputReader:
    """Collects a process's output on a thread; tells when the window painted or output ended."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        self.painted = threading.Event()
        #: Set when the window painted or the program closed its output (exited):
        #: either way there is no point waiting longer.
        self.settled = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(process,), daemon=True)
        self._thread.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.lines.append(line)
            if WINDOW_PAINTED.search(line):
                self.painted.set()
                self.settled.set()
        self.settled.set()

    def text(self, timeout: float = 10.0) -> str:
        self._thread.join(timeout)
        return "".join(self.lines)


def check_window(program: Path, work: Path, start_timeout: float, run_seconds: float) -> None:
    env = base_environment(work / "data")
    env["QT_LOGGING_RULES"] = "qt.widgets.painting.debug=true"
    process = subprocess.Popen(  # noqa: S603 (our own freshly built program)
        _command(program, ["--demo"], work), cwd=work, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, encoding="utf-8", errors="replace",
    )
    reader = OutputReader(process)
    try:
        reader.settled.wait(start_timeout)
        painted = reader.painted.is_set()
        exited_early = False
        if painted:
            try:
                process.wait(run_seconds)  # running on is the good outcome
                exited_early = True
            except subprocess.TimeoutExpired:
                pass
    finally:
        if process.poll() is None:
            process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
    output = _without_paint_log(reader.text())
    if not painted:
        raise SmokeCheckError(f"the window did not paint within {start_timeout:g} s "
                           f"(exit code {process.returncode}):\n{output}")
    if exited_early:
        raise SmokeCheckError(f"the window exited by itself with {process.returncode}:\n{output}")
    if TRACEBACK in output:
        raise SmokeCheckError(f"the window printed a Python traceback:\n{output}")


def _without_paint_log(text: str) -> str:
    """The program's own output, without the painting log switched on for the check."""
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith("qt.widgets.painting"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Smoke-check the built PayDesk bundle.")
    parser.add_argument("bundle", nargs="?", type=Path, default=DEFAULT_BUNDLE,
                        help=f"the bundle folder (default: {DEFAULT_BUNDLE})")
    parser.add_argument("--start-timeout", type=float, default=60.0,
                        help="seconds the window may take to paint (default: 60)")
    parser.add_argument("--run-seconds", type=float, default=3.0,
                        help="seconds it must then keep running (default: 3)")
    parser.add_argument("--platform", choices=("offscreen", "xcb"), default="offscreen",
                        help="Qt platform of the window check (xcb: the X display in DISPLAY)")
    parser.add_argument("--root", type=Path,
                        help="run inside this system root (chroot); the bundle is ROOT/opt/PayDesk")
    args = parser.parse_args(argv)
    global _PLATFORM
    _PLATFORM = args.platform
    if args.root is not None:
        _PREFIX[:] = ["chroot", str(args.root)]
        args.bundle = Path("/opt/PayDesk")
    try:
        program = executable(args.root / "opt" / "PayDesk" if args.root else args.bundle)
        if args.root is not None:
            program = args.bundle / program.name
        with tempfile.TemporaryDirectory(prefix="paydesk-smoke-") as temporary:
            work = Path(temporary)
            print(check_about(program, args.bundle, work), end="")
            print(f"about --check: ok ({program})")
            check_qr(program, work)
            print("create --qr: an order and its QR code through the demo sandbox")
            check_window(program, work, args.start_timeout, args.run_seconds)
            where = "offscreen" if args.platform == "offscreen" else "on X (xcb)"
            print(f"window: painted {where} in demo mode and ran "
                  f"{args.run_seconds:g} s without a traceback")
    except (SmokeCheckError, subprocess.TimeoutExpired) as failure:
        print(f"smoke check FAILED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
