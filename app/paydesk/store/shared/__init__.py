"""The shop's shared order book on PostgreSQL: its address, its schema, its connection.

Several tills of one shop share one book; each keeps its own SQLite book as its
journal and full replica, and a sync engine moves changes both ways through
:class:`~paydesk.store.shared.book.SharedBook`. The database driver (psycopg) is
loaded only with ``paydesk.store.shared.book`` (and the modules it uses), so a
till that has no shared book, or only checks an address, never loads it: import
the connection from its module, the address and the errors from here.
"""

from __future__ import annotations

from paydesk.store.shared.address import BookAddress, BookAddressError, split_password
from paydesk.store.shared.errors import SharedBookError, SharedBookNotReady, SharedSchemaTooNew

__all__ = [
    "BookAddress",
    "BookAddressError",
    "SharedBookError",
    "SharedBookNotReady",
    "SharedSchemaTooNew",
    "split_password",
]
