"""PayDesk's log file: rotating, in the platform's log folder, never with a secret or an e-mail.

Support asks a merchant for this folder, so what is written there is what a
stranger may read: every handler masks its records (paydesk/support/redaction.py:
request signatures, the secret key, buyers' e-mail addresses).

Where: the platform's user log folder (platformdirs), unless the data folder is
overridden (``--data-dir``, ``PAYDESK_DATA_DIR``): then ``<data folder>/logs``,
so a test, a second till or a support copy keeps everything in one place. The
demo logs separately (``demo/``), as it keeps its own order book.

The window writes ``paydesk.log``; commands write ``paydesk-cli.log``. Windows
cannot rename a file another process has open, so a command beside the window
rotating the window's file would fail (and each failed try would shift the old
files along); two files never collide.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

import platformdirs

from paydesk import __version__
from paydesk.support.crash_report import install_crash_handler
from paydesk.support.log_file import RotatingLogFile
from paydesk.support.paths import APP_NAME, DATA_DIR_ENV, AppPaths, resolve_data_dir
from paydesk.support.private_files import make_private_folder, tighten
from paydesk.support.redaction import RedactingFilter

LOG_FILE = "paydesk.log"
CLI_LOG_FILE = "paydesk-cli.log"
MAX_BYTES = 1_000_000
BACKUP_COUNT = 5
FILE_FORMAT = "%(asctime)s %(levelname)-8s %(name)s [%(threadName)s] %(message)s"
#: What the terminal showed before there was a log file; unchanged.
CONSOLE_FORMAT = "%(levelname)s %(name)s: %(message)s"
#: The payment client's logger: at DEBUG it logs each request and reply (``-v``).
REQUEST_LOGGER = "paydesk.gateway"
_file_handler: logging.Handler | None = None
_console_handler: logging.Handler | None = None

log = logging.getLogger(__name__)


def log_dir_for(data_dir: str | os.PathLike[str] | None, *, demo: bool = False) -> Path:
    """The log folder for this data folder override (or none), as the module doc says."""
    if data_dir or os.environ.get(DATA_DIR_ENV):
        paths = AppPaths(resolve_data_dir(data_dir))
        return (paths.demo() if demo else paths).log_dir

    folder = Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    return folder / "demo" if demo else folder


def setup_logging(
    log_dir: Path,
    *,
    verbose: bool = False,
    console: bool = False,
    file_name: str = LOG_FILE,
) -> Path:
    """Send INFO and above to ``log_dir/file_name`` (1 MB × 5); return that file's path.

    ``console`` adds stderr output (WARNING; with ``verbose`` INFO, and each request
    to the payment service and its reply, masked like every line). Calling
    it again moves the file (the window does, once the welcome chose the demo);
    ``console=False`` then keeps a console handler an earlier call added. A log
    folder that cannot be written costs the file, never the start: a warning
    says so and PayDesk runs on.
    """
    global _file_handler, _console_handler
    root = logging.getLogger()
    redacting = RedactingFilter()
    if console:
        if _console_handler is not None:
            root.removeHandler(_console_handler)
        _console_handler = logging.StreamHandler(sys.stderr)
        _console_handler.setLevel(logging.DEBUG if verbose else logging.WARNING)
        # -v: the payment client's DEBUG lines, each request and reply (the file keeps INFO).
        logging.getLogger(REQUEST_LOGGER).setLevel(logging.DEBUG if verbose else logging.NOTSET)
        _console_handler.setFormatter(logging.Formatter(CONSOLE_FORMAT))
        _console_handler.addFilter(redacting)
        root.addHandler(_console_handler)
    if _file_handler is not None:
        root.removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None
    root.setLevel(min(root.level or logging.WARNING, logging.INFO))
    path = log_dir / file_name
    try:
        make_private_folder(log_dir)
        tighten(log_dir.iterdir())  # left open by an older PayDesk: logs, crash reports
        # The file appears with its first line (delay), not on every start.
        handler = RotatingLogFile(path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT,
                                  encoding="utf-8", delay=True)
    except OSError as error:
        log.warning("PayDesk cannot write its log in %s (%s); running without a log file",
                    log_dir, error)
        return path
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter(FILE_FORMAT))
    handler.addFilter(redacting)
    root.addHandler(handler)
    _file_handler = handler
    return path


def setup_command_logging(
    data_dir: str | None, *, demo: bool, verbose: bool, command: str | None
) -> Path:
    """The command line's logging: the terminal as before, ``paydesk-cli.log``, crash reports.

    With no command (the window), run_window moves the file to the window's log.
    """
    path = setup_logging(log_dir_for(data_dir, demo=demo), verbose=verbose, console=True,
                         file_name=CLI_LOG_FILE)
    install_crash_handler(path.parent)
    if command:
        log_start(f"paydesk {command}", data_dir, demo=demo)
    return path


def log_start(what: str, data_dir: str | os.PathLike[str] | None, *, demo: bool) -> None:
    """The first line of a run: which PayDesk, doing what, on which data folder."""
    paths = AppPaths(resolve_data_dir(data_dir))
    folder = (paths.demo() if demo else paths).data_dir
    log.info("PayDesk %s: %s; data folder %s%s", __version__, what, folder,
             " (demo)" if demo else "")


def stop_logging() -> None:
    """Remove and close what :func:`setup_logging` added (tests, and a clean exit)."""
    global _file_handler, _console_handler
    root = logging.getLogger()
    for handler in (_file_handler, _console_handler):
        if handler is not None:
            root.removeHandler(handler)
            handler.close()
    _file_handler = _console_handler = None
