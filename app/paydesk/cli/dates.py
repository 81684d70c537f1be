"""Dates typed on the command line, in the merchant's local time."""

from __future__ import annotations

import argparse
from datetime import UTC, date, datetime, timedelta


def parse_local_date(text: str) -> datetime:
    """``2026-11-21``, ``today`` or ``yesterday`` -> that local midnight, as UTC."""
    word = text.strip().lower()
    today = date.today()
    if word == "today":
        day = today
    elif word == "yesterday":
        day = today - timedelta(days=1)
    else:
        try:
            day = date.fromisoformat(word)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a date; write it as YYYY-MM-DD, 'today' or 'yesterday'."
            ) from None
    # astimezone() on a naive datetime applies the local rules for that very day (DST).
    return datetime(day.year, day.month, day.day).astimezone().astimezone(UTC)


def next_day(moment: datetime) -> datetime:
    """The local midnight after ``moment`` (for an inclusive --until DATE)."""
    local = moment.astimezone()
    following = (local.replace(tzinfo=None) + timedelta(days=1)).date()
    return datetime(following.year, following.month, following.day).astimezone().astimezone(UTC)


def local_text(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S") if moment is not None else ""
