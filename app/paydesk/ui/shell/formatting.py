"""Money and times as the window's language writes them (``1 234,50 ₽``, ``1,234.50 ₽``).

The words come from Qt's translation; the writing of amounts and dates from
paydesk.domain.writing, as the command line and the printed report write them,
chosen by the locale's language (Russian, else English; a C/POSIX locale is English).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale

from paydesk.domain.writing import (
    WRITING,
    Language,
    day_text,
    language_of,
    moment_text,
    money_text,
    round_money_text,
)

if TYPE_CHECKING:
    from datetime import date, datetime


def tr(text: str) -> str:
    return QCoreApplication.translate("PayDesk", text)


def money(kopecks: int, locale: QLocale | None = None) -> str:
    """Kopecks as the window's language writes rubles; integer arithmetic, never a float."""
    return money_text(kopecks, writing_language(locale))


def round_money(kopecks: int, locale: QLocale | None = None) -> str:
    """A round sum as the window writes money (``1,500,000 ₽``), kopecks only if it has some."""
    return round_money_text(kopecks, writing_language(locale))


def writing_language(locale: QLocale | None = None) -> Language:
    """Russian or English writing, from the locale's language (the window's by default)."""
    return language_of((locale or QLocale()).name())


def date_field_format(locale: QLocale | None = None) -> str:
    """The display format of a date field (QDateEdit) in that writing."""
    return WRITING[writing_language(locale)].qt_date


def local_time(moment: datetime | None, *, with_date: bool = True,
               locale: QLocale | None = None) -> str:
    """A moment in this computer's time zone: ``24.11.2026 14:05`` (``2026-11-24 14:05``
    in English), or its time alone to the second."""
    if moment is None:
        return ""
    if with_date:
        return moment_text(moment, writing_language(locale))
    return moment.astimezone().strftime("%H:%M:%S")


def local_day(day: date, locale: QLocale | None = None) -> str:
    return day_text(day, writing_language(locale))


def capitalized(words: str) -> str:
    """``words`` with a capital first letter: Russian writes weekdays in lower case."""
    return words[:1].upper() + words[1:]


def countdown(seconds: int) -> str:
    seconds = max(0, seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"
