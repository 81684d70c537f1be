"""The window's ear on the order book: changes another program makes, as a Qt signal.

The book (the core's read side) knows how to tell that another connection
changed it, and publishes that on its event hub; this only asks it every :data:`LOOK_MS` from the
GUI thread, which owns the book's connection, and turns the answer into
``changed`` for the widgets. One question costs a few microseconds
(``PRAGMA data_version``), so the list follows a ``paydesk create`` or
``paydesk refresh`` run in a terminal, or another till, within half a second.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from paydesk.core.book.reader import OrderBookReader, StoreError
from paydesk.core.events import BookChangedElsewhere
from paydesk.ui.shell.messages import book_error_text

#: How often the book is asked whether someone else changed it.
LOOK_MS = 400


class BookChanges(QObject):
    """Asks the order book on a timer; ``changed`` when another program changed it."""

    #: The book was changed elsewhere: read again what is shown.
    changed = Signal()
    #: The book could not be asked (its words): once per new trouble, not every look.
    problem = Signal(str)

    def __init__(
        self, book: OrderBookReader, *, interval_ms: int = LOOK_MS, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._book = book
        self._trouble: str | None = None
        self._stopped = False
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.look_for_changes)
        # Published in this thread (look_for_changes asks from here): heard at once.
        self._unlisten = book.hub.subscribe(BookChangedElsewhere, lambda _e: self.changed.emit())

    def start(self) -> None:
        self._timer.start()

    def stop(self) -> None:
        """The book is about to close: no more looks, and no more word from it."""
        self._stopped = True
        self._timer.stop()
        self._unlisten()

    def look_for_changes(self) -> None:
        """Ask now (the timer does, every LOOK_MS; the shared book's sync when it brought
        a change); the book tells ``changed``. Never once stopped: a word queued from
        another thread may come after the book closed."""
        if self._stopped:
            return
        try:
            self._book.look_for_changes()
        except StoreError as exc:
            if str(exc) != self._trouble:
                self._trouble = str(exc)
                self.problem.emit(book_error_text(exc))
            return
        self._trouble = None
