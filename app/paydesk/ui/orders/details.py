"""One order in full, opened from the orders list: what the book knows of it and its story.

The list shows one line per order, cut to its columns; a person asking "what
happened to this one?" needs the rest: the whole order id, the link, when the
service confirmed it, when it was paid (and how closely PayDesk knows that),
every status seen with its time, every answer to its create request, and the
last error, in the window's words. The dialog is not modal: the counter keeps
working while it is open, and several orders can be compared side by side.
It shows the order as it was when opened (the book's :class:`OrderDetails`).
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.book_reader import OrderDetails
from paydesk.domain.orders import Order
from paydesk.domain.phase import phase_of_status
from paydesk.domain.writing import moment_text
from paydesk.ui.orders.cells import ROWS, status_text
from paydesk.ui.orders.table_columns import cashier_text
from paydesk.ui.shell.formatting import money, tr, writing_language
from paydesk.ui.shell.messages import failure_text
from paydesk.ui.widgets.names import name_widget

#: What each answer to the create request did (CreationAttempt.outcome).
_ATTEMPTS: dict[str, object] = {
    "confirmed": QT_TRANSLATE_NOOP("PayDesk", "Link received"),
    "failed": QT_TRANSLATE_NOOP("PayDesk", "Failed"),
    "abandoned": QT_TRANSLATE_NOOP("PayDesk", "Given up"),
}
#: A confirmation with a failure: the service had the order, and sent no link.
_FOUND = QT_TRANSLATE_NOOP("PayDesk", "Found at the payment service")


def paid_text(order: Order) -> str:
    """When PayDesk saw it paid; with "≈" and the window the payment lies in when that
    may be more than a minute late (the service does not say when a buyer paid)."""
    if order.paid_at is None:
        return "—"
    paid = _when(order.paid_at)
    if not order.paid_time_is_approximate:
        return paid
    if order.last_pending_at is None:
        return tr("≈ {0} (the service does not say when)").format(paid)
    return tr("≈ {0} (paid between {1} and {0})").format(paid, _when(order.last_pending_at))


def _link_text(order: Order) -> str:
    if order.url:
        return order.url
    if order.link_unknown:
        return tr("Unknown: the payment service did not send it")
    return "—"


class OrderDetailsDialog(QDialog):
    """An order's details, read once from the book when opened."""

    def __init__(self, details: OrderDetails, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        order = self.order = details.order  # as it was when opened
        self.order_id = order.order_id
        name_widget(self, "order_details", "order_details")
        self.setWindowTitle(tr("Order {0}").format(order.order_id))
        self.setModal(False)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        layout.addLayout(form)
        self.fields: dict[str, QLabel] = {}
        for name, title, value in (
            ("order_id", tr("Order"), order.order_id),
            ("amount", tr("Amount"), money(order.amount)),
            ("status", tr("Status"), status_text(order)),
            ("email", tr("E-mail"), order.email or "—"),
            ("note", tr("Note"), order.note or "—"),
            ("link", tr("Payment link"), _link_text(order)),
            ("created", tr("Created"), _when(order.created_at)),
            ("confirmed", tr("Confirmed"), _when(order.confirmed_at)),
            ("paid", tr("Paid"), paid_text(order)),
            ("last_checked", tr("Last checked"), _when(order.last_checked_at)),
            ("last_error", tr("Last error"),
             failure_text(order.last_error) if order.last_error else "—"),
            # Taken with shifts on: who took it, in which shift (none: no row).
            *((("cashier", tr("Cashier · shift"), cashier_text(order)),)
              if order.shift is not None or order.cashier else ()),
        ):
            label = QLabel(value)
            label.setObjectName(f"details_{name}")
            label.setWordWrap(name in ("note", "last_error", "paid"))
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(title, label)
            self.fields[name] = label

        layout.addWidget(_heading(tr("Status history")))
        self.history = self._table("details_history", tr("Seen at"), tr("Status"))
        for change in details.history:
            words = ROWS[phase_of_status(change.status.value)].label
            if not change.status.is_known:
                words = f"{words}: {change.status.value}"
            self._add(self.history, _when(change.observed_at), words)
        layout.addWidget(self.history)

        layout.addWidget(_heading(tr("Creation attempts")))
        self.attempts = self._table("details_attempts", tr("Answered at"), tr("Result"))
        for attempt in details.attempts:
            marked = _FOUND if attempt.outcome == "confirmed" and attempt.error else (
                _ATTEMPTS.get(attempt.outcome))
            result = tr(str(marked)) if marked is not None else attempt.outcome
            if attempt.error:
                result = f"{result}: {failure_text(attempt.error)}"
            self._add(self.attempts, _when(attempt.finished_at), result)
        layout.addWidget(self.attempts)

        # Close, and what the window adds (ui/printing/window_printing.py: the printing).
        buttons = self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(max(self.sizeHint().width(), 560), self.sizeHint().height())

    @staticmethod
    def _table(name: str, *titles: str) -> QTreeWidget:
        table = QTreeWidget()
        table.setObjectName(name)
        table.setRootIsDecorated(False)
        table.setColumnCount(len(titles))
        table.setHeaderLabels(list(titles))
        table.setSelectionMode(QTreeWidget.SelectionMode.NoSelection)
        table.setWordWrap(True)  # an error's whole sentence, on as many lines as it needs
        line = table.fontMetrics().height()
        table.setMinimumHeight(line * 5)
        table.setMaximumHeight(line * 10)  # a long story scrolls; the form stays in view
        return table

    @staticmethod
    def _add(table: QTreeWidget, *texts: str) -> None:
        item = QTreeWidgetItem(list(texts))
        item.setToolTip(len(texts) - 1, texts[-1])
        table.addTopLevelItem(item)
        for column in range(table.columnCount() - 1):
            table.resizeColumnToContents(column)

    def rows(self, table: QTreeWidget) -> list[tuple[str, ...]]:
        """The texts of ``table``'s rows (for the tests and screen readers alike)."""
        return [
            tuple(item.text(c) for c in range(table.columnCount()))
            for item in (table.topLevelItem(i) for i in range(table.topLevelItemCount()))
            if item is not None
        ]


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def _when(moment: datetime | None) -> str:
    """To the second, local: the history's steps may be seconds apart."""
    return moment_text(moment, writing_language(), seconds=True) if moment is not None else "—"
