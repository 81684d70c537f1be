"""Fault injection: the ways a real payment service and network let a client down.

Scripted faults (``inject``) are taken first, in the order they were injected;
otherwise ``fail_rate`` picks a random 500 or 503, ``timeout_rate`` a random
STALL or TIMEOUT and ``trickle_rate`` a random TRICKLE or TRICKLE_BODY. Only
``/backend`` requests are hit unless a fault names the ``pay_page`` endpoint, so
a person paying on a phone in demo mode does not eat the faults a test meant for
the app's API calls. Every fault handed out is counted
(:meth:`FaultInjector.injected`), so a soak test can say how many it met.
"""

from __future__ import annotations

import enum
import json
import random
import threading
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlsplit

from paydesk.sandbox.config import check_fail_rate, check_latency_ms, check_rates
from paydesk.sandbox.replies import HTML_TYPE, Reply, failure, json_reply

BACKEND_ENDPOINTS = frozenset({"create_order", "get_order"})
ENDPOINTS = BACKEND_ENDPOINTS | {"pay_page"}


class Fault(enum.Enum):
    SERVER_ERROR = "server_error"  # 500 JSON failure
    UNAVAILABLE = "unavailable"  # 503 JSON failure
    RATE_LIMITED = "rate_limited"  # 429 JSON failure with Retry-After: 1
    HTML_ERROR = "html_error"  # 502 with an HTML page, as a proxy in front would send
    TRUNCATED_JSON = "truncated_json"  # processed for real, reply cut in half
    WRONG_TYPES = "wrong_types"  # 200 JSON whose fields have the wrong types
    REFUSED_WITH_200 = "refused_with_200"  # 200 with status false, as the real service does
    STALL = "stall"  # no answer until stop() or stall_seconds: the client's read timeout fires
    DROP_AFTER_PROCESSING = "drop_after_processing"  # processed, then the reply is lost
    # Held for stall_seconds (past the client's read timeout), then carried out with
    # nobody left to hear the answer: a slow service the client gave up on.
    TIMEOUT = "timeout"
    # Carried out, then the whole reply (status line, headers, body) sent a byte at a
    # time, trickle_ms apart: each byte beats the client's read timeout, the reply
    # never its patience. TRICKLE_BODY sends the head at once and trickles the body.
    TRICKLE = "trickle"
    TRICKLE_BODY = "trickle_body"
    # Carried out, then answered with the order's payment link moved to another
    # computer over plain http (LINK_ELSEWHERE): a service on this computer handing out
    # a link the buyer's phone would open wherever that name leads.
    LINK_ELSEWHERE = "link_elsewhere"

    @property
    def processes_request(self) -> bool:
        """True when the request is carried out before the reply goes wrong."""
        return self in (
            Fault.TRUNCATED_JSON,
            Fault.DROP_AFTER_PROCESSING,
            Fault.TIMEOUT,
            Fault.TRICKLE,
            Fault.TRICKLE_BODY,
            Fault.LINK_ELSEWHERE,
        )


def check_endpoint(endpoint: str | None) -> str | None:
    if endpoint is not None and endpoint not in ENDPOINTS:
        raise ValueError(f"unknown endpoint {endpoint!r}; use one of {sorted(ENDPOINTS)}")
    return endpoint


_HTML_ERROR_PAGE = (
    "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n"
    "<body><h1>502 Bad Gateway</h1><hr><p>nginx</p></body></html>\n"
)


def canned_reply(fault: Fault, endpoint: str) -> Reply:
    """The reply for a fault that answers without processing the request."""
    if fault is Fault.SERVER_ERROR:
        return failure(500, "Internal server error (injected by the sandbox).")
    if fault is Fault.UNAVAILABLE:
        return failure(503, "The service is temporarily unavailable (injected by the sandbox).")
    if fault is Fault.RATE_LIMITED:
        return failure(429, "Too many requests (injected by the sandbox).", (("Retry-After", "1"),))
    if fault is Fault.HTML_ERROR:
        return Reply(502, _HTML_ERROR_PAGE.encode("utf-8"), HTML_TYPE)
    if fault is Fault.WRONG_TYPES:
        field = "url" if endpoint == "create_order" else "order_status"
        return json_reply(200, {"status": "true", field: 5})
    if fault is Fault.REFUSED_WITH_200:
        return failure(200, "Service refused the request")
    raise ValueError(f"{fault} has no canned reply")


#: Where a LINK_ELSEWHERE fault moves a payment link: plain http, off this computer.
ELSEWHERE = "http://evil.example"


