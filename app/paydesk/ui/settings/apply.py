"""The one path from the settings to the running window.

Settings… and Settings → Play sounds both save what the person changed, and only
that, through ``Runtime.save_settings``, as ``paydesk config set`` does (what it
saved beside the open window is kept, and in force from the window's next save on,
or as Settings… opens). That publishes the settings in force on the hub: the
counter (polling, the rate, the requests in flight, the pool, the amount ceiling, a
new payment client), the demo's sandbox (its shop's name, its orders' lifetime),
and, wired here, the window's own parts: its title and status line, the sound and
its menu tick, the buyer's screen (the shop's name, the monitor it is on). The slip and the report
read the shop's name when they are made. What only a new start can change (the
settings declared so in core/settings/values.py: the language, another account, the order
book and the till's name, which the book and its sync are opened with) is labelled
so in the dialog and said after saving.

In the demo the same path saves into the demo's own settings file.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from paydesk.core.events import SettingsChanged
from paydesk.core.runtime import Runtime
from paydesk.core.settings.declared import Applies
from paydesk.core.settings.values import DECLARED, Settings, SettingsError, changes_between
from paydesk.ui.shell.formatting import tr

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMainWindow

    from paydesk.ui.payment.alerts import Alerts
    from paydesk.ui.payment.customer_display import CustomerDisplay
    from paydesk.ui.payment.web_screen import WebScreenLink
    from paydesk.ui.shell.shared_book import SharedBookLink

log = logging.getLogger(__name__)


def follow_settings(runtime: Runtime, owner: QObject,
                    listener: Callable[[Settings], None]) -> None:
    """``listener`` hears every save for as long as ``owner`` lives (saves are made in
    the GUI thread: the hub calls it there)."""
    stop = runtime.hub.subscribe(SettingsChanged, lambda event: listener(event.settings))
    owner.destroyed.connect(lambda *_: stop())


def window_title(settings: Settings, *, demo: bool) -> str:
    """"Corner Café — PayDesk": the shop's name first, when there is one."""
    title = tr("PayDesk — demo") if demo else tr("PayDesk")
    name = settings.merchant_name.strip()
    return f"{name} — {title}" if name else title


def restart_notices(before: Settings, saved: Settings) -> list[str]:
    """What was saved but waits for the next start (the settings not declared to apply
    at once), in words for the person."""
    return [restart_notice(name) for name, declared in DECLARED.items()
            if declared.applies is not Applies.AT_ONCE
            and _as_used(saved, name) != _as_used(before, name)]


def _as_used(settings: Settings, name: str) -> object:
    """The value of setting ``name`` as used: an empty till's name is the computer's."""
    return settings.till_name if name == "till" else getattr(settings, name)


def restart_notice(name: str) -> str:
    """That the new value of setting ``name`` waits for the next start."""
    if name == "language":
        return tr("The new language is used when PayDesk is started again.")
    if name == "client_id":
        return tr("The new client ID takes effect when PayDesk is started again.")
    if name == "order_book":
        return tr("The new order book is used when PayDesk is started again.")
    if name == "till":
        return tr("The new till name is used when PayDesk is started again.")
    raise KeyError(f"no words for a new {name} waiting for the next start")


