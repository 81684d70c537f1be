"""Application services: what the window and the command line both do with orders.

``OrderDesk`` owns the order book and runs in one thread (the GUI thread, or the
command line's only thread). The functions in ``remote`` are the only ones that
talk to the service; they touch no storage, so they can run in worker threads,
and their outcomes go back to the desk's thread to be written down.
``OrderBook`` (``desk.book``) is the read side on the desk's connection: the
list, its totals, the report and the export, and word of changes made elsewhere.
``watch.WatchEngine`` decides what is due, sent and sent again; the window
(a QTimer and a QThreadPool) and the command line (plain threads, ``refresh``
and ``watch_threads``) drive it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paydesk.services.desk import NOTE_MAX, OrderDesk
from paydesk.services.order_book import OrderBook
from paydesk.services.outcomes import CheckOutcome, CreationOutcome
from paydesk.services.remote import fetch_status, resume_creation, send_creation

if TYPE_CHECKING:
    from paydesk.services.refresh import RefreshReport, refresh_all

__all__ = [
    "NOTE_MAX",
    "CheckOutcome",
    "CreationOutcome",
    "OrderBook",
    "OrderDesk",
    "RefreshReport",
    "fetch_status",
    "refresh_all",
    "resume_creation",
    "send_creation",
]


def __getattr__(name: str) -> Any:
    # refresh_all (concurrent.futures) is for the command line; the window, which
    # imports this package while it starts, drives the engine with its own pool.
    if name in ("RefreshReport", "refresh_all"):
        from paydesk.services import refresh

        return getattr(refresh, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
