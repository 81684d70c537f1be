"""``paydesk`` with no command: the counter window."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtWidgets import QApplication, QMessageBox

from paydesk.paths import AppPaths, resolve_data_dir
from paydesk.runtime import Runtime, open_runtime
from paydesk.ui.i18n import configured_language, install_translation

if TYPE_CHECKING:
    from paydesk.ui.main_window import MainWindow


def ui_state(data_dir: Path) -> QSettings:
    """Window geometry and choices, kept per data folder (tests get their own)."""
    return QSettings(str(data_dir / "window.ini"), QSettings.Format.IniFormat)


def choose_start(data_dir: str | None, demo: bool) -> bool | None:
    """Demo or not; None when the person closed the welcome. First start asks."""
    if demo:
        return True
    from paydesk import settings as settings_file

    paths = AppPaths(resolve_data_dir(data_dir)).ensure()
    state = ui_state(paths.data_dir)
    if settings_file.load(paths.settings_file).is_configured:
        return False
    remembered = state.value("start/mode")
    if remembered in ("demo", "setup"):
        return remembered == "demo"
    from paydesk.ui.welcome_dialog import WelcomeDialog

    welcome = WelcomeDialog()
    welcome.exec()
    choice = welcome.choice()
    if choice is None:
        return None
    state.setValue("start/mode", choice)
    state.sync()
    return choice == "demo"


def set_up_account(runtime: Runtime) -> bool:
    """First start with no account: the settings dialog before the window."""
    from paydesk import settings as settings_file
    from paydesk.ui.settings_dialog import SettingsDialog

    dialog = SettingsDialog(runtime.settings, runtime.secret_store())
    if not dialog.exec():
        return False
    runtime.settings = dialog.result_settings()
    settings_file.save(runtime.settings, runtime.paths.settings_file)
    return runtime.settings.is_configured


def build_window(runtime: Runtime, pool: QThreadPool | None = None) -> MainWindow:
    """The window and its controller, wired to the runtime (the tests use this too)."""
    from paydesk.ui.counter import CounterController
    from paydesk.ui.main_window import MainWindow

    store = runtime.open_store()
    counter = CounterController(
        runtime.open_desk(store),
        runtime.gateway,
        max_in_flight=runtime.settings.max_in_flight,
        limiter=runtime.limiter(),
        pool=pool,
    )
    window = MainWindow(runtime, counter, ui_state(runtime.paths.data_dir))
    counter.setParent(window)
    return window


def run_window(data_dir: str | None = None, demo: bool = False) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("PayDesk")
    app.setOrganizationName("PayDesk")
    install_translation(app, configured_language(data_dir))
    use_demo = choose_start(data_dir, demo)
    if use_demo is None:
        return 0
    runtime = open_runtime(data_dir, demo=use_demo)
    try:
        if not runtime.settings.is_configured and not set_up_account(runtime):
            return 0
        window = build_window(runtime)
        window.show()
        window.counter.start()
        code = app.exec()
        window.counter.stop()
        window.counter.desk.store.close()
        return int(code)
    except Exception as exc:  # the last line of defence: say it, don't vanish
        QMessageBox.critical(None, "PayDesk", str(exc))
        raise
    finally:
        runtime.close()
