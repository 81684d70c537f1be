"""Order ids that sort by time and do not collide.

``20261121-153012847-K3QX9A``: the UTC date, the time to the millisecond, and
30 random bits. The random part keeps two counters sharing one client_id (or a
restarted app whose clock stepped back) from ever producing the same id; the
store's unique index is the final guard.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from datetime import UTC, datetime

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32: no I, L, O, U


def _random_tag(length: int = 6) -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(length))


class OrderIdGenerator:
    """Generates fresh order ids; the clock is injectable for tests."""

    def __init__(self, clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._last = ""

    def new_id(self) -> str:
        with self._lock:
            now = self._clock().astimezone(UTC)
            stamp = now.strftime("%Y%m%d-%H%M%S") + f"{now.microsecond // 1000:03d}"
            order_id = f"{stamp}-{_random_tag()}"
            while order_id <= self._last and order_id[:18] == self._last[:18]:
                # Same millisecond: keep ids from one counter strictly increasing.
                order_id = f"{stamp}-{_random_tag()}"
            self._last = order_id
            return order_id