class SettingsControl(QObject):
    """Opens the settings, saves them, and keeps the window's parts in step."""

    def __init__(self, window: QMainWindow, runtime: Runtime) -> None:
        """Made with the window's first frame; the parts built after it are handed
        over as they are built (:meth:`follow_sound_action`, :meth:`follow_shared_book`)."""
        super().__init__(window)
        self._window = window
        self._runtime = runtime
        self._sound_action: QAction | None = None
        self._shared_book: SharedBookLink | None = None
        self._web_screen: WebScreenLink | None = None
        self._ask_first: Callable[[], bool] | None = None
        window.setWindowTitle(window_title(self._runtime.settings, demo=self._runtime.is_demo))
        follow_settings(self._runtime, self, self._show_in_window)

    # -- what the person does -----------------------------------------------------

    def open_dialog(self, *, pairing: bool = False) -> None:
        """``pairing``: opened to pair the buyer's tablet or phone (its section in sight)."""
        # The dialog (and its connection check) when a person opens it: this module
        # is part of the window's first frame.
        from PySide6.QtWidgets import QMessageBox

        from paydesk.ui.settings.dialog import SettingsDialog

        if self._ask_first is not None and not self._ask_first():
            return  # an owner's PIN was wanted (shifts on) and not given
        runtime = self._runtime
        try:  # what 'paydesk config set' saved meanwhile is shown, and in force
            runtime.reload_settings()
        except SettingsError as error:  # unreadable: shown as in force; saving says why
            log.warning("The settings file could not be read again: %s", error)
        before = runtime.settings
        dialog = SettingsDialog(
            before, runtime.secret_store(), demo=runtime.is_demo,
            account_in_use=runtime.desk_client_id is not None, parent=self._window,
            web_screen=self._web_screen,
        )
        if pairing:
            dialog.show_buyer_screen()
        if not dialog.exec():
            return
        saved = dialog.result_settings()
        # What the person changed, only: a setting another process saved meanwhile
        # ('paydesk config set') is kept, not overwritten by the dialog's copy.
        if not self.save(changes_between(before, saved), new_secret=dialog.secret_saved):
            return  # said; the window goes on as it was
        if dialog.book_password_saved and self._shared_book is not None:
            self._shared_book.try_now()  # refused for want of it: not 30 s from now
        notices = restart_notices(before, saved)
        if notices:
            QMessageBox.information(self._window, tr("Settings"), "\n\n".join(notices))

    def ask_first(self, allowed: Callable[[], bool]) -> None:
        """What must say yes before the dialog opens (with shifts on: an owner's PIN)."""
        self._ask_first = allowed

    def set_sound(self, on: bool) -> None:
        """Settings → Play sounds: saved at once (in the demo, for the demo)."""
        if on != self._runtime.settings.sound:
            self.save({"sound": on})

    def save(self, changes: Mapping[str, Any], *, new_secret: bool = False) -> bool:
        """Whether ``changes`` (setting name → value) were saved and are in use; if not
        (a full disk, a folder it may not write to), the person is told why, and nothing
        changed."""
        try:
            self._runtime.save_settings(changes, new_secret=new_secret)
        except SettingsError as error:  # the message box and its words: on failure only
            from PySide6.QtWidgets import QMessageBox

            from paydesk.ui.settings.texts import settings_error_text

            log.warning("The settings could not be saved: %s", error)
            QMessageBox.warning(self._window, tr("Settings"), settings_error_text(error))
            self._show_in_window(self._runtime.settings)  # the menu's tick goes back
            return False
        return True

    # -- the window's parts --------------------------------------------------------

    def follow_sound_action(self, action: QAction) -> None:
        """Settings → Play sounds: its tick shows the setting in force."""
        self._sound_action = action

    def follow_shared_book(self, link: SharedBookLink) -> None:
        """A book password saved: the link tries again at once."""
        self._shared_book = link

    def follow_web_screen(self, web_screen: WebScreenLink) -> None:
        """The buyer's web screen: its devices are listed and paired in the settings."""
        self._web_screen = web_screen

    def follow_alerts(self, alerts: Alerts) -> None:
        def follow(settings: Settings) -> None:
            alerts.set_muted(not settings.sound)

        follow_settings(self._runtime, alerts, follow)

    def follow_display(self, display: CustomerDisplay) -> None:
        """The buyer's screen: the shop's name at once; another monitor chosen moves it."""
        chosen = [self._runtime.settings.display_screen]

        def follow(settings: Settings) -> None:
            display.set_merchant_name(settings.merchant_name)
            if settings.display_screen != chosen[0]:
                chosen[0] = settings.display_screen
                if display.isVisible():
                    from paydesk.ui.payment.monitors import find_screen  # as the display

                    display.place_on(find_screen(settings.display_screen))

        follow_settings(self._runtime, display, follow)

    def _show_in_window(self, settings: Settings) -> None:
        window = self._window
        window.setWindowTitle(window_title(settings, demo=self._runtime.is_demo))
        window.statusBar().showMessage(
            tr("Service: {0}").format(settings.base_url or tr("not set up"))
        )
        action = self._sound_action
        if action is not None:  # None before the menus are built
            blocked = action.blockSignals(True)  # shown, not toggled again
            action.setChecked(settings.sound)
            action.blockSignals(blocked)
