"""Order ids that sort by time and do not collide.

``20261121-153012847-K3QX9A``: the UTC date, the time to the millisecond, and
30 random bits. The random part keeps two counters sharing one client_id (or a
restarted app whose clock stepped back) from producing the same id; within one
millisecond one generator counts up from its random start, as ULIDs do, so its
ids stay strictly increasing. The store's unique index is the final guard.
"""

from __future__ import annotations

import os
import threading

from paydesk.domain.clock import Clock, utc_now

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32: no I, L, O, U
_TAG_LENGTH = 6
_TAG_SPACE = len(_ALPHABET) ** _TAG_LENGTH  # 2**30


def _encode(value: int) -> str:
    chars = []
    for _ in range(_TAG_LENGTH):
        value, digit = divmod(value, len(_ALPHABET))
        chars.append(_ALPHABET[digit])
    return "".join(reversed(chars))


class OrderIdGenerator:
    """Generates fresh order ids; the clock is injectable for tests."""

    def __init__(self, clock: Clock = utc_now) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._last_stamp = ""
        self._last_value = 0

    def new_id(self) -> str:
        with self._lock:
            now = self._clock()
            stamp = now.strftime("%Y%m%d-%H%M%S") + f"{now.microsecond // 1000:03d}"
            if stamp == self._last_stamp and self._last_value + 1 < _TAG_SPACE:
                value = self._last_value + 1
            else:
                value = _random_start()
            self._last_stamp, self._last_value = stamp, value
            return f"{stamp}-{_encode(value)}"


def _random_start() -> int:
    """29 random bits from the OS: half the tag space, leaving room to count up.

    ``os.urandom`` is what ``secrets`` uses, without the hashlib and OpenSSL
    that ``secrets`` loads for its other functions.
    """
    return int.from_bytes(os.urandom(4), "big") >> 3


#: What the window, the slip and the notices show of an order id.
SHORT_LENGTH = _TAG_LENGTH


def short_id(order_id: str) -> str:
    """The order id as a person reads it out: its last six characters, which in
    PayDesk's ids are the random tag (``20261121-153012847-K3QX9A`` -> ``K3QX9A``).
    An id from elsewhere that is short already stays whole. The search finds an
    order by it; the full id is in the tooltip, the order's details and exports."""
    return order_id if len(order_id) <= SHORT_LENGTH + 2 else order_id[-SHORT_LENGTH:]
