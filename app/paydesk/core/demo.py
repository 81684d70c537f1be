"""Demo mode: PayDesk against a sandbox running inside the app, with its own data.

The sandbox keeps its state in the demo folder, so orders from an earlier demo
run still resolve; it tries the port it had last time so their links still open.

One process at a time runs the demo folder's sandbox: the one holding the lock
on ``sandbox.lock`` (the window, usually). A command run beside it
(``paydesk --demo create``) uses that sandbox instead of starting its own,
whose links would die with the command; the buyer's page stays up as long as
the window does.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from paydesk.core.settings.values import DECLARED, Settings
from paydesk.domain.writing import language_of_environment
from paydesk.support.held_lock import HeldLock, try_lock
from paydesk.support.paths import AppPaths
from paydesk.support.private_files import create_private_file, write_private_file

if TYPE_CHECKING:
    from paydesk.sandbox import SandboxServer

log = logging.getLogger(__name__)

DEMO_CLIENT_ID = 1
#: Not anybody's secret: the demo sandbox and the demo app share it openly.
DEMO_SECRET_KEY = "paydesk-demo-secret"


class DemoSandbox:
    """Starts and stops the embedded sandbox for one demo data folder."""

    def __init__(
        self, paths: AppPaths, *, ttl_seconds: float = 900.0, merchant_name: str = "",
        language: str = "system", share: bool = False, avoid: frozenset[int] = frozenset(),
    ) -> None:
        """``ttl_seconds`` and ``merchant_name`` ("": the demo shop's own name, in the
        demo's ``language``) are the demo's settings: its orders' lifetime and its
        shop's name. ``share``: use the sandbox another process runs for this folder,
        if one does (a command's choice; the window always runs one of its own).
        ``avoid``: ports the demo's settings give to something else (the buyer's web
        screen, the till program's API); the sandbox takes a free one rather than those."""
        self.paths = paths.ensure()
        self._ttl = ttl_seconds
        self._merchant_name = own_shop_name(merchant_name)
        self._default_name = demo_shop_name(language)
        self._share = share
        self._avoid = avoid
        self._server: SandboxServer | None = None
        self._lock: HeldLock | None = None
        self._base_url: str | None = None

    def start(self) -> None:
        """Run the folder's sandbox here, or (``share``) find the one already running."""
        port_file = self.paths.data_dir / "sandbox-port"
        self._lock = try_lock(self.paths.data_dir / "sandbox.lock")
        port = _read_port(port_file)
        if self._lock is None and self._share and port is not None:
            self._base_url = f"http://127.0.0.1:{port}"
            log.info("using the demo sandbox another PayDesk runs at %s", self._base_url)
            return
        if self._lock is not None:
            # Gone until this run's port is known: a command that comes meanwhile
            # starts its own rather than trust the last run's port.
            port_file.unlink(missing_ok=True)
        self._server = self._serve(port)
        self._base_url = self._server.base_url
        if self._lock is not None:  # the others' way here
            write_private_file(port_file, self._base_url.rsplit(":", 1)[1] + "\n")

    def _serve(self, port: int | None) -> SandboxServer:
        # The sandbox: the demo's only; a configured start imports this module, not it.
        from paydesk.sandbox import SandboxConfig, SandboxServer
        from paydesk.sandbox.config import DEFAULT_PORT

        config = SandboxConfig(
            client_id=DEMO_CLIENT_ID,
            secret_key=DEMO_SECRET_KEY,
            ttl_seconds=self._ttl,
            db_path=self.paths.sandbox_database,
            merchant_name=self._merchant_name or self._default_name,
        )
        create_private_file(self.paths.sandbox_database)  # the demo's buyers' e-mails are in it too
        wanted = port or DEFAULT_PORT
        if wanted not in self._avoid:
            try:
                return SandboxServer(config, host="127.0.0.1", port=wanted).start()
            except OSError:
                log.info("demo port %s is busy; using a free one", wanted)
        return SandboxServer(config, host="127.0.0.1", port=0).start()

    @property
    def server(self) -> SandboxServer | None:
        """The sandbox running in this process (None before start, after stop, and
        when another process's is used)."""
        return self._server

    def settings(self, base: Settings) -> Settings:
        """The demo's settings in force: its own preferences (``base``, as the demo
        folder's file has them); the settings declared fixed in the demo, held as the
        sandbox's (its address, its account, the key it shares openly) or else at their
        defaults (this computer's own order book); and the demo shop's own name in the
        demo's language while the person has given it none (the file keeps "" then, so
        the name follows the language)."""
        if self._base_url is None:
            raise RuntimeError("start the demo sandbox first")
        sandbox = {"base_url": self._base_url, "client_id": DEMO_CLIENT_ID,
                   "secret_storage": "keychain"}
        fixed = {name: sandbox.get(name, declared.default)
                 for name, declared in DECLARED.items() if declared.fixed_in_demo}
        return base.with_changes(
            **fixed,
            merchant_name=own_shop_name(base.merchant_name) or demo_shop_name(base.language),
        )

    def follow(self, settings: Settings) -> None:
        """The demo's settings in force changed: the sandbox takes the shop's name and
        the order lifetime too (for the orders created from now on)."""
        self._ttl = settings.order_lifetime_seconds
        self._merchant_name = settings.merchant_name
        if self._server is not None:
            self._server.set_shop(merchant_name=self._merchant_name, ttl_seconds=self._ttl)

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            self._server = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        self._base_url = None


def _read_port(path: Path) -> int | None:
    """The port the demo had last time, if it was written and usable."""
    with contextlib.suppress(OSError, ValueError):
        port = int(path.read_text(encoding="utf-8").strip())
        if 1024 <= port <= 65535:
            return port
    return None


#: The demo shop's name until the person names it, in the demo's language.
DEMO_SHOP_NAMES = {"en": "PayDesk demo shop", "ru": "Демо-магазин PayDesk"}


def demo_shop_name(language: str, environ: Mapping[str, str] | None = None) -> str:
    """``language`` is the setting: "ru", "en", or "system", which is the locale's."""
    if language not in DEMO_SHOP_NAMES:
        language = language_of_environment(os.environ if environ is None else environ)
    return DEMO_SHOP_NAMES[language]


def own_shop_name(name: str) -> str:
    """The name the person gave the demo's shop: "" for none, and for one of the demo
    shop's own names, which an older PayDesk wrote into the demo's file as though typed."""
    return "" if name in DEMO_SHOP_NAMES.values() else name
