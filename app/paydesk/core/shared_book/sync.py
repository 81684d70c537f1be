"""Keeping a till's own order book and the shop's shared book in step.

A shop with several tills shares one order book on PostgreSQL. Each till still
writes every order to its own SQLite book first (before the request is sent, as
always): that book is the till's journal and its copy of the shop's book. This
module moves what changed, both ways, in one thread of its own:

- **up**: orders changed here since they last went up are merged into the
  shared book (``INSERT … ON CONFLICT`` on the till-made order id: an upload
  retried or cut half-way never makes a second row), then marked as gone up;
- **down**: every change in the shared book has a number; the till reads the
  changes after the last one it has and merges them into its book with the same
  rule (a final status is never undone). PostgreSQL's NOTIFY only rings the
  bell; the numbers are what a till that was away catches up by;
- **who asks the service**: an open order is checked by the one till holding
  its lease in the shared book: the till that took it (it shows it to its buyer),
  or, when that till has gone quiet for the lease's time, another. The till's
  book marks the orders another till watches, and the watch engine leaves them.

Everything the window shows is read from the till's own book, so the window
never waits on the network and a till that lost the shared book keeps selling,
and showing what it knew, while its new orders wait to go up.
"""

from __future__ import annotations

import contextlib
import enum
import logging
import select
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from paydesk.core.events import EventHub
from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.failures import BookFailureCode, Failure
from paydesk.domain.orders import Order
from paydesk.store import BookEntry, StoreError
from paydesk.store.shared.errors import SharedBookError

if TYPE_CHECKING:
    from paydesk.store import OrderStore

log = logging.getLogger(__name__)

#: How long a lease lasts, and how often its holder renews it: a till that stops
#: renewing hands its open orders over within the lease time plus one renewal.
LEASE_SECONDS = 20.0
RENEW_SECONDS = 5.0
#: How soon a lost shared book is tried again; and one that refused this till (a wrong
#: password, a newer schema), which a person must mend: no login attempt every second.
RETRY_SECONDS = 1.0
REFUSED_RETRY_SECONDS = 30.0
#: How often the journal is looked at for this computer's own new writes.
LOOK_SECONDS = 0.1
#: A download pass even when no bell rang (a missed NOTIFY costs at most this).
CATCH_UP_SECONDS = 5.0
UPLOAD_BATCH = 500
#: Failures trying again will not mend: the book is reached but refuses this till.
NEEDS_A_PERSON = frozenset(set(BookFailureCode) - {BookFailureCode.BOOK_UNREACHABLE})
DOWNLOAD_BATCH = 1000


class BookState(enum.StrEnum):
    """Where the shared book stands, for the status bar and ``paydesk book status``."""

    LOCAL = "local"  # no shared book: this computer's book only
    CONNECTING = "connecting"
    ONLINE = "online"
    OFFLINE = "offline"  # cannot be reached: selling goes on, new orders wait to go up
    REFUSED = "refused"  # reached but not usable as it is: a person must act (the failure)


@dataclass(frozen=True, slots=True)
class BookStatus:
    state: BookState
    #: Orders of this till's book not in the shared book yet.
    waiting: int = 0
    failure: Failure | None = None
    #: The shared book's address with any password masked.
    address: str = ""


class SharedBookLike(Protocol):
    """What the sync needs of the shared book (paydesk.store.shared.SharedBook)."""

    @property
    def book_id(self) -> str: ...
    def upload(self, entries: Sequence[BookEntry], *, till: str,
               lease_seconds: float = ...) -> None: ...
    def changes_since(self, client_id: int, cursor: int,
                      limit: int = ...) -> tuple[list[BookEntry], int]: ...
    def claim_leases(self, client_id: int, till: str,
                     lease_seconds: float = ...) -> set[str]: ...
    def release_leases(self, client_id: int, till: str) -> None: ...
    def listen(self) -> None: ...
    def fileno(self) -> int: ...
    def doorbell(self, timeout: float) -> bool: ...
    def close(self) -> None: ...


#: Opens the shared book (connects, checks its schema); raises StoreError when it cannot.
Connect = Callable[[], SharedBookLike]


def upload_waiting(journal: OrderStore, book: SharedBookLike, till: str) -> int:
    """Send every order waiting in ``journal`` up, in batches; how many went."""
    sent = 0
    while True:
        uploads = journal.waiting_uploads(UPLOAD_BATCH)
        if not uploads:
            return sent
        book.upload([_named(upload.entry, till) for upload in uploads], till=till,
                    lease_seconds=LEASE_SECONDS)
        journal.mark_uploaded(uploads)
        sent += len(uploads)
        if len(uploads) < UPLOAD_BATCH:
            return sent


