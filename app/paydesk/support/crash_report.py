"""When PayDesk fails where nothing catches it, a report in the log folder says why.

A window started from a desktop icon has no terminal: an unhandled exception
printed to stderr is lost, and the merchant only sees the window misbehave or
vanish. So ``sys.excepthook`` (also what PySide6 calls for an exception raised in
a slot) and ``threading.excepthook`` write ``crash-YYYYmmdd-HHMMSS.txt`` next to
the log: versions, platform, the traceback, masked like the log itself
(:func:`paydesk.support.redaction.redact`), and then hand the exception on to the hook that
was there before (which prints it, or, under pytest-qt, records it).

``native=True`` also lets :mod:`faulthandler` write the Python stacks of a hard
crash (a segfault inside Qt, say) to ``native-crash.txt``: no Python hook runs
then. The window asks for it; the file is removed at exit when it stayed empty.
"""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import logging
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING

from paydesk import __version__
from paydesk.support.private_files import make_private_folder, private_opener
from paydesk.support.redaction import redact

if TYPE_CHECKING:
    from datetime import datetime

log = logging.getLogger(__name__)

NATIVE_CRASH_FILE = "native-crash.txt"

#: Told where a report went, from whichever thread failed (the window shows a message).
OnCrash = Callable[[Path], None]
ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]
ThreadHook = Callable[[threading.ExceptHookArgs], object]


def write_crash_report(
    log_dir: Path,
    exc_type: type[BaseException],
    exc: BaseException | None,
    tb: TracebackType | None,
    *,
    thread_name: str | None = None,
    now: datetime | None = None,
) -> Path:
    """Write one report and return its path; a second crash in the same second gets ``-2``."""
    from datetime import datetime  # when a report is written: rarely, and never at start

    now = now or datetime.now().astimezone()
    make_private_folder(log_dir)
    text = redact(_report_text(exc_type, exc, tb, thread_name, now))
    stem = f"crash-{now:%Y%m%d-%H%M%S}"
    for number in range(1, 1000):
        path = log_dir / (f"{stem}.txt" if number == 1 else f"{stem}-{number}.txt")
        try:
            with open(path, "x", encoding="utf-8", opener=private_opener) as stream:
                stream.write(text)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"too many crash reports named {stem}-*.txt in {log_dir}")


def _report_text(
    exc_type: type[BaseException],
    exc: BaseException | None,
    tb: TracebackType | None,
    thread_name: str | None,
    now: datetime,
) -> str:
    import platform  # when a report is written, as datetime above

    lines = [
        "PayDesk crash report",
        f"Time: {now.isoformat(timespec='seconds')}",
        f"PayDesk: {__version__}",
        f"Python: {platform.python_version()} ({sys.executable})",
        f"Qt: {_qt_versions()}",
        f"System: {platform.platform()}",
        f"Bundle: {'yes' if getattr(sys, 'frozen', False) else 'no'}",
        f"Thread: {thread_name or threading.current_thread().name}",
        "",
        "".join(traceback.format_exception(exc_type, exc, tb)).rstrip(),
        "",
    ]
    return "\n".join(lines)


def _qt_versions() -> str:
    """Qt's version if this process loaded it; a command never did, and must not now."""
    core = sys.modules.get("PySide6.QtCore")
    if core is None:
        return "not loaded"
    pyside = sys.modules.get("PySide6")
    return f"{core.qVersion()} (PySide6 {getattr(pyside, '__version__', '?')})"


class CrashHandler:
    """The installed hooks; :func:`install_crash_handler` makes and re-points it."""

    def __init__(self, log_dir: Path, on_crash: OnCrash | None) -> None:
        self.log_dir = log_dir
        self.on_crash = on_crash
        self._previous_hook: ExceptHook = sys.excepthook
        self._previous_thread_hook: ThreadHook = threading.excepthook
        self._native: IO[str] | None = None
        self._stops_at_exit = False
        self._last_exception: BaseException | None = None
        self._last_report: Path | None = None

    def install(self) -> None:
        sys.excepthook = self._sys_hook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        """Put the earlier hooks back (tests; the window's process just ends)."""
        global _installed
        if sys.excepthook == self._sys_hook:
            sys.excepthook = self._previous_hook
        if threading.excepthook == self._thread_hook:
            threading.excepthook = self._previous_thread_hook
        self._stop_native()
        if _installed is self:
            _installed = None

    def _sys_hook(
        self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        if not issubclass(exc_type, KeyboardInterrupt):
            self.report(exc_type, exc, tb, threading.current_thread().name)
        self._previous_hook(exc_type, exc, tb)

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if not issubclass(args.exc_type, SystemExit):  # the default hook ignores it too
            name = args.thread.name if args.thread is not None else None
            self.report(args.exc_type, args.exc_value, args.exc_traceback, name)
        self._previous_thread_hook(args)

    def report(
        self,
        exc_type: type[BaseException],
        exc: BaseException | None,
        tb: TracebackType | None,
        thread_name: str | None = None,
    ) -> Path | None:
        """Write, log and announce one crash; never raises (it runs inside a hook).

        The same exception object is reported once: run_window reports what it
        catches before re-raising it to the hook.
        """
        if exc is not None and exc is self._last_exception:
            return self._last_report
        try:
            path = write_crash_report(self.log_dir, exc_type, exc, tb, thread_name=thread_name)
        except Exception:
            log.exception("Could not write a crash report in %s", self.log_dir)
            return None
        log.critical("Unhandled %s; crash report: %s", exc_type.__name__, path,
                     exc_info=(exc_type, exc, tb) if exc is not None else False)
        if self.on_crash is not None:
            try:
                self.on_crash(path)
            except Exception:
                log.exception("Could not announce the crash report")
        self._last_exception, self._last_report = exc, path
        return path

    # -- hard crashes -------------------------------------------------------------

    def start_native(self) -> None:
        self._stop_native()
        try:
            make_private_folder(self.log_dir)
            self._native = open(self.log_dir / NATIVE_CRASH_FILE, "a",  # noqa: SIM115
                                encoding="utf-8", opener=private_opener)
        except OSError as error:
            log.warning("No native crash report possible in %s: %s", self.log_dir, error)
            return
        faulthandler.enable(file=self._native, all_threads=True)
        if not self._stops_at_exit:
            atexit.register(self._stop_native)
            self._stops_at_exit = True

    def _stop_native(self) -> None:
        native, self._native = self._native, None
        if native is None:
            return
        faulthandler.disable()
        native.close()
        path = Path(native.name)
        with contextlib.suppress(OSError):
            if path.stat().st_size == 0:
                path.unlink()


_installed: CrashHandler | None = None


def install_crash_handler(
    log_dir: Path, *, on_crash: OnCrash | None = None, native: bool = False
) -> CrashHandler:
    """Report unhandled exceptions into ``log_dir``; again, to move or re-target it."""
    global _installed
    if _installed is not None and sys.excepthook == _installed._sys_hook:
        _installed.log_dir = log_dir
        _installed.on_crash = on_crash
    else:
        _installed = CrashHandler(log_dir, on_crash)
        _installed.install()
    if native:
        _installed.start_native()
    return _installed


def uninstall_crash_handler() -> None:
    """Put back the hooks that were there before (tests; a process just ends)."""
    if _installed is not None:
        _installed.uninstall()
