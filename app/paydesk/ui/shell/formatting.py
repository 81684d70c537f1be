"""Money and times the local way, through QLocale (``1 234,50 ₽``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale, QTimeZone

if TYPE_CHECKING:
    from datetime import datetime


def tr(text: str) -> str:
    return QCoreApplication.translate("PayDesk", text)


def money(kopecks: int, locale: QLocale | None = None) -> str:
    """Kopecks as the locale writes rubles; integer arithmetic, never a float."""
    locale = locale or QLocale()
    rubles, kop = divmod(abs(kopecks), 100)
    sign = "-" if kopecks < 0 else ""
    whole = locale.toString(rubles)  # grouping as the locale does it
    return f"{sign}{whole}{locale.decimalPoint()}{kop:02d}\u00a0₽"


def local_time(moment: datetime | None, *, with_date: bool = True,
               locale: QLocale | None = None) -> str:
    if moment is None:
        return ""
    locale = locale or QLocale()
    stamp = QDateTime.fromMSecsSinceEpoch(_to_ms()(moment), QTimeZone.systemTimeZone())
    fmt = locale.dateTimeFormat(QLocale.FormatType.ShortFormat) if with_date else "HH:mm:ss"
    return locale.toString(stamp, fmt)


@functools.cache
def _to_ms() -> Callable[[datetime], int]:
    """paydesk.domain.clock's to_ms, imported with the first time shown: the window's
    first frame shows none, and the clock brings datetime. Cached: the orders
    list asks for times cell by cell."""
    from paydesk.domain.clock import to_ms

    return to_ms


def capitalized(words: str) -> str:
    """``words`` with a capital first letter: Russian writes weekdays in lower case."""
    return words[:1].upper() + words[1:]


def countdown(seconds: int) -> str:
    seconds = max(0, seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"
