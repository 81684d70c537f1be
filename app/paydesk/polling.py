"""When to ask the service about an order next: plain, clock-free arithmetic.

The service never tells us anything by itself, so this decides how fresh each
status is. The order in front of the cashier is checked every couple of
seconds; every other pending order backs off geometrically (each wait is a
quarter of the order's age, between ``backoff_start`` and ``backoff_max``), so a
buyer paying a minute late is still noticed quickly while a forgotten order
costs almost nothing. Final orders are never checked again; a pending order past
its lifetime gets one last check a little after it should have expired, and then
no more.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from paydesk.orders import CreationState, Order
from paydesk.settings import Settings


@dataclass(frozen=True, slots=True)
class PollingPolicy:
    focus_interval: timedelta = timedelta(seconds=2)
    backoff_start: timedelta = timedelta(seconds=5)
    backoff_max: timedelta = timedelta(minutes=5)
    #: Each background wait is this share of the order's age.
    backoff_share: float = 0.25
    order_lifetime: timedelta = timedelta(minutes=15)
    #: How long after the expected expiry the last check happens (clocks differ).
    expiry_grace: timedelta = timedelta(seconds=30)
    #: How long past that an order whose checks keep failing is still retried.
    failure_retry_limit: timedelta = timedelta(hours=24)

    @classmethod
    def from_settings(cls, settings: Settings) -> PollingPolicy:
        return cls(
            focus_interval=timedelta(seconds=settings.focus_interval_seconds),
            backoff_start=timedelta(seconds=settings.backoff_start_seconds),
            backoff_max=timedelta(seconds=settings.backoff_max_seconds),
            order_lifetime=timedelta(seconds=settings.order_lifetime_seconds),
        )

    def expires_at(self, order: Order) -> datetime:
        """When the order should expire at the service, as far as we can tell."""
        return order.created_at + self.order_lifetime

    def last_check_at(self, order: Order) -> datetime:
        return self.expires_at(order) + self.expiry_grace

    def interval(self, order: Order, now: datetime, *, focused: bool) -> timedelta:
        if focused:
            return self.focus_interval
        age = max(now - order.created_at, timedelta(0))
        return min(max(age * self.backoff_share, self.backoff_start), self.backoff_max)

    def next_check(
        self,
        order: Order,
        now: datetime,
        *,
        focused: bool = False,
        not_before: datetime | None = None,
    ) -> datetime | None:
        """When to check ``order`` next after a check at ``now``; None means never.

        ``not_before`` is a floor the service asked for (a 429's Retry-After).
        """
        if order.creation is not CreationState.CONFIRMED or order.status.is_final:
            return None
        last = self.last_check_at(order)
        if now >= last:
            return None  # that was the last check past the order's lifetime
        when = min(now + self.interval(order, now, focused=focused), last)
        if not_before is not None:
            when = max(when, not_before)
        return when

    def next_check_after_failure(
        self,
        order: Order,
        now: datetime,
        *,
        focused: bool = False,
        not_before: datetime | None = None,
    ) -> datetime | None:
        """When to try again after a check that failed (network, service fault).

        The status is still unknown, so the lifetime's last-check cut-off does
        not apply: a buyer who paid in the last minute must still be seen as
        paid when the network comes back. Retried with the usual backoff, for a
        day past the lifetime at most.
        """
        if order.creation is not CreationState.CONFIRMED or order.status.is_final:
            return None
        if now >= self.last_check_at(order) + self.failure_retry_limit:
            return None
        when = now + self.interval(order, now, focused=focused)
        return max(when, not_before) if not_before is not None else when
