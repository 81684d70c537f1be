"""The bar over the orders list: status, till, creation dates and search.

It owns its widgets and turns them into one :class:`OrderQuery` (:meth:`FilterBar.query`)
for the order book to run in SQL. When that runs is the panel's to decide:
at once on ``changed``, and once the person pauses on ``typed`` (the panel holds
that timer, with its others, while it is hidden). The till choice shows only in
a shop of several tills; the panel hands it their names (:meth:`FilterBar.set_tills`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from PySide6.QtCore import QT_TRANSLATE_NOOP, QDate, QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QWidget,
)

from paydesk.core.book.reader import OrderQuery
from paydesk.domain.clock import Clock
from paydesk.domain.orders import CreationState, OrderStatus
from paydesk.domain.phase import OrderPhase
from paydesk.domain.phase_looks import LOOKS
from paydesk.ui.orders.cells import day_start, local_day
from paydesk.ui.shell.formatting import date_field_format, tr
from paydesk.ui.widgets.fitted_hint import FittedHint
from paydesk.ui.widgets.flow_layout import FlowLayout
from paydesk.ui.widgets.names import name_clear_button, name_widget
from paydesk.ui.widgets.till_choice import TillChoice

_CONFIRMED = frozenset({CreationState.CONFIRMED})

#: Status filter choices: label (a phase's word: paydesk.domain.phase_looks), statuses,
#: creation states (empty means any). "Waiting" leaves out orders that never reached the
#: service: nobody can pay them.
STATUS_FILTERS: tuple[tuple[object, frozenset[str], frozenset[CreationState]], ...] = (
    (QT_TRANSLATE_NOOP("PayDesk", "All"), frozenset(), frozenset()),
    (LOOKS[OrderPhase.PENDING].word, frozenset({OrderStatus.PENDING.value}), _CONFIRMED),
    (LOOKS[OrderPhase.PAID].word, frozenset({OrderStatus.APPROVE.value}), frozenset()),
    (LOOKS[OrderPhase.REFUSED].word, frozenset({OrderStatus.DECLINE.value}), frozenset()),
    (LOOKS[OrderPhase.EXPIRED].word, frozenset({OrderStatus.EXPIRED.value}), frozenset()),
    (
        LOOKS[OrderPhase.NOT_SENT].word,
        frozenset(),
        frozenset({CreationState.UNCONFIRMED, CreationState.ABANDONED}),
    ),
)


class FilterBar(QWidget):
    """Status, till, "created from … to" with Today, and the search field, in one row."""

    #: A filter changed (status, dates, Today, Enter in the search): apply it now.
    changed = Signal()
    #: The search text changed: apply it once the person pauses typing.
    typed = Signal()

    def __init__(self, clock: Clock, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._clock = clock
        # One line when there is room; beside the payment panel on a small screen, the
        # search (then the dates) go on to a second line instead of widening the window.
        bar = FlowLayout(self, spacing=12)
        self.status_filter = QComboBox()
        name_widget(self.status_filter, "status_filter", tr("Status"))
        for label, _statuses, _creations in STATUS_FILTERS:
            self.status_filter.addItem(tr(str(label)))
        self.status_filter.currentIndexChanged.connect(self.changed)
        self.till_group = TillChoice(tr("&Till"), tr("All tills"), "till_filter", tr("Till"))
        self.till_filter = self.till_group.combo
        self.till_filter.currentIndexChanged.connect(self.changed)

        self.date_filter = QCheckBox(tr("Created &from"))
        name_widget(self.date_filter, "date_filter", tr("Filter by creation date"))
        self.date_filter.setToolTip(tr("Unticked: all dates"))
        today = local_day(self._clock())
        self.date_from = self._date_edit("date_from", tr("From date"), today)
        self.date_to = self._date_edit("date_to", tr("To date"), today)
        # A tool button: a push button's style minimum is wider than "Today" needs.
        self.today_button = QToolButton()
        self.today_button.setText(tr("Today"))
        name_widget(self.today_button, "today_button", tr("Show today's orders"))
        self.date_filter.toggled.connect(self.changed)
        self.date_from.dateChanged.connect(self._from_changed)
        self.date_to.dateChanged.connect(self._to_changed)
        self.today_button.clicked.connect(self.show_today)

        self.search = QLineEdit()
        name_widget(self.search, "search_input", tr("Search orders"))
        # Shorter as the bar narrows (the till's choice takes room), never cut short.
        self.search_hint = FittedHint(self.search, [
            tr("Search order id, e-mail, note"), tr("Search id, e-mail, note"), tr("Search")])
        self.search.setClearButtonEnabled(True)
        name_clear_button(self.search, tr("Clear search"))
        # Narrow enough to sit beside the payment panel; it takes any spare width.
        self.search.setMinimumWidth(self.fontMetrics().averageCharWidth() * 12)
        self.search.textChanged.connect(lambda _text: self.typed.emit())
        self.search.returnPressed.connect(self.changed)

        status_label = QLabel(tr("&Status"))
        status_label.setBuddy(self.status_filter)
        to_label = QLabel(tr("to"))
        to_label.setBuddy(self.date_to)
        self._status_group = _group(status_label, self.status_filter)
        bar.addWidget(self._status_group)
        bar.addWidget(self.till_group)
        bar.addWidget(_group(self.date_filter, self.date_from, to_label, self.date_to,
                             self.today_button))
        bar.addWidget(self.search)  # it expands: the spare width of its line

    @property
    def two_rows(self) -> bool:
        """Whether the filters take more than one line (the search under the status)."""
        return self.search.y() > self._status_group.y()

    def _date_edit(self, name: str, accessible: str, day: QDate) -> QDateEdit:
        edit = QDateEdit(day)
        name_widget(edit, name, accessible)
        edit.setDisplayFormat(date_field_format())  # as the list writes days
        edit.setCalendarPopup(True)
        edit.setEnabled(False)
        self.date_filter.toggled.connect(edit.setEnabled)
        return edit

    def tills(self) -> list[str]:
        """The tills offered, in their order (not "All tills")."""
        return self.till_group.tills()

    def set_tills(self, names: list[str]) -> None:
        """Offer ``names`` (the book's named tills), keeping the one chosen.

        With one till or none the choice hides, and shows every till's orders. If
        the till chosen is no longer offered, all tills are shown: ``changed`` says so.
        """
        if self.till_group.set_tills(names):
            self.changed.emit()

    def query(self, client_id: int | None, shown: OrderQuery) -> OrderQuery:
        """The orders these filters select, of ``client_id``, sorted as ``shown`` is."""
        _label, statuses, creations = STATUS_FILTERS[max(0, self.status_filter.currentIndex())]
        since = until = None
        if self.date_filter.isChecked():
            since = day_start(self.date_from.date())
            until = day_start(self.date_to.date().addDays(1))  # half-open: [from, to + 1 day)
        text = self.search.text().strip() or None
        return OrderQuery(
            client_id=client_id,
            statuses=statuses,
            creations=creations,
            created_since=since,
            created_until=until,
            text=text,
            till=self.till_group.current(),
            sort=shown.sort,
            descending=shown.descending,
        )

    def show_today(self) -> None:
        """Orders created today (local day), whatever the dates were."""
        today = local_day(self._clock())
        with _signals_blocked(self.date_from, self.date_to):
            self.date_from.setDate(today)
            self.date_to.setDate(today)
        self.date_filter.setChecked(True)  # enables the dates and applies, if it was off
        self.changed.emit()

    def _from_changed(self, day: QDate) -> None:
        if day > self.date_to.date():
            with _signals_blocked(self.date_to):
                self.date_to.setDate(day)
        self.changed.emit()

    def _to_changed(self, day: QDate) -> None:
        if day < self.date_from.date():
            with _signals_blocked(self.date_from):
                self.date_from.setDate(day)
        self.changed.emit()


def _group(*widgets: QWidget) -> QWidget:
    """Widgets that stay together on one line of the bar."""
    group = QWidget()
    row = QHBoxLayout(group)
    row.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        row.addWidget(widget)
    return group


@contextmanager
def _signals_blocked(*widgets: QWidget) -> Iterator[None]:
    """Set several widgets without each change re-running the query."""
    with ExitStack() as stack:
        for widget in widgets:
            stack.enter_context(QSignalBlocker(widget))
        yield
