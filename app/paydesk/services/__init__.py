"""Application services: what the window and the command line both do with orders.

``OrderDesk`` owns the order book and runs in one thread (the GUI thread, or the
command line's only thread). The functions in ``remote`` are the only ones that
talk to the service; they touch no storage, so they can run in worker threads,
and their outcomes go back to the desk's thread to be written down.
"""

from paydesk.services.desk import NOTE_MAX, OrderDesk
from paydesk.services.outcomes import CheckOutcome, CreationOutcome
from paydesk.services.refresh import RefreshReport, refresh_all
from paydesk.services.remote import fetch_status, resume_creation, send_creation

__all__ = [
    "NOTE_MAX",
    "CheckOutcome",
    "CreationOutcome",
    "OrderDesk",
    "RefreshReport",
    "fetch_status",
    "refresh_all",
    "resume_creation",
    "send_creation",
]
