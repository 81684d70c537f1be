"""SandboxServer: the in-process handle on a running sandbox (start, stop, steer).

Tests and demo mode use it to run the service on loopback, push orders through
their lifecycle without a browser, move the clock, and script faults.
"""

from __future__ import annotations

import dataclasses
import logging
import shutil
import socket
import tempfile
import threading
from pathlib import Path
from types import TracebackType

from paydesk.domain.orders import OrderStatus
from paydesk.sandbox.api import BackendApi
from paydesk.sandbox.app import RequestCounter, SandboxApp
from paydesk.sandbox.clock import SandboxClock
from paydesk.sandbox.config import SandboxConfig
from paydesk.sandbox.faults import Fault, FaultInjector
from paydesk.sandbox.handler import SandboxHTTPServer
from paydesk.sandbox.ledger import Ledger, SandboxOrder
from paydesk.sandbox.pages import PaymentPages
from paydesk.support.loopback import is_loopback_host

logger = logging.getLogger(__name__)

_JOIN_SECONDS = 5.0


def _url_host(host: str) -> str:
    """The host as it goes into a URL: wildcards become loopback, IPv6 gets brackets."""
    if host in ("0.0.0.0", ""):  # noqa: S104 - recognising the wildcard, not binding it
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"[{host}]" if ":" in host else host


