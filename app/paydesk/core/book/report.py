"""The owner's end-of-day report: what was paid, what is still open, hour by hour.

Qt-free, so the window, its PDF, the printer and ``paydesk report`` show the
same numbers. The day boundaries and hour buckets are computed here, in the
merchant's local time (a DST day has 23 or 25 hours); the counting and the
kopeck sums happen in SQL (:mod:`paydesk.store.reporting`).

Paid orders count on the day they were *paid*: a coffee ordered at 23:58 and
paid at 00:01 is the new day's takings. Everything else (waiting, refused,
expired, never sent) counts on the day the order was *created*, since that is
the only time such an order has.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo

from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase
from paydesk.store import OrderStore
from paydesk.store.reporting import Tally

__all__ = ["LINES", "DayReport", "HourTakings", "Tally", "day_bounds", "local_midnight"]

#: The report's lines in the order they are shown: the :class:`DayReport` field,
#: and the phase whose orders it counts, which gives it its words in each look.
#: An open order counts as pending however long it has waited (checking, or no
#: longer checked); one with a status PayDesk does not know, only as created.
LINES: tuple[tuple[str, OrderPhase], ...] = (
    ("paid", OrderPhase.PAID),
    ("pending", OrderPhase.PENDING),
    ("refused", OrderPhase.REFUSED),
    ("expired", OrderPhase.EXPIRED),
    ("unsent", OrderPhase.NOT_SENT),
    ("abandoned", OrderPhase.ABANDONED),
)

_HOUR = timedelta(hours=1)
_MS = timedelta(milliseconds=1)


@dataclass(frozen=True, slots=True)
class HourTakings:
    """Payments in one bucket, by paid time: an hour of a day, or a day of a range.

    ``start`` and ``end`` are aware datetimes in the report's local time zone,
    so ``start.hour`` is the hour on the shop's clock.
    """

    start: datetime
    end: datetime
    count: int
    amount: int


@dataclass(frozen=True, slots=True)
class DayReport:
    """Counts and integer-kopeck sums for a local day (or a range of days).

    ``since``/``until`` are the half-open UTC bounds asked for; ``first_day``
    and ``last_day`` the local calendar days they cover. ``hourly`` holds one
    bucket per hour from the first paid hour to the last (quiet hours between
    them as zeros) for a single day, or one per day for a range (every day of
    it: a day without takings is worth seeing in a week).
    """

    client_id: int | None
    since: datetime
    until: datetime
    first_day: date
    last_day: date
    generated_at: datetime
    paid: Tally
    created: Tally
    pending: Tally
    refused: Tally
    expired: Tally
    unsent: Tally
    abandoned: Tally
    hourly: tuple[HourTakings, ...]
    #: How many of the payments PayDesk saw more than a minute after they could
    #: have been made: their hour is approximate (the service does not say when).
    paid_approximate: int = 0
    #: The till whose orders it counts; None: every till's (the whole shop).
    till: str | None = None

    @classmethod
    def build(
        cls,
        store: OrderStore,
        client_id: int | None,
        since: datetime,
        until: datetime,
        *,
        tz: tzinfo | None = None,
        clock: Clock = utc_now,
        till: str | None = None,
    ) -> DayReport:
        """Ask the store for the report of ``[since, until)``, of one till's orders or
        (``till`` None) of every till's.

        ``tz`` is the shop's time zone for the hour buckets (None: this
        computer's). Two aggregate queries over the time indexes, whatever
        the size of the book: the buckets cover the range exactly, so their
        sum is what was paid in it.
        """
        if since.tzinfo is None or until.tzinfo is None:
            raise ValueError("the report's bounds must be aware datetimes")
        if until <= since:
            raise ValueError("the report's range is empty: until must be after since")
        queries = store.reporting()
        first_day = since.astimezone(tz).date()
        last_day = (until - _MS).astimezone(tz).date()
        by_day = first_day != last_day
        bounds = _day_bounds(since, until, tz) if by_day else _hour_bounds(since, until, tz)
        tallies = queries.paid_in_buckets(client_id, bounds, till)
        buckets = [
            HourTakings(start.astimezone(tz), end.astimezone(tz), tally.count, tally.amount)
            for (start, end), tally in zip(bounds, tallies, strict=True)
        ]
        created = queries.created(client_id, since, until, till)
        return cls(
            client_id=client_id,
            since=since.astimezone(UTC),
            until=until.astimezone(UTC),
            first_day=first_day,
            last_day=last_day,
            generated_at=clock(),
            paid=Tally(sum(t.count for t in tallies), sum(t.amount for t in tallies)),
            created=created.created,
            pending=created.pending,
            refused=created.refused,
            expired=created.expired,
            unsent=created.unsent,
            abandoned=created.abandoned,
            hourly=tuple(buckets if by_day else _trimmed(buckets)),
            paid_approximate=queries.paid_at_approximate_times(client_id, since, until, till),
            till=till,
        )

    @property
    def by_day(self) -> bool:
        """True when ``hourly`` holds days (a range), False when it holds hours."""
        return self.first_day != self.last_day

    @property
    def peak(self) -> HourTakings | None:
        """The bucket that took the most money (the earliest of equals); None if none did."""
        busy = [bucket for bucket in self.hourly if bucket.amount > 0]
        return max(busy, key=lambda bucket: bucket.amount) if busy else None

    def orders(self, store: OrderStore) -> list[Order]:
        """The orders this report counts (created or paid in its range), for a CSV export."""
        return store.reporting().orders(self.client_id, self.since, self.until, self.till)


def local_midnight(day: date, tz: tzinfo | None = None) -> datetime:
    """The start of ``day`` on the shop's clock, as an aware UTC datetime."""
    if tz is None:
        # astimezone() on a naive datetime applies this computer's rules for that day.
        return datetime(day.year, day.month, day.day).astimezone().astimezone(UTC)
    return datetime(day.year, day.month, day.day, tzinfo=tz).astimezone(UTC)


def day_bounds(
    first: date, last: date | None = None, tz: tzinfo | None = None
) -> tuple[datetime, datetime]:
    """Half-open UTC bounds of the local days ``first`` to ``last`` inclusive."""
    last = first if last is None else last
    if last < first:
        raise ValueError("the last day comes before the first")
    return local_midnight(first, tz), local_midnight(last + timedelta(days=1), tz)


def _hour_bounds(
    since: datetime, until: datetime, tz: tzinfo | None
) -> list[tuple[datetime, datetime]]:
    """One bucket per local clock hour (so a half-hour time zone still gets 9:00-10:00)."""
    bounds = []
    start = since
    while start < until:
        hour = start.astimezone(tz).replace(minute=0, second=0, microsecond=0)
        end = min(hour.astimezone(UTC) + _HOUR, until)
        bounds.append((start, end))
        start = end
    return bounds


def _day_bounds(
    since: datetime, until: datetime, tz: tzinfo | None
) -> list[tuple[datetime, datetime]]:
    bounds = []
    start = since
    day = since.astimezone(tz).date()
    while start < until:
        day += timedelta(days=1)
        end = min(local_midnight(day, tz), until)
        bounds.append((start, end))
        start = end
    return bounds


def _trimmed(buckets: list[HourTakings]) -> list[HourTakings]:
    """From the first hour with payments to the last: the shop's day, without the night."""
    busy = [index for index, bucket in enumerate(buckets) if bucket.count]
    return buckets[busy[0] : busy[-1] + 1] if busy else []