def link_elsewhere(reply: Reply) -> Reply:
    """``reply`` with its ``url`` (a create_order success's) moved to :data:`ELSEWHERE`,
    its path kept; any other reply as it is."""
    try:
        payload = json.loads(reply.body)
    except ValueError:
        return reply
    url = payload.get("url") if isinstance(payload, dict) else None
    if not isinstance(url, str):
        return reply
    payload["url"] = ELSEWHERE + urlsplit(url).path
    return json_reply(reply.status, payload)


def truncated(reply: Reply) -> Reply:
    """``reply`` with its body cut in half; Content-Length will match the cut body."""
    half = reply.body[: len(reply.body) // 2]
    return Reply(reply.status, half, reply.content_type, reply.headers)


@dataclass(slots=True)
class _Scripted:
    fault: Fault
    remaining: int
    endpoint: str | None

    def matches(self, endpoint: str) -> bool:
        if self.endpoint is None:
            return endpoint in BACKEND_ENDPOINTS
        return self.endpoint == endpoint


class FaultInjector:
    """The live switches (latency, fail and timeout rates) and the queue of scripted faults."""

    def __init__(
        self,
        *,
        latency_ms: int = 0,
        fail_rate: float = 0.0,
        latency_jitter_ms: int = 0,
        timeout_rate: float = 0.0,
        trickle_rate: float = 0.0,
        seed: int | None = None,
    ) -> None:
        self._lock = threading.Lock()
        self._latency_ms = check_latency_ms(latency_ms)
        self._jitter_ms = check_latency_ms(latency_jitter_ms)
        check_rates(fail_rate, timeout_rate, trickle_rate)
        self._fail_rate = float(fail_rate)
        self._timeout_rate = float(timeout_rate)
        self._trickle_rate = float(trickle_rate)
        self._scripted: list[_Scripted] = []
        self._injected: Counter[str] = Counter()
        # Simulated failures need no cryptographic randomness.
        self._random = random.Random(seed)  # noqa: S311

    def draw_latency(self) -> float:
        """Seconds to hold this request: the latency plus a random share of the jitter."""
        with self._lock:
            jitter = self._random.uniform(0, self._jitter_ms) if self._jitter_ms else 0.0
            return (self._latency_ms + jitter) / 1000

    def set_latency(self, ms: int, jitter_ms: int | None = None) -> None:
        check_latency_ms(ms)
        if jitter_ms is not None:
            check_latency_ms(jitter_ms)
        with self._lock:
            self._latency_ms = ms
            if jitter_ms is not None:
                self._jitter_ms = jitter_ms

    def set_fail_rate(self, p: float) -> None:
        value = check_fail_rate(p)
        with self._lock:
            check_rates(value, self._timeout_rate, self._trickle_rate)
            self._fail_rate = value

    def set_timeout_rate(self, p: float) -> None:
        value = check_fail_rate(p, "timeout rate")
        with self._lock:
            check_rates(self._fail_rate, value, self._trickle_rate)
            self._timeout_rate = value

    def set_trickle_rate(self, p: float) -> None:
        value = check_fail_rate(p, "trickle rate")
        with self._lock:
            check_rates(self._fail_rate, self._timeout_rate, value)
            self._trickle_rate = value

    def injected(self) -> dict[str, int]:
        """How many times each fault was handed out so far (scripted and random)."""
        with self._lock:
            return dict(self._injected)

    def inject(self, fault: Fault, times: int = 1, endpoint: str | None = None) -> None:
        if not isinstance(fault, Fault):
            raise TypeError(f"expected a Fault, not {fault!r}")
        if isinstance(times, bool) or not isinstance(times, int) or times < 1:
            raise ValueError(f"times must be a positive integer, not {times!r}")
        check_endpoint(endpoint)
        with self._lock:
            self._scripted.append(_Scripted(fault, times, endpoint))

    def clear(self) -> None:
        """Drop every scripted fault not yet used."""
        with self._lock:
            self._scripted.clear()

    def take(self, endpoint: str) -> Fault | None:
        """The fault for this request, if any (scripted first, then the random rates)."""
        with self._lock:
            fault = self._draw(endpoint)
            if fault is not None:
                self._injected[fault.value] += 1
            return fault

    def _draw(self, endpoint: str) -> Fault | None:
        for index, scripted in enumerate(self._scripted):
            if scripted.matches(endpoint):
                scripted.remaining -= 1
                if scripted.remaining == 0:
                    del self._scripted[index]
                return scripted.fault
        if endpoint not in BACKEND_ENDPOINTS:
            return None
        roll = self._random.random()
        if roll < self._fail_rate:
            return self._random.choice((Fault.SERVER_ERROR, Fault.UNAVAILABLE))
        if roll < self._fail_rate + self._timeout_rate:
            return self._random.choice((Fault.STALL, Fault.TIMEOUT))
        if roll < self._fail_rate + self._timeout_rate + self._trickle_rate:
            return self._random.choice((Fault.TRICKLE, Fault.TRICKLE_BODY))
        return None
