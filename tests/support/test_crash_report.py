"""Unhandled exceptions leave a masked report in the log folder, then go where they went before."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from types import TracebackType

import pytest

from paydesk import __version__
from paydesk.support import logs, redaction
from paydesk.support.crash_report import (
    NATIVE_CRASH_FILE,
    install_crash_handler,
    uninstall_crash_handler,
    write_crash_report,
)

SECRET = "Zq7-crash-secret-0042"


@pytest.fixture(autouse=True)
def restore_hooks() -> Iterator[None]:
    yield
    uninstall_crash_handler()
    logs.stop_logging()
    redaction.forget_secrets()


def raised(message: str) -> tuple[type[BaseException], BaseException, TracebackType | None]:
    try:
        raise ValueError(message)
    except ValueError as exc:
        return type(exc), exc, exc.__traceback__


def reports(folder: Path) -> list[Path]:
    return sorted(folder.glob("crash-*.txt"))


def test_excepthook_writes_a_masked_report_and_chains(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    earlier: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda _t, exc, _tb: earlier.append(exc))
    told: list[Path] = []
    log_file = logs.setup_logging(tmp_path)
    install_crash_handler(tmp_path, on_crash=told.append)
    redaction.register_secret(SECRET)

    exc_type, exc, tb = raised(f"bad {SECRET} for buyer.person@example.com, sign=0a1b2c")
    sys.excepthook(exc_type, exc, tb)

    [report] = reports(tmp_path)
    text = report.read_text(encoding="utf-8")
    assert f"PayDesk: {__version__}" in text and "Python: " in text and "Qt: " in text
    assert "Traceback (most recent call last)" in text and "in raised" in text
    assert "ValueError: bad *** for b***@example.com, sign=***" in text
    assert SECRET not in text and "buyer.person" not in text
    assert told == [report]
    assert earlier == [exc]  # the hook before ours still sees it (prints it, or pytest-qt)
    logged = log_file.read_text(encoding="utf-8")
    assert "CRITICAL" in logged and report.name in logged and SECRET not in logged


def test_thread_exceptions_are_reported_with_the_thread_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    earlier: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", earlier.append)
    install_crash_handler(tmp_path)

    def fail() -> None:
        raise RuntimeError("worker broke")

    worker = threading.Thread(target=fail, name="status-worker")
    worker.start()
    worker.join()

    [report] = reports(tmp_path)
    text = report.read_text(encoding="utf-8")
    assert "Thread: status-worker" in text and "RuntimeError: worker broke" in text
    assert len(earlier) == 1


def test_keyboard_interrupt_is_not_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "excepthook", lambda *_args: None)
    install_crash_handler(tmp_path)
    sys.excepthook(KeyboardInterrupt, KeyboardInterrupt(), None)
    assert reports(tmp_path) == []


def test_one_exception_one_report_and_same_second_reports_do_not_collide(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "excepthook", lambda *_args: None)
    handler = install_crash_handler(tmp_path)
    exc_type, exc, tb = raised("once")
    first = handler.report(exc_type, exc, tb)
    sys.excepthook(exc_type, exc, tb)  # re-raised after run_window reported it
    assert reports(tmp_path) == [first]

    moment = datetime(2026, 3, 1, 9, 30, 5).astimezone()
    a = write_crash_report(tmp_path / "same", *raised("a"), now=moment)
    b = write_crash_report(tmp_path / "same", *raised("b"), now=moment)
    assert (a.name, b.name) == ("crash-20260301-093005.txt", "crash-20260301-093005-2.txt")


def test_installing_again_moves_the_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "excepthook", lambda *_args: None)
    first = install_crash_handler(tmp_path / "one")
    assert install_crash_handler(tmp_path / "two") is first
    sys.excepthook(*raised("moved"))
    assert reports(tmp_path / "one") == [] and len(reports(tmp_path / "two")) == 1


def _python(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=False,
    )


def test_a_hard_crash_leaves_its_stack_in_the_log_folder(tmp_path: Path) -> None:
    done = _python(
        """
        import faulthandler, sys
        from pathlib import Path
        from paydesk.support.crash_report import install_crash_handler
        install_crash_handler(Path(sys.argv[1]), native=True)
        faulthandler._sigsegv()
        """,
        tmp_path,
    )
    assert done.returncode != 0
    text = (tmp_path / NATIVE_CRASH_FILE).read_text(encoding="utf-8")
    assert "Fatal Python error" in text and "<module>" in text


def test_a_clean_exit_leaves_no_empty_native_crash_file(tmp_path: Path) -> None:
    done = _python(
        """
        import sys
        from pathlib import Path
        from paydesk.support.crash_report import install_crash_handler
        install_crash_handler(Path(sys.argv[1]), native=True)
        assert (Path(sys.argv[1]) / "native-crash.txt").exists()
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / NATIVE_CRASH_FILE).exists()
