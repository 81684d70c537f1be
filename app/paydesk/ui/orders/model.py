"""The orders list as a Qt table model, paged from SQLite.

The order book can hold 100 000 orders, so the model never loads them all:
filters, search and sort run in SQL (an :class:`OrderQuery` the order book runs) and rows
arrive a page at a time through ``canFetchMore``/``fetchMore`` as the view
scrolls. A background status check replaces one row in place
(:meth:`OrdersModel.update_order`) instead of resetting the list, so the
selection and the scroll position survive polling; so does a status another
program changed (:meth:`OrdersModel.follow_book`). A new sale is a row inserted at
the top, and the rows loaded stay as many as the view asked for (the last leaves), so a
long day's sales cost each look at the book the same at its end as at its start. A new
filter, sort or refresh is a plain reset. What each column shows of an order is
:mod:`paydesk.ui.orders.table_columns`.

Each loaded row's cells are items of a :class:`QStandardItemModel`, made when the
row arrives or its order changes: the view paints them without a call into Python.
A paint that needed Python for every cell (a row inserted at the top repaints every
visible one) waited on the interpreter lock for each, behind the threads serving the
till program's API and the requests; the window stalled while they were busy.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel

from paydesk.core.book.reader import OrderBookReader, OrderQuery, StoreError
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.ui.orders.cells import phase_colour, phase_label, status_text
from paydesk.ui.orders.table_columns import ALIGNMENTS, COLUMN_OF_SORT, DISPLAY, Column, tooltip
from paydesk.ui.shell.messages import book_error_text, failure_text

#: Rows read per page: a screenful and more (a tall window shows ~50); the view
#: asks for the next page as it scrolls near the end.
PAGE_SIZE = 100

#: The :class:`Order` of a row, in its first cell (for the window, export and tests).
ORDER_ROLE = Qt.ItemDataRole.UserRole + 1

_Index = QModelIndex | QPersistentModelIndex

_ITEM_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_ORDER_ROLE = int(ORDER_ROLE)
_STATUS_COLUMN = int(Column.STATUS)
_LAST_COLUMN = len(Column) - 1
_COLUMNS = tuple(Column)
_DISPLAY_BY_INDEX = tuple(DISPLAY[column] for column in Column)
_ALL_COLUMNS = range(len(Column))


class OrdersModel(QStandardItemModel):
    """Orders matching one :class:`OrderQuery`, loaded a page at a time.

    The book (its connection) belongs to the GUI thread and is only read here.
    ``rowCount`` is what has been loaded so far; the view asks for more as it scrolls.
    """

    #: The order book refused a page (locked, damaged and set aside): its words.
    #: The rows loaded so far stay; none is invented.
    failed = Signal(str)

    def __init__(
        self,
        book: OrderBookReader,
        query: OrderQuery | None = None,
        *,
        page_size: int = PAGE_SIZE,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(0, len(Column), parent)
        if page_size < 1:
            raise ValueError("page_size must be at least 1")
        self._book = book
        self._page_size = page_size
        self._query = _unpaged(query or OrderQuery())
        self._orders: list[Order] = []
        self._rows: dict[str, int] = {}  # order_id -> row, for update_order
        self._creating: set[str] = set()  # orders whose creation is out (set_creating)
        self._consumed = 0  # rows read from SQL so far: the next page's offset
        self._wanted = page_size  # rows the view asked for: a page, and one per fetchMore
        self._more = False
        self._paid_font = QFont()
        self._paid_font.setBold(True)
        cell = QStandardItem()  # what every cell is made from: selectable, not editable
        cell.setFlags(_ITEM_FLAGS)
        self.setItemPrototype(cell)  # the model owns it
        self._append(self._first_page(self._page_size))

    # -- what is shown -----------------------------------------------------

    def query(self) -> OrderQuery:
        """The filters and sort shown (no page: ready for totals and export)."""
        return self._query

    def set_query(self, query: OrderQuery) -> None:
        """Show another selection, from its first page. Its limit and offset are ignored."""
        self._reset(_unpaged(query), self._page_size)

    def reload(self, at_least: int = 0) -> None:
        """Re-read from the book (a new order, another day), from the first page.

        ``at_least`` loads that many rows if there are, so a refresh can keep
        the rows a person has scrolled to.
        """
        self._reset(self._query, max(self._page_size, at_least))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Re-query sorted by ``column`` in SQL; the book breaks ties so pages stay stable.

        A column the book cannot sort by (the till) leaves the sort as it was.
        """
        if not 0 <= column < len(Column):
            return
        sort_column = Column(column).sort_column
        if sort_column is None:
            return
        descending = order == Qt.SortOrder.DescendingOrder
        if (sort_column, descending) == (self._query.sort, self._query.descending):
            return  # the view asks again when sorting is enabled: nothing to do
        self._reset(
            dataclasses.replace(self._query, sort=sort_column, descending=descending),
            self._page_size,
        )

    def sort_section(self) -> tuple[Column, Qt.SortOrder]:
        """The column and direction of the current sort, for the header's indicator."""
        direction = (
            Qt.SortOrder.DescendingOrder if self._query.descending else Qt.SortOrder.AscendingOrder
        )
        return COLUMN_OF_SORT[self._query.sort], direction

    def update_order(self, order: Order) -> bool:
        """Replace a loaded order after a status check: one ``dataChanged``, no reset.

        The row stays where it is even if it no longer matches the filter or
        sort; the next :meth:`reload` puts it right. Returns whether it was loaded.
        """
        row = self._rows.get(order.order_id)
        if row is None or self._orders[row].client_id != order.client_id:
            return False
        self._orders[row] = order
        self._set_row(row, order)
        return True

    def set_creating(self, order_id: str, creating: bool) -> None:
        """The order's creation went to the service (True) or its answer is in: its row
        says "Creating…" meanwhile, as the payment panel does, not "Not sent" (the book
        has it unconfirmed until the answer)."""
        if creating:
            self._creating.add(order_id)
        else:
            self._creating.discard(order_id)
        row = self._rows.get(order_id)
        if row is not None:
            with self._quietly():
                self._fill(row, self._orders[row], range(_STATUS_COLUMN, _STATUS_COLUMN + 1))
            status = self.index(row, _STATUS_COLUMN)
            self.dataChanged.emit(status, status)

    def follow_book(self) -> bool:
        """Read the loaded rows again: this window or another program changed the book.

        The rows whose order changed repaint in place (``dataChanged``), so the
        selection and the scroll stay; new orders that sort first (a sale just made,
        newest first) are rows inserted at the top, and as many rows leave the bottom
        when more are loaded than the view asked for: a day's sales never pile up in
        the list, and each look reads what is loaded (a page, or as far as the person
        scrolled), not every sale since the morning. False, with nothing changed, when
        the rows are otherwise no longer the same orders in the same places (one left
        the selection, the sort moved one): the caller reloads them.
        """
        loaded = len(self._orders)
        try:
            fresh = self._book.query(
                dataclasses.replace(self._query, limit=loaded + 2, offset=0)
            )
        except StoreError as exc:  # said by whoever listens; the rows stay as they were
            self.failed.emit(book_error_text(exc))
            return True
        new = next((at for at, order in enumerate(fresh) if order.order_id in self._rows),
                   len(fresh))  # orders above the first loaded one: new sales
        shown = min(loaded + new, max(self._wanted, new))  # rows after: new ones, then old
        kept = fresh[new:shown]  # must be the loaded rows still shown, in their places
        stayed = [order.order_id for order in kept] == [
            order.order_id for order in self._orders[:shown - new]]
        # A full read that is all new (or all shown) cannot tell: a page more is asked for.
        more = len(fresh) > shown or len(fresh) == loaded + 2
        if not stayed or (more and not self._more and shown < self._wanted):
            return False  # an order left or moved, or one more fits below the last
        for row, (order, old) in enumerate(zip(kept, self._orders[:len(kept)], strict=True)):
            if order != old:
                self._orders[row] = order
                self._set_row(row, order)
        if len(kept) < loaded:  # below what the view asked for: to be read again if asked
            self._remove_last(loaded - len(kept))
        if new:
            self._insert_first(fresh[:new])
        self._consumed = shown
        self._more = more
        return True

    def order_at(self, row: int) -> Order | None:
        return self._orders[row] if 0 <= row < len(self._orders) else None

    def row_of(self, order_id: str) -> int | None:
        return self._rows.get(order_id)

    # -- Qt's model interface ----------------------------------------------

    def canFetchMore(self, parent: _Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self._more

    def fetchMore(self, parent: _Index = QModelIndex()) -> None:  # noqa: B008
        if parent.isValid() or not self._more:
            return
        self._wanted += self._page_size
        fresh = self._read_page(self._page_size)
        if fresh:
            self._append(fresh)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(Column):
            return None
        column = Column(section)
        if role == Qt.ItemDataRole.DisplayRole:
            return column.title
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return ALIGNMENTS[section]
        return None

    # -- plumbing ----------------------------------------------------------

    def _row_cells(self, order: Order) -> list[dict[int, Any]]:
        """The row's cells, each as its roles: the column's text, and its tooltip where the
        text may be cut short, and its alignment (the amount to the right);
        the status in its phase's colour (paid in bold); the order in the first. A role a
        cell may have is always named (None: none), as a cell filled again keeps the roles
        it is not given."""
        creating = order.order_id in self._creating
        phase = OrderPhase.CREATING if creating else phase_of(order)
        cells: list[dict[int, Any]] = []
        for column, text in zip(_COLUMNS, _DISPLAY_BY_INDEX, strict=True):
            cells.append({_DISPLAY: text(order), _TOOLTIP: tooltip(order, column),
                          _ALIGNMENT: ALIGNMENTS[column]})
        status = cells[_STATUS_COLUMN]
        if creating:
            status[_DISPLAY] = phase_label(phase)
        status[_FOREGROUND] = phase_colour(phase)
        status[_FONT] = self._paid_font if phase is OrderPhase.PAID else None
        # Why a check or the creation failed; else the words, in case they are cut short.
        status[_TOOLTIP] = (failure_text(order.last_error) if order.last_error
                            else phase_label(phase) if creating else status_text(order))
        cells[0][_ORDER_ROLE] = order
        return cells

    def _fill(self, row: int, order: Order, columns: range = _ALL_COLUMNS) -> None:
        """Put ``order``'s cells in ``row`` (quietly: the caller says what changed). Each
        item is made by the model from its prototype, in C++: no Python object per cell."""
        cells = self._row_cells(order)
        for column in columns:
            self.setItemData(self.index(row, column), cells[column])

    def _set_row(self, row: int, order: Order) -> None:
        """The row shows ``order`` now: one ``dataChanged`` for it, one repaint."""
        with self._quietly():
            self._fill(row, order)
        self.dataChanged.emit(self.index(row, 0), self.index(row, _LAST_COLUMN))

    def setData(self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Read only: a row changes with its order (update_order, follow_book)."""
        return False

    @contextlib.contextmanager
    def _quietly(self) -> Iterator[None]:
        """The model's own signals held while it puts cells in place; the caller then
        says what changed once (a row, a page), not once per cell. Held as they were
        (a reset holds them for all it does)."""
        held = self.blockSignals(True)
        try:
            yield
        finally:
            self.blockSignals(held)

    def _reset(self, query: OrderQuery, rows: int) -> None:
        """Read the first ``rows`` again, every row formatted afresh: a reset the views
        read whole (the panel puts the selection and the scroll back)."""
        self.beginResetModel()
        self._query = query
        fresh = self._first_page(rows)  # a refusal is said (failed), not held with the rest
        with self._quietly():  # the views read it all again at the reset's end
            self.setRowCount(0)
            self._append(fresh)
        self._wanted = rows
        self.endResetModel()

    def _first_page(self, rows: int) -> list[Order]:
        self._orders = []
        self._rows = {}
        self._consumed = 0
        self._more = True
        return self._read_page(rows)

    def _read_page(self, size: int) -> list[Order]:
        """The next ``size`` orders, skipping any already loaded.

        One extra row is asked for to know whether another page exists. An
        order created since the first page shifts the offsets by one; the
        skip keeps it from showing twice.
        """
        try:
            found = self._book.query(
                dataclasses.replace(self._query, limit=size + 1, offset=self._consumed)
            )
        except StoreError as exc:  # said by whoever listens; never raised into Qt
            self._more = False
            self.failed.emit(book_error_text(exc))
            return []
        self._more = len(found) > size
        page = found[:size]
        self._consumed += len(page)
        return [order for order in page if order.order_id not in self._rows]

    def _insert_first(self, orders: list[Order]) -> None:
        """``orders`` above the loaded rows (new sales, newest first)."""
        self._orders[:0] = orders
        self._rows = {each.order_id: row for row, each in enumerate(self._orders)}
        self.insertRows(0, len(orders))  # its listeners find the orders in place; cells follow
        with self._quietly():
            for row, order in enumerate(orders):
                self._fill(row, order)

    def _remove_last(self, count: int) -> None:
        """The last ``count`` rows out: a page read later brings them back."""
        first = len(self._orders) - count
        for order in self._orders[first:]:
            del self._rows[order.order_id]
        del self._orders[first:]
        self.removeRows(first, count)

    def _append(self, orders: list[Order]) -> None:
        """``orders`` after the loaded rows: inserted as one block, then their cells."""
        if not orders:
            return
        first = len(self._orders)
        for order in orders:
            self._rows[order.order_id] = len(self._orders)
            self._orders.append(order)
        self.insertRows(first, len(orders))
        with self._quietly():
            for row, order in enumerate(orders, start=first):
                self._fill(row, order)
        self.dataChanged.emit(self.index(first, 0), self.index(len(self._orders) - 1,
                                                                _LAST_COLUMN))


def _unpaged(query: OrderQuery) -> OrderQuery:
    return dataclasses.replace(query, limit=None, offset=0)
