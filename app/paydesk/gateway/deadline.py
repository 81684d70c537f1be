"""Ending one call at its deadline, however slowly the service's bytes arrive.

A socket timeout bounds each read, not the call: a reply sent a byte a second
never trips it, and urllib3's ``Timeout(total=...)`` is no different (it sets
the same per-read timeout). So each call runs under a :class:`CallWatch`: a
timer that, when the deadline passes, shuts down the connection the call is
using, which ends the read or write in progress at once (connect, TLS
handshake, headers or body alike).

The connections say which socket they use through a context variable set for
the call: a new one as soon as it exists, a kept-alive one when a request
starts on it. The watch holds its own duplicate of each socket's descriptor, so
it never touches the objects urllib3 and ssl use (an SSL socket detaches its
plain socket, and its own ``shutdown`` is not safe while another thread reads
it). What the resolver does before a connection exists (a DNS lookup) cannot be
cut; the system resolver bounds that by its own timeouts.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.poolmanager import PoolManager

_ACTIVE: ContextVar[CallWatch | None] = ContextVar("paydesk_call_watch", default=None)


class CallWatch:
    """Cuts the connections of one call when its deadline passes, unless stopped first."""

    def __init__(self, seconds: float) -> None:
        self.due_at = time.monotonic() + max(0.0, seconds)
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._stopped = False
        self._cut = False

    @property
    def cut(self) -> bool:
        """True once the deadline passed with the call still running."""
        with self._lock:
            return self._cut

    @property
    def stopped(self) -> bool:
        with self._lock:
            return self._stopped

    def watch(self, sock: socket.socket) -> None:
        """Cut ``sock`` at the deadline (at once if it has passed already)."""
        try:
            duplicate = socket.socket(fileno=socket.dup(sock.fileno()))
        except OSError:
            return  # closed already: nothing left to cut
        with self._lock:
            if not self._stopped and not self._cut:
                self._sockets.append(duplicate)
                return
            cut_now = self._cut
        if cut_now:
            _shut_down(duplicate)
        duplicate.close()

    def stop(self) -> bool:
        """The call is over: no cut from now on. Returns whether it was cut."""
        with self._lock:
            self._stopped = True
            sockets, self._sockets = self._sockets, []
            cut = self._cut
        for duplicate in sockets:
            duplicate.close()
        return cut

    def expire(self) -> None:
        """The deadline has passed: cut what the call is using, and what it opens later."""
        with self._lock:
            if self._stopped:
                return
            self._cut = True
            sockets = list(self._sockets)
        for duplicate in sockets:
            _shut_down(duplicate)


class _Watchdog:
    """One thread that expires every watch at its time.

    A ``threading.Timer`` per call did the same, but starting its thread cost
    about a quarter of a millisecond per request (measured on a loopback
    get_order of ~0.6 ms). Stopped watches are dropped when they come up.
    """

    def __init__(self) -> None:
        self._wake = threading.Condition()
        self._due: list[tuple[float, int, CallWatch]] = []
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def add(self, watch: CallWatch) -> None:
        with self._wake:
            heapq.heappush(self._due, (watch.due_at, next(self._order), watch))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="paydesk-call-deadlines", daemon=True
                )
                self._thread.start()
            elif self._due[0][2] is watch:
                self._wake.notify()  # sooner than what the thread waits for

    def _run(self) -> None:
        while True:
            expired: list[CallWatch] = []
            with self._wake:
                now = time.monotonic()
                while self._due and (self._due[0][0] <= now or self._due[0][2].stopped):
                    expired.append(heapq.heappop(self._due)[2])
                if not expired:
                    self._wake.wait(self._due[0][0] - now if self._due else None)
                    continue
            for watch in expired:
                watch.expire()  # a no-op for a stopped one


_WATCHDOG = _Watchdog()


def _shut_down(sock: socket.socket) -> None:
    # shutdown acts on the connection, not the descriptor: the read or write
    # blocked on the original socket returns at once.
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


@contextlib.contextmanager
def watching(seconds: float) -> Iterator[CallWatch]:
    """Run the block as one call that the watch cuts after ``seconds``."""
    watch = CallWatch(seconds)
    token = _ACTIVE.set(watch)
    try:
        _WATCHDOG.add(watch)
        yield watch
    finally:
        watch.stop()
        _ACTIVE.reset(token)


class _QuietWhenCut(logging.Filter):
    """Drops urllib3's records about a reply the watch cut on purpose ("Failed to parse
    headers", with a traceback, for half a header line): a timeout is reported instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        watch = _ACTIVE.get()
        return watch is None or not watch.cut


_QUIET = _QuietWhenCut()


def quiet_cut_replies() -> None:
    """Attach :class:`_QuietWhenCut` to urllib3's loggers (idempotent: one instance)."""
    for name in ("urllib3.connection", "urllib3.connectionpool", "urllib3.response"):
        logging.getLogger(name).addFilter(_QUIET)


def _watch_current(sock: socket.socket | None) -> None:
    watch = _ACTIVE.get()
    if watch is not None and sock is not None:
        watch.watch(sock)


class _WatchedHTTPConnection(HTTPConnection):
    def _new_conn(self) -> socket.socket:
        sock = super()._new_conn()
        _watch_current(sock)  # before the TLS handshake, which reads too
        return sock

    def request(self, *args: Any, **kwargs: Any) -> None:
        _watch_current(self.sock)  # a kept-alive connection (a new one has no socket yet)
        super().request(*args, **kwargs)


class _WatchedHTTPSConnection(HTTPSConnection, _WatchedHTTPConnection):
    pass


class _WatchedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _WatchedHTTPConnection


class _WatchedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _WatchedHTTPSConnection


def _use_watched_pools(manager: PoolManager) -> None:
    manager.pool_classes_by_scheme = {"http": _WatchedHTTPPool, "https": _WatchedHTTPSPool}


class WatchedAdapter(HTTPAdapter):
    """requests' adapter with connections a :class:`CallWatch` can cut.

    Also through an HTTP(S) proxy; a SOCKS proxy keeps its own connection classes,
    so through one only the per-read timeouts apply.
    """

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        _use_watched_pools(self.poolmanager)

    def proxy_manager_for(self, proxy: str, **proxy_kwargs: Any) -> Any:
        manager = super().proxy_manager_for(proxy, **proxy_kwargs)
        if not proxy.lower().startswith("socks"):
            _use_watched_pools(manager)
        return manager
