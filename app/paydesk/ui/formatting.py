"""Money and times the local way, through QLocale (``1 234,50 ₽``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale

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
    # Here, not at the top: the window's first frame shows no time (datetime
    # and these classes' enums are ~2 ms of its start, tests/perf/bench.py).
    from PySide6.QtCore import QDateTime, QTimeZone

    from paydesk.clock import to_ms

    locale = locale or QLocale()
    stamp = QDateTime.fromMSecsSinceEpoch(to_ms(moment), QTimeZone.systemTimeZone())
    fmt = locale.dateTimeFormat(QLocale.FormatType.ShortFormat) if with_date else "HH:mm:ss"
    return locale.toString(stamp, fmt)


def countdown(seconds: int) -> str:
    seconds = max(0, seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"
