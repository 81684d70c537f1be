"""bench.py's ``million`` part: the window on a till's book of 1 000 000 orders.

With a shared order book every till's own SQLite book is a full replica of the
shop's, and the window reads only that: a shop's book of a million orders is a
million rows in each till's book. Building one takes minutes, so this part runs
only when named (``--only million``).

- ``history_filter_1m_ms``: as bench.py's ``history_filter_ms`` (the slowest of
  the medians of the status filters, searches and sorts to their first rows
  painted), on 1 000 000 orders of 4 tills;
- ``history_rss_1m_ratio``: the resident memory of a fresh window that opened
  the book and ran the filters (bench.py's ``history_rss_mb`` way) with
  1 000 000 orders, over the same with 100 000.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench_books import history_orders, prepare_data_dir
from bench_common import QUICK, Sizes, log
from bench_history import history_filters, history_rss
from bench_window import Gui

FULL_ORDERS = (100_000, 1_000_000)
QUICK_ORDERS = (300, 3_000)
TILLS = ("front", "bar", "terrace", "kiosk")


def shop_orders(count: int, now: datetime) -> Iterator[Any]:
    """bench_books.history_orders, each taken at one of the shop's tills."""
    for number, order in enumerate(history_orders(count, now)):
        yield dataclasses.replace(order, till=TILLS[number % len(TILLS)])


def bench_million(sizes: Sizes, work: Path, gui: Gui, base_url: str) -> dict[str, Any]:
    small, big = QUICK_ORDERS if sizes == QUICK else FULL_ORDERS
    now = datetime.now(UTC)
    folders: dict[int, Path] = {}
    for count in (small, big):
        log(f"million: writing {count} orders")
        folders[count] = prepare_data_dir(work / f"book-{count}", base_url,
                                          shop_orders(count, now))
    log("million: filters, searches and sorts")
    filters = history_filters(sizes, gui, folders[big], base_url)
    log("million: memory")
    rss = history_rss(sizes, work, folders[small], folders[big])
    return {
        "history_filter_1m_ms": filters["history_filter_ms"],
        **{key.replace("history_", "history_1m_", 1): value for key, value in filters.items()
           if key != "history_filter_ms"},
        "history_rss_1m_ratio": rss["history_rss_big_mb"] / rss["history_rss_empty_mb"],
        "history_rss_1m_mb": rss["history_rss_big_mb"],
        "history_rss_100k_mb": rss["history_rss_empty_mb"],
        "history_1m_orders": big,
    }
