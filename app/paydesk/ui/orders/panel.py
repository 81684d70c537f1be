"""The orders list with its filters and totals, for the owner's end-of-day questions.

Every filter becomes one :class:`OrderQuery` that the order book (the core's
read side, :class:`OrderBook`) runs in SQL for :class:`OrdersModel`, so the list
stays quick with 100 000 orders. Typing in the search field is
debounced: the query runs once the person pauses, not on every key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import date

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QDate,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QSignalBlocker,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.order_book import OrderBook, OrderQuery, StoreError, Totals
from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.ui.orders.cells import day_start, local_day
from paydesk.ui.orders.columns import ColumnFitter
from paydesk.ui.orders.model import OrdersModel
from paydesk.ui.shell.formatting import money, tr

SEARCH_DELAY_MS = 200

_CONFIRMED = frozenset({CreationState.CONFIRMED})

#: Status filter choices: label, statuses, creation states (empty means any).
#: "Waiting" leaves out orders that never reached the service: nobody can pay them.
STATUS_FILTERS: tuple[tuple[object, frozenset[str], frozenset[CreationState]], ...] = (
    (QT_TRANSLATE_NOOP("PayDesk", "All"), frozenset(), frozenset()),
    (QT_TRANSLATE_NOOP("PayDesk", "Waiting"), frozenset({OrderStatus.PENDING.value}), _CONFIRMED),
    (QT_TRANSLATE_NOOP("PayDesk", "Paid"), frozenset({OrderStatus.APPROVE.value}), frozenset()),
    (QT_TRANSLATE_NOOP("PayDesk", "Refused"), frozenset({OrderStatus.DECLINE.value}), frozenset()),
    (QT_TRANSLATE_NOOP("PayDesk", "Expired"), frozenset({OrderStatus.EXPIRED.value}), frozenset()),
    (
        QT_TRANSLATE_NOOP("PayDesk", "Not sent"),
        frozenset(),
        frozenset({CreationState.UNCONFIRMED, CreationState.ABANDONED}),
    ),
)


class OrdersPanel(QWidget):
    """Filter bar, orders table and totals line; the window wires its signals.

    ``order_activated`` carries the order id of a row the cashier moved to or
    clicked (the window views it on the payment panel; the buyer's screen never
    follows the list); ``selection_changed`` carries the ids of the selected
    rows (for "Check selected"). ``show_viewed`` makes the row of the order on
    the payment panel the current one, whichever way it got there.
    """

    order_activated = Signal(str)
    #: The order book refused a read (locked, damaged and set aside): its words.
    problem = Signal(str)
    selection_changed = Signal(list)

    def __init__(
        self,
        book: OrderBook,
        *,
        clock: Clock = utc_now,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._book = book
        self._clock = clock
        self._viewed_id: str | None = None  # the order on the payment panel (show_viewed)
        self._selected: list[str] = []
        self._reloading = False  # a refresh restores the selection itself
        self._following = False  # show_viewed moves the current row: not the cashier
        self.model = OrdersModel(book, OrderQuery(client_id=book.client_id), parent=self)
        self.model.failed.connect(self.problem)

        self._search_timer = self._single_shot(SEARCH_DELAY_MS, self._apply_filters)
        # Many update_order calls from one polling batch add up the totals once.
        self._totals_timer = self._single_shot(0, self._update_totals)
        self._follow_timer = self._single_shot(0, self._follow_book)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 4)
        layout.addLayout(self._build_filter_bar())
        self.table = self._build_table()
        self.columns = ColumnFitter(self.table)
        layout.addWidget(self.table, 1)
        layout.addLayout(self._build_totals_line())
        self._held: set[QTimer] | None = None  # while hidden: work to do when shown again
        self._stopped = False  # set by stop(): the order book is closing
        self._update_totals()

    # -- building ----------------------------------------------------------

    def _single_shot(self, interval_ms: int, slot: Callable[[], None]) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(interval_ms)
        timer.timeout.connect(slot)
        return timer

    def _build_filter_bar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        self.status_filter = QComboBox()
        _name(self.status_filter, "status_filter", tr("Status"))
        for label, _statuses, _creations in STATUS_FILTERS:
            self.status_filter.addItem(tr(str(label)))
        self.status_filter.currentIndexChanged.connect(self._apply_filters)

        self.date_filter = QCheckBox(tr("Created &from"))
        _name(self.date_filter, "date_filter", tr("Filter by creation date"))
        self.date_filter.setToolTip(tr("Unticked: all dates"))
        today = local_day(self._clock())
        self.date_from = self._date_edit("date_from", tr("From date"), today)
        self.date_to = self._date_edit("date_to", tr("To date"), today)
        # A tool button: a push button's style minimum is wider than "Today" needs.
        self.today_button = QToolButton()
        self.today_button.setText(tr("Today"))
        _name(self.today_button, "today_button", tr("Show today's orders"))
        self.date_filter.toggled.connect(self._apply_filters)
        self.date_from.dateChanged.connect(self._from_changed)
        self.date_to.dateChanged.connect(self._to_changed)
        self.today_button.clicked.connect(self.show_today)

        self.search = QLineEdit()
        _name(self.search, "search_input", "search_input")
        self.search.setPlaceholderText(tr("Search order id, e-mail, note"))
        self.search.setClearButtonEnabled(True)
        # Narrow enough to sit beside the payment panel; it takes any spare width.
        self.search.setMinimumWidth(self.fontMetrics().averageCharWidth() * 12)
        self.search.textChanged.connect(lambda _text: self._later(self._search_timer))
        self.search.returnPressed.connect(self._apply_filters)

        status_label = QLabel(tr("&Status"))
        status_label.setBuddy(self.status_filter)
        to_label = QLabel(tr("to"))
        to_label.setBuddy(self.date_to)
        groups: tuple[tuple[QWidget, ...], ...] = (
            (status_label, self.status_filter),
            (self.date_filter, self.date_from, to_label, self.date_to, self.today_button),
        )
        for group in groups:
            for widget in group:
                bar.addWidget(widget)
            bar.addSpacing(12)
        bar.addWidget(self.search, 1)
        return bar

    def _date_edit(self, name: str, accessible: str, day: QDate) -> QDateEdit:
        edit = QDateEdit(day)
        _name(edit, name, accessible)
        edit.setCalendarPopup(True)
        edit.setEnabled(False)
        self.date_filter.toggled.connect(edit.setEnabled)
        return edit

    def _build_table(self) -> QTableView:
        table = QTableView()
        _name(table, "orders_table", "orders_table")
        table.setModel(self.model)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        rows = table.verticalHeader()
        rows.setVisible(False)
        # Fixed heights: the view never measures 100 000 rows.
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(table.fontMetrics().height() + 10)
        header = table.horizontalHeader()
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        column, direction = self.model.sort_section()
        header.setSortIndicator(column, direction)
        table.setSortingEnabled(True)

        selection = table.selectionModel()
        selection.currentRowChanged.connect(self._current_row_changed)
        selection.selectionChanged.connect(self._selection_changed)
        table.activated.connect(self._row_activated)
        table.clicked.connect(self._row_activated)  # also the current row, viewed or not
        self.model.modelReset.connect(self._model_reset)
        return table

    def _build_totals_line(self) -> QHBoxLayout:
        line = QHBoxLayout()
        line.setContentsMargins(4, 2, 4, 2)
        self.totals_label = QLabel()
        _name(self.totals_label, "totals_label", tr("Totals of the orders shown"))
        self.totals_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.totals_label.setWordWrap(True)  # a narrow window wraps it rather than cut it
        self.paid_today_label = QLabel()
        strong = self.paid_today_label.font()
        strong.setBold(True)  # the owner's first question at the end of the day
        self.paid_today_label.setFont(strong)
        _name(self.paid_today_label, "paid_today_label", tr("Paid today"))
        self.paid_today_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        line.addWidget(self.totals_label, 1)
        line.addWidget(self.paid_today_label)
        return line

    # -- public ------------------------------------------------------------

    def current_query(self) -> OrderQuery:
        """What the table shows (filters and sort, no page): for totals and CSV export."""
        return self.model.query()

    def selected_order_ids(self) -> list[str]:
        rows = sorted(index.row() for index in self.table.selectionModel().selectedRows())
        return [order.order_id for row in rows if (order := self.model.order_at(row))]

    def focus_search(self) -> None:
        """For the window's Find action (Ctrl+F).

        The panel has no shortcut of its own: with the window's, the key
        would be ambiguous and Qt would run neither.
        """
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def show_today(self) -> None:
        """Orders created today (local day), whatever the dates were."""
        today = local_day(self._clock())
        with _signals_blocked(self.date_from, self.date_to):
            self.date_from.setDate(today)
            self.date_to.setDate(today)
        self.date_filter.setChecked(True)  # enables the dates and applies, if it was off
        self._apply_filters()

    def refresh(self) -> None:
        """Re-run the query and the totals, keeping the loaded rows and the selection."""
        self._reload(keep_rows=True)

    def reload(self) -> None:
        """Back to the first page (a new order was created: it sorts to the top)."""
        self._reload(keep_rows=False)

    def show_viewed(self, order_id: str | None) -> None:
        """The order on the payment panel (None: none) is this list's current row.

        Its row is selected when it is loaded; otherwise (not loaded yet, or left
        out by the filters) nothing is, so no row looks like what the panel shows.
        """
        changed, self._viewed_id = order_id != self._viewed_id, order_id
        row = self.model.row_of(order_id) if order_id is not None else None
        current = self.table.currentIndex()
        if row is not None and current.isValid() and current.row() == row:
            return
        if row is not None or changed:  # not every poll's update: the selection stays
            self._follow(row)

    def _follow(self, row: int | None) -> None:
        flags = QItemSelectionModel.SelectionFlag
        model = self.table.selectionModel()
        self._following = True
        try:
            if row is None:
                model.clear()  # the current index and the selection
            else:
                model.setCurrentIndex(self.model.index(row, 0), flags.ClearAndSelect | flags.Rows)
        finally:
            self._following = False

    def update_order(self, order: Order) -> None:
        """A status check changed an order: repaint its row, add the totals up again."""
        self.model.update_order(order)
        self._later(self._totals_timer)

    def book_changed(self) -> None:
        """Another program changed the order book (``paydesk create``, ``paydesk refresh``,
        another till): the rows and the totals follow, once for many changes.

        Rows still in their places repaint in place; when an order joined or left
        the rows loaded, or moved, they are read again, keeping the selection and
        the scroll, as :meth:`refresh` does.
        """
        self._later(self._follow_timer)

    def _follow_book(self) -> None:
        if self.model.follow_book():
            self._update_totals()
        else:
            self._reload(keep_rows=True)

    def _timers(self) -> tuple[QTimer, ...]:
        return (self._search_timer, self._totals_timer, self._follow_timer)

    def hideEvent(self, event: QHideEvent) -> None:
        """Hold back searches, totals and reading the book again while hidden: a
        closing window closes the book next, and a poll finishing meanwhile must not
        reach it."""
        self._held = {t for t in self._timers() if t.isActive()}
        for timer in self._held:
            timer.stop()
        super().hideEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        held, self._held = self._held or set(), None
        if self._stopped:
            return
        for timer in held:
            timer.start()

    def stop(self) -> None:
        """The order book is about to close: no search or totals may run after this."""
        self._stopped = True
        for timer in self._timers():
            timer.stop()
        self._held = None

    def _later(self, timer: QTimer) -> None:
        if self._stopped:
            return
        if self._held is None:
            timer.start()
        else:
            self._held.add(timer)

    # -- filters -----------------------------------------------------------

    def _filters(self) -> OrderQuery:
        _label, statuses, creations = STATUS_FILTERS[max(0, self.status_filter.currentIndex())]
        since = until = None
        if self.date_filter.isChecked():
            since = day_start(self.date_from.date())
            until = day_start(self.date_to.date().addDays(1))  # half-open: [from, to + 1 day)
        text = self.search.text().strip() or None
        current = self.model.query()
        return OrderQuery(
            client_id=self._book.client_id,
            statuses=statuses,
            creations=creations,
            created_since=since,
            created_until=until,
            text=text,
            sort=current.sort,
            descending=current.descending,
        )

    def _apply_filters(self) -> None:
        self._search_timer.stop()
        query = self._filters()
        if query != self.model.query():
            self.model.set_query(query)
            self._update_totals()

    def _from_changed(self, day: QDate) -> None:
        if day > self.date_to.date():
            with _signals_blocked(self.date_to):
                self.date_to.setDate(day)
        self._apply_filters()

    def _to_changed(self, day: QDate) -> None:
        if day < self.date_from.date():
            with _signals_blocked(self.date_from):
                self.date_from.setDate(day)
        self._apply_filters()

    # -- selection ---------------------------------------------------------

    def _reload(self, *, keep_rows: bool) -> None:
        current = self.model.order_at(self.table.currentIndex().row())
        selected = self.selected_order_ids()
        scroll = self.table.verticalScrollBar().value()
        self._reloading = True
        try:
            self.model.reload(self.model.rowCount() if keep_rows else 0)
            self._restore_selection(current.order_id if current else None, selected)
        finally:
            self._reloading = False
        self._follow_viewed_if_loaded()
        if keep_rows:
            self.table.verticalScrollBar().setValue(scroll)
        self._update_totals()

    def _restore_selection(self, current_id: str | None, selected: list[str]) -> None:
        """Select again the rows that are still loaded; signals only for a real change."""
        selection = QItemSelection()
        for order_id in selected:
            row = self.model.row_of(order_id)
            if row is not None:
                selection.select(self.model.index(row, 0), self.model.index(row, 0))
        flags = QItemSelectionModel.SelectionFlag
        model = self.table.selectionModel()
        row = self.model.row_of(current_id) if current_id else None
        if row is not None:
            model.setCurrentIndex(self.model.index(row, 0), flags.NoUpdate)
        model.select(selection, flags.ClearAndSelect | flags.Rows)
        self._selection_changed()

    def _model_reset(self) -> None:
        # A reset clears the selection without a selectionChanged signal.
        if not self._reloading:
            self._selection_changed()
            self._follow_viewed_if_loaded()  # the new filters may show it

    def _follow_viewed_if_loaded(self) -> None:
        """After a reload: the viewed order's row, if it is there now, is the current one
        (a new order reaches the list after the panel shows it)."""
        row = self.model.row_of(self._viewed_id) if self._viewed_id is not None else None
        current = self.table.currentIndex()
        if row is not None and not (current.isValid() and current.row() == row):
            self._follow(row)

    def _selection_changed(self, *_args: object) -> None:
        ids = self.selected_order_ids()
        if ids != self._selected:
            self._selected = ids
            self.selection_changed.emit(ids)

    def _current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._reloading or self._following:
            return  # the list put it back, or followed the panel: not the cashier's move
        order = self.model.order_at(current.row()) if current.isValid() else None
        if order is not None and order.order_id != self._viewed_id:
            self.order_activated.emit(order.order_id)

    def _row_activated(self, index: QModelIndex) -> None:
        order = self.model.order_at(index.row())
        if order is not None:
            self.order_activated.emit(order.order_id)

    # -- totals ------------------------------------------------------------

    def _update_totals(self) -> None:
        self._totals_timer.stop()
        today = local_day(self._clock())
        try:
            shown = self._book.totals(self.model.query())
            paid = self._book.paid_on(date(today.year(), today.month(), today.day()))
        except StoreError as exc:  # the totals stay as they were; the banner says why
            self.problem.emit(str(exc))
            return
        self.totals_label.setText(self._totals_text(shown))
        self.paid_today_label.setText(
            tr("Paid today: {amount}").format(amount=money(paid.paid_amount))
        )

    def _totals_text(self, totals: Totals) -> str:
        if totals.count == 0:
            query = self.model.query()
            filtered = query.statuses or query.creations or query.created_since or query.text
            return tr("No orders match the filters") if filtered else tr("No orders yet")
        count = tr("1 order") if totals.count == 1 else tr("{count} orders")
        return tr("{orders} · total {total} · {paid_count} paid for {paid}").format(
            orders=count.format(count=totals.count),
            total=money(totals.amount),
            paid_count=totals.paid_count,
            paid=money(totals.paid_amount),
        )


def _name(widget: QWidget, name: str, accessible: str) -> None:
    """objectName for tests and styling, accessibleName for screen readers."""
    widget.setObjectName(name)
    widget.setAccessibleName(accessible)


@contextmanager
def _signals_blocked(*widgets: QWidget) -> Iterator[None]:
    """Set several widgets without each change re-running the query."""
    with ExitStack() as stack:
        for widget in widgets:
            stack.enter_context(QSignalBlocker(widget))
        yield
