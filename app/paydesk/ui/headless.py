"""``paydesk serve``: PayDesk without a window.

For a counter with only a tablet facing the buyer, or a back office machine the
shop's till program talks to: the watch on the order book (the same requests, the
same polling; with a shared order book, kept in step with it), the till program's
API (always: it is what this is for) and the buyer's web screen (as its setting
says), in a Qt event loop with no widget. The parts are the window's own
(ui/payment/watch_driver.py, terminal_link.py, web_screen.py), so a payment taken here
is taken exactly as the window takes it.

Like the window it holds the data folder (``window.lock``): a window and a
``serve`` never run on one folder together; with a window open, the window serves
the API itself. It logs to the data folder's log, as the window does, says on stderr
where it listens (``paydesk terminal url`` prints it for scripts), and stops cleanly
on SIGTERM or Ctrl+C (the order book closed, the requests dropped: an unconfirmed
creation resumes at the next start).
"""

from __future__ import annotations

import logging
import shlex
import sys

from PySide6.QtCore import QCoreApplication

from paydesk.core.book.reader import StoreError
from paydesk.core.runtime import Runtime, ensure_folder, open_runtime
from paydesk.core.settings.values import SettingsError
from paydesk.core.terminal.token import api_token
from paydesk.support.crash_report import install_crash_handler
from paydesk.support.logs import log_dir_for, log_start, setup_logging
from paydesk.support.paths import AppPaths, resolve_data_dir
from paydesk.support.secret_store import SecretStoreError
from paydesk.ui.app import start_settings
from paydesk.ui.orders.book_changes import BookChanges
from paydesk.ui.payment.terminal_link import TerminalLink
from paydesk.ui.payment.watch_driver import WatchDriver
from paydesk.ui.payment.web_screen import WebScreenLink
from paydesk.ui.shell.event_bridge import EventBridge
from paydesk.ui.shell.gui_collector import GuiThreadCollector, settle
from paydesk.ui.shell.i18n import install_translation
from paydesk.ui.shell.shared_book import SharedBookLink, keep_in_step
from paydesk.ui.shell.single_instance import SingleInstance
from paydesk.ui.shell.stop_signals import install_stop_signals

log = logging.getLogger(__name__)

#: The exit codes, the command line's own (cli/exit_codes.py): not set up, or the data
#: folder taken (2); the order book cannot be opened (5); the API could not start (1).
USAGE, STORAGE, FAILED = 2, 5, 1


def run_headless(data_dir: str | None = None, demo: bool = False) -> int:
    """Serve until SIGTERM or Ctrl+C; the exit code."""
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1] or ["paydesk"])
    app.setApplicationName("PayDesk")
    app.setOrganizationName("PayDesk")
    collector = GuiThreadCollector(app)
    try:
        return _serve(app, data_dir, demo)
    finally:
        collector.stop()


def _serve(app: QCoreApplication, data_dir: str | None, demo: bool) -> int:
    try:
        settings = start_settings(data_dir, demo=demo)
    except SettingsError as exc:
        return _fail(str(exc), USAGE)
    if not demo and not settings.is_configured:
        return _fail("PayDesk is not set up on this data folder: open the window once, or "
                     "'paydesk config set' the service's address and account.",
                     USAGE)
    base = AppPaths(resolve_data_dir(data_dir))
    folder = ensure_folder(base.demo() if demo else base).data_dir
    instance = SingleInstance(folder)
    if instance.another_is_running():
        return _fail("PayDesk already runs on this data folder (a window or 'paydesk serve'); "
                     "a window open there serves the till program's API itself.",
                     USAGE)
    runtime: Runtime | None = None
    try:
        log_dir = setup_logging(log_dir_for(data_dir, demo=demo)).parent
        install_crash_handler(log_dir, native=True)
        log_start("serving without a window", data_dir, demo=demo)
        install_translation(app, settings.language)  # the web screen's words
        try:
            runtime = open_runtime(data_dir, demo=demo, settings=None if demo else settings)
            return _run(app, runtime, data_dir, demo)
        except StoreError as exc:
            return _fail(str(exc), STORAGE)
    finally:
        if runtime is not None:
            runtime.close()
        instance.close()


def _run(app: QCoreApplication, runtime: Runtime, data_dir: str | None, demo: bool) -> int:
    def command(*words: str) -> str:
        """A command for this data folder, as typed: the demo's, or the one --data-dir named."""
        folder = () if data_dir is None else ("--data-dir", data_dir)
        return shlex.join(["paydesk", *(("--demo",) if demo else ()), *folder, *words])

    store = runtime.open_store(check_whole_file=False)
    watch: WatchDriver | None = None
    book_changes: BookChanges | None = None
    shared: SharedBookLink | None = None
    web_screen: WebScreenLink | None = None
    terminal: TerminalLink | None = None
    try:
        desk = runtime.open_desk(store)
        watch = WatchDriver(runtime, desk)
        engine = watch.engine
        # What another program writes (a command, another till) reaches the screens too.
        book_changes = BookChanges(desk.reader, parent=watch)
        book_changes.changed.connect(engine.book_changed)
        # The hub's events to this thread's parts, as in the window.
        bridge = EventBridge(runtime.hub, parent=watch)
        shared = keep_in_step(runtime, bridge, engine.take_over, book_changes, watch)
        if shared is not None:
            shared.start()
        try:  # without a token the API would refuse every request: say why now
            api_token(runtime.secret_store())
        except SecretStoreError as exc:
            return _fail(f"the till program's API has no token: {exc}", USAGE)
        web_screen = WebScreenLink(runtime, engine.state, bridge)
        terminal = TerminalLink(runtime, engine, always=True)
        watch.start()
        book_changes.start()
        if terminal.server is None:
            return _fail(f"the till program's API could not start: {terminal.problem}",
                         FAILED)
        print(f"PayDesk serves the till program's API at {terminal.server.base_url}/v1 "
              f"(its token: {command('terminal', 'token')}).", file=sys.stderr, flush=True)
        if web_screen.server is not None:
            print(f"The buyer's web screen is at {web_screen.server.base_url} "
                  f"(pair a device: {command('display', 'link')}).", file=sys.stderr,
                  flush=True)
        elif web_screen.problem:
            print(f"The buyer's web screen could not start: {web_screen.problem}",
                  file=sys.stderr, flush=True)
        settle()  # all is started: later collections in this thread skip it
        stop = install_stop_signals(app.quit, app)
        print("Stop with Ctrl+C.", file=sys.stderr, flush=True)  # from now on it does
        code = app.exec()
        if stop is not None:
            stop.release()
        log.info("Stopped serving")
        return int(code)
    finally:
        _stop(watch, book_changes, shared, web_screen, terminal)
        store.close()


def _stop(watch: WatchDriver | None, book_changes: BookChanges | None,
          shared: SharedBookLink | None, web_screen: WebScreenLink | None,
          terminal: TerminalLink | None) -> None:
    if terminal is not None:
        terminal.stop()
    if web_screen is not None:
        web_screen.stop()
    if watch is not None:
        watch.stop()
    if shared is not None:
        shared.stop()
    if book_changes is not None:
        book_changes.stop()


def _fail(message: str, code: int) -> int:
    print(f"paydesk: {message}", file=sys.stderr)
    return code
