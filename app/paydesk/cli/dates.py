"""Dates typed on the command line, in the merchant's local time."""

from __future__ import annotations

import argparse
from datetime import date, datetime, timedelta

from paydesk.core.report import local_midnight


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
    return local_midnight(day)


def next_day(moment: datetime) -> datetime:
    """The local midnight after ``moment`` (for an inclusive --until DATE)."""
    return local_midnight(moment.astimezone().date() + timedelta(days=1))


def local_text(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S") if moment is not None else ""
