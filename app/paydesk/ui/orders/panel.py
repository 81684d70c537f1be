"""The orders list with its filters and totals, for the owner's end-of-day questions.

Every filter becomes one :class:`OrderQuery` that the order book (the core's read side,
:class:`OrderBookReader`) runs in SQL for :class:`OrdersModel`, so the list stays quick
with 100 000 orders; typing in the search field runs the query once the person pauses.
The filter bar (filter_bar.py) and the totals line (totals_line.py) are parts of their
own; the panel runs their queries and sums against the book, and keeps the table's
selection in step with the payment panel.

In a shop of several tills (orders of more than one in the book, or a shared book set up)
the list shows each order's till and offers a till filter; a single till's list looks as
it always has. The tills are read again when the book changes, so another till's first
order brings them.

From the keyboard the table is one stop: Tab and Shift+Tab enter and leave it, the
arrows move inside it. Entering it chooses no order: the panel keeps its sale.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QHideEvent, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.book.reader import OrderBookReader, OrderQuery, StoreError
from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.orders import Order
from paydesk.ui.orders.cells import local_day
from paydesk.ui.orders.columns import ColumnFitter
from paydesk.ui.orders.details import OrderDetailsDialog
from paydesk.ui.orders.filter_bar import FilterBar
from paydesk.ui.orders.model import OrdersModel
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.orders.totals_line import TotalsLine
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.messages import book_error_text
from paydesk.ui.widgets.names import name_widget

SEARCH_DELAY_MS = 200
#: After a filter, the totals line waits this long: the rows are painted first (about a
#: frame), and a common search of a million orders takes longer to add up than to show.
TOTALS_AFTER_ROWS_MS = 30


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
    details_opened = Signal(object)  # a new OrderDetailsDialog, before it is shown

    def __init__(
        self,
        book: OrderBookReader,
        *,
        clock: Clock = utc_now,
        shared_book: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._book = book
        self._clock = clock
        self._shared_book = shared_book  # the Till column shows even with one till so far
        self._viewed_id: str | None = None  # the order on the payment panel (show_viewed)
        self._selected: list[str] = []
        self._reloading = False  # a refresh restores the selection itself
        self._following = False  # show_viewed moves the current row: not the cashier
        self.model = OrdersModel(book, OrderQuery(client_id=book.client_id), parent=self)
        self.model.failed.connect(self.problem)

        self._search_timer = self._single_shot(SEARCH_DELAY_MS, self._apply_filters)
        # Many update_order calls from one polling batch add up the totals once; after a
        # filter, a frame after the rows (the view lays them out on a timer of its own).
        self._totals_timer = self._single_shot(0, self._update_totals)
        self._filtered_totals_timer = self._single_shot(TOTALS_AFTER_ROWS_MS,
                                                        self._update_totals)
        self._follow_timer = self._single_shot(0, self._follow_book)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 4)
        self.filter_bar = FilterBar(clock, self)
        self.filter_bar.changed.connect(self._apply_filters)
        self.filter_bar.typed.connect(lambda: self._when_shown(self._search_timer))
        layout.addWidget(self.filter_bar)
        self.table = self._build_table()
        self.table.installEventFilter(self)  # Enter: the details (eventFilter)
        self.columns = ColumnFitter(self.table)
        self._show_tills()
        layout.addWidget(self.table, 1)
        self.totals_line = TotalsLine(self)
        layout.addWidget(self.totals_line)
        # The parts' widgets under the panel's own names, where the window's tests reach them.
        bar = self.filter_bar
        self.status_filter, self.search = bar.status_filter, bar.search
        self.date_filter, self.date_from, self.date_to = bar.date_filter, bar.date_from, bar.date_to
        self.today_button = bar.today_button
        self.totals_label = self.totals_line.totals_label
        self.paid_today_label = self.totals_line.paid_today_label
        self._paused: set[QTimer] | None = None  # while hidden: work to do when shown again
        self._stopped = False  # set by stop(): the order book is closing
        self.details: dict[str, OrderDetailsDialog] = {}  # open ones, by order id
        self._update_totals()

    # -- building ----------------------------------------------------------

    def _single_shot(self, interval_ms: int, slot: Callable[[], None]) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(interval_ms)
        timer.timeout.connect(slot)
        return timer

    def _build_table(self) -> QTableView:
        table = QTableView()
        name_widget(table, "orders_table", tr("Orders"))
        table.setModel(self.model)
        table.setTabKeyNavigation(False)  # Tab leaves the list; the arrows move in it
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
        header.sortIndicatorChanged.connect(self._sort_indicator_changed)
        table.setColumnHidden(Column.TILL, True)  # until the book has several tills
        table.setColumnHidden(Column.CASHIER, True)  # with shifts on only (show_cashiers)

        selection = table.selectionModel()
        selection.currentRowChanged.connect(self._current_row_changed)
        selection.selectionChanged.connect(self._selection_changed)
        table.activated.connect(self._row_activated)
        table.clicked.connect(self._row_activated)  # also the current row, viewed or not
        # Double-click or Enter opens the order's details (activated may come on a
        # single click on some desktops: not that).
        table.doubleClicked.connect(lambda index: self.open_details(index.row()))
        self.model.modelReset.connect(self._model_reset)
        return table

    # -- public ------------------------------------------------------------

    def current_query(self) -> OrderQuery:
        """What the table shows (filters and sort, no page): for totals and CSV export."""
        return self.model.query()

    def selected_order_ids(self) -> list[str]:
        rows = sorted(index.row() for index in self.table.selectionModel().selectedRows())
        return [order.order_id for row in rows if (order := self.model.order_at(row))]

    def open_details(self, row: int) -> OrderDetailsDialog | None:
        """Show the details of the order on ``row`` in a window of their own (raised
        again when already open); None when the row or the order is gone."""
        order = self.model.order_at(row)
        if order is None:
            return None
        dialog = self.details.get(order.order_id)
        if dialog is None:
            try:
                details = self._book.details(order.order_id, order.client_id)
            except StoreError as exc:  # the banner says why
                self.problem.emit(book_error_text(exc))
                return None
            if details is None:
                return None
            dialog = self.details[order.order_id] = OrderDetailsDialog(details, self)
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.finished.connect(lambda _result, key=order.order_id: self.details.pop(key, None))
            self.details_opened.emit(dialog)
            dialog.show()
            return dialog
        dialog.raise_()  # already open, maybe behind the window
        dialog.activateWindow()
        return dialog

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on the table's current row opens its details; the focus coming in
        chooses no order."""
        if watched is self.table and event.type() == QEvent.Type.FocusIn:
            self._focus_coming_in()
        if (watched is self.table and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and self.table.currentIndex().isValid()):
            current = self.table.currentIndex()
            self._row_activated(current)  # what Enter did before: view it on the panel
            self.open_details(current.row())
            return True
        return super().eventFilter(watched, event)

    def _focus_coming_in(self) -> None:
        """Qt makes the first row current when the focus enters a table with none: that
        would view its order on the panel. The first row is made current here instead,
        as the list's own move, selecting nothing; the arrows go on from it."""
        if self.table.currentIndex().isValid() or self.model.rowCount() == 0:
            return
        self._following = True
        try:
            self.table.selectionModel().setCurrentIndex(
                self.model.index(0, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
        finally:
            self._following = False

    def focus_search(self) -> None:
        """For the window's Find action (Ctrl+F).

        The panel has no shortcut of its own: with the window's, the key
        would be ambiguous and Qt would run neither.
        """
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def show_today(self) -> None:
        """Orders created today (local day), whatever the dates were."""
        self.filter_bar.show_today()

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
        self._when_shown(self._totals_timer)

    def book_changed(self) -> None:
        """Another program changed the order book (``paydesk create``, ``paydesk refresh``,
        another till): the rows and the totals follow, once for many changes.

        Rows still in their places repaint in place; when an order joined or left
        the rows loaded, or moved, they are read again, keeping the selection and
        the scroll, as :meth:`refresh` does.
        """
        self._when_shown(self._follow_timer)

    def set_shared_book(self, shared: bool) -> None:
        """Whether this till shares its book with others: the Till column shows then,
        even while every order so far is this till's."""
        self._shared_book = shared
        self._show_tills()

    def show_cashiers(self, shown: bool) -> None:
        """The Cashier · shift column, with the ``shifts`` setting on (ui/shifts/)."""
        if shown == self.table.isColumnHidden(Column.CASHIER):
            self.columns.set_shown(Column.CASHIER, shown)

    @property
    def tills_shown(self) -> bool:
        """Whether the Till column is shown (several tills, or a shared book)."""
        return not self.table.isColumnHidden(Column.TILL)

    def _show_tills(self) -> None:
        """The Till column and the till filter as the book's tills call for."""
        try:
            names = self._book.tills()
        except StoreError as exc:  # as they were; the banner says why
            self.problem.emit(book_error_text(exc))
            return
        shown = len(names) > 1 or self._shared_book
        if shown == self.table.isColumnHidden(Column.TILL):
            self.columns.set_shown(Column.TILL, shown)
        self.filter_bar.set_tills(names)

    def _sort_indicator_changed(self, section: int, _order: Qt.SortOrder) -> None:
        """A click on a column the book cannot sort by (the till): the arrow goes back
        to the sort shown."""
        if 0 <= section < len(Column) and Column(section).sort_column is None:
            column, direction = self.model.sort_section()
            header = self.table.horizontalHeader()
            blocked = header.blockSignals(True)
            header.setSortIndicator(column, direction)
            header.blockSignals(blocked)

    def creation_out(self, order_id: str, out: bool, *, new: bool = False) -> None:
        """An order's creation went to the service (``out``) or its answer is in: its row
        says "Creating…" meanwhile; a ``new`` sale's row comes now (:meth:`order_added`)."""
        self.model.set_creating(order_id, out)
        if new:
            self.order_added()

    def order_added(self) -> None:
        """This window wrote a sale: one row inserted at the top (no reload of every row)
        when it sorts there, the totals again, its row current once it is viewed."""
        self._follow_book()
        self._follow_viewed_if_loaded()

    def _follow_book(self) -> None:
        if self.model.follow_book():
            self._show_tills()
            self._update_totals()
        else:
            self._reload(keep_rows=True)  # which reads the tills again too

    def _timers(self) -> tuple[QTimer, ...]:
        return (self._search_timer, self._totals_timer, self._filtered_totals_timer,
                self._follow_timer)

    def hideEvent(self, event: QHideEvent) -> None:
        """Hold back searches, totals and reading the book again while hidden: a
        closing window closes the book next, and a poll finishing meanwhile must not
        reach it."""
        self._paused = {t for t in self._timers() if t.isActive()}
        for timer in self._paused:
            timer.stop()
        super().hideEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        held, self._paused = self._paused or set(), None
        if self._stopped:
            return
        for timer in held:
            timer.start()

    def stop(self) -> None:
        """The order book is about to close: no search or totals may run after this."""
        self._stopped = True
        for timer in self._timers():
            timer.stop()
        self._paused = None

    def _when_shown(self, timer: QTimer) -> None:
        if self._stopped:
            return
        if self._paused is None:
            timer.start()
        else:
            self._paused.add(timer)

    # -- filters -----------------------------------------------------------

    def _apply_filters(self) -> None:
        self._search_timer.stop()
        query = self.filter_bar.query(self._book.client_id, self.model.query())
        if query != self.model.query():
            self.model.set_query(query)
            # The rows first: adding up every match of a common search in a big book
            # takes longer than reading the first page, so the sums follow a frame later.
            self._when_shown(self._filtered_totals_timer)

    # -- selection ---------------------------------------------------------

    def _reload(self, *, keep_rows: bool) -> None:
        current = self.model.order_at(self.table.currentIndex().row())
        selected = self.selected_order_ids()
        scroll = self.table.verticalScrollBar().value()
        self._show_tills()  # this till's first order may be the second till's name
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
        """After a reload or an insert: the viewed order's row, once loaded, is the current one."""
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
        self._filtered_totals_timer.stop()
        today = local_day(self._clock())
        try:
            query = self.model.query()
            shown = self._book.totals(query)
            paid = self._book.paid_on(date(today.year(), today.month(), today.day()), query.till)
        except StoreError as exc:  # the totals stay as they were; the banner says why
            self.problem.emit(book_error_text(exc))
            return
        self.totals_line.set_totals(shown, paid, self.model.query())
