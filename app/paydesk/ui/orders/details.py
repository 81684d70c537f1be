"""One order in full, opened from the orders list: what the book knows of it and its story.

The list shows one line per order, cut to its columns; a person asking "what
happened to this one?" needs the rest: the whole order id, the link, when the
service confirmed it, when it was paid (and how closely PayDesk knows that),
every status seen with its time, every answer to its create request, and the
last error, in the window's words. The dialog is not modal: the counter keeps
working while it is open, and several orders can be compared side by side.
It shows the order as it was when opened (the book's :class:`OrderDetails`).

Read without sight, the window says which order it is as it opens (its accessible
name and description), the focus is on the first value, and Tab goes from value to
value (each a read-only line named with its caption: "Amount: 175.00 ₽"), then
through the two histories.
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

from paydesk.core.book.reader import OrderDetails
from paydesk.domain.orders import Order
from paydesk.domain.phase import phase_of_status
from paydesk.domain.phase_looks import word_of
from paydesk.domain.writing import moment_text
from paydesk.ui.orders.cells import status_text
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
        self.setObjectName("order_details")
        title = tr("Order {0}").format(order.order_id)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setAccessibleDescription(tr("{amount}, {status}, created {created}").format(
            amount=money(order.amount), status=status_text(order),
            created=_when(order.created_at)))
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
            # Reached by Tab (and read) as well as selected with the mouse.
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                          | Qt.TextInteractionFlag.TextSelectableByKeyboard)
            label.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            label.setAccessibleName(f"{title}: {value}")
            caption = QLabel(title)
            caption.setBuddy(label)
            form.addRow(caption, label)
            self.fields[name] = label

        self.history = self._table("details_history", tr("Status history"),
                                   tr("Seen at"), tr("Status"))
        layout.addWidget(_heading(self.history))
        for change in details.history:
            raw = change.status.value
            words = word_of(phase_of_status(raw), tr, raw)
            self._add(self.history, _when(change.observed_at), words)
        layout.addWidget(self.history)

        self.attempts = self._table("details_attempts", tr("Creation attempts"),
                                    tr("Answered at"), tr("Result"))
        layout.addWidget(_heading(self.attempts))
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
        self.fields["order_id"].setFocus()  # the first value, when the window shows

    @staticmethod
    def _table(name: str, heading: str, *titles: str) -> QTreeWidget:
        table = QTreeWidget()
        name_widget(table, name, heading)
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


def _heading(table: QTreeWidget) -> QLabel:
    """The bold title over ``table``, linked to it."""
    label = QLabel(table.accessibleName())
    label.setBuddy(table)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


def _when(moment: datetime | None) -> str:
    """To the second, local: the history's steps may be seconds apart."""
    return moment_text(moment, writing_language(), seconds=True) if moment is not None else "—"
