"""How a CSV file is written so the accountant's spreadsheet opens it right.

A spreadsheet guesses a CSV's layout from the computer's locale. In a Russian
locale Excel and LibreOffice split fields on ``;`` and read ``1234,50`` as a
number, because ``,`` is the decimal separator there; in an English one they
expect ``,`` and ``1234.50``. Both need the UTF-8 byte order mark to read
Cyrillic notes, and both parse ``2026-11-21 09:15:00`` as a date and time,
which an ISO stamp with a ``T`` and an offset is not.

Amounts are written from integer kopecks by integer arithmetic, never a float.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from datetime import datetime, tzinfo
from pathlib import Path
from typing import IO, TYPE_CHECKING

from paydesk.domain.money import format_rubles

if TYPE_CHECKING:
    from _csv import Reader, Writer

__all__ = ["CsvFormat", "defuse"]

#: What a spreadsheet runs as a formula when a cell starts with it.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True, slots=True)
class CsvFormat:
    """Delimiter, decimal separator, encoding, line ending, header and time style.

    ``CsvFormat()`` is the form PayDesk has always written, for programs: ``,``,
    ``1234.50`` and ISO 8601 UTC times with their offset. :meth:`for_language`
    gives the forms for people's spreadsheets, with local wall-clock times.
    ``tz`` is the time zone of those local times (None: this computer's).
    """

    delimiter: str = ","
    decimal_separator: str = "."
    encoding: str = "utf-8-sig"
    line_ending: str = "\r\n"
    header: bool = True
    local_times: bool = False
    tz: tzinfo | None = None

    def __post_init__(self) -> None:
        if len(self.delimiter) != 1 or self.delimiter in "\"\r\n0123456789":
            raise ValueError(f"{self.delimiter!r} cannot separate CSV fields")
        if self.decimal_separator == self.delimiter:
            raise ValueError("the decimal separator cannot also be the field delimiter")

    @classmethod
    def for_language(cls, language: str) -> CsvFormat:
        """The spreadsheet form for ``"ru"`` or ``"en"`` (``"ru_RU"``, ``"en-GB"`` too)."""
        code = language.strip().lower().replace("-", "_").split("_")[0]
        if code == "ru":
            return cls(delimiter=";", decimal_separator=",", local_times=True)
        if code == "en":
            return cls(delimiter=",", decimal_separator=".", local_times=True)
        raise ValueError(f"no CSV style for the language {language!r}; use 'ru' or 'en'")

    def amount(self, kopecks: int) -> str:
        """``123450`` -> ``1234.50`` or ``1234,50``: no grouping, exact to the kopeck."""
        return format_rubles(kopecks, group="", decimal=self.decimal_separator)

    def time(self, moment: datetime | None) -> str:
        """Local ``YYYY-MM-DD HH:MM:SS``, or ISO 8601 UTC with offset; empty for None."""
        if moment is None:
            return ""
        if self.local_times:
            return moment.astimezone(self.tz).strftime("%Y-%m-%d %H:%M:%S")
        return moment.isoformat(timespec="seconds")

    def cell(self, value: object) -> str:
        """A record's value as cell text; a yes/no is ``1`` or ``0``, which every
        spreadsheet and program reads."""
        if isinstance(value, bool):
            return "1" if value else "0"
        return str(value)

    def writer(self, stream: IO[str]) -> Writer:
        """A :func:`csv.writer` with this delimiter and line ending (cells not defused)."""
        return csv.writer(stream, delimiter=self.delimiter, lineterminator=self.line_ending)

    def reader(self, stream: IO[str]) -> Reader:
        """A :func:`csv.reader` that reads back what :meth:`writer` wrote."""
        return csv.reader(stream, delimiter=self.delimiter)

    def open(self, path: str | Path) -> IO[str]:
        """``path`` opened for writing in this encoding, newlines left to the writer."""
        return Path(path).open("w", encoding=self.encoding, newline="")


def defuse(cell: str) -> str:
    """A leading apostrophe for a cell a spreadsheet would run as a formula.

    Notes and e-mails are typed by people; ``=HYPERLINK(...)`` in a note must
    reach the accountant as text.
    """
    return "'" + cell if cell.startswith(_FORMULA_STARTS) else cell
