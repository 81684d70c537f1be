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
   without exiting or printing a Python traceback; then it is stopped;
4. the shop's shared order book (PostgreSQL, through the bundle's psycopg and
   the libpq its binary wheel carries): a throwaway PostgreSQL server is
   started from the server binaries found here (``pg_config --bindir`` or
   ``/usr/lib/postgresql/*/bin``; as the ``postgres`` user when run as root),
   and the bundle's own sandbox (``PayDesk sandbox``); then, with
   ``PAYDESK_ORDER_BOOK`` and a client id set, ``PayDesk book init URL``,
   ``PayDesk create 150`` and ``PayDesk book status --json`` must show the
   order in the shared book, uploaded, under this till's name. ``PSYCOPG_IMPL``
   is ``binary``, so a bundle without psycopg_binary fails rather than using a
   libpq this machine happens to have. Where no server
   binaries are installed this step is skipped with a message saying so
   (``--no-shared-book`` skips it on purpose).

``--platform xcb`` runs the window on the X display in ``DISPLAY`` instead, and
``--root DIR`` runs every program inside that system root (``chroot``), the bundle
being ``DIR/opt/PayDesk``: how packaging/clean_system_check.py proves the bundle
starts on a minimal system. Every wait is bounded; nothing sleeps. Exit code 0
when all pass, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


def _run_command(program: Path, args: list[str], work: Path, data: Path,
                 extra_env: dict[str, str] | None = None) -> tuple[str, str]:
    """Run the bundle with ``args``; its stdout and all it printed. SmokeCheckError
    when it fails or prints a traceback."""
    done = subprocess.run(  # noqa: S603 (our own freshly built program)
        _command(program, args, work),
        cwd=work, env={**base_environment(data), **(extra_env or {})},
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


# -- 4. the shared order book on a throwaway PostgreSQL server -------------------------

NO_SERVER = ("shared book: SKIPPED, no PostgreSQL server binaries here (initdb, pg_ctl, "
             "postgres); apt-get install postgresql to check it")
#: The client id and till name the shared-book step uses (any would do).
SHARED_CLIENT_ID = "7"
SHARED_TILL = "smoke-till"
POSTGRES_USER = "postgres"


def postgres_bindir() -> Path | None:
    """Where initdb, pg_ctl and postgres are (as tests/helpers/postgres.py finds them)."""
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        done = subprocess.run([pg_config, "--bindir"], capture_output=True,  # noqa: S603
                              text=True, check=False)
        if done.returncode == 0 and done.stdout.strip():
            candidates.append(Path(done.stdout.strip()))

    def version(path: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", path.parent.name))

    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=version, reverse=True)
    for bindir in candidates:
        if all((bindir / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return bindir
    return None


@contextmanager
def postgres_server(bindir: Path) -> Iterator[str]:
    """A throwaway cluster on 127.0.0.1 (trusted, no password); yields its database's URL.

    It runs on this machine even with ``--root``: the bundle inside the root reaches
    it over loopback. PostgreSQL refuses to run as root, so under root initdb and
    the server run as the ``postgres`` user, who is handed the folder.
    """
    folder = Path(tempfile.mkdtemp(prefix="paydesk-smoke-pg-"))
    as_root = hasattr(os, "geteuid") and os.geteuid() == 0
    data, log = folder / "data", folder / "server.log"

    def run(name: str, *args: str) -> None:
        command = [str(bindir / name), *args]
        if as_root:
            command = ["runuser", "-u", POSTGRES_USER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True,  # noqa: S603
                              cwd=folder, check=False, timeout=120)
        if done.returncode != 0:
            server_log = log.read_text(errors="replace") if log.exists() else ""
            raise SmokeCheckError(f"PostgreSQL's {name} failed ({done.returncode}): "
                                  f"{done.stderr}{server_log}")

    with socket.socket() as probe:  # a free port, handed to the server at once
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = False
    try:
        if as_root:
            shutil.chown(folder, POSTGRES_USER)
        run("initdb", "-D", str(data), "-U", POSTGRES_USER, "-A", "trust", "-E", "UTF8",
            "--locale=C", "--no-sync")
        run("pg_ctl", "start", "-w", "-t", "60", "-D", str(data), "-l", str(log), "-o",
            f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off")
        started = True
        yield f"postgresql://{POSTGRES_USER}@127.0.0.1:{port}/postgres"
    finally:
        if started:
            run("pg_ctl", "stop", "-w", "-t", "60", "-D", str(data), "-m", "immediate")
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def bundle_sandbox(program: Path, work: Path, secret: str) -> Iterator[str]:
    """The bundle's own sandbox (``PayDesk sandbox``) on a free port; yields its URL."""
    env = {**base_environment(work / "sandbox-data"), "PAYDESK_SANDBOX_SECRET_KEY": secret}
    process = subprocess.Popen(  # noqa: S603 (our own freshly built program)
        _command(program, ["sandbox", "--port", "0", "--client-id", SHARED_CLIENT_ID], work),
        cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, encoding="utf-8", errors="replace",
    )
    lines: list[str] = []
    first = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line)
            first.set()
        first.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        first.wait(ABOUT_TIMEOUT)
        url = lines[0].strip() if lines else ""
        if not url.startswith("http://127.0.0.1:"):
            process.terminate()
            reader.join(10)
            raise SmokeCheckError(f"'sandbox' gave no address (exit code {process.poll()}):\n"
                                  + "".join(lines))
        yield url
    finally:
        if process.poll() is None:
            process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def _json_of(stdout: str, output: str, what: str) -> dict[str, Any]:
    try:
        record = json.loads(stdout)
    except json.JSONDecodeError:
        record = None
    if not isinstance(record, dict):
        raise SmokeCheckError(f"'{what}' printed no JSON record:\n{output}")
    return record


def check_shared_book(program: Path, work: Path, book_url: str) -> dict[str, Any]:
    """``book init``, ``create`` and ``book status`` on the shared book at ``book_url``;
    the status record. SmokeCheckError unless the order is there, uploaded, by this till."""
    secret = secrets.token_urlsafe(16)
    data = work / "till-data"
    with bundle_sandbox(program, work, secret) as service:
        # PSYCOPG_IMPL=binary: psycopg must use the bundle's psycopg_binary (and the libpq
        # it carries) or fail, never fall back to a libpq this machine happens to have.
        env = {"PAYDESK_ORDER_BOOK": book_url, "PAYDESK_CLIENT_ID": SHARED_CLIENT_ID,
               "PAYDESK_BASE_URL": service, "PAYDESK_SECRET_KEY": secret,
               "PSYCOPG_IMPL": "binary"}
        stdout, output = _run_command(program, ["book", "init", book_url, "--json"],
                                      work, data, env)
        init = _json_of(stdout, output, "book init")
        version = init.get("schema_version")
        if not isinstance(version, int) or version < 1 or not init.get("book_id"):
            raise SmokeCheckError(f"'book init' made no book:\n{output}")
        _run_command(program, ["config", "set", "till", SHARED_TILL], work, data, env)
        stdout, output = _run_command(program, ["create", "150", "--json"], work, data, env)
        order = _json_of(stdout, output, "create")
        if not order.get("order_id") or order.get("till") != SHARED_TILL:
            raise SmokeCheckError(f"'create 150' made no order of till {SHARED_TILL}:\n{output}")
        stdout, output = _run_command(program, ["book", "status", "--json"], work, data, env)
    status = _json_of(stdout, output, "book status")
    expected = {"kind": "shared", "reachable": True, "schema_version": version, "orders": 1,
                "waiting": 0, "tills": [SHARED_TILL], "till": SHARED_TILL}
    wrong = {key: status.get(key) for key, value in expected.items() if status.get(key) != value}
    if wrong:
        raise SmokeCheckError(f"'book status --json' disagrees ({wrong}; expected "
                              f"{expected}):\n{output}")
    return status


def check_shared_book_step(program: Path, work: Path, *, skip: bool) -> None:
    """Step 4 with its own server, or the message why it did not run."""
    bindir = None if skip else postgres_bindir()
    if bindir is None:
        print("shared book: skipped (--no-shared-book)" if skip else NO_SERVER)
        return
    with postgres_server(bindir) as book_url:
        status = check_shared_book(program, work, book_url)
    print(f"shared book: book init, create and book status on PostgreSQL ({bindir}) at "
          f"{status['order_book']}: schema {status['schema_version']}, "
          f"{status['orders']} order uploaded by till {status['till']}")


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
    parser.add_argument("--no-shared-book", action="store_true",
                        help="skip the shared order book's check (which needs PostgreSQL's "
                        "server binaries)")
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
            check_shared_book_step(program, work, skip=args.no_shared_book)
    except (SmokeCheckError, subprocess.TimeoutExpired) as failure:
        print(f"smoke check FAILED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
