"""The window's side of the shared order book: its sync thread, and a word in the status bar.

The core's :class:`~paydesk.core.shared_book.sync.BookSync` runs in a thread of its own
and publishes its news on the runtime's event hub there; the window hears it in
its own thread through its one event bridge (ui/shell/event_bridge.py,
wired in window_builder.py): the list looks at the book at once
when a download changed it, the counter checks the open orders it has just
taken over from a till that went quiet, and the status bar says how the shared
book stands ("shared order book offline — 3 orders waiting to upload").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QWidget

from paydesk.core.runtime import Runtime
from paydesk.core.shared_book.sync import (
    BookDownloaded,
    BookState,
    BookStatus,
    BookSync,
    OrdersTaken,
)
from paydesk.domain.failures import BookFailureCode, Failure
from paydesk.ui.shell.event_bridge import EventBridge
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.messages import failure_text

if TYPE_CHECKING:
    from paydesk.ui.orders.book_changes import BookChanges

_STYLE = {
    BookState.ONLINE: "color: #14532d;",
    BookState.CONNECTING: "color: #4b5563;",
    BookState.OFFLINE: "color: #7c2d12; font-weight: 600;",
    BookState.REFUSED: "color: #991b1b; font-weight: 600;",
}


class SharedBookLink(QObject):
    """Starts and stops the till's sync thread (its news: on the runtime's hub)."""

    def __init__(self, sync: BookSync, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._sync = sync

    @classmethod
    def open(cls, runtime: Runtime, parent: QObject | None = None) -> SharedBookLink | None:
        """The link for the runtime's shared book (not started); None without one."""
        sync = runtime.open_book_sync()
        return None if sync is None else cls(sync, parent)

    @property
    def status(self) -> BookStatus:
        return self._sync.status

    def start(self) -> None:
        self._sync.start()

    def try_now(self) -> None:
        """The book's password was just given: connect with it now."""
        self._sync.try_now()

    def stop(self) -> None:
        """At the window's end: what waits goes up if it can, quickly; the leases go back."""
        self._sync.stop(timeout=3.0)


def keep_in_step(runtime: Runtime, bridge: EventBridge,
                 take_over: Callable[[Iterable[str]], None], book_changes: BookChanges,
                 parent: QObject) -> SharedBookLink | None:
    """With a shared order book (None without one): the link to its sync thread, not
    started (the caller adds its own listeners first), its news brought into this
    thread by the one ``bridge``: another till's order in the list at once, a quiet
    till's orders watched here now (``take_over``). The window and ``paydesk serve``
    both."""
    link = SharedBookLink.open(runtime, parent=parent)
    if link is None:
        return None
    bridge.subscribe(BookDownloaded, lambda _event: book_changes.look_for_changes(),
                     owner=book_changes)
    bridge.subscribe(OrdersTaken, lambda event: take_over(event.order_ids), owner=link)
    return link


class SharedBookLabel(QLabel):
    """The status bar's word on the shared book; its tooltip names the book and the till."""

    def __init__(self, till: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shared_book_state")
        self._till = till

    def show_status(self, status: BookStatus) -> None:
        self.setText(status_text(status))
        self.setStyleSheet(_STYLE.get(status.state, ""))
        lines = [tr("Shared order book: {0}").format(status.address),
                 tr("This till: {0}").format(self._till)]
        if status.failure is not None:
            lines.append(refusal_text(status.failure))
        self.setToolTip("\n".join(lines))
        self.setAccessibleName(self.text())


def status_text(status: BookStatus) -> str:
    """The status bar's words for ``status``."""
    if status.state is BookState.ONLINE:
        if status.waiting:
            return tr("⟳ Shared order book: uploading ({0})").format(status.waiting)
        return tr("✓ Shared order book")
    if status.state is BookState.CONNECTING:
        return tr("⟳ Shared order book: connecting…")
    if status.state is BookState.REFUSED:
        return tr("⚠ Shared order book: not usable — {0}").format(
            refusal_text(status.failure))
    if status.waiting == 1:
        return tr("⚠ Shared order book offline — 1 order waiting to upload")
    return tr("⚠ Shared order book offline — {0} orders waiting to upload").format(
        status.waiting)


def refusal_text(failure: Failure | None) -> str:
    """Why the shared book cannot be used, and what to do, by the failure's code."""
    return failure_text(failure or Failure(BookFailureCode.BOOK_UNREACHABLE))
