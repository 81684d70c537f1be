"""The orders list as a Qt table model, paged from SQLite.

The order book can hold 100 000 orders, so the model never loads them all:
filters, search and sort run in SQL (an :class:`OrderQuery` the order book runs) and rows
arrive a page at a time through ``canFetchMore``/``fetchMore`` as the view
scrolls. A background status check replaces one row in place
(:meth:`OrdersModel.update_order`) instead of resetting the list, so the
selection and the scroll position survive polling; so does a status another
program changed (:meth:`OrdersModel.follow_book`). What each column shows of
an order is :mod:`paydesk.ui.orders.table_columns`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, cast

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from paydesk.core.book_reader import OrderBookReader, OrderQuery, StoreError
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.ui.orders.cells import ROWS, status_text
from paydesk.ui.orders.table_columns import (
    ALIGNMENTS,
    COLUMN_OF_SORT,
    DISPLAY,
    LEFT,
    RIGHT,
    SORT_VALUE,
    Column,
    tooltip,
)
from paydesk.ui.shell.messages import book_error_text, failure_text

#: Rows read per page: a screenful and more (a tall window shows ~50); the view
#: asks for the next page as it scrolls near the end.
PAGE_SIZE = 100

#: The :class:`Order` of a row (for the window, export and tests).
ORDER_ROLE = Qt.ItemDataRole.UserRole + 1
#: A plain value that sorts like the column (ints for times and amounts).
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

_Index = QModelIndex | QPersistentModelIndex

_ITEM_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_NO_FLAGS = Qt.ItemFlag.NoItemFlags

# The roles as plain ints: the view asks for several roles of every visible cell
# on every repaint, so data() compares ints rather than building enum values.
_DISPLAY_ROLE = int(Qt.ItemDataRole.DisplayRole)
_ALIGNMENT_ROLE = int(Qt.ItemDataRole.TextAlignmentRole)
_FOREGROUND_ROLE = int(Qt.ItemDataRole.ForegroundRole)
_FONT_ROLE = int(Qt.ItemDataRole.FontRole)
_TOOLTIP_ROLE = int(Qt.ItemDataRole.ToolTipRole)
_ORDER_ROLE = int(ORDER_ROLE)
_SORT_ROLE = int(SORT_ROLE)
#: What the view's delegate asks of every cell it paints (QStyledItemDelegate's
#: initStyleOption), each kept per row in the row's cells.
_PAINTED_ROLES = tuple(int(role) for role in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.CheckStateRole, Qt.ItemDataRole.DecorationRole,
    Qt.ItemDataRole.BackgroundRole))
_STATUS_COLUMN = int(Column.STATUS)
_COLUMNS = tuple(Column)
_DISPLAY_BY_INDEX = tuple(DISPLAY[column] for column in Column)


class OrdersModel(QAbstractTableModel):
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
        super().__init__(parent)
        if page_size < 1:
            raise ValueError("page_size must be at least 1")
        self._book = book
        self._page_size = page_size
        self._query = _unpaged(query or OrderQuery())
        self._orders: list[Order] = []
        # A row's cells (what a repaint asks of each: its text, alignment, colour, font),
        # made when the row is first painted and kept until the order changes: a repaint
        # then formats and decides nothing.
        self._cells: list[tuple[dict[int, Any], ...] | None] = []
        self._rows: dict[str, int] = {}  # order_id -> row, for update_order
        self._creating: set[str] = set()  # orders whose creation is out (set_creating)
        self._consumed = 0  # rows read from SQL so far: the next page's offset
        self._more = False
        self._paid_font = QFont()
        self._paid_font.setBold(True)
        self._load(self._page_size)

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
        self._cells[row] = None
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(Column) - 1))
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
            self._cells[row] = None
            status = self.index(row, _STATUS_COLUMN)
            self.dataChanged.emit(status, status)

    def follow_book(self) -> bool:
        """Read the loaded rows again: this window or another program changed the book.

        The rows whose order changed repaint in place (``dataChanged``), so the
        selection and the scroll stay; a new order that sorts first (a sale just
        created, newest first) is one row inserted at the top, the others kept. False,
        with nothing changed, when the rows are otherwise no longer the same orders in
        the same places (one left the selection, the sort moved one): the caller
        reloads them.
        """
        loaded = len(self._orders)
        try:
            fresh = self._book.query(
                dataclasses.replace(self._query, limit=loaded + 2, offset=0)
            )
        except StoreError as exc:  # said by whoever listens; the rows stay as they were
            self.failed.emit(book_error_text(exc))
            return True
        first_is_new = bool(fresh) and fresh[0].order_id not in self._rows
        kept = fresh[1:loaded + 1] if first_is_new else fresh[:loaded]
        more = len(fresh) > len(kept) + first_is_new
        if len(kept) < loaded or (more and not self._more) or any(
            new.order_id != old.order_id for new, old in zip(kept, self._orders, strict=True)
        ):
            return False
        if first_is_new:
            self._insert_first(fresh[0])
            kept = fresh[:loaded + 1]
        self._more = more
        last = len(Column) - 1
        for row, (new, old) in enumerate(zip(kept, self._orders, strict=True)):
            if new != old:
                self._orders[row] = new
                self._cells[row] = None
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))
        return True

    def order_at(self, row: int) -> Order | None:
        return self._orders[row] if 0 <= row < len(self._orders) else None

    def row_of(self, order_id: str) -> int | None:
        return self._rows.get(order_id)

    # -- Qt's model interface ----------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._orders)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(Column)

    def canFetchMore(self, parent: _Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self._more

    def fetchMore(self, parent: _Index = QModelIndex()) -> None:  # noqa: B008
        if parent.isValid() or not self._more:
            return
        fresh = self._read_page(self._page_size)
        if not fresh:
            return
        first = len(self._orders)
        self.beginInsertRows(QModelIndex(), first, first + len(fresh) - 1)
        self._append(fresh)
        self.endInsertRows()

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
            return RIGHT if column is Column.AMOUNT else LEFT
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = index.row()
        if not 0 <= row < len(self._orders):
            return None
        return self._value(row, index.column(), int(role))

    def multiData(
        self, index: _Index, role_data_span: QModelRoleDataSpan | QModelRoleData
    ) -> None:
        """Every role the view asks for, in one call (Qt's delegates ask this way).

        One Python call per cell instead of one per role: the table repaints
        its visible cells after each filter, sort, page and status check.
        """
        # A span is iterable at run time (PySide's stubs do not say so).
        roles = cast(
            Iterable[QModelRoleData],
            [role_data_span] if isinstance(role_data_span, QModelRoleData) else role_data_span,
        )
        row = index.row()
        if not index.isValid() or not 0 <= row < len(self._orders):
            for role_data in roles:
                role_data.clearData()
            return
        column = index.column()
        cell = self._row_cells(row)[column]
        for role_data in roles:
            role = role_data.role()
            value = cell[role] if role in cell else self._value(row, column, role)
            if value is None:
                role_data.clearData()
            else:
                role_data.setData(value)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return _ITEM_FLAGS if index.isValid() else _NO_FLAGS

    # -- plumbing ----------------------------------------------------------

    def _row_cells(self, row: int) -> tuple[dict[int, Any], ...]:
        cells = self._cells[row]
        if cells is None:
            order = self._orders[row]
            texts = self._row_texts(order)
            cells = self._cells[row] = tuple(
                {role: self._painted(order, texts, column, role) for role in _PAINTED_ROLES}
                for column in range(len(_COLUMNS)))
        return cells

    def _painted(self, order: Order, texts: tuple[str, ...], column: int, role: int) -> Any:
        if role == _DISPLAY_ROLE:
            return texts[column]
        if role == _ALIGNMENT_ROLE:
            return ALIGNMENTS[column]
        if column == _STATUS_COLUMN:
            return self._status_data(order, role)
        return None

    def _value(self, row: int, column: int, role: int) -> Any:
        if role == _DISPLAY_ROLE:
            return self._row_cells(row)[column][role]
        if role == _ALIGNMENT_ROLE:
            return ALIGNMENTS[column]
        order = self._orders[row]
        if role == _ORDER_ROLE:
            return order
        if role == _SORT_ROLE:
            return SORT_VALUE[_COLUMNS[column]](order)
        if column == _STATUS_COLUMN:
            return self._status_data(order, role)
        if role == _TOOLTIP_ROLE:
            return tooltip(order, _COLUMNS[column])
        return None

    def _row_texts(self, order: Order) -> tuple[str, ...]:
        texts = [text(order) for text in _DISPLAY_BY_INDEX]
        if order.order_id in self._creating:
            texts[_STATUS_COLUMN] = ROWS[OrderPhase.CREATING].label
        return tuple(texts)

    def _status_data(self, order: Order, role: int) -> Any:
        creating = order.order_id in self._creating
        phase = OrderPhase.CREATING if creating else phase_of(order)
        if role == _FOREGROUND_ROLE:
            return ROWS[phase].colour
        if role == _FONT_ROLE:
            return self._paid_font if phase is OrderPhase.PAID else None
        if role == _TOOLTIP_ROLE:
            # Why a check or the creation failed; else the words, in case they are cut short.
            if order.last_error:
                return failure_text(order.last_error)
            return ROWS[phase].label if creating else status_text(order)
        return None

    def _reset(self, query: OrderQuery, rows: int) -> None:
        self.beginResetModel()
        self._query = query
        self._load(rows)
        self.endResetModel()

    def _load(self, rows: int) -> None:
        self._orders = []
        self._cells = []
        self._rows = {}
        self._consumed = 0
        self._more = True
        self._append(self._read_page(rows))

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

    def _insert_first(self, order: Order) -> None:
        self.beginInsertRows(QModelIndex(), 0, 0)
        self._orders.insert(0, order)
        self._cells.insert(0, None)
        self._rows = {each.order_id: row for row, each in enumerate(self._orders)}
        self._consumed += 1
        self.endInsertRows()

    def _append(self, orders: list[Order]) -> None:
        for order in orders:
            self._rows[order.order_id] = len(self._orders)
            self._orders.append(order)
        self._cells.extend([None] * len(orders))


def _unpaged(query: OrderQuery) -> OrderQuery:
    return dataclasses.replace(query, limit=None, offset=0)
