"""Demo mode: PayDesk against a sandbox running inside the app, with its own data.

The sandbox keeps its state in the demo folder, so orders from an earlier demo
run still resolve; it tries the port it had last time so their links still open.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from paydesk.core.settings import Settings
from paydesk.domain.writing import language_of_environment
from paydesk.support.paths import AppPaths
from paydesk.support.private_files import create_private_file, private_opener

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
        language: str = "system",
    ) -> None:
        """``ttl_seconds`` and ``merchant_name`` ("": the demo shop's own name, in the
        demo's ``language``) are the demo's settings: its orders' lifetime and its
        shop's name."""
        self.paths = paths.ensure()
        self._ttl = ttl_seconds
        self._merchant_name = merchant_name
        self._default_name = demo_shop_name(language)
        self._server: SandboxServer | None = None

    def start(self) -> SandboxServer:
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
        port_file = self.paths.data_dir / "sandbox-port"
        port = _read_port(port_file) or DEFAULT_PORT
        create_private_file(self.paths.sandbox_database)  # the demo's buyers' e-mails are in it too
        try:
            server = SandboxServer(config, host="127.0.0.1", port=port).start()
        except OSError:
            log.info("demo port %s is busy; using a free one", port)
            server = SandboxServer(config, host="127.0.0.1", port=0).start()
        with open(port_file, "w", encoding="utf-8", opener=private_opener) as stream:
            stream.write(server.base_url.rsplit(":", 1)[1] + "\n")
        self._server = server
        return server

    @property
    def server(self) -> SandboxServer | None:
        """The running sandbox (None before start and after stop)."""
        return self._server

    def settings(self, base: Settings) -> Settings:
        """The demo's settings: its own preferences (``base``, from the demo folder's
        file), the sandbox's address and account, which are fixed."""
        if self._server is None:
            raise RuntimeError("start the demo sandbox first")
        return base.with_changes(
            base_url=self._server.base_url,
            client_id=DEMO_CLIENT_ID,
            merchant_name=self._server.config.merchant_name,
            order_lifetime_seconds=int(self._ttl),
            secret_storage="keychain",
        )

    def follow(self, settings: Settings) -> None:
        """The demo's settings were saved: the sandbox takes the shop's name and the
        order lifetime too (for the orders created from now on)."""
        self._ttl = settings.order_lifetime_seconds
        self._merchant_name = settings.merchant_name
        self._default_name = demo_shop_name(settings.language)
        if self._server is not None:
            self._server.set_shop(merchant_name=self._merchant_name or self._default_name,
                                  ttl_seconds=self._ttl)

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            self._server = None


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