def download_changes(journal: OrderStore, book: SharedBookLike, client_id: int,
                     till: str) -> list[Order]:
    """Merge every change of the shared book after the journal's cursor; the orders
    that changed here."""
    changed: list[Order] = []
    cursor = journal.sync_cursor()
    while True:
        entries, cursor_after = book.changes_since(client_id, cursor, DOWNLOAD_BATCH)
        if not entries:
            return changed
        changed += journal.merge_downloaded(entries, cursor_after, till)
        cursor = cursor_after
        if len(entries) < DOWNLOAD_BATCH:
            return changed


def copy_entries(entries: Sequence[BookEntry], book: SharedBookLike, till: str) -> int:
    """Merge ``entries`` (a till's history) into the shared book; how many were sent.
    Running it again changes nothing: each order is merged on its order id."""
    for start in range(0, len(entries), UPLOAD_BATCH):
        batch = [_named(entry, till) for entry in entries[start:start + UPLOAD_BATCH]]
        book.upload(batch, till=till, lease_seconds=LEASE_SECONDS)
    return len(entries)


def _named(entry: BookEntry, till: str) -> BookEntry:
    """An order taken before tills had names goes up as this till's."""
    if entry.order.till:
        return entry
    return replace(entry, order=replace(entry.order, till=till))


@dataclass(frozen=True, slots=True)
class BookStatusChanged:
    """Where the shared book stands now (published in the sync's thread)."""

    status: BookStatus


@dataclass(frozen=True, slots=True)
class BookDownloaded:
    """A download changed these orders in this till's book (in the sync's thread)."""

    orders: tuple[Order, ...]


@dataclass(frozen=True, slots=True)
class OrdersTaken:
    """Open orders this till watches from now on, taken over from a till gone quiet
    (in the sync's thread)."""

    order_ids: tuple[str, ...]