class SandboxServer:
    """A local payment service on ``host:port`` (0 picks a free port); runs once."""

    def __init__(
        self,
        config: SandboxConfig | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        public_url: str | None = None,
        allow_remote: bool = False,
    ) -> None:
        """``public_url`` replaces base_url in payment links (an address a phone can
        reach: PayDesk takes a plain-http link only to this computer itself, so https
        for a phone); a non-loopback ``host`` needs ``allow_remote=True``."""
        if not allow_remote and not is_loopback_host(host):
            raise ValueError(
                f"refusing to serve the sandbox on {host!r}: it has a fixed secret and no "
                "real security, so it listens on loopback only unless allow_remote=True"
            )
        self.config = config if config is not None else SandboxConfig()
        self._host = host
        self._port = port
        self._public_url = public_url.rstrip("/") if public_url else None
        self._clock = SandboxClock()
        self._faults = FaultInjector(
            latency_ms=self.config.latency_ms,
            fail_rate=self.config.fail_rate,
            latency_jitter_ms=self.config.latency_jitter_ms,
            timeout_rate=self.config.timeout_rate,
            trickle_rate=self.config.trickle_rate,
        )
        self._counter = RequestCounter()
        self._stopping = threading.Event()
        self._lifecycle = threading.Lock()
        self._state = "new"  # -> running -> stopped
        self._base_url: str | None = None
        self._ledger: Ledger | None = None
        self._httpd: SandboxHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._tempdir: str | None = None
        self._api: BackendApi | None = None
        self._pages: PaymentPages | None = None

    # -- lifecycle -------------------------------------------------------------------

    def start(self) -> SandboxServer:
        with self._lifecycle:
            if self._state != "new":
                raise RuntimeError("a SandboxServer starts only once; create a new one")
            self._state = "running"
            try:
                self._start()
            except BaseException:
                self._state = "stopped"
                self._cleanup()
                raise
        logger.info("sandbox serving at %s (client_id %s)", self.base_url, self.config.client_id)
        return self

    def _start(self) -> None:
        if self.config.db_path is not None:
            db_file = Path(self.config.db_path)
            db_file.parent.mkdir(parents=True, exist_ok=True)
        else:
            self._tempdir = tempfile.mkdtemp(prefix="paydesk-sandbox-")
            db_file = Path(self._tempdir) / "sandbox.sqlite3"
        ledger = Ledger(
            db_file, self._clock, self._link_for, durable=self.config.db_path is not None
        )
        self._ledger = ledger
        self._api = BackendApi(self.config, ledger)
        self._pages = PaymentPages(self.config, ledger, self._clock)
        app = SandboxApp(
            api=self._api,
            pages=self._pages,
            faults=self._faults,
            counter=self._counter,
            stopping=self._stopping,
            stall_seconds=self.config.stall_seconds,
            trickle_seconds=self.config.trickle_ms / 1000,
        )
        family = socket.AF_INET6 if ":" in self._host else socket.AF_INET
        self._httpd = SandboxHTTPServer(
            (self._host, self._port), app, family=family, on_thread_exit=ledger.release_thread
        )
        bound_port = self._httpd.server_address[1]
        self._base_url = f"http://{_url_host(self._host)}:{bound_port}"
        self._thread = threading.Thread(
            target=self._httpd.serve,
            name=f"paydesk-sandbox-{bound_port}",
            daemon=True,
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop serving: cut stalls and open connections, join threads. Idempotent."""
        with self._lifecycle:
            if self._state == "stopped":
                return
            was_running = self._state == "running"
            self._state = "stopped"
            self._stopping.set()  # ends STALL and latency waits at once
            if was_running and self._httpd is not None:
                self._httpd.stop_serving()
                if self._thread is not None:
                    self._thread.join(_JOIN_SECONDS)
                self._httpd.server_close()
                self._httpd.close_connections(_JOIN_SECONDS)
            self._cleanup()
        if was_running:
            logger.info("sandbox at %s stopped", self._base_url)

    def _cleanup(self) -> None:
        if self._httpd is not None:
            self._httpd.server_close()
        if self._ledger is not None:
            self._ledger.close()
        if self._tempdir is not None:
            shutil.rmtree(self._tempdir, ignore_errors=True)
            self._tempdir = None

    def __enter__(self) -> SandboxServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # -- addresses -------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """The merchant base_url; the endpoints are at ``{base_url}/backend/...``."""
        if self._base_url is None:
            raise RuntimeError("the sandbox has not been started")
        return self._base_url

    @property
    def pay_url(self) -> str:
        """Where payment links live: ``{pay_url}/pay/{token}``."""
        return self._public_url or self.base_url

    def _link_for(self, token: str) -> str:
        return f"{self.pay_url}/pay/{token}"

    # -- steering --------------------------------------------------------------------

    def _running_ledger(self) -> Ledger:
        if self._ledger is None or self._state != "running":
            raise RuntimeError("the sandbox is not running")
        return self._ledger

    def approve(self, order_id: str) -> SandboxOrder:
        """Force a pending order to approve (KeyError if unknown, ValueError if final)."""
        return self._finish(order_id, OrderStatus.APPROVE)

    def decline(self, order_id: str) -> SandboxOrder:
        return self._finish(order_id, OrderStatus.DECLINE)

    def expire(self, order_id: str) -> SandboxOrder:
        return self._finish(order_id, OrderStatus.EXPIRED)

    def _finish(self, order_id: str, status: OrderStatus) -> SandboxOrder:
        ledger = self._running_ledger()
        return ledger.finish_order(self.config.client_id, order_id, status)

    def advance_clock(self, seconds: float) -> None:
        """Move the sandbox clock forward; orders past their expiry read as expired."""
        self._clock.advance(seconds)

    def order(self, order_id: str) -> SandboxOrder | None:
        return self._running_ledger().get(self.config.client_id, order_id)

    def orders(self) -> list[SandboxOrder]:
        """Every order of the configured client, oldest first."""
        return self._running_ledger().all(self.config.client_id)

    def request_count(self, endpoint: str | None = None) -> int:
        """Requests received: "create_order", "get_order", "pay_page", or all (None)."""
        return self._counter.count(endpoint)

    def inject(self, fault: Fault, times: int = 1, endpoint: str | None = None) -> None:
        """Answer the next ``times`` matching requests with ``fault``. Endpoint None
        means any /backend request; the payment page is hit only when named."""
        self._faults.inject(fault, times, endpoint)

    def clear_faults(self) -> None:
        """Forget the scripted faults not used yet (the switches stay as they are)."""
        self._faults.clear()

    def set_latency(self, ms: int, jitter_ms: int | None = None) -> None:
        """Hold each /backend reply ``ms`` plus a random 0..``jitter_ms`` (None: keep it)."""
        self._faults.set_latency(ms, jitter_ms)

    def set_fail_rate(self, p: float) -> None:
        self._faults.set_fail_rate(p)

    def set_timeout_rate(self, p: float) -> None:
        """Share of /backend requests held past the client's timeout (STALL or TIMEOUT)."""
        self._faults.set_timeout_rate(p)

    def set_trickle_rate(self, p: float) -> None:
        """Share of /backend replies sent a byte at a time (TRICKLE or TRICKLE_BODY)."""
        self._faults.set_trickle_rate(p)

    def set_shop(self, *, merchant_name: str, ttl_seconds: float) -> None:
        """The shop's name on its pages and the lifetime of the orders created from now
        on (the demo's settings, saved while it runs); orders made before keep theirs."""
        config = dataclasses.replace(self.config, merchant_name=merchant_name,
                                     ttl_seconds=ttl_seconds)
        self.config = config
        if self._api is not None and self._pages is not None:
            self._api.config = config
            self._pages.config = config

    def faults_injected(self) -> dict[str, int]:
        """How many of each fault the sandbox has handed out ({"server_error": 3, ...})."""
        return self._faults.injected()
