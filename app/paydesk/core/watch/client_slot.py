"""The watch engine's payment client: made when first needed, and not asked for again
straight after it failed, unless a person asks.

Making it may read the keychain (which may ask to be unlocked) and the settings;
when it fails, the engine's ticks (four a second) would ask again at once and say
the same failure each time, so they wait :data:`CLIENT_RETRY_S` first. A person who
asks (a sale keyed, Retry pressed) is not kept waiting by that pause.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paydesk.gateway import GatewayClient

#: After the payment client could not be made, wait this long before trying again.
CLIENT_RETRY_S = 5.0


class ClientSlot:
    """Holds the client ``factory`` makes, and when it may be tried again."""

    def __init__(self, factory: Callable[[], GatewayClient],
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self._factory = factory
        self._monotonic = monotonic
        self._client: GatewayClient | None = None
        self._retry_at = 0.0

    def get(self, *, now: bool = False) -> tuple[GatewayClient | None, Exception | None]:
        """The client, and None; or None and the error a try made just now (None when
        no try was made: the last failed a moment ago). ``now``: try whatever the pause."""
        if self._client is None:
            if not now and self._monotonic() < self._retry_at:
                return None, None
            try:
                self._client = self._factory()
            except Exception as exc:  # not configured, no keychain, bad URL
                self._retry_at = self._monotonic() + CLIENT_RETRY_S
                return None, exc
        return self._client, None

    def allow_now(self) -> None:
        """The next ``get`` tries, whatever the pause (a person asked to try again)."""
        self._retry_at = 0.0

    def reset(self) -> None:
        """Settings changed: the next ``get`` asks the factory for a new client (its
        owner, the runtime, closes the old one)."""
        self._client = None
        self._retry_at = 0.0
