"""The window's side of the buyer's web screen (core/buyer_devices/web_server.py):
started, followed, counted.

Runs the server while the ``web_display`` setting is not ``off`` (started again on
another port or mode when a save changes them), hands it each buyer's view the
presenter publishes (brought by the window's one bridge; the server takes it with
``call_soon_threadsafe``, nothing here waits), and says in the status bar how many
devices have the page open and answering the till (a stalled one is not counted).
While one does, the presenter hears that a buyer's screen is open, as for the Qt
buyer's window, so the cashier's panel says "On the buyer's screen". The page's words
are the window's, in its language.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel

from paydesk.core.buyer_devices.page import PageWords
from paydesk.core.counter.views import BuyerView, CounterScreens
from paydesk.core.events import SettingsChanged
from paydesk.ui.shell.formatting import tr, writing_language
from paydesk.ui.shell.gui_thread import start_here, to_gui

if TYPE_CHECKING:
    from paydesk.core.buyer_devices.web_server import WebDisplay
    from paydesk.core.counter.presenter import CounterPresenter
    from paydesk.core.runtime import Runtime
    from paydesk.core.settings.values import Settings
    from paydesk.ui.shell.event_bridge import EventBridge

log = logging.getLogger(__name__)


class WebScreenLink(QObject):
    """The running server (or none), the views it is handed, and its devices' count."""

    #: The server started, stopped or failed to start: the settings' section follows.
    server_changed = Signal()
    #: The number of devices showing the page changed (one may be newly paired).
    count_changed = Signal()

    def __init__(self, runtime: Runtime, presenter: CounterPresenter, bridge: EventBridge,
                 parent: QObject | None = None, *, label: QLabel | None = None) -> None:
        """``label`` (the window's status bar's) says how many devices show the page;
        ``paydesk serve`` has none."""
        super().__init__(parent)
        self._runtime = runtime
        self._presenter = presenter
        self._server: WebDisplay | None = None
        self._mode: tuple[str, int] = ("off", 0)
        self._shop = ""
        self._connected = 0
        self._buyer = BuyerView()
        #: Why the server could not start (a port taken), or "".
        self.problem = ""
        self.label = label
        if label is not None:
            label.setObjectName("web_screen_label")
            label.hide()
        start_here()  # the count comes from the server's thread through the courier
        self._unsubscribe = [bridge.subscribe(CounterScreens, self._screens),
                             runtime.hub.subscribe(SettingsChanged,
                                                   lambda event: self.follow(event.settings))]
        self.follow(runtime.settings)

    @property
    def server(self) -> WebDisplay | None:
        return self._server

    def follow(self, settings: Settings) -> None:
        """Start, stop or move the server as ``settings`` say."""
        mode = (settings.web_display, settings.web_display_port)
        if mode == self._mode and (self._server is not None or mode[0] == "off"):
            if self._server is not None and settings.merchant_name != self._shop:
                self._shop = settings.merchant_name
                self._server.set_words(self._words(settings))
            return
        self._stop_server()
        self._mode, self.problem = mode, ""
        if settings.web_display != "off":
            # The server (and aiohttp) only for a till that serves the page.
            from paydesk.core.buyer_devices.web_server import WebDisplay

            self._shop = settings.merchant_name
            server = WebDisplay(self._runtime.paths.data_dir, self._words(settings),
                                network=settings.web_display == "network",
                                port=settings.web_display_port,
                                on_connected=lambda count: to_gui(
                                    lambda: self._heard(server, count)))
            try:
                server.start()
            except OSError as exc:
                log.warning("the buyer's web screen could not start: %s", exc)
                self.problem = str(exc.strerror or exc)
            else:
                self._server = server
                server.show(self._buyer)
        if self.label is not None:  # serving, or why it is not (the setting is on)
            self.label.setVisible(self._server is not None or bool(self.problem))
        self._count(0)
        self.server_changed.emit()

    @staticmethod
    def _words(settings: Settings) -> PageWords:
        return PageWords.made(writing_language(), settings.merchant_name, tr)

    def stop(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._stop_server()

    def _stop_server(self) -> None:
        if self._server is not None:
            self._server.stop()
            self._server = None
            self._count(0)

    def _screens(self, screens: CounterScreens) -> None:
        if screens.buyer != self._buyer:
            self._buyer = screens.buyer
            if self._server is not None:
                self._server.show(screens.buyer)

    def _heard(self, server: WebDisplay, count: int) -> None:
        """The server's count, in the GUI thread; nothing from a server stopped since."""
        if server is self._server:
            self._count(count)

    def _count(self, count: int) -> None:
        if self._server is None:
            count = 0
        before, self._connected = self._connected, count
        if self.label is not None and self._server is None and self.problem:
            self.label.setText(tr("Buyer's screens: not started"))
            self.label.setToolTip(self.problem)
        elif self.label is not None:
            self.label.setText(tr("Buyer's screens: {0}").format(count))
            self.label.setToolTip(tr("Tablets and phones showing the buyer's screen now"))
        if count != before:
            self.count_changed.emit()
        if before == 0 and count > 0:
            self._presenter.buyer_screen_opened(True)
        elif before > 0 and count == 0:
            self._presenter.buyer_screen_opened(False)

    @property
    def connected(self) -> int:
        return self._connected
