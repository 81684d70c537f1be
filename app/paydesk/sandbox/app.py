"""Routing one parsed HTTP request to the API or the pages, with faults and latency.

This sits between the socket code (handler.py) and the service logic (api.py,
pages.py): it counts requests, applies the scripted and random faults, and waits
out the latency, always on the stop event so ``stop()`` is never held up.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from paydesk.sandbox.api import BackendApi
from paydesk.sandbox.faults import (
    Fault,
    FaultInjector,
    canned_reply,
    check_endpoint,
    link_elsewhere,
    truncated,
)
from paydesk.sandbox.page_words import choose_language
from paydesk.sandbox.pages import PaymentPages
from paydesk.sandbox.replies import Reply, failure

_BACKEND_PATHS = {"/backend/create_order": "create_order", "/backend/get_order": "get_order"}
_PAY_PREFIX = "/pay/"


@dataclass(frozen=True, slots=True)
class Request:
    method: str
    target: str  # as on the request line: path and query
    body: bytes
    content_type: str | None
    accept_language: str | None = None  # the payment page speaks the browser's language


class RequestCounter:
    """How many requests each endpoint received (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()

    def add(self, endpoint: str) -> None:
        with self._lock:
            self._counts[endpoint] += 1

    def count(self, endpoint: str | None = None) -> int:
        check_endpoint(endpoint)
        with self._lock:
            return self._counts.total() if endpoint is None else self._counts[endpoint]


class SandboxApp:
    """Answers a request with a :class:`Reply`, or None to close without answering."""

    def __init__(
        self,
        *,
        api: BackendApi,
        pages: PaymentPages,
        faults: FaultInjector,
        counter: RequestCounter,
        stopping: threading.Event,
        stall_seconds: float,
        trickle_seconds: float = 1.0,
    ) -> None:
        self._api = api
        self._pages = pages
        self._faults = faults
        self._counter = counter
        self._stopping = stopping
        self._stall_seconds = stall_seconds
        self._trickle_seconds = trickle_seconds

    def hold(self, seconds: float) -> bool:
        """Wait ``seconds`` (between two bytes of a trickle); True when stopping."""
        return self._stopping.wait(seconds)

    def transport_error(self, target: str, status: int, message: str) -> Reply:
        """An error found before routing (bad request line, body too big...):
        an HTML page for the browser-facing paths, the contract's JSON elsewhere."""
        path = target.split("?", 1)[0]
        if path == "/" or path.startswith(_PAY_PREFIX):
            return self._pages.error(status, "Request refused", message)
        return failure(status, message)

    def handle(self, request: Request) -> Reply | None:
        try:
            path = urlsplit(request.target)
        except ValueError:
            self._counter.add("other")
            return failure(400, "The request target is not a valid URL.")
        endpoint = _BACKEND_PATHS.get(path.path)
        if endpoint is not None:
            self._counter.add(endpoint)
            if request.method != "GET":
                return failure(405, f"Use GET for {endpoint}.", (("Allow", "GET"),))
            return self._with_faults(endpoint, lambda: self._api.handle(endpoint, path.query))
        if path.path.startswith(_PAY_PREFIX):
            self._counter.add("pay_page")
            return self._pay_page(path.path[len(_PAY_PREFIX) :], request)
        if path.path == "/":
            self._counter.add("index")
            if request.method not in ("GET", "HEAD"):
                return self._pages.error(405, "Method not allowed", "Use GET.")
            return self._pages.index()
        self._counter.add("other")
        if path.path.startswith("/backend/"):
            return failure(404, "Unknown endpoint: use create_order or get_order.")
        return failure(404, "Nothing here; the API is under /backend/.")

    def _pay_page(self, token: str, request: Request) -> Reply | None:
        language = choose_language(request.accept_language)
        if request.method in ("GET", "HEAD"):
            return self._with_faults("pay_page", lambda: self._pages.show(token, language))
        if request.method == "POST":
            return self._with_faults(
                "pay_page",
                lambda: self._pages.decide(token, request.body, request.content_type, language),
            )
        return self._pages.error(405, "Method not allowed", "Use GET or POST.")

    def _with_faults(self, endpoint: str, process: Callable[[], Reply]) -> Reply | None:
        fault = self._faults.take(endpoint)  # taken on arrival, so injection order holds
        if endpoint != "pay_page":
            latency = self._faults.draw_latency()
            if latency > 0 and self._stopping.wait(latency):
                return None  # stopping: do not start work the caller will never see
        if fault is None:
            return process()
        if fault is Fault.STALL:
            self._stopping.wait(self._stall_seconds)
            return None
        if fault is Fault.TIMEOUT:
            if not self._stopping.wait(self._stall_seconds):
                process()  # the work is done; the client stopped listening long ago
            return None
        if fault is Fault.DROP_AFTER_PROCESSING:
            process()
            return None
        if fault is Fault.TRUNCATED_JSON:
            return truncated(process())
        if fault is Fault.LINK_ELSEWHERE:
            return link_elsewhere(process())
        if fault in (Fault.TRICKLE, Fault.TRICKLE_BODY):
            return dataclasses.replace(
                process(),
                trickle_seconds=self._trickle_seconds,
                trickle_head=fault is Fault.TRICKLE,
            )
        return canned_reply(fault, endpoint)
