"""What a person does with the shop's shared order book, for every front end.

Setting a book up (its tables, once per shop), copying this computer's history
into one, and the book's state as ``paydesk book status`` tells it. The
connection, its password and the till's name come from the runtime; the sync
thread that keeps a till in step is core/shared_book/sync.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from paydesk.core.runtime import Runtime
from paydesk.core.shared_book.sync import copy_entries, sync_once
from paydesk.store import StoreError
from paydesk.store.shared import BookAddress, split_password

__all__ = ["BookAddress", "BookReport", "Copied", "SetUp", "copy_history", "password_account",
           "report", "set_up", "split_password", "sync_now", "waiting_count"]


@dataclass(frozen=True, slots=True)
class SetUp:
    """A book set up or migrated: its address (masked), the schema version found before
    (0: a new book), the version now, and its id."""

    address: str
    found: int
    version: int
    book_id: str


@dataclass(frozen=True, slots=True)
class Copied:
    address: str
    orders: int
    till: str


@dataclass
class BookReport:
    """Which book a till uses and how it stands; what does not apply is None."""

    shared: bool
    local_book: str
    till: str
    address: str = ""
    reachable: bool | None = None
    problem: str | None = None
    schema_version: int | None = None
    orders: int | None = None
    open: int | None = None
    tills: list[str] = field(default_factory=list)
    waiting: int | None = None


def password_account(text: str) -> str:
    """Whose password the book at ``text`` asks for, as PayDesk keeps it
    (``user@host:port/db``: SecretStore.get_book_password's ``book``)."""
    return BookAddress.parse(text).keychain_user


def set_up(runtime: Runtime, text: str) -> SetUp:
    """Create or migrate the shared book's tables at ``text`` (a newer book is refused)."""
    # The schema loads the database driver: every command imports this module, and a
    # till without a shared book never loads it.
    from paydesk.store.shared.schema import LATEST_SHARED_VERSION

    address = BookAddress.parse(text)
    book = runtime.connect_shared_book(address, check=False)
    try:
        found = book.init_schema()
        return SetUp(address.masked, found, LATEST_SHARED_VERSION, book.book_id)
    finally:
        book.close()


def copy_history(runtime: Runtime, text: str) -> Copied:
    """Merge every order of this computer's book into the shared book at ``text``;
    running it again changes nothing. Orders from before tills had names go up as
    this till's. If it is the book this till syncs with, what went up stops waiting."""
    address = BookAddress.parse(text)
    till = runtime.settings.till_name
    client_id = runtime.require_client_id()
    book = runtime.connect_shared_book(address)
    try:
        journal = runtime.open_store()
        try:
            copied, after = 0, 0
            while True:
                entries, after = journal.entries_page(client_id, after)
                if not entries:
                    break
                copied += copy_entries(entries, book, till)
            if journal.sync_book_id() == book.book_id:
                sync_once(journal, book, client_id, till)
        finally:
            journal.close()
    finally:
        book.close()
    return Copied(address.masked, copied, till)


def sync_now(runtime: Runtime, *, connect_timeout: float = 5.0) -> StoreError | None:
    """One pass with the shared book, for a command (the window has its sync thread):
    what waits goes up, what changed comes down. What went wrong, if it could not."""
    if not runtime.shares_a_book or runtime.settings.client_id is None:
        return None
    try:
        book = runtime.connect_shared_book(connect_timeout=connect_timeout)
    except StoreError as exc:
        return exc
    try:
        journal = runtime.open_store()
        try:
            sync_once(journal, book, runtime.settings.client_id, runtime.settings.till_name)
        finally:
            journal.close()
    except StoreError as exc:
        return exc
    finally:
        book.close()
    return None


def waiting_count(runtime: Runtime) -> int | None:
    """How many of this till's orders wait to go up to the shared book; None when this
    computer's book cannot say (it cannot be opened, even to read)."""
    try:
        with runtime.open_store_for_reading() as journal:
            return journal.waiting_count()
    except StoreError:
        return None


def report(runtime: Runtime) -> BookReport:
    """The till's order book and, for a shared one, whether it answers (sending what
    waits and fetching what changed on the way), its orders and what waits here.

    A till whose account is not set yet (no client id) still learns whether the book
    answers, and its orders are every account's; nothing is sent or fetched, since
    what a till keeps in step is its account's orders."""
    from paydesk.store.shared.schema import LATEST_SHARED_VERSION  # the driver: as set_up

    state = BookReport(runtime.shares_a_book, str(runtime.paths.database),
                       runtime.settings.till_name)
    if not runtime.shares_a_book:
        return state
    client_id = runtime.settings.client_id
    address = runtime.book_address()
    state.address, state.reachable = address.masked, False
    journal = runtime.open_store()
    try:
        try:
            book = runtime.connect_shared_book(address)
        except StoreError as exc:
            state.problem = str(exc)
        else:
            try:
                if client_id is not None:
                    sync_once(journal, book, client_id, state.till)
                counts = book.counts(client_id)
                state.reachable, state.schema_version = True, LATEST_SHARED_VERSION
                state.orders, state.open = counts.orders, counts.open
            except StoreError as exc:
                state.problem = str(exc)
            finally:
                book.close()
        state.waiting = journal.waiting_count()
        state.tills = journal.tills(client_id)
    finally:
        journal.close()
    return state
