"""Dates typed on the command line, in the merchant's local time, and amounts and
moments written for the terminal (paydesk.domain.writing, as the window writes them)."""

from __future__ import annotations

import argparse
import os
from datetime import date, datetime, timedelta

from paydesk.core.book.report import local_midnight
from paydesk.domain.writing import (
    Language,
    amount_text,
    language_in_force,
    language_of_environment,
    moment_text,
    money_text,
)


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


class _LanguageSetting:
    """The data folder's ``language`` setting, told once a command has read its settings
    (paydesk/cli/main.py), as the window sets its QLocale once at start."""

    value = "system"


def follow_language_setting(setting: str) -> None:
    """Read and write amounts and dates in ``setting`` ("ru", "en") from now on, as the
    window does; "system" is the terminal's locale."""
    _LanguageSetting.value = setting


def terminal_language() -> Language:
    """The writing of amounts and dates in a terminal, and the reading of typed amounts:
    the ``language`` setting's, as in the window, else the locale's (as ``date`` and
    ``ls`` follow it)."""
    return language_in_force(_LanguageSetting.value, language_of_environment(os.environ))


def local_text(moment: datetime | None, language: Language | None = None) -> str:
    """A moment as the terminal's language (or ``language``) writes it, to the second."""
    return moment_text(moment, language or terminal_language(), seconds=True)


def rubles_text(kopecks: int, language: Language | None = None) -> str:
    """Kopecks as the terminal's language (or ``language``) writes rubles: ``1 234,50 ₽``,
    ``1,234.50 ₽`` (plain spaces: a terminal does not wrap, and a script can split on them)."""
    return money_text(kopecks, language or terminal_language()).replace("\u00a0", " ")


def amount_only(kopecks: int) -> str:
    """The same without the ruble sign (a table's column says it)."""
    return amount_text(kopecks, terminal_language()).replace("\u00a0", " ")
