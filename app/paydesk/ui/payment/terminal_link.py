"""The window's side of the till program's API (core/terminal/api.py): started, stopped.

Runs the server while the ``terminal_api`` setting is ``local`` (started again on
another port when a save changes it), or always for ``paydesk serve``, and says in the
window's status bar where it listens, or why it does not. Its requests come into this
(the GUI) thread through the courier (``to_gui``) and are answered by a TerminalTill
over the window's own watch engine: a payment the till program asks for is made as the
cashier's Enter makes one, and is in the window's list and on the buyer's screens as
that one is.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from paydesk.core.events import SettingsChanged
from paydesk.core.terminal.till import TerminalTill
from paydesk.core.terminal.token import api_token
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.gui_thread import start_here, to_gui

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel

    from paydesk.core.runtime import Runtime
    from paydesk.core.settings.values import Settings
    from paydesk.core.terminal.api import TerminalApi
    from paydesk.core.terminal.shifts import TerminalShifts
    from paydesk.core.watch.engine import WatchEngine
    from paydesk.domain.orders import Order

log = logging.getLogger(__name__)


class TerminalLink:
    """The running API server (or none) of one window."""

    def __init__(self, runtime: Runtime, engine: WatchEngine, *,
                 label: QLabel | None = None, always: bool = False) -> None:
        """``label``: the window's status bar's; ``always``: served whatever the setting
        says (``paydesk serve``, whose purpose it is)."""
        self._runtime = runtime
        self._always = always
        self.label = label
        if label is not None:
            label.setObjectName("terminal_api_label")
            label.hide()
        self._server: TerminalApi | None = None
        self._mode: tuple[str, int] = ("off", 0)
        #: Why the server could not start (a port taken), or "".
        self.problem = ""
        self.till = TerminalTill(
            engine.desk, engine.hub, engine.create, engine.in_flight,
            lambda: engine.book_is_lost, lambda: engine.state.sale_id, engine.end_sale,
            lambda order: _show(engine, order))
        #: The till's shifts as the till program drives them (each call in a worker);
        #: made with the first server.
        self.shifts: TerminalShifts | None = None
        start_here()  # requests come from the server's thread through the courier
        self._unsubscribe = runtime.hub.subscribe(
            SettingsChanged, lambda event: self.follow(event.settings))
        self.follow(runtime.settings)

    @property
    def server(self) -> TerminalApi | None:
        return self._server

    def follow(self, settings: Settings) -> None:
        """Start, stop or move the server as ``settings`` say."""
        mode = ("local" if self._always else settings.terminal_api, settings.terminal_api_port)
        if mode == self._mode and (self._server is not None or mode[0] == "off"):
            return
        self._stop_server()
        self._mode, self.problem = mode, ""
        if mode[0] == "off":
            self._say()
            return
        # The server (and aiohttp) only for a till that serves the API.
        from paydesk.core.terminal.api import TerminalApi
        from paydesk.core.terminal.shifts import TerminalShifts

        if self.shifts is None:
            self.shifts = TerminalShifts(self._runtime)
        store = self._runtime.secret_store()
        server = TerminalApi(self._runtime.paths.data_dir, self.till, to_gui,
                             lambda: api_token(store), shifts=self.shifts,
                             port=settings.terminal_api_port)
        try:
            server.start()
        except OSError as exc:
            log.warning("the till program's API could not start: %s", exc)
            self.problem = str(exc.strerror or exc)
        else:
            self._server = server
            self.till.follow(server.publish)
            self.shifts.follow(server.publish)
        self._say()

    def _say(self) -> None:
        """The status bar: where the API listens, or why it could not start; nothing
        while it is off."""
        if self.label is None:
            return
        if self._server is not None:
            self.label.setText(tr("Till program API: {0}").format(
                self._server.base_url.removeprefix("http://")))
            command = "paydesk --demo terminal token" if self._runtime.is_demo else \
                "paydesk terminal token"
            self.label.setToolTip(tr("The till program takes payments through this address "
                                     "({0} gives its token)").format(command))
        elif self.problem:
            self.label.setText(tr("Till program API: not started"))
            self.label.setToolTip(self.problem)
        self.label.setVisible(self._server is not None or bool(self.problem))

    def stop(self) -> None:
        self._unsubscribe()
        self._stop_server()
        self.till.close()

    def _stop_server(self) -> None:
        self.till.follow(None)
        if self.shifts is not None:
            self.shifts.follow(None)
        if self._server is not None:
            self._server.stop()
            self._server = None


def _show(engine: WatchEngine, order: Order) -> bool:
    """The order in front of the buyer, as the cashier's "Show to buyer" puts it."""
    engine.view(order.order_id)
    return engine.show_to_buyer()
