"""When to ask the service about an order next: plain, clock-free arithmetic.

The service never tells us anything by itself, so this decides how fresh each
status is. The order in front of the cashier is checked every couple of
seconds; every other pending order backs off geometrically (each wait is a
quarter of the order's age, between ``backoff_start`` and ``backoff_max``), so a
buyer paying a minute late is still noticed quickly while a forgotten order
costs almost nothing.

An order is watched until the service says it is final. Its lifetime is only
our estimate (counted from the service's confirmation, since a resend may come
long after the order was written): around it the order gets a prompt check, and
past it the checks go on at the backed-off pace. Only ``watch_limit`` after the
estimate do they stop; the order is then shown as "status unknown — check",
never as waiting, and every start of PayDesk checks it again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from paydesk.core.settings.values import Settings
from paydesk.domain.orders import CreationState, Order

#: The longest Retry-After we honour, in seconds.
MAX_RETRY_AFTER = 3600.0


@dataclass(frozen=True, slots=True)
class PollingPolicy:
    focus_interval: timedelta = timedelta(seconds=2)
    backoff_start: timedelta = timedelta(seconds=5)
    backoff_max: timedelta = timedelta(minutes=5)
    #: Each background wait is this share of the order's age.
    backoff_share: float = 0.25
    order_lifetime: timedelta = timedelta(minutes=15)
    #: How long after the expected expiry the prompt check happens (clocks differ).
    expiry_grace: timedelta = timedelta(seconds=30)
    #: How long past the expected expiry an open order is still checked by itself.
    watch_limit: timedelta = timedelta(hours=24)

    @classmethod
    def from_settings(cls, settings: Settings) -> PollingPolicy:
        return cls().with_settings(settings)

    def with_settings(self, settings: Settings) -> PollingPolicy:
        """This policy with the values the settings set (the rest kept)."""
        return replace(
            self,
            focus_interval=timedelta(seconds=settings.focus_interval_seconds),
            backoff_start=timedelta(seconds=settings.backoff_start_seconds),
            backoff_max=timedelta(seconds=settings.backoff_max_seconds),
            order_lifetime=timedelta(seconds=settings.order_lifetime_seconds),
        )

    @staticmethod
    def live_since(order: Order) -> datetime:
        """When the order became payable, as recorded: the service's confirmation (the
        local creation for an order not confirmed yet)."""
        return order.confirmed_at or order.created_at

    def expires_at(self, order: Order, *, live_since: datetime | None = None) -> datetime:
        """When the order should expire at the service: from ``live_since`` (on another
        clock, core/watch/desk.py), else as the records tell."""
        since = self.live_since(order) if live_since is None else live_since
        return since + self.order_lifetime

    def watched_until(self, order: Order, *, live_since: datetime | None = None) -> datetime:
        """After this an open order is no longer checked by itself (``live_since``: as
        for :meth:`expires_at`)."""
        return self.expires_at(order, live_since=live_since) + self.watch_limit

    @property
    def longest_wait(self) -> timedelta:
        """The longest wait :meth:`next_check` can give: a check scheduled further
        away than this was scheduled on another clock (another process's, or before
        the computer's clock was corrected), and is due."""
        return max(self.focus_interval, self.backoff_max,
                   timedelta(seconds=MAX_RETRY_AFTER))

    def interval(self, order: Order, now: datetime, *, focused: bool,
                 live_since: datetime | None = None) -> timedelta:
        if focused:
            return self.focus_interval
        since = self.live_since(order) if live_since is None else live_since
        age = max(now - since, timedelta(0))
        return min(max(age * self.backoff_share, self.backoff_start), self.backoff_max)

    def next_check(
        self,
        order: Order,
        now: datetime,
        *,
        focused: bool = False,
        not_before: datetime | None = None,
        live_since: datetime | None = None,
    ) -> datetime | None:
        """When to check ``order`` next after a check at ``now`` (whether it
        answered or failed); None means not by itself any more.

        ``not_before`` is a floor the service asked for (a 429's Retry-After).
        ``live_since``: when the order became payable on ``now``'s clock (the steady
        one, core/watch/desk.py), if not the record's.
        """
        if order.creation is not CreationState.CONFIRMED or order.status.is_final:
            return None
        if now >= self.watched_until(order, live_since=live_since):
            return None  # "status unknown — check": shown so, and checked at the next start
        when = now + self.interval(order, now, focused=focused, live_since=live_since)
        prompt = self.expires_at(order, live_since=live_since) + self.expiry_grace
        if now < prompt:
            when = min(when, prompt)  # see the expiry soon after it should happen
        if not_before is not None:
            when = max(when, not_before)
        return when