class BookSync:
    """One till's journal and the shared book kept in step by one background thread.

    The thread opens its own connection to the journal (``open_journal``) and to the
    shared book (``connect``); both stay in it. Its news is published on ``hub`` in
    that thread: a window hears it through its bridge to the GUI thread.
    """

    def __init__(
        self,
        *,
        open_journal: Callable[[], OrderStore],
        connect: Connect,
        client_id: int,
        till: str,
        address: str,
        clock: Clock = utc_now,
        hub: EventHub | None = None,
    ) -> None:
        self._open_journal = open_journal
        self._connect = connect
        self.client_id = client_id
        self.till = till
        #: Where its news goes, published in the sync's thread: BookStatusChanged,
        #: BookDownloaded, OrdersTaken.
        self.hub = hub or EventHub()
        self._clock = clock
        self._status = BookStatus(BookState.CONNECTING, address=address)
        self._stopping = threading.Event()
        self._wake_in, self._wake_out = socket.socketpair()
        self._wake_in.setblocking(False)
        self._thread: threading.Thread | None = None
        self._book: SharedBookLike | None = None
        self._bell = True  # download at the first connection
        self._next_connect = 0.0
        #: A person mended what kept the book away (a password given): connect now.
        self._connect_now = threading.Event()
        self._next_lease = 0.0
        self._next_catch_up = 0.0
        self._seen_version: int | None = None

    @property
    def status(self) -> BookStatus:
        return self._status

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="paydesk-book-sync", daemon=True)
        self._thread.start()

    def try_now(self) -> None:
        """Connect again at once, not after the wait a refusal gets: a person has just
        mended what the book refused (the password given in the settings)."""
        self._connect_now.set()
        with contextlib.suppress(OSError):  # a full buffer: it is awake anyway
            self._wake_out.send(b"\0")

    def stop(self, timeout: float = 5.0) -> None:
        """Send what waits (briefly), hand this till's leases back, and end the thread."""
        self._stopping.set()
        with contextlib.suppress(OSError):  # wake it now; a full buffer: it is awake anyway
            self._wake_out.send(b"\0")
        if self._thread is not None:
            self._thread.join(timeout)
        self._wake_in.close()
        self._wake_out.close()

    # -- the thread ----------------------------------------------------------------

    def _run(self) -> None:
        try:
            journal = self._open_journal()
        except StoreError as exc:
            log.error("the shared order book's sync cannot open this till's book: %s", exc)
            return
        try:
            while not self._stopping.is_set():
                try:
                    self._pass(journal)
                except Exception as exc:  # the thread must not end: the till would stop sharing
                    log.exception("the shared order book's sync failed; trying again")
                    self._lost(journal, StoreError(f"unexpected error: {type(exc).__name__}"))
                self._wait()
            self._leave(journal)
        finally:
            journal.close()

    def _pass(self, journal: OrderStore) -> None:
        now = time.monotonic()
        if self._connect_now.is_set():
            self._connect_now.clear()
            self._next_connect = now
        if self._book is None and now >= self._next_connect:
            self._open(journal)
        # data_version moves when another connection (the window's, a command's)
        # commits, never for this thread's own writes.
        version = journal.data_version()
        local_news = version != self._seen_version
        self._seen_version = version
        if self._book is None:
            if local_news:
                self._publish(journal, self._status.state, self._status.failure)
            return
        try:
            if local_news:
                upload_waiting(journal, self._book, self.till)
            if self._bell or now >= self._next_catch_up:
                self._bell = False
                self._next_catch_up = now + CATCH_UP_SECONDS
                changed = download_changes(journal, self._book, self.client_id, self.till)
                if changed:
                    self.hub.publish(BookDownloaded(tuple(changed)))
            if now >= self._next_lease:
                self._next_lease = now + RENEW_SECONDS
                self._claim(journal)
        except StoreError as exc:
            self._lost(journal, exc)
            return
        if local_news or self._status.state is not BookState.ONLINE:
            self._publish(journal, BookState.ONLINE, None)

    def _open(self, journal: OrderStore) -> None:
        try:
            book = self._connect()
            journal.start_sync_with(book.book_id)
            book.listen()
        except StoreError as exc:
            self._lost(journal, exc)
            return
        log.info("shared order book reached: %s", self._status.address)
        self._book = book
        self._bell = True
        self._next_lease = 0.0
        self._seen_version = None  # upload what waited

    def _claim(self, journal: OrderStore) -> None:
        assert self._book is not None
        held = self._book.claim_leases(self.client_id, self.till, LEASE_SECONDS)
        taken = journal.set_watched_here(self.client_id, self.till, held, self._clock())
        if taken:
            log.info("now watching %d open order(s) another till left", len(taken))
            self.hub.publish(OrdersTaken(tuple(taken)))

    def _lost(self, journal: OrderStore, exc: StoreError) -> None:
        failure = exc.failure if isinstance(exc, SharedBookError) else None
        refused = failure is not None and failure.code in NEEDS_A_PERSON
        if self._status.state is not BookState.OFFLINE or self._book is not None:
            log.warning("shared order book %s: %s", "refused" if refused else "unreachable", exc)
        if self._book is not None:
            _close_quietly(self._book)
            self._book = None
        self._next_connect = time.monotonic() + (REFUSED_RETRY_SECONDS if refused
                                                  else RETRY_SECONDS)
        self._publish(journal, BookState.REFUSED if refused else BookState.OFFLINE, failure)

    def _publish(self, journal: OrderStore, state: BookState, failure: Failure | None) -> None:
        try:
            waiting = journal.waiting_count()
        except StoreError:
            waiting = self._status.waiting
        status = BookStatus(state, waiting, failure, self._status.address)
        if status != self._status:
            self._status = status
            self.hub.publish(BookStatusChanged(status))

    def _wait(self) -> None:
        timeout = LOOK_SECONDS
        watched: list[socket.socket | int] = [self._wake_in]
        if self._book is not None:
            with contextlib.suppress(StoreError):  # the next pass finds out what is wrong
                watched.append(self._book.fileno())
        try:
            ready, _, _ = select.select(watched, [], [], timeout)
        except (OSError, ValueError):
            ready = []
        if self._wake_in in ready:
            try:
                while self._wake_in.recv(4096):
                    pass
            except OSError:
                pass  # drained
        if self._book is not None:
            # Asked even when the socket is quiet: a NOTIFY that came while this
            # connection ran a query of its own was read with that query's reply
            # (the driver keeps it) and leaves nothing on the socket to wake on.
            try:
                self._bell = self._book.doorbell(0) or self._bell
            except StoreError:
                self._bell = True  # the next pass finds out what is wrong

    def _leave(self, journal: OrderStore) -> None:
        """At the end: what waits goes up if the book is there; the leases go back."""
        if self._book is None:
            return
        try:
            upload_waiting(journal, self._book, self.till)
            self._book.release_leases(self.client_id, self.till)
        except StoreError as exc:
            log.warning("shared order book at closing: %s", exc)
        _close_quietly(self._book)
        self._book = None


def sync_once(journal: OrderStore, book: SharedBookLike, client_id: int, till: str,
              ) -> tuple[int, list[Order]]:
    """One pass for a command: what waited goes up, what changed comes down."""
    journal.start_sync_with(book.book_id)
    sent = upload_waiting(journal, book, till)
    return sent, download_changes(journal, book, client_id, till)


def _close_quietly(book: SharedBookLike) -> None:
    try:
        book.close()
    except Exception:  # closing a broken connection may fail in any way; it is gone
        log.debug("closing the shared book failed", exc_info=True)

