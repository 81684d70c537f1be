"""How PayDesk writes amounts and dates for people: the Russian way or the English way.

One module for every place a person reads them, so the window, the command
line and the printed report never disagree: ``1 234,50 ₽`` and ``24.11.2026``
in Russian, ``1,234.50 ₽`` and ``2026-11-24`` (ISO, which any English reader
and a C/POSIX locale take) in English. Integer kopecks in, never a float.
Machine formats (CSV for spreadsheets, JSON) are chosen where they are written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # the window's first frame writes amounts before it loads datetime
    from datetime import date, datetime

Language = Literal["ru", "en"]

RUBLE = "\u00a0₽"


@dataclass(frozen=True, slots=True)
class Writing:
    group: str  # between thousands
    decimal: str
    date: str  # strftime pattern for a day
    qt_date: str  # the same for Qt's date fields (QDateEdit.setDisplayFormat)


WRITING: dict[Language, Writing] = {
    "ru": Writing(group="\u00a0", decimal=",", date="%d.%m.%Y", qt_date="dd.MM.yyyy"),
    "en": Writing(group=",", decimal=".", date="%Y-%m-%d", qt_date="yyyy-MM-dd"),
}


def language_of(code: str | None) -> Language:
    """``ru``, ``ru_RU.UTF-8``, ``ru-RU`` -> ``ru``; anything else (``C``, ``POSIX``,
    ``en_GB``, ``de``, nothing) -> ``en``."""
    return "ru" if (code or "").lower().replace("-", "_").split("_")[0] == "ru" else "en"


def language_of_environment(environ: Mapping[str, str]) -> Language:
    """The system's language as Unix programs read it (and Qt too): LC_ALL, then
    LC_MESSAGES, then LANG, the first one set; none, C or POSIX is English."""
    locale = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG")
                   if environ.get(name)), "")
    return language_of(locale)


def language_in_force(setting: str, system: Language) -> Language:
    """The language PayDesk reads and writes amounts in, the window and the command line
    alike: the ``language`` setting's ("ru", "en"), or the system's for "system" (and for
    a value it does not know)."""
    return _LANGUAGES.get(setting, system)


_LANGUAGES: dict[str, Language] = {"ru": "ru", "en": "en"}


def amount_text(kopecks: int, language: Language) -> str:
    """``123450`` -> ``1 234,50`` or ``1,234.50`` (no currency sign)."""
    style = WRITING[language]
    sign = "-" if kopecks < 0 else ""
    rubles, kop = divmod(abs(kopecks), 100)
    return f"{sign}{rubles:,}".replace(",", style.group) + f"{style.decimal}{kop:02d}"


def money_text(kopecks: int, language: Language) -> str:
    """``123450`` -> ``1 234,50 ₽`` or ``1,234.50 ₽``."""
    return amount_text(kopecks, language) + RUBLE


def round_money_text(kopecks: int, language: Language) -> str:
    """A round sum (a chart's axis): ``1 500 000 ₽`` or ``1,500,000 ₽``, written with
    its kopecks only when it has some."""
    if kopecks % 100:
        return money_text(kopecks, language)
    return amount_text(kopecks, language).rpartition(WRITING[language].decimal)[0] + RUBLE


def day_text(day: date, language: Language) -> str:
    return day.strftime(WRITING[language].date)


def moment_text(moment: datetime | None, language: Language, *, seconds: bool = False) -> str:
    """A moment in this computer's time zone: its day and time, ``""`` for none."""
    if moment is None:
        return ""
    local = moment.astimezone()
    clock = local.strftime("%H:%M:%S" if seconds else "%H:%M")
    return f"{day_text(local.date(), language)} {clock}"
