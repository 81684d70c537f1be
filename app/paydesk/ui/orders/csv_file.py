"""Orders saved as CSV the way this locale's spreadsheets open them (File → Export, the report):
its separators, and its headings and statuses in the window's words."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QLocale

from paydesk.core.book.csv_format import CsvFormat
from paydesk.core.book.export import write_csv
from paydesk.domain.orders import Order
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.i18n import language_of


def save_orders_csv(path: str | Path, orders: Iterable[Order], locale: QLocale) -> int:
    """Write ``orders`` to ``path``; the number written. OSError when it cannot be written."""
    fmt = CsvFormat.for_language(language_of(locale))
    with fmt.open(path) as stream:
        return write_csv(orders, stream, fmt, words=tr)
