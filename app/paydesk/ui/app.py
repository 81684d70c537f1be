"""``paydesk`` with no command: the counter window."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtWidgets import QApplication

from paydesk.core.runtime import Runtime, ensure_folder, open_runtime
from paydesk.core.settings import values as settings_file
from paydesk.core.settings.values import Settings, SettingsError
from paydesk.support.crash_report import CrashHandler, install_crash_handler
from paydesk.support.logs import log_dir_for, log_start, setup_logging
from paydesk.support.paths import AppPaths, resolve_data_dir
from paydesk.support.private_files import create_private_file
from paydesk.support.resources import ICON_NAME
from paydesk.ui.main_window import MainWindow
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.gui_collector import GuiThreadCollector, settle
from paydesk.ui.shell.i18n import install_translation
from paydesk.ui.shell.single_instance import SingleInstance
from paydesk.ui.shell.stop_signals import install_stop_signals

log = logging.getLogger(__name__)


def ui_state(data_dir: Path) -> QSettings:
    """Window geometry and choices, kept per data folder (tests get their own).

    The file is made 0600 first, as every file PayDesk keeps (support/private_files.py):
    Qt would make it readable by all, and keeps the mode of a file that exists.
    """
    path = data_dir / "window.ini"
    create_private_file(path)
    return QSettings(str(path), QSettings.Format.IniFormat)


def start_settings(data_dir: str | None, *, demo: bool) -> Settings:
    """The person's settings file, read once for the whole start: the language,
    whether this is a first start, and (outside the demo) the runtime's.

    A file that cannot be read is a SettingsError, except for the demo, which
    takes only the language from it ("system" then, the default). The demo's own
    file, once it has one (its settings saved), is the demo's language.
    """
    paths = AppPaths(resolve_data_dir(data_dir))
    try:
        if demo and paths.demo().settings_file.exists():
            return settings_file.load(paths.demo().settings_file, environ={})
        return settings_file.load(paths.settings_file)
    except SettingsError:
        if demo:
            return Settings()
        raise


def choose_start(data_dir: str | None, demo: bool, settings: Settings) -> bool | None:
    """Demo or not; None when the person closed the welcome. First start asks."""
    if demo:
        return True
    if settings.is_configured:
        return False
    state = ui_state(ensure_folder(AppPaths(resolve_data_dir(data_dir))).data_dir)
    remembered = state.value("start/mode")
    if remembered in ("demo", "setup"):
        return remembered == "demo"
    return ask_how_to_start(state)


def ask_how_to_start(state: QSettings) -> bool | None:
    """The welcome: demo (True), set up (False), or None when closed; remembered."""
    from paydesk.ui.settings.welcome_dialog import WelcomeDialog  # first start only

    use_app_icon()
    welcome = WelcomeDialog()
    welcome.exec()
    choice = welcome.choice()
    if choice is None:
        return None
    state.setValue("start/mode", choice)
    state.sync()
    return choice == "demo"


def use_app_icon() -> None:
    """PayDesk's icon on every window from now on: the first start's dialogs, and the
    window once its first frame is on the screen (the icon loads Qt's SVG plugin)."""
    if QApplication.windowIcon().isNull():
        from paydesk.ui.shell.icon import app_icon  # see the docstring

        QApplication.setWindowIcon(app_icon())


def set_up_account(runtime: Runtime) -> bool | None:
    """First start with no account: the settings dialog before the window.

    True once an account is saved. Cancel goes back to the welcome, so the person
    can try the demo instead (False) or come back to the same dialog, with what
    they typed; closing the welcome quits (None), as at the first question.
    """
    from paydesk.ui.settings.dialog import SettingsDialog  # first start only

    use_app_icon()
    dialog = SettingsDialog(runtime.settings, runtime.secret_store())
    while True:
        if dialog.exec():
            runtime.save_settings(settings_file.changes_between(
                runtime.settings, dialog.result_settings()))
            if runtime.settings.is_configured:
                return True
        use_demo = ask_how_to_start(ui_state(runtime.paths.data_dir))
        if use_demo is None:
            return None
        if use_demo:
            return False


def build_window(
    runtime: Runtime, pool: QThreadPool | None = None, *, log_dir: Path | None = None
) -> MainWindow:
    """The window, wired to the runtime (the tests use this too).

    Its counter (the order book, the requests) is built right after the first
    frame, with the rest of the window (``MainWindow.finish_start``). ``log_dir``
    is what Help → Open log folder opens; by default the data folder's ``logs``
    (where the log goes whenever the data folder is overridden).
    """
    return MainWindow(runtime, ui_state(runtime.paths.data_dir), pool=pool,
                      log_dir=log_dir or runtime.paths.log_dir)


def run_window(data_dir: str | None = None, demo: bool = False) -> int:
    """The counter window, once per data folder; a second start brings the first forward.

    Until this process knows it is the only window on its folder, it logs like
    a command (paydesk-cli.log, set up by paydesk/launch.py): two processes must
    not share, and rotate, the window's log file or its native crash file.
    """
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("PayDesk")
    app.setOrganizationName("PayDesk")
    # Reference cycles are freed here, never in a worker: a Qt object must not be freed there.
    collector = GuiThreadCollector(app)
    crash = install_crash_handler(log_dir_for(data_dir, demo=demo))
    try:
        settings = start_settings(data_dir, demo=demo)
    except SettingsError as exc:
        return _start_failed(crash, exc)
    install_translation(app, settings.language)
    QApplication.setDesktopFileName(ICON_NAME)  # Wayland matches the window to its .desktop
    instance: SingleInstance | None = None
    shown: list[MainWindow] = []

    def serve_other_starts() -> None:
        assert instance is not None

        if not instance.is_listening():
            instance.listen(lambda: _bring_forward(shown))

    def after_first_frame(window: MainWindow) -> None:
        use_app_icon()  # for every window and dialog from now on
        # Until now a failure was the start's (the except clauses below say it).
        install_crash_handler(log_dir, on_crash=window.parts.crash_notice, native=True)
        serve_other_starts()  # before: the lock already keeps a second window out
        window.watch.start()
        settle()  # the window is built: later collections in this thread skip it

    def cannot_start(window: MainWindow, exc: Exception) -> None:
        window.hide()
        app.exit(_start_failed(crash, exc))

    runtime: Runtime | None = None
    try:
        use_demo = choose_start(data_dir, demo, settings)
        if use_demo is None:
            return 0
        while True:  # once, or again for the demo chosen after cancelling the set-up
            base = AppPaths(resolve_data_dir(data_dir))
            instance = SingleInstance(ensure_folder(base.demo() if use_demo else base).data_dir)
            if instance.another_is_running():
                # Answered or not (it may still be starting), that window has the folder.
                if instance.try_activate_running():
                    log.info("Another window is open on this data folder; it was asked to "
                             "come forward")
                    said = "PayDesk is already open on this data folder; its window was " \
                           "brought to the front."
                else:  # no window listens: 'paydesk serve' has it, or a window starting
                    log.info("PayDesk already runs on this data folder, with no window to "
                             "bring forward")
                    said = "PayDesk already runs on this data folder ('paydesk serve', or a " \
                           "window still starting); one PayDesk at a time may use it."
                if sys.stderr is not None:  # None in a windowed bundle
                    print(f"paydesk: {said}", file=sys.stderr)
                return 0
            log_dir = setup_logging(log_dir_for(data_dir, demo=use_demo)).parent
            install_crash_handler(log_dir, native=True)
            log_start("the window", data_dir, demo=use_demo)
            runtime = open_runtime(data_dir, demo=use_demo,
                                   settings=None if use_demo else settings)
            if runtime.settings.is_configured:
                break
            serve_other_starts()  # a start during the set-up dialog brings it forward
            set_up = set_up_account(runtime)
            if set_up is None:
                return 0
            if set_up:
                break
            # The demo instead: its own folder, its own window lock.
            runtime.close()
            runtime = None
            instance.close()
            instance = None
            use_demo = True
        window = build_window(runtime, log_dir=log_dir)
        window.first_frame_done.connect(lambda: after_first_frame(window))
        window.start_failed.connect(lambda exc: cannot_start(window, exc))
        shown.append(window)
        stop = install_stop_signals(window.close, window)  # as the close button does
        window.show()
        code = app.exec()
        log.info("The window closed")
        if stop is not None:
            stop.release()
        window.shutdown()
        return int(code)
    except Exception as exc:  # the last line of defence: say it, don't vanish
        code = _start_failed(crash, exc)
        if code == 1:
            raise  # a crash: its report is written and said
        return code
    finally:
        if instance is not None:
            instance.close()
        if runtime is not None:
            runtime.close()
        collector.stop()


def _start_failed(crash: CrashHandler, exc: Exception) -> int:
    """Say why the window cannot start, and return the exit code.

    Expected trouble is said plainly, with no crash report: the settings file
    (2), the order book or its folder (5). Anything else is a crash (1): reported.
    """
    from paydesk.core.problems import is_store_error  # only on failure

    if isinstance(exc, SettingsError) or is_store_error(exc):
        _say_start_failed(exc)
        return 2 if isinstance(exc, SettingsError) else 5
    _say_crashed(crash, exc)
    return 1


def _say_start_failed(exc: Exception) -> None:
    """Expected trouble with the order book or the settings file: the message says
    what is wrong and where; it is no crash, so no crash report."""
    log.error("The window cannot start: %s", exc)
    if isinstance(exc, SettingsError):  # in the window's words, by its code
        from paydesk.ui.settings.texts import settings_error_text  # only on failure

        _critical(settings_error_text(exc))
        return
    from paydesk.ui.shell.messages import book_error_text  # as settings_error_text above

    _critical(book_error_text(exc))


def _say_crashed(crash: CrashHandler, exc: Exception) -> None:
    """An unexpected failure of the start: a crash report (the hook won't repeat it), said."""
    report = crash.report(type(exc), exc, exc.__traceback__)
    message = str(exc)
    if report is not None:
        message += "\n\n" + tr("A report was saved in {0}.").format(str(report.parent))
    _critical(message)


def _critical(message: str) -> None:
    from PySide6.QtWidgets import QMessageBox  # only when the start fails

    QMessageBox.critical(None, tr("PayDesk"), message)


def _bring_forward(shown: list[MainWindow]) -> None:
    """The window, or before it exists the set-up dialog, to the front."""
    if shown:
        shown[0].bring_to_front()
        return
    dialog = QApplication.activeModalWidget()
    if dialog is not None:
        dialog.raise_()
        dialog.activateWindow()
